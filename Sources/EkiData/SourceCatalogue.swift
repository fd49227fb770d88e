import Foundation
import EkiStore

/// The sources `eki data fetch` knows, and the one place their default addresses are written.
public enum FetchSource: String, CaseIterable, Sendable {
    /// The `data/` folder of the public Mini Tokyo 3D repository (what `eki import` reads today).
    case minitokyo3d
    /// The ODPT API v4, one JSON dump per data type; needs a consumer key.
    case odpt
}

public enum SourceCatalogue {
    /// Raw files of nagix/mini-tokyo-3d, branch master, folder `data/`.
    public static let miniTokyo3DBaseURL = "https://raw.githubusercontent.com/nagix/mini-tokyo-3d/master/data/"
    /// The ODPT API v4 (api.odpt.org). Each type's whole data set comes from its dump address,
    /// `<base>odpt:Station.json?acl:consumerKey=…`.
    public static let odptBaseURL = "https://api.odpt.org/api/v4/"
    /// Where ODPT's consumer key is read from; it is sent, never shown.
    public static let odptKeyVariable = "ODPT_CONSUMER_KEY"

    public static func defaultBaseURL(_ source: FetchSource) -> URL {
        let text = switch source {
        case .minitokyo3d: miniTokyo3DBaseURL
        case .odpt: odptBaseURL
        }
        // Both strings above are valid URLs; a nil here would be a typo caught by the catalogue's test.
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// `$XDG_DATA_HOME/eki/sources/<source>`, by default `~/.local/share/eki/sources/<source>`:
    /// beside the timetable database, which `eki import` writes to the same data directory.
    public static func defaultFolder(_ source: FetchSource,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        DatabaseLocation.dataHome(environment).appendingPathComponent("eki/sources").appendingPathComponent(source.rawValue)
    }
}
