import EkiStore
import Foundation

/// One reader per source format. The importer asks each whether a folder is its kind, then loads it
/// into the one dataset shape every format shares; validation and writing come after, for all alike.
public protocol TimetableSource: Sendable {
    /// Short format name, stored in the database (`minitokyo3d`).
    var name: String { get }
    /// Whether `folder` looks like this format (by the files present, without parsing them).
    func applicable(_ folder: URL) -> Bool
    /// Reads the folder. Throws `ImportError` only for unreadable input; data quirks become warnings.
    func load(_ folder: URL, warnings: inout [ImportWarning], progress: (ImportProgress) -> Void) throws -> TimetableDataset
}

/// Progress of a load, for the terminal's stage lines.
public enum ImportProgress: Sendable {
    case reading(String)
    case read(railways: Int, stations: Int, trains: Int, stopEvents: Int)
}

/// Input that cannot be imported at all. Each message is one line saying what and where.
public enum ImportError: Error, CustomStringConvertible, Equatable {
    case noSuchFolder(String)
    case notRecognised(folder: String, expected: String)
    case unreadable(file: String, reason: String)
    case malformed(file: String, detail: String)
    /// A record of a table file (GTFS) that cannot be read: file, line, what is wrong.
    case badRecord(file: String, line: Int, detail: String)
    /// The source reads but holds nothing Eki can show (`22 bus routes, no rail`).
    case nothingToImport(String)

    public var description: String {
        switch self {
        case .noSuchFolder(let path):
            "no such folder: \(path)"
        case .notRecognised(let folder, let expected):
            "not a timetable feed Eki reads: \(folder) (\(expected))"
        case .unreadable(let file, let reason):
            "cannot read \(file): \(reason)"
        case .malformed(let file, let detail):
            "malformed JSON in \(file): \(detail)"
        case .badRecord(let file, let line, let detail):
            "\(file) line \(line): \(detail)"
        case .nothingToImport(let found):
            "nothing to import: \(found)"
        }
    }
}
