import EkiCore
import GRDB
import GRDBSQLite

/// The small tables every query needs (stations, railways, directions, calendars, train types),
/// read once when a database is opened so the hot paths only touch departures and trains.
public struct Reference: Sendable {
    public struct Station: Sendable, Equatable {
        public var rowId: Int64
        public var id: String
        public var railway: String?
        public var complex: Int64
        public var platformGroup: Int64
        public var name: LocalizedName
        public var coordinate: GeoPoint?
        /// Folded Japanese and English names (`SearchKey`), made at import.
        public var searchKeys: [String]
        /// Folded words of both names (`SearchKey.words`) joined by spaces, for word-prefix matches.
        public var searchWords: String
        /// Trains that stop here on any calendar, and departure-board rows (0: nothing leaves here).
        public var trains: Int
        public var departures: Int
    }

    /// The stations of one place across railways (渋谷: JR, Tokyu, Metro, Keio…).
    public struct Complex: Sendable, Equatable {
        public var id: Int64
        public var name: LocalizedName
        /// The middle of its stations' positions.
        public var coordinate: GeoPoint?
        /// Its stations, in station order.
        public var stations: [String]
    }

    public struct Railway: Sendable, Equatable {
        public var rowId: Int64
        public var id: String
        public var name: LocalizedName
        public var color: String?
        public var ascending: String?
        public var descending: String?
        public var isLoop: Bool
        public var stations: [String]
        /// Calendars this railway runs, with their kind (`weekday`, `saturdayHoliday`, …).
        public var services: [(id: String, kind: String)]
        /// Who runs it (東急電鉄 Tokyu): two railways can share a name (新宿線: Seibu, Toei).
        public var operatorName: LocalizedName?
        /// Trains on all its calendars together: search ranks busy railways first.
        public var trains: Int
        /// Folded names, and words including the operator's ("Tokyu Toyoko Line").
        public var searchKeys: [String]
        public var searchWords: String

        public static func == (a: Railway, b: Railway) -> Bool { a.rowId == b.rowId }
    }

    public struct Direction: Sendable, Equatable {
        public var rowId: Int64
        public var id: String
        public var name: LocalizedName
    }

    public struct TrainType: Sendable, Equatable {
        public var id: String
        public var name: LocalizedName
        public var category: TrainCategory
    }

    public private(set) var stations: [String: Station] = [:]
    public private(set) var stationsByRowId: [Int64: Station] = [:]
    public private(set) var railways: [String: Railway] = [:]
    public private(set) var directions: [String: Direction] = [:]
    public private(set) var trainTypes: [String: TrainType] = [:]
    public private(set) var complexes: [Int64: Complex] = [:]
    /// Every station trains leave from, with its search keys, in one flat array: search scans it
    /// without dictionary look-ups or copies of whole stations.
    public private(set) var searchable: [SearchEntry] = []

    public struct SearchEntry: Sendable {
        public var station: String
        /// The railway's row id (search keeps its railways by row).
        public var railway: Int64?
        public var complex: Int64
        public var keys: [String]
        public var words: String
        public var trains: Int
    }

    /// Loop railway → its major stations: the fifth of its stations with the biggest complexes
    /// (most railways, then most trains). On the Yamanote line that is 東京, 新宿, 渋谷, 上野,
    /// 池袋 and 品川 — the six its platform signs name.
    public private(set) var majorStations: [String: Set<String>] = [:]

    /// The box around every station with a position: "near me" outside it has nothing to say.
    public private(set) var area: GeoBox?
    var serviceRowIds: [String: Int64] = [:]
    /// Row id → code or type, for the board query (it reads row ids, not strings).
    var railwayCodes: [Int64: String] = [:]
    var serviceCodes: [Int64: String] = [:]
    var directionCodes: [Int64: String] = [:]
    var trainTypesByRow: [Int64: TrainType] = [:]
    var serviceDates: Set<String> = []

    static func load(_ db: Database) throws -> Reference {
        var reference = Reference()
        try each(db, "SELECT id, code, name_ja, name_en FROM direction") { row in
            let id = row.text(1)
            reference.directions[id] = Direction(rowId: row.int(0), id: id, name: .init(ja: row.text(2), en: row.text(3)))
        }
        var serviceKinds: [String: String] = [:]
        try each(db, "SELECT id, code, kind FROM service") { row in
            let code = row.text(1)
            reference.serviceRowIds[code] = row.int(0)
            serviceKinds[code] = row.text(2)
        }
        let serviceCodes = Dictionary(uniqueKeysWithValues: reference.serviceRowIds.map { ($1, $0) })
        reference.serviceCodes = serviceCodes
        try each(db, "SELECT service_id, date FROM service_date") { row in
            reference.serviceDates.insert("\(serviceCodes[row.int(0)] ?? "")|\(row.text(1))")
        }
        let directionCodes = Dictionary(uniqueKeysWithValues: reference.directions.values.map { ($0.rowId, $0.id) })
        reference.directionCodes = directionCodes
        var railwayCodes: [Int64: String] = [:]
        try each(db, """
            SELECT r.id, r.code, r.name_ja, r.name_en, r.color, r.ascending_id, r.descending_id, r.is_loop,
                   r.search_ja, r.search_en, r.search_words, o.name_ja, o.name_en,
                   (SELECT COALESCE(SUM(trains), 0) FROM railway_service WHERE railway_id = r.id)
            FROM railway r LEFT JOIN operator o ON o.id = r.operator_id
            """) { row in
            let rowId = row.int(0), id = row.text(1)
            railwayCodes[rowId] = id
            reference.railways[id] = Railway(
                rowId: rowId, id: id, name: .init(ja: row.text(2), en: row.text(3)), color: row.optionalText(4),
                ascending: row.optionalInt(5).flatMap { directionCodes[$0] },
                descending: row.optionalInt(6).flatMap { directionCodes[$0] },
                isLoop: row.bool(7), stations: [], services: [],
                operatorName: row.optionalText(11).map { LocalizedName(ja: $0, en: row.text(12)) }, trains: Int(row.int(13)),
                searchKeys: [row.text(8), row.text(9)],
                searchWords: row.text(10))
        }
        try each(db, """
            SELECT id, name_ja, name_en, latitude, longitude FROM station_complex
            """) { row in
            let latitude = row.optionalDouble(3), longitude = row.optionalDouble(4)
            reference.complexes[row.int(0)] = Complex(
                id: row.int(0), name: .init(ja: row.text(1), en: row.text(2)),
                coordinate: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                stations: [])
        }
        try each(db, "SELECT COUNT(*) FROM station") { row in
            reference.stations.reserveCapacity(Int(row.int(0)))
            reference.stationsByRowId.reserveCapacity(Int(row.int(0)))
        }
        try each(db, """
            SELECT id, code, railway_id, complex_id, platform_group, name_ja, name_en, latitude, longitude,
                   search_ja, search_en, search_words, trains, departures
            FROM station ORDER BY id
            """) { row in
            let latitude = row.optionalDouble(7), longitude = row.optionalDouble(8)
            let railwayRow = row.optionalInt(2)
            let station = Station(
                rowId: row.int(0), id: row.text(1), railway: railwayRow.flatMap { railwayCodes[$0] },
                complex: row.int(3), platformGroup: row.int(4), name: .init(ja: row.text(5), en: row.text(6)),
                coordinate: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                searchKeys: [row.text(9), row.text(10)], searchWords: row.text(11),
                trains: Int(row.int(12)), departures: Int(row.int(13)))
            reference.stations[station.id] = station
            reference.stationsByRowId[station.rowId] = station
            reference.complexes[station.complex]?.stations.append(station.id)
            if station.departures > 0 {
                reference.searchable.append(SearchEntry(station: station.id, railway: railwayRow, complex: station.complex,
                                                        keys: station.searchKeys,
                                                        words: station.searchWords, trains: station.trains))
            }
            if let position = station.coordinate {
                reference.area = reference.area.map { $0.including(position) } ?? GeoBox(enclosing: [position])
            }
        }
        try each(db, """
            SELECT r.code, s.code FROM railway_station rs JOIN railway r ON r.id = rs.railway_id
            JOIN station s ON s.id = rs.station_id ORDER BY rs.railway_id, rs.position
            """) { row in
            reference.railways[row.text(0)]?.stations.append(row.text(1))
        }
        try each(db, """
            SELECT r.code, s.code FROM railway_service rs JOIN railway r ON r.id = rs.railway_id
            JOIN service s ON s.id = rs.service_id ORDER BY s.code
            """) { row in
            let service = row.text(1)
            reference.railways[row.text(0)]?.services.append((service, serviceKinds[service] ?? ""))
        }
        for railway in reference.railways.values where railway.isLoop {
            let ring = ring(railway)
            let sizes = Dictionary(uniqueKeysWithValues: ring.map { id -> (String, (Int, Int)) in
                let members = reference.stations[id].flatMap { reference.complexes[$0.complex] }?.stations
                    .compactMap { reference.stations[$0] } ?? []
                return (id, (members.count, members.reduce(0) { $0 + $1.trains }))
            })
            let ranked = ring.sorted { a, b in
                let (x, y) = (sizes[a]!, sizes[b]!)
                return (x.0, x.1, b) > (y.0, y.1, a)
            }
            reference.majorStations[railway.id] = Set(ranked.prefix(max(2, ring.count / 5)))
        }
        reference.railwayCodes = railwayCodes
        let services = reference.railways.values.flatMap(\.services)
        reference.followsFeedCalendar = !services.isEmpty && services.allSatisfy { $0.kind == "dates" }
        try each(db, "SELECT id, code, name_ja, name_en, category FROM train_type") { row in
            let type = TrainType(id: row.text(1), name: .init(ja: row.text(2), en: row.text(3)),
                                 category: TrainCategory(code: Int(row.int(4))) ?? .local)
            reference.trainTypes[type.id] = type
            reference.trainTypesByRow[row.int(0)] = type
        }
        return reference
    }

    /// Walks a query's rows with SQLite's own column calls: no `Row`, no generic decoding (whose
    /// first use of each type searches every protocol conformance of the binary). Opening a
    /// database runs this over every station, so it is on every fresh process's path.
    private static func each(_ db: Database, _ sql: String, _ body: (RawRow) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
            try body(RawRow(handle: handle))
        }
    }

    /// One row under the cursor of `each`, read by column index.
    struct RawRow {
        let handle: SQLiteStatement

        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
        func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }
        func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(handle, column) }
        func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(handle, column) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
        }
    }

    /// A loop's stations once round (its list repeats the first station at the end).
    static func ring(_ railway: Railway) -> [String] {
        var ring = railway.stations
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return ring
    }

    /// Whether every railway runs on listed dates only (a GTFS feed's calendar), not on Japan's
    /// weekday/Saturday/holiday rules.
    public private(set) var followsFeedCalendar = false

    /// A date's schedule day; on a feed's own calendar, its reason says so rather than naming
    /// Japan's holidays (the schedule itself comes from the feed's dates either way).
    public func scheduleDay(_ date: CivilDate) -> ScheduleDay {
        var day = ScheduleDay(date)
        if followsFeedCalendar {
            day.reasonJa = "データの運行日"
            day.reasonEn = "the feed's calendar"
            day.holiday = nil
        }
        return day
    }

    /// The calendar a railway runs on a date, or nil when it runs none of its calendars that day.
    public func service(of railway: String, on day: ScheduleDay) -> String? {
        guard let services = railways[railway]?.services else { return nil }
        if let listed = services.first(where: { $0.kind == "dates" && serviceDates.contains("\($0.id)|\(day.date.iso)") }) {
            return listed.id
        }
        for kind in day.preferredServiceKinds {
            if let service = services.first(where: { $0.kind == kind }) { return service.id }
        }
        return nil
    }
}
