import EkiCore
import GRDB
import GRDBSQLite
import Synchronization

extension Reference {
    /// A database's stations by id and by row id, in one of two ways:
    /// - **read as asked** (a fresh `eki` process): each station on its first use. A board needs the
    ///   station it shows and its trains' destinations — ten or so of the 2,610 Tokyo stations — and
    ///   reading them all made a quarter of a fresh board (docs/PERFORMANCE.md, issue 19). What needs
    ///   them all (`values`, `keys`, `count`) reads them all once.
    /// - **whole** (`Timetable(url:whole:)`, what `eki serve` opens): all read at open into plain
    ///   dictionaries kept in this struct, read as any dictionary is (a look-up through a class — a
    ///   lock, an atomic reference — copied the whole `Station` out: 135 ns against 52 by id, and a
    ///   server's board 10 % slower in EkiBench).
    ///
    /// Stations read as asked are kept by `AskedStations`, shared by every copy of one `Reference`. A
    /// station is read outside its lock and kept by the first to finish: a read through the database
    /// queue while another thread holds the queue and waits for this lock could otherwise deadlock
    /// (the same rule as `Derived`).
    public struct StationTable: Sendable {
        /// Every station, when opened whole.
        @usableFromInline let list: [Station]?
        @usableFromInline let byId: [String: Station]?
        @usableFromInline let byHandle: [StationHandle: Station]?
        /// Read as asked, when not opened whole.
        @usableFromInline let asked: AskedStations?

        /// Each station read as asked, through `reader`.
        init(reader: (any DatabaseReader)?) {
            list = nil; byId = nil; byHandle = nil
            asked = AskedStations(reader: reader)
        }

        /// Every station read now.
        init(whole db: Database) throws {
            let list = try AskedStations.list(db)
            var byId = [String: Station](minimumCapacity: list.count), byHandle = [StationHandle: Station](minimumCapacity: list.count)
            for station in list {
                byId[station.id] = station
                byHandle[station.handle] = station
            }
            self.list = list
            self.byId = byId
            self.byHandle = byHandle
            asked = nil
        }

        /// Whether every station is in memory (opened whole).
        public var isWhole: Bool { list != nil }

        /// The station a handle names (what departures, trains and routes store), or nil.
        @inlinable public subscript(_ handle: StationHandle) -> Station? {
            if let byHandle { return byHandle[handle] }
            return asked?.read(handle: handle)
        }

        /// The station a person or a file names by its id (`Minatomirai.Minatomirai.Bashamichi`), or nil.
        @inlinable public subscript(id id: String) -> Station? {
            if let byId { return byId[id] }
            return asked?.read(id: id)
        }

        /// A station's id alone, and its name alone: a board's destinations read per departure row
        /// copy no whole `Station` (a copy of its seven strings was 7 % of a whole-day board in
        /// EkiBench).
        @inlinable public func id(of handle: StationHandle) -> String? {
            if let byHandle { return byHandle[handle]?.id }
            return asked?.read(handle: handle)?.id
        }

        @inlinable public func name(of handle: StationHandle) -> LocalizedName? {
            if let byHandle { return byHandle[handle]?.name }
            return asked?.read(handle: handle)?.name
        }

        /// The complexes of the stations one of whose names folds to `key` (`SearchKey.fold`), in id
        /// order: a board by name (`eki next 馬車道`) reads them without reading every station.
        public func complexes(withKey key: String) -> [ComplexHandle] {
            if let list { return Set(list.filter { $0.searchKeys.contains(key) }.map(\.complex)).sorted() }
            return asked?.complexes(withKey: key) ?? []
        }

        /// Every station, in row order (the order of the source's station list).
        public var values: [Station] { list ?? asked?.readAll() ?? [] }
        public var count: Int { values.count }

        /// The highest station row id (0 when there are none): route networks index stations by it.
        public var highestRowId: Int64 {
            if let list { return list.last?.handle.row ?? 0 }
            return asked?.highestRowId ?? 0
        }
    }

    /// Stations read one by one as they are asked for, and all of them once something needs all.
    public final class AskedStations: Sendable {
        private let reader: (any DatabaseReader)?
        private let kept = Mutex(Kept())

        private struct Kept {
            var byId: [String: Station] = [:]
            var byHandle: [StationHandle: Station] = [:]
            /// Every station in row order, once all are read.
            var all: [Station]?
        }

        init(reader: (any DatabaseReader)?) {
            self.reader = reader
        }

        static let columns = """
            SELECT id, code, railway_id, complex_id, platform_group, name_ja, name_en, latitude, longitude,
                   search_ja, search_en, search_words, trains, departures, COALESCE(public_id, code)
            FROM station
            """

        var highestRowId: Int64 {
            if let list = kept.withLock({ $0.all }) { return list.last?.handle.row ?? 0 }
            var highest: Int64 = 0
            _ = try? reader?.unsafeReentrantRead { db in
                try Reference.each(db, "SELECT COALESCE(MAX(id), 0) FROM station") { highest = $0.int(0) }
            }
            return highest
        }

        func complexes(withKey key: String) -> [ComplexHandle] {
            if let all = kept.withLock({ $0.all }) { return Set(all.filter { $0.searchKeys.contains(key) }.map(\.complex)).sorted() }
            var complexes: [ComplexHandle] = []
            _ = try? reader?.unsafeReentrantRead { db in
                let handle = try db.cachedStatement(sql: """
                    SELECT DISTINCT complex_id FROM station WHERE search_ja = ?1 OR search_en = ?1 ORDER BY complex_id
                    """).sqliteStatement
                defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
                sqlite3_bind_text(handle, 1, key, -1, transient)
                while sqlite3_step(handle) == SQLITE_ROW { complexes.append(ComplexHandle(sqlite3_column_int64(handle, 0))) }
            }
            return complexes
        }

        @usableFromInline func read(id: String) -> Station? {
            let (station, complete) = kept.withLock { ($0.byId[id], $0.all != nil) }
            if let station { return station }
            if complete { return nil }
            return readOne(Self.columns + " WHERE code = ?") { sqlite3_bind_text($0, 1, id, -1, transient) }
        }

        @usableFromInline func read(handle: StationHandle) -> Station? {
            let (station, complete) = kept.withLock { ($0.byHandle[handle], $0.all != nil) }
            if let station { return station }
            if complete { return nil }
            return readOne(Self.columns + " WHERE id = ?") { sqlite3_bind_int64($0, 1, handle.row) }
        }

        /// Every station, read once; on a read error (the file replaced by hand under a running
        /// process) none, and the next use tries again.
        func readAll() -> [Station] {
            if let all = kept.withLock({ $0.all }) { return all }
            guard let reader, let list = try? reader.unsafeReentrantRead({ db in try Self.list(db) }) else {
                return []
            }
            return kept.withLock { kept in
                if let earlier = kept.all { return earlier }
                for station in list {
                    kept.byId[station.id] = station
                    kept.byHandle[station.handle] = station
                }
                kept.all = list
                return list
            }
        }

        static func list(_ db: Database) throws -> [Station] {
            var list: [Station] = []
            try Reference.each(db, columns + " ORDER BY id") { list.append(station($0)) }
            return list
        }

        private func readOne(_ sql: String, bind: (SQLiteStatement) -> Void) -> Station? {
            guard let reader, let found = try? reader.unsafeReentrantRead({ db -> Station? in
                let statement = try db.cachedStatement(sql: sql)
                let handle = statement.sqliteStatement
                defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
                bind(handle)
                return sqlite3_step(handle) == SQLITE_ROW ? Self.station(RawRow(handle: handle)) : nil
            }) else { return nil }
            return kept.withLock { kept in
                if let earlier = kept.byId[found.id] { return earlier }
                kept.byId[found.id] = found
                kept.byHandle[found.handle] = found
                return found
            }
        }

        private static func station(_ row: RawRow) -> Station {
            let latitude = row.optionalDouble(7), longitude = row.optionalDouble(8)
            return Station(
                handle: StationHandle(row.int(0)), id: row.text(1), publicId: row.text(14), railway: row.optionalInt(2).map(RailwayHandle.init),
                complex: ComplexHandle(row.int(3)), platformGroup: row.int(4), name: .init(ja: row.text(5), en: row.text(6)),
                coordinate: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                searchKeys: [row.text(9), row.text(10)], searchWords: row.text(11),
                trains: Int(row.int(12)), departures: Int(row.int(13)))
        }
    }
}

/// SQLite copies a bound text at once (the Swift string's bytes live only for the call).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
