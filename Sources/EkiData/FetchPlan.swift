import Foundation

/// One file to fetch: its place in the data folder, where it comes from, what it must look like.
public struct FetchItem: Sendable, Equatable {
    /// Relative to the data folder, e.g. `train-timetables/tokyu-toyoko.json`.
    public var path: String
    public var url: URL
    public var shape: JSONShape

    public init(path: String, url: URL, shape: JSONShape) {
        self.path = path
        self.url = url
        self.shape = shape
    }
}

/// The files of a Mini Tokyo 3D `data/` folder that `eki import` reads (EkiImport's
/// MiniTokyo3DSource), and nothing else from that folder.
public enum MiniTokyo3DFileList {
    /// Everything but the train timetables; their list comes from railways.json.
    public static let referenceFiles: [(path: String, shape: JSONShape)] = [
        ("railways.json", .array),
        ("stations.json", .array),
        ("station-groups.json", .array),
        ("rail-directions.json", .array),
        ("train-types.json", .array),
        ("operators.json", .array),
        ("coordinates.json", .object),
    ]
    public static let railwaysFile = "railways.json"
    public static let timetableFolder = "train-timetables"

    /// The repository names a railway's timetable file by its id in lower case, hyphens dropped,
    /// dots made hyphens: `JR-East.ChuoRapid` → `train-timetables/jreast-chuorapid.json`.
    public static func timetablePath(railway id: String) -> String {
        let name = id.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ".", with: "-")
        return timetableFolder + "/" + name + ".json"
    }

    /// The railway ids listed in a railways.json, in file order.
    public static func railwayIds(in railwaysFile: URL) throws -> [String] {
        struct Railway: Decodable { var id: String }
        do {
            return try JSONDecoder().decode([Railway].self, from: Data(contentsOf: railwaysFile)).map(\.id)
        } catch {
            throw JSONCheck.Problem(description: "railways.json lists no railway ids: \(error.localizedDescription)")
        }
    }

    public static func referenceItems(base: URL) -> [FetchItem] {
        referenceFiles.map { FetchItem(path: $0.path, url: resolve($0.path, against: base), shape: $0.shape) }
    }

    public static func timetableItems(base: URL, railways: [String]) -> [FetchItem] {
        var seen: Set<String> = []
        return railways.map(timetablePath).filter { seen.insert($0).inserted }.map {
            FetchItem(path: $0, url: resolve($0, against: base), shape: .array)
        }
    }
}

/// The ODPT API v4 types Eki fetches, each saved as the dump file the ODPT importer recognises.
public enum ODPTFileList {
    public static let types = [
        "odpt:Railway", "odpt:Station", "odpt:StationTimetable", "odpt:TrainTimetable",
        "odpt:TrainType", "odpt:RailDirection", "odpt:Calendar", "odpt:Operator",
    ]

    /// `odpt:Station` → `odpt_Station.json`.
    public static func fileName(type: String) -> String {
        type.replacingOccurrences(of: ":", with: "_") + ".json"
    }

    /// `<base>odpt:Station.json?acl:consumerKey=KEY`: ODPT's data dump API, every record of the type.
    /// It answers with a redirect to the dump file, which URLSession follows. The key travels only in
    /// these URLs, which no message ever shows.
    public static func items(base: URL, consumerKey: String) -> [FetchItem] {
        let key = consumerKey.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? consumerKey
        return types.map { type in
            // "./" keeps "odpt:" from reading as a URL scheme.
            FetchItem(path: fileName(type: type),
                      url: resolve("./\(type).json?acl:consumerKey=\(key)", against: base), shape: .array)
        }
    }

    private static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&+=#"))
}

/// `relative` resolved against a base folder URL (with or without its trailing slash).
func resolve(_ relative: String, against base: URL) -> URL {
    let folder = base.absoluteString.hasSuffix("/") ? base : base.appendingPathComponent("", isDirectory: true)
    return URL(string: relative, relativeTo: folder)?.absoluteURL ?? folder.appendingPathComponent(relative)
}
