import EkiCore
import GRDB
import GRDBSQLite
import Synchronization

extension Reference {
    /// A database's station complexes by id, each read on its first use with its stations: "near
    /// me" and a board by name need a few of the 1,966 Tokyo complexes, not all of them and the
    /// station list of each (docs/PERFORMANCE.md, issue 19). `values` reads them all once. The
    /// same rules as `StationTable`: shared by every copy of a `Reference`, read outside the lock.
    public final class ComplexTable: Sendable {
        private let reader: (any DatabaseReader)?

        /// Complexes read one by one, before all are.
        private let kept = Mutex<[Int64: Complex]>([:])
        /// Every complex, once all are read: looked up without a lock.
        private final class All: Sendable {
            let list: [Complex]
            let byId: [Int64: Complex]

            init(_ list: [Complex]) {
                self.list = list
                byId = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
            }
        }
        private let all = AtomicLazyReference<All>()

        init(reader: (any DatabaseReader)?) { self.reader = reader }

        /// The complex with this id, with its stations in station order, or nil.
        public subscript(id: Int64) -> Complex? {
            if let all = all.load() { return all.byId[id] }
            if let complex = kept.withLock({ $0[id] }) { return complex }
            guard let reader, let found = try? reader.unsafeReentrantRead({ db -> Complex? in
                var found: Complex?
                try Self.each(db, "SELECT id, name_ja, name_en, latitude, longitude FROM station_complex WHERE id = ?", id) { row in
                    found = Self.complex(row)
                }
                try Self.each(db, "SELECT code FROM station WHERE complex_id = ? ORDER BY id", id) { row in
                    found?.stations.append(row.text(0))
                }
                return found
            }) else { return nil }
            return kept.withLock { kept in
                if let earlier = kept[id] { return earlier }
                kept[id] = found
                return found
            }
        }

        /// Every complex, in id order; none on a read error (the next use tries again).
        public var values: [Complex] {
            if let all = all.load() { return all.list }
            guard let reader, let list = try? reader.unsafeReentrantRead({ db -> [Complex] in
                var all: [Complex] = []
                var index: [Int64: Int] = [:]
                try Reference.each(db, "SELECT id, name_ja, name_en, latitude, longitude FROM station_complex ORDER BY id") { row in
                    index[row.int(0)] = all.count
                    all.append(Self.complex(row))
                }
                try Reference.each(db, "SELECT complex_id, code FROM station ORDER BY id") { row in
                    if let at = index[row.int(0)] { all[at].stations.append(row.text(1)) }
                }
                return all
            }) else { return [] }
            return all.storeIfNil(All(list)).list
        }

        private static func complex(_ row: RawRow) -> Complex {
            let latitude = row.optionalDouble(3), longitude = row.optionalDouble(4)
            return Complex(id: row.int(0), name: .init(ja: row.text(1), en: row.text(2)),
                           coordinate: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                           stations: [])
        }

        /// `Reference.each` over a cached statement with one integer bound.
        private static func each(_ db: Database, _ sql: String, _ id: Int64, _ body: (RawRow) throws -> Void) throws {
            let handle = try db.cachedStatement(sql: sql).sqliteStatement
            defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
            sqlite3_bind_int64(handle, 1, id)
            while sqlite3_step(handle) == SQLITE_ROW { try body(RawRow(handle: handle)) }
        }
    }
}
