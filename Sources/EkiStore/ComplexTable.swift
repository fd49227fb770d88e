import EkiCore
import GRDB
import GRDBSQLite
import Synchronization

extension Reference {
    /// A database's station complexes by id, each with its stations in station order: read as asked
    /// ("near me" and a board by name need a few of the 1,966 Tokyo complexes, not all of them and
    /// the station list of each), or whole at open (`eki serve`): the same two ways and rules as
    /// `StationTable`.
    public struct ComplexTable: Sendable {
        /// Every complex, when opened whole.
        @usableFromInline let list: [Complex]?
        @usableFromInline let byHandle: [ComplexHandle: Complex]?
        /// Read as asked, when not opened whole.
        @usableFromInline let asked: AskedComplexes?

        init(reader: (any DatabaseReader)?) {
            list = nil; byHandle = nil
            asked = AskedComplexes(reader: reader)
        }

        init(whole db: Database) throws {
            let list = try AskedComplexes.list(db)
            self.list = list
            byHandle = Dictionary(uniqueKeysWithValues: list.map { ($0.handle, $0) })
            asked = nil
        }

        /// The complex a handle names, with its stations in station order, or nil.
        @inlinable public subscript(_ handle: ComplexHandle) -> Complex? {
            if let byHandle { return byHandle[handle] }
            return asked?.read(handle: handle)
        }

        /// Every complex, in id order; none on a read error (the next use tries again).
        public var values: [Complex] { list ?? asked?.readAll() ?? [] }
    }

    /// Complexes read one by one as they are asked for, and all of them once something needs all.
    public final class AskedComplexes: Sendable {
        private let reader: (any DatabaseReader)?
        private let kept = Mutex<(byHandle: [ComplexHandle: Complex], all: [Complex]?)>(([:], nil))

        init(reader: (any DatabaseReader)?) { self.reader = reader }

        func readAll() -> [Complex] {
            if let all = kept.withLock({ $0.all }) { return all }
            guard let reader, let list = try? reader.unsafeReentrantRead({ db in try Self.list(db) }) else { return [] }
            return kept.withLock { kept in
                if let earlier = kept.all { return earlier }
                for complex in list { kept.byHandle[complex.handle] = complex }
                kept.all = list
                return list
            }
        }

        @usableFromInline func read(handle: ComplexHandle) -> Complex? {
            let id = handle.row
            let (complex, complete) = kept.withLock { ($0.byHandle[handle], $0.all != nil) }
            if let complex { return complex }
            if complete { return nil }
            guard let reader, let found = try? reader.unsafeReentrantRead({ db -> Complex? in
                var found: Complex?
                try Self.each(db, "SELECT id, name_ja, name_en, latitude, longitude FROM station_complex WHERE id = ?", id) { row in
                    found = Self.complex(row)
                }
                try Self.each(db, "SELECT id FROM station WHERE complex_id = ? ORDER BY id", id) { row in
                    found?.stations.append(StationHandle(row.int(0)))
                }
                return found
            }) else { return nil }
            return kept.withLock { kept in
                if let earlier = kept.byHandle[handle] { return earlier }
                kept.byHandle[handle] = found
                return found
            }
        }

        static func list(_ db: Database) throws -> [Complex] {
            var list: [Complex] = []
            var index: [Int64: Int] = [:]
            try Reference.each(db, "SELECT id, name_ja, name_en, latitude, longitude FROM station_complex ORDER BY id") { row in
                index[row.int(0)] = list.count
                list.append(complex(row))
            }
            try Reference.each(db, "SELECT complex_id, id FROM station ORDER BY id") { row in
                if let at = index[row.int(0)] { list[at].stations.append(StationHandle(row.int(1))) }
            }
            return list
        }

        private static func complex(_ row: RawRow) -> Complex {
            let latitude = row.optionalDouble(3), longitude = row.optionalDouble(4)
            return Complex(handle: ComplexHandle(row.int(0)), name: .init(ja: row.text(1), en: row.text(2)),
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
