import Foundation

/// Where the timetable database lives: `--db PATH`, else `$EKI_DB`, else the XDG data directory
/// (`$XDG_DATA_HOME/eki/timetable.sqlite`, `~/.local/share/eki/timetable.sqlite` by default).
public enum DatabaseLocation {
    public static let fileName = "timetable.sqlite"

    /// `environment` nil: the process's own, each variable read with `getenv` (ProcessInfo's whole
    /// dictionary was ~0.1 ms of every fresh command).
    public static func resolve(explicit: String?, environment: [String: String]? = nil) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        if let fromEnvironment = variable("EKI_DB", environment), !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment)
        }
        return dataHome(environment).appendingPathComponent("eki").appendingPathComponent(fileName)
    }

    /// Where a process leaves what the next one can read instead of working it out again (a day's
    /// route network): `$EKI_CACHE`, else `$XDG_CACHE_HOME/eki`, else `~/.cache/eki`.
    public static func cacheFolder(_ environment: [String: String]? = nil) -> URL {
        if let folder = variable("EKI_CACHE", environment), !folder.isEmpty { return URL(fileURLWithPath: folder) }
        if let xdg = variable("XDG_CACHE_HOME", environment), xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("eki") }
        let home = variable("HOME", environment).flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/eki")
    }

    /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`.
    public static func dataHome(_ environment: [String: String]? = nil) -> URL {
        if let xdg = variable("XDG_DATA_HOME", environment), xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        let home = variable("HOME", environment).flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share")
    }

    /// A variable of `environment`, or of the process when it is nil.
    static func variable(_ name: String, _ environment: [String: String]?) -> String? {
        if let environment { return environment[name] }
        return getenv(name).map { String(cString: $0) }
    }
}
