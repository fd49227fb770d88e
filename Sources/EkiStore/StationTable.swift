import EkiCore
import GRDB
import GRDBSQLite
import Synchronization

extension Reference {
    /// A database's stations by id and by row id, each read on its first use. A board needs the
    /// station it shows and its trains' destinations — ten or so of the 2,610 Tokyo stations — and
    /// reading them all made a quarter of a fresh process's board (docs/PERFORMANCE.md, issue 19).
    /// What needs them all (`values`, `keys`, `count`) reads them all once, and so does `eki serve`
    /// at start (`Timetable.readWhole`): after that no look-up reads the database.
    ///
    /// Shared by every copy of one `Reference`. A station is read outside the lock and kept by the
    /// first to finish: a read through the database queue while another thread holds the queue and
    /// waits for this lock could otherwise deadlock (the same rule as `Derived`).
    public final class StationTable: Sendable {
        private let reader: (any DatabaseReader)?
        /// Railway row id → code: a station row names its railway by row id.
        private let railwayCodes: [Int64: String]

        /// Stations read one by one, before all are.
        private struct Kept {
            var byId: [String: Station] = [:]
            var byRow: [Int64: Station] = [:]
        }
        private let kept = Mutex(Kept())
        /// Every station, once all are read: looked up without a lock (a server's hot paths).
        private final class All: Sendable {
            let list: [Station]
            let byId: [String: Station]
            let byRow: [Int64: Station]

            init(_ list: [Station]) {
                self.list = list
                var byId = [String: Station](minimumCapacity: list.count), byRow = [Int64: Station](minimumCapacity: list.count)
                for station in list {
                    byId[station.id] = station
                    byRow[station.rowId] = station
                }
                self.byId = byId
                self.byRow = byRow
            }
        }
        private let all = AtomicLazyReference<All>()

        init(reader: (any DatabaseReader)?, railwayCodes: [Int64: String]) {
            self.reader = reader
            self.railwayCodes = railwayCodes
        }

        static let columns = """
            SELECT id, code, railway_id, complex_id, platform_group, name_ja, name_en, latitude, longitude,
                   search_ja, search_en, search_words, trains, departures, COALESCE(public_id, code)
            FROM station
            """

        /// The station with this id (`Minatomirai.Minatomirai.Bashamichi`), or nil.
        public subscript(id: String) -> Station? {
            if let all = all.load() { return all.byId[id] }
            if let station = kept.withLock({ $0.byId[id] }) { return station }
            return readOne(Self.columns + " WHERE code = ?") { sqlite3_bind_text($0, 1, id, -1, transient) }
        }

        /// The station with this row id (what departures, trains and routes store), or nil.
        public subscript(rowId rowId: Int64) -> Station? {
            if let all = all.load() { return all.byRow[rowId] }
            if let station = kept.withLock({ $0.byRow[rowId] }) { return station }
            return readOne(Self.columns + " WHERE id = ?") { sqlite3_bind_int64($0, 1, rowId) }
        }

        /// Every station, in row order (the order of the source's station list).
        public var values: [Station] { readAll() }
        public var keys: [String] { readAll().map(\.id) }
        public var count: Int { readAll().count }

        /// Every station, read once; on a read error (the file replaced by hand under a running
        /// process) none, and the next use tries again.
        func readAll() -> [Station] { (try? load()) ?? [] }

        /// Reads every station not read yet, or says why it cannot.
        @discardableResult
        public func load() throws -> [Station] {
            if let all = all.load() { return all.list }
            guard let reader else { return [] }
            let list = try reader.unsafeReentrantRead { db -> [Station] in
                var list: [Station] = []
                try Reference.each(db, Self.columns + " ORDER BY id") { list.append(station($0)) }
                return list
            }
            return all.storeIfNil(All(list)).list
        }

        /// The highest station row id (0 when there are none): route networks index stations by it.
        public var highestRowId: Int64 {
            if let all = all.load() { return all.list.last?.rowId ?? 0 }
            var highest: Int64 = 0
            _ = try? reader?.unsafeReentrantRead { db in
                try Reference.each(db, "SELECT COALESCE(MAX(id), 0) FROM station") { highest = $0.int(0) }
            }
            return highest
        }

        private func readOne(_ sql: String, bind: (SQLiteStatement) -> Void) -> Station? {
            guard let reader, let found = try? reader.unsafeReentrantRead({ db -> Station? in
                let statement = try db.cachedStatement(sql: sql)
                let handle = statement.sqliteStatement
                defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
                bind(handle)
                return sqlite3_step(handle) == SQLITE_ROW ? station(RawRow(handle: handle)) : nil
            }) else { return nil }
            return kept.withLock { kept in
                if let earlier = kept.byId[found.id] { return earlier }
                kept.byId[found.id] = found
                kept.byRow[found.rowId] = found
                return found
            }
        }

        private func station(_ row: RawRow) -> Station {
            let latitude = row.optionalDouble(7), longitude = row.optionalDouble(8)
            return Station(
                rowId: row.int(0), id: row.text(1), publicId: row.text(14), railway: row.optionalInt(2).flatMap { railwayCodes[$0] },
                complex: row.int(3), platformGroup: row.int(4), name: .init(ja: row.text(5), en: row.text(6)),
                coordinate: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                searchKeys: [row.text(9), row.text(10)], searchWords: row.text(11),
                trains: Int(row.int(12)), departures: Int(row.int(13)))
        }
    }

    /// The stations by row id: a view of `stations`.
    public struct StationsByRowId: Sendable {
        let table: StationTable
        public subscript(rowId: Int64) -> Station? { table[rowId: rowId] }
    }
}

/// SQLite copies a bound text at once (the Swift string's bytes live only for the call).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
