import EkiCore
import Foundation
import GRDB
import Synchronization

/// The read-only façade over a timetable database: every query the apps make goes through here.
public final class Timetable: Sendable {
    let reader: any DatabaseReader
    /// The file it was read from; nil for a database that is not a file (built in memory).
    public let url: URL?
    /// Railways, directions, calendars and train types, read at open; stations, complexes and
    /// search's list as they are first asked for (`Reference`).
    public let reference: Reference
    /// The zone the timetable's times are local to: "now" is read on this clock.
    public let timeZone: TimeZone
    /// The language its riders read (a feed's feed_lang, agency_lang or time zone): boards speak it
    /// unless the rider asks for the other.
    public let language: Language
    /// The latest departure minute of any service day: past 1619 (26:59) when a service day's
    /// trains run on after 03:00 the next morning, so boards look at the day before as well.
    public let latestMinute: Int
    /// Directions leaving each station, by station row id, filled as asked: every board and every
    /// name lookup needs them, and they only change with the database.
    let directionsByStation = Mutex<[StationHandle: [Reference.Direction]]>([:])
    /// Search's byte-level index, made on the first search (`SearchIndex`).
    let searchIndexOnce = Mutex<SearchIndex?>(nil)
    /// Where search's index is kept between processes, when it is (`keepSearchIndex`).
    let keptSearchIndex = Mutex<SearchIndex.KeptFile?>(nil)

    /// Opens an existing database file read-only; says clearly when there is none or it is not ours.
    /// `whole`: every station and complex read now, into plain dictionaries (`Reference.StationTable`):
    /// for a process that answers many questions (`eki serve`, benchmarks). A fresh `eki` reads
    /// what its one answer needs, as it is asked for.
    public convenience init(url: URL, whole: Bool = false) throws {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError.notFound("no timetable database at \(url.path): run `eki import <data-dir>` first")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "timetable"
        // Hold the shared lock from the first read on: no lock and unlock system calls and no
        // change-counter read per query. Safe because a database is never written in place —
        // `eki import` writes a new file and renames it over the old one.
        // No mmap: a file overwritten in place (never by eki, but by a careless copy) must give an
        // error answer, and a memory map of a truncated file would stop the process with SIGBUS.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
        } catch let error as DatabaseError {
            throw StoreError.wrongSchema("\(url.path) is not a readable timetable database (\(error.message ?? "SQLite error \(error.resultCode)"))")
        }
        try self.init(reader: queue, url: url, whole: whole)
    }

    /// A timetable over any database that holds one: a file `init(url:)` opened, or one built in
    /// memory (the tests' fixture, `TimetableWriter.write(_:into:)`). `url` is the file it was read
    /// from, nil when there is none; what keeps files beside it (route network caches, search's
    /// kept index, the served file's checks) does nothing without one.
    public init(reader: any DatabaseReader, url: URL? = nil, whole: Bool = false) throws {
        self.url = url
        self.reader = reader
        let place = url?.path ?? "the database"
        do {
            // The meta table read with SQLite's own calls, like the reference tables: GRDB's
            // generic fetches instantiate their types at run time, ~1 ms of a fresh board.
            var meta: [String: String] = [:]
            let version = try reader.read { db -> Int? in
                var hasMeta = false
                try Reference.each(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'") { _ in hasMeta = true }
                guard hasMeta else { return nil }
                try Reference.each(db, """
                    SELECT key, value FROM meta WHERE key IN ('schema_version', 'time_zone', 'language', 'latest_minute')
                    """) { row in meta[row.text(0)] = row.text(1) }
                return meta["schema_version"].flatMap { Int($0) }
            }
            guard let version else {
                throw StoreError.wrongSchema("\(place) is not an Eki timetable database")
            }
            guard version == Schema.version else {
                throw StoreError.wrongSchema("\(place) has schema version \(version), this eki reads \(Schema.version): run `eki import` again")
            }
            reference = try reader.read { db in try Reference.load(db, reader: reader, whole: whole) }
            // Tokyo's zone as the fixed offset it is (no daylight saving since 1951): reading the tz
            // database for Asia/Tokyo was ~0.2 ms of every fresh process.
            timeZone = meta["time_zone"].flatMap { $0 == TokyoTime.identifier ? TokyoTime.zone : TimeZone(identifier: $0) } ?? TokyoTime.zone
            language = meta["language"].flatMap(Language.init(rawValue:)) ?? .ja
            latestMinute = meta["latest_minute"].flatMap(Int.init) ?? ServiceMinute.dayEnd
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw StoreError.wrongSchema("\(place) is not a readable timetable database (\(error.message ?? "SQLite error \(error.resultCode)"))")
        }
    }

}

/// What a database holds, for `eki info`.
public struct DatabaseInfo: Codable, Sendable, Equatable {
    public var path: String
    public var schemaVersion: Int
    public var source: String
    public var snapshotDate: String
    public var snapshotDigest: String
    public var importedAt: String
    public var attribution: String
    /// The zone the times are local to (Asia/Tokyo; a GTFS feed's agency_timezone).
    public var timeZone: String
    /// The language its riders read: ja or en.
    public var language: String
    public var sizeBytes: Int64
    public var counts: Counts

    public struct Counts: Codable, Sendable, Equatable {
        public var railways, stations, stationComplexes, trains, stopEvents, departures, trainTypes, services: Int
    }
}

extension Timetable {
    /// Whether every station and complex is in memory (`init(url:whole:)`).
    public var isWhole: Bool { reference.stations.isWhole }

    /// Now, as a moment on this timetable's own clock and service day.
    public func now(_ date: Date = RiderClock.now()) -> ServiceInstant { ServiceInstant(date, timeZone: timeZone) }

    public func info() throws -> DatabaseInfo {
        try reader.read { db in
            let meta = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM meta").map {
                ($0["key"] as String, $0["value"] as String)
            })
            func count(_ key: String) -> Int { meta["count_" + key].flatMap(Int.init) ?? 0 }
            func rows(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
            let size = url.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber }?.int64Value ?? 0
            return DatabaseInfo(
                path: url?.path ?? "",
                schemaVersion: meta["schema_version"].flatMap(Int.init) ?? 0,
                source: meta["source_format"] ?? "",
                snapshotDate: meta["snapshot_date"] ?? "",
                snapshotDigest: meta["snapshot_digest"] ?? "",
                importedAt: meta["imported_at"] ?? "",
                attribution: meta["attribution"] ?? "",
                timeZone: meta["time_zone"] ?? TokyoTime.identifier,
                language: meta["language"] ?? "ja",
                sizeBytes: size,
                counts: .init(railways: count("railways"), stations: count("stations"),
                              stationComplexes: count("complexes"), trains: count("trains"),
                              stopEvents: count("stop_events"), departures: count("departures"),
                              trainTypes: try rows("train_type"), services: try rows("service")))
        }
    }
}
