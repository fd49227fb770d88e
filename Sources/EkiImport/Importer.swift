import EkiStore
import Foundation
import GRDB

/// Folder in, database out: recognise the format, read it, validate, write atomically.
public struct Importer: Sendable {
    /// Every format Eki reads; the first one that recognises a folder (or a GTFS .zip) reads it.
    public static let sources: [any TimetableSource] = [MiniTokyo3DSource(), ODPTSource(), GTFSSource()]

    public enum Event: Sendable {
        case recognised(format: String)
        case loading(ImportProgress)
        case validated(warnings: Int)
        case writing(TimetableWriter.Stage, TimetableWriter.Summary)
    }

    /// What an import did, printed at the end and written by `--report` as JSON.
    public struct Report: Codable, Sendable {
        public var source: String
        public var folder: String
        public var database: String
        public var snapshotDate: String
        public var counts: Counts
        public var elapsedSeconds: Double
        public var databaseBytes: Int64
        public var warningCounts: [String: Int]
        public var warnings: [ImportWarning]

        public struct Counts: Codable, Sendable {
            public var railways, stations, stationComplexes, trains, stopEvents, departures, throughDepartures: Int
        }
    }

    public let sources: [any TimetableSource]
    public init(sources: [any TimetableSource] = Importer.sources) { self.sources = sources }

    /// Reads `folder` and writes the database file at `database`, atomically (`TimetableWriter`).
    public func run(folder: URL, database: URL, progress: (Event) -> Void = { _ in }) throws -> Report {
        let started = Date()
        let read = try read(folder: folder, progress: progress)
        let summary = try TimetableWriter(target: database).write(read.dataset) { progress(.writing($0, $1)) }
        let size = (try? FileManager.default.attributesOfItem(atPath: database.path)[.size] as? NSNumber)?.int64Value ?? 0
        return report(read, folder: folder, database: database.path, summary: summary, started: started, size: size)
    }

    /// Reads `folder` and writes it into an empty database handed in (one in memory, for tests).
    public func run(folder: URL, into writer: any DatabaseWriter, progress: (Event) -> Void = { _ in }) throws -> Report {
        let started = Date()
        let read = try read(folder: folder, progress: progress)
        let summary = try TimetableWriter.write(read.dataset, into: writer) { progress(.writing($0, $1)) }
        return report(read, folder: folder, database: "", summary: summary, started: started, size: 0)
    }

    /// A folder read and checked: what the writer gets.
    struct Read {
        var format: String
        var dataset: TimetableDataset
        var warnings: [ImportWarning]
    }

    func read(folder: URL, progress: (Event) -> Void) throws -> Read {
        // A folder, or a single file such as a GTFS .zip: the sources decide what they recognise.
        // A link that loops looks missing to every check below: it is named as what it is.
        if let loop = SymbolicLinks.firstLoop(in: folder) {
            throw ImportError.unreadable(file: loop, reason: "a symbolic link that loops (it points back to itself)")
        }
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw ImportError.noSuchFolder(folder.path)
        }
        guard let source = sources.first(where: { $0.applicable(folder) }) else {
            throw ImportError.notRecognised(
                folder: folder.path,
                expected: "expected a Mini Tokyo 3D folder with railways.json, stations.json and train-timetables/, "
                    + "ODPT dumps (odpt_Railway.json, odpt_Station.json, odpt_TrainTimetable.json), "
                    + "or a GTFS feed (folder or .zip) with " + GTFSSource.requiredFiles.joined(separator: ", "))
        }
        progress(.recognised(format: source.name))
        var warnings: [ImportWarning] = []
        var dataset = try source.load(folder, warnings: &warnings) { progress(.loading($0)) }
        DatasetValidator.validate(&dataset, warnings: &warnings)
        progress(.validated(warnings: warnings.count))
        return Read(format: source.name, dataset: dataset, warnings: warnings)
    }

    func report(_ read: Read, folder: URL, database: String, summary: TimetableWriter.Summary, started: Date, size: Int64) -> Report {
        Report(
            source: read.format, folder: folder.path, database: database,
            snapshotDate: read.dataset.source.snapshotDate,
            counts: .init(railways: summary.railways, stations: summary.stations, stationComplexes: summary.complexes,
                          trains: summary.trains, stopEvents: summary.stopEvents, departures: summary.departures,
                          throughDepartures: summary.throughDepartures),
            elapsedSeconds: Date().timeIntervalSince(started), databaseBytes: size,
            warningCounts: Dictionary(grouping: read.warnings, by: \.kind.rawValue).mapValues(\.count),
            warnings: read.warnings)
    }
}
