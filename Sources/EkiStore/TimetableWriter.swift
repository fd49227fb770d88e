import EkiCore
import Foundation
import GRDB

/// Builds a timetable database from a dataset, atomically: everything is written to a temporary
/// file beside the target and renamed over it only when complete, so a failed or interrupted
/// import leaves any existing database exactly as it was.
public struct TimetableWriter {
    public enum Stage: String, Sendable {
        case reference = "railways, stations, types"
        case trains
        case departures
        case finishing
    }

    public struct Summary: Sendable {
        public var railways = 0, stations = 0, complexes = 0, trains = 0
        public var stopEvents = 0, departures = 0, throughDepartures = 0, links = 0
        /// The latest departure minute of any service day (past 1619 when trains run after 03:00
        /// the next morning on their own service day's clock, as GTFS night trains do).
        public var latestMinute = 0
    }

    public let target: URL
    public var importedAt: Date = Date()
    public var ekiVersion = EkiCoreVersion.version

    private let work: WorkFiles

    public init(target: URL) {
        self.target = target
        work = WorkFiles(for: target)
    }

    /// The temporary file this writer uses (`.NAME.importing.PID-RANDOM`); removed on failure.
    public var temporaryURL: URL { work.file("importing") }

    /// Writes the dataset (whose references the importer has already checked) and returns counts.
    /// `progress` is called at the start of each stage.
    public func write(_ dataset: TimetableDataset,
                      progress: (Stage, Summary) -> Void = { _, _ in }) throws -> Summary {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = temporaryURL
        try? fileManager.removeItem(at: temporary)
        removeStaleWorkFiles()
        do {
            var summary = Summary()
            do {
                var configuration = Configuration()
                configuration.prepareDatabase { db in
                    // A scratch file until renamed: no journal needed, durability comes from the rename.
                    try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF")
                }
                let queue = try DatabaseQueue(path: temporary.path, configuration: configuration)
                summary = try Self.write(dataset, into: queue, importedAt: importedAt, ekiVersion: ekiVersion, progress: progress)
                try queue.close()
            }
            // rename(2) replaces the target atomically.
            guard rename(temporary.path, target.path) == 0 else {
                throw StoreError.io("cannot move the new database into place at \(target.path): \(String(cString: strerror(errno)))")
            }
            return summary
        } catch let error as DatabaseError {
            try? fileManager.removeItem(at: temporary)
            // SQLite's own words without the statement: the SQL means nothing to the person importing.
            throw StoreError.inconsistent("cannot write the database: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")")
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes the dataset into an empty database handed in — the scratch file `write(_:)` renames
    /// into place, or one in memory (the tests' fixture) — and returns counts.
    public static func write(_ dataset: TimetableDataset, into writer: any DatabaseWriter, importedAt: Date = Date(),
                             ekiVersion: String = EkiCoreVersion.version,
                             progress: (Stage, Summary) -> Void = { _, _ in }) throws -> Summary {
        do {
            return try writer.writeWithoutTransaction { db in
                try fill(db, with: dataset, importedAt: importedAt, ekiVersion: ekiVersion, progress: progress)
            }
        } catch let error as DatabaseError {
            throw StoreError.inconsistent("cannot write the database: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")")
        }
    }

    private static func fill(_ db: Database, with dataset: TimetableDataset, importedAt: Date, ekiVersion: String,
                             progress: (Stage, Summary) -> Void) throws -> Summary {
        var summary = Summary()
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        try db.inTransaction {
            try Schema.create(db)
            var builder = Builder(db: db, dataset: dataset)
            progress(.reference, summary)
            try builder.writeReference(&summary)
            progress(.trains, summary)
            try builder.writeTrains(&summary)
            progress(.departures, summary)
            try builder.writeDepartures(&summary)
            progress(.finishing, summary)
            try writeMeta(db, dataset: dataset, summary: summary, importedAt: importedAt, ekiVersion: ekiVersion)
            return .commit
        }
        // Foreign keys are declared for readers and checked once here rather than per row.
        if let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            throw StoreError.inconsistent("foreign key violation in table \(violation[0] as String? ?? "?")")
        }
        try db.execute(sql: "ANALYZE")
        return summary
    }

    /// Removes the work files of imports and updates whose process is gone (`WorkFiles`).
    func removeStaleWorkFiles() { work.removeStale() }

    private static func writeMeta(_ db: Database, dataset: TimetableDataset, summary: Summary, importedAt: Date,
                                  ekiVersion: String) throws {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TokyoTime.zone
        let values: [(String, String)] = [
            ("schema_version", String(Schema.version)),
            ("source_format", dataset.source.format),
            ("snapshot_date", dataset.source.snapshotDate),
            ("snapshot_digest", dataset.source.digest),
            ("attribution", dataset.source.attribution),
            ("time_zone", dataset.source.timeZone),
            ("language", dataset.source.language.rawValue),
            ("latest_minute", String(summary.latestMinute)),
            ("imported_at", formatter.string(from: importedAt)),
            ("eki_version", ekiVersion),
            ("count_railways", String(summary.railways)),
            ("count_stations", String(summary.stations)),
            ("count_complexes", String(summary.complexes)),
            ("count_trains", String(summary.trains)),
            ("count_stop_events", String(summary.stopEvents)),
            ("count_departures", String(summary.departures)),
        ]
        for (key, value) in values {
            try db.execute(sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}

public enum StoreError: Error, CustomStringConvertible, Equatable {
    case io(String)
    case inconsistent(String)
    case notFound(String)
    case wrongSchema(String)

    public var description: String {
        switch self {
        case .io(let message), .inconsistent(let message), .notFound(let message), .wrongSchema(let message):
            message
        }
    }
}
