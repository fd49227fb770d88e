import EkiCore
import GRDB
import GRDBSQLite
import Synchronization

/// The small tables every query needs (railways, directions, calendars, train types), read when a
/// database is opened so the hot paths only touch departures and trains. Stations and complexes
/// are read one by one as they are asked for (`StationTable`, `ComplexTable`), and what only some
/// queries need — search's list, the area, a loop's major stations — on first use (`Derived`): a
/// fresh process reads what its one answer needs (docs/PERFORMANCE.md, issue 19). `eki serve`
/// reads it all at open (`Timetable(url:whole:)`).
public struct Reference: Sendable {
    public struct Station: Sendable, Equatable {
        public var handle: StationHandle
        /// Unique inside the database (`Minatomirai.Minatomirai.Bashamichi`; a GTFS feed's `SLE:OSB`).
        public var id: String
        /// What riders type and read back: the id itself, or a GTFS feed's stop_id (`OSB`), which
        /// the station of each route at that place shares. Every answer shows this one.
        public var publicId: String
        public var railway: RailwayHandle?
        public var complex: ComplexHandle
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
        public var handle: ComplexHandle
        public var name: LocalizedName
        /// The middle of its stations' positions.
        public var coordinate: GeoPoint?
        /// Its stations, in station order.
        public var stations: [StationHandle]
    }

    public struct Railway: Sendable, Equatable, HandledRecord {
        public var handle: RailwayHandle
        public var id: String
        public var name: LocalizedName
        public var color: String?
        /// A GTFS route_short_name (`1`, `SLE`): the badge of its trains when they have no category.
        public var shortName: String?
        public var ascending: DirectionHandle?
        public var descending: DirectionHandle?
        public var isLoop: Bool
        /// Its stations in line order (a loop's list ends with its first station again).
        public var stations: [StationHandle]
        /// Calendars this railway runs, with their kind (`weekday`, `saturdayHoliday`, …).
        public var services: [(id: String, kind: String)]
        /// Who runs it (東急電鉄 Tokyu): two railways can share a name (新宿線: Seibu, Toei).
        public var operatorName: LocalizedName?
        /// Trains on all its calendars together: search ranks busy railways first.
        public var trains: Int
        /// Folded names, and words including the operator's ("Tokyu Toyoko Line").
        public var searchKeys: [String]
        public var searchWords: String

        public static func == (a: Railway, b: Railway) -> Bool { a.handle == b.handle }
    }

    public struct Direction: Sendable, Equatable, HandledRecord {
        public var handle: DirectionHandle
        public var id: String
        public var name: LocalizedName
        /// The place its name says trains go to (a GTFS feed's direction), else nil (上り, Inbound).
        public var toward: LocalizedName?
    }

    /// A calendar as train parts store it, by row: a railway lists its calendars by code
    /// (`Railway.services`), and `service(of:on:)` names the one of a day.
    public enum Service {}

    public struct TrainType: Sendable, Equatable, HandledRecord {
        public var handle: TrainTypeHandle
        public var id: String
        public var name: LocalizedName
        /// For ordering; `.local` when not `classified`.
        public var category: TrainCategory
        /// Whether the source gives Japanese train types (各 快 準 急 特); a GTFS route kind has none.
        public var classified: Bool
    }

    /// A source's own calendar (a GTFS service_id) with its exceptions, for `eki calendar`.
    public struct FeedCalendar: Sendable, Equatable {
        public var id: String
        public var name: LocalizedName
        /// Sunday first; nil when the feed lists dates only.
        public var weekdays: [Bool]?
        public var start: String?, end: String?
        /// Date → added (true) or removed (false).
        public var exceptions: [(date: String, added: Bool)]

        public static func == (a: FeedCalendar, b: FeedCalendar) -> Bool { a.id == b.id }
    }

    /// Stations by handle (`stations[handle]`) and, for the edges, by id (`stations[id]`), read at
    /// open or as asked (`StationTable`).
    public private(set) var stations = StationTable(reader: nil)
    /// Railways and directions by handle, in row order, with a by-id index for the edges.
    public private(set) var railways = Records<Railway>([])
    public private(set) var directions = Records<Direction>([])
    /// Train types by handle, in row order, with a by-id index for the edges.
    public private(set) var trainTypes = Records<TrainType>([])
    /// Station complexes (1,966 on the Tokyo data), each read on first use (`ComplexTable`).
    public private(set) var complexes = ComplexTable(reader: nil)
    /// Other ids riders use → the stations they name (a GTFS stop_id or platform stop_id `127N`).
    public private(set) var stationsByAlias: [String: [StationHandle]] = [:]
    /// Alias → station → the one direction its trains leave that platform in (a GTFS platform's
    /// own stop_id, `127N`): a rider who types the platform's id means that platform.
    public private(set) var platformDirections: [String: [StationHandle: DirectionHandle]] = [:]
    /// Each calendar's name (平日ダイヤ, "Weekday service"), by its code.
    public private(set) var serviceNames: [String: LocalizedName] = [:]
    /// The source's own calendars (GTFS), empty for Japan's day kinds.
    public private(set) var feedCalendars: [FeedCalendar] = []
    /// Station → the data's minimum change times from it (GTFS transfers.txt; the reviewed
    /// interchange table for Mini Tokyo 3D): to which station, in how many minutes (nil: not
    /// possible), and what kind of change (nil: the feed does not say).
    public private(set) var transfers: [StationHandle: [Transfer]] = [:]
    public struct Transfer: Sendable {
        public var to: StationHandle
        public var minutes: Int?
        public var kind: ChangeKind?
        /// The figure was reasoned from the station's layout, not read from a source (its basis says
        /// "estimate"): a rider is told it is a 目安.
        public var estimated = false
    }
    /// Station → the changes across one island platform from it (the reviewed interchange table's
    /// cross rows), each for one pair of directions: the train arrived on, the train boarded.
    public private(set) var crosses: [StationHandle: [Cross]] = [:]
    public struct Cross: Sendable, Equatable {
        public var to: StationHandle
        public var arriving: DirectionHandle
        public var departing: DirectionHandle
        public var minutes: Int
        /// Its basis says the minutes are an estimate (as `Transfer.estimated`).
        public var estimated = false
    }
    /// Every station trains leave from, with its search keys, in one flat array: search scans it
    /// without dictionary look-ups or copies of whole stations. Read on first use, by itself: a
    /// search needs the keys of every station, not their names and places.
    public var searchable: [SearchEntry] { derived.searchable() }

    public struct SearchEntry: Sendable {
        public var station: StationHandle
        /// The station's id: the search index keeps ids, which its answers are named by.
        public var id: String
        public var railway: RailwayHandle?
        public var complex: ComplexHandle
        public var keys: [String]
        public var words: String
        public var trains: Int
        /// The station's names, only where its folded Japanese name mixes kanji and kana (四tsu谷):
        /// search makes other spellings from them (`SearchIndex.otherSpellings`).
        public var mixedName: LocalizedName?
    }

    /// Loop railway → its major stations: the fifth of its stations with the biggest complexes
    /// (most railways, then most trains). On the Yamanote line that is 東京, 新宿, 渋谷, 上野,
    /// 池袋 and 品川 — the six its platform signs name.
    public var majorStations: [RailwayHandle: Set<StationHandle>] { derived.majorStations(self) }

    /// The box around every station with a position: "near me" outside it has nothing to say.
    public var area: GeoBox? { derived.area() }
    /// The tables above, made on first use.
    var derived = Derived(reader: nil)
    var serviceRowIds: [String: Int64] = [:]
    /// Row id → code or type, for the board query (it reads row ids, not strings).
    var serviceCodes: [Int64: String] = [:]
    var serviceDates: Set<String> = []

    /// Ids for answers and files, where a person or a program reads them: a railway's stations in
    /// line order, a station's railway, a direction.
    public func stationIds(of railway: Railway) -> [String] { railway.stations.compactMap { stations.id(of: $0) } }
    public func railwayId(of station: Station) -> String? { station.railway.flatMap { railways.id(of: $0) } }
    public func directionId(_ handle: DirectionHandle?) -> String? { handle.flatMap { directions.id(of: $0) } }

    /// The stations of a complex, in station order.
    public func stations(in complex: ComplexHandle) -> [Station] {
        (complexes[complex]?.stations ?? []).compactMap { stations[$0] }
    }

    /// `reader` reads what is made on first use (it may be asked from inside a read of its own).
    /// `whole`: every station and complex read now, search's list and the area too (`eki serve`).
    static func load(_ db: Database, reader: (any DatabaseReader)? = nil, whole: Bool = false) throws -> Reference {
        var reference = Reference()
        reference.derived = Derived(reader: reader)
        var directions: [Direction] = []
        try each(db, "SELECT id, code, name_ja, name_en, toward_ja, toward_en FROM direction ORDER BY id") { row in
            let toward = row.optionalText(4).map { LocalizedName(ja: $0, en: row.optionalText(5) ?? $0) }
            directions.append(Direction(handle: DirectionHandle(row.int(0)), id: row.text(1), name: .init(ja: row.text(2), en: row.text(3)),
                                        toward: toward))
        }
        reference.directions = Records(directions)
        var serviceKinds: [String: String] = [:]
        try each(db, "SELECT id, code, kind, name_ja, name_en FROM service") { row in
            let code = row.text(1)
            reference.serviceRowIds[code] = row.int(0)
            serviceKinds[code] = row.text(2)
            reference.serviceNames[code] = LocalizedName(ja: row.text(3), en: row.text(4))
        }
        let serviceCodes = Dictionary(uniqueKeysWithValues: reference.serviceRowIds.map { ($1, $0) })
        reference.serviceCodes = serviceCodes
        try each(db, "SELECT service_id, date FROM service_date") { row in
            reference.serviceDates.insert("\(serviceCodes[row.int(0)] ?? "")|\(row.text(1))")
        }
        // Each railway's stations and calendars gathered by row id first, then set as its record is made.
        var lineStations: [Int64: [StationHandle]] = [:]
        try each(db, "SELECT railway_id, station_id FROM railway_station ORDER BY railway_id, position") { row in
            lineStations[row.int(0), default: []].append(StationHandle(row.int(1)))
        }
        var lineServices: [Int64: [(id: String, kind: String)]] = [:]
        try each(db, """
            SELECT rs.railway_id, s.code FROM railway_service rs JOIN service s ON s.id = rs.service_id ORDER BY s.code
            """) { row in
            let service = row.text(1)
            lineServices[row.int(0), default: []].append((service, serviceKinds[service] ?? ""))
        }
        var railways: [Railway] = []
        try each(db, """
            SELECT r.id, r.code, r.name_ja, r.name_en, r.color, r.ascending_id, r.descending_id, r.is_loop,
                   r.search_ja, r.search_en, r.search_words, o.name_ja, o.name_en,
                   (SELECT COALESCE(SUM(trains), 0) FROM railway_service WHERE railway_id = r.id), r.short_name
            FROM railway r LEFT JOIN operator o ON o.id = r.operator_id ORDER BY r.id
            """) { row in
            let rowId = row.int(0)
            railways.append(Railway(
                handle: RailwayHandle(rowId), id: row.text(1), name: .init(ja: row.text(2), en: row.text(3)), color: row.optionalText(4),
                shortName: row.optionalText(14),
                ascending: row.optionalInt(5).map(DirectionHandle.init),
                descending: row.optionalInt(6).map(DirectionHandle.init),
                isLoop: row.bool(7), stations: lineStations[rowId] ?? [], services: lineServices[rowId] ?? [],
                operatorName: row.optionalText(11).map { LocalizedName(ja: $0, en: row.text(12)) }, trains: Int(row.int(13)),
                searchKeys: [row.text(8), row.text(9)],
                searchWords: row.text(10)))
        }
        reference.railways = Records(railways)
        try each(db, "SELECT alias, station_id, direction_id FROM station_alias ORDER BY station_id") { row in
            let station = StationHandle(row.int(1))
            reference.stationsByAlias[row.text(0), default: []].append(station)
            if let direction = row.optionalInt(2) { reference.platformDirections[row.text(0), default: [:]][station] = DirectionHandle(direction) }
        }
        // An estimate's basis says so (`StationChange.isEstimate`): asked of SQLite here, where a
        // Foundation search in each of the table's 1,352 rows was 4 % of a fresh route.
        try each(db, "SELECT from_id, to_id, minutes, kind, \(StationChange.isEstimateSQL) FROM station_transfer") { row in
            reference.transfers[StationHandle(row.int(0)), default: []].append(
                Transfer(to: StationHandle(row.int(1)), minutes: row.optionalInt(2).map { Int($0) },
                         kind: row.optionalText(3).flatMap(ChangeKind.init),
                         estimated: row.bool(4)))
        }
        try each(db, "SELECT from_id, to_id, arriving_id, departing_id, minutes, \(StationChange.isEstimateSQL) FROM station_cross") { row in
            reference.crosses[StationHandle(row.int(0)), default: []].append(
                Cross(to: StationHandle(row.int(1)), arriving: DirectionHandle(row.int(2)), departing: DirectionHandle(row.int(3)),
                      minutes: Int(row.int(4)), estimated: row.bool(5)))
        }
        var calendars: [String: FeedCalendar] = [:]
        try each(db, "SELECT code, name_ja, name_en, weekdays, start_date, end_date FROM feed_calendar ORDER BY code") { row in
            let days = row.optionalText(3), id = row.text(0)
            calendars[id] = FeedCalendar(id: id, name: .init(ja: row.text(1), en: row.text(2)),
                                             weekdays: days.map { $0.map { $0 == "1" } }, start: row.optionalText(4), end: row.optionalText(5),
                                             exceptions: [])
        }
        try each(db, "SELECT code, date, added FROM feed_calendar_date ORDER BY date, code") { row in
            calendars[row.text(0)]?.exceptions.append((row.text(1), row.bool(2)))
        }
        reference.feedCalendars = calendars.values.sorted { $0.id < $1.id }
        if whole {
            reference.stations = try StationTable(whole: db)
            reference.complexes = try ComplexTable(whole: db)
        } else {
            reference.stations = StationTable(reader: reader)
            reference.complexes = ComplexTable(reader: reader)
        }
        let services = reference.railways.values.flatMap(\.services)
        reference.followsFeedCalendar = !services.isEmpty && services.allSatisfy { $0.kind == "dates" }
        var types: [TrainType] = []
        try each(db, "SELECT id, code, name_ja, name_en, category, classified FROM train_type ORDER BY id") { row in
            types.append(TrainType(handle: TrainTypeHandle(row.int(0)), id: row.text(1), name: .init(ja: row.text(2), en: row.text(3)),
                                   category: TrainCategory(code: Int(row.int(4))) ?? .local, classified: row.bool(5)))
        }
        reference.trainTypes = Records(types)
        if whole {
            _ = reference.searchable
            _ = reference.area
        }
        return reference
    }

    func makeMajorStations() -> [RailwayHandle: Set<StationHandle>] {
        var majorStations: [RailwayHandle: Set<StationHandle>] = [:]
        for railway in railways.values where railway.isLoop {
            let ring = Self.ring(railway)
            // Ties go to the station whose id sorts first.
            let sizes = Dictionary(uniqueKeysWithValues: ring.map { handle -> (StationHandle, (Int, Int, String)) in
                let station = stations[handle]
                let members = station.map { self.stations(in: $0.complex) } ?? []
                return (handle, (members.count, members.reduce(0) { $0 + $1.trains }, station?.id ?? ""))
            })
            let ranked = ring.sorted { a, b in
                let (x, y) = (sizes[a]!, sizes[b]!)
                return (x.0, x.1, y.2) > (y.0, y.1, x.2)
            }
            majorStations[railway.handle] = Set(ranked.prefix(max(2, ring.count / 5)))
        }
        return majorStations
    }

    /// The tables made on first use, shared by every copy of one `Reference`. A value is made
    /// outside the lock and kept by the first to finish: a table read through the database queue
    /// while another thread holds the queue and waits for this lock could otherwise deadlock.
    final class Derived: Sendable {
        let reader: (any DatabaseReader)?
        private let madeMajorStations = Mutex<[RailwayHandle: Set<StationHandle>]?>(nil)
        private let madeSearchable = Mutex<[SearchEntry]?>(nil)
        /// nil: not read yet; .some(nil): no station has a position.
        private let madeArea = Mutex<GeoBox??>(nil)

        init(reader: (any DatabaseReader)?) { self.reader = reader }

        private func made<Value: Sendable>(_ kept: borrowing Mutex<Value?>, _ make: () -> Value) -> Value {
            if let value = kept.withLock({ $0 }) { return value }
            let value = make()
            return kept.withLock { kept in
                if let earlier = kept { return earlier }
                kept = value
                return value
            }
        }

        /// Search's list: only the columns it reads, of stations trains leave from (an empty list on
        /// a read error, and the next search tries again).
        func searchable() -> [SearchEntry] {
            if let value = madeSearchable.withLock({ $0 }) { return value }
            guard let reader, let value = try? reader.unsafeReentrantRead({ db -> [SearchEntry] in
                var entries: [SearchEntry] = []
                try Reference.each(db, """
                    SELECT id, railway_id, complex_id, search_ja, search_en, search_words, trains, name_ja, name_en, code
                    FROM station WHERE departures > 0 ORDER BY id
                    """) { row in
                    let ja = row.text(3)
                    let mixed = ja.utf8.contains(where: { (0x61...0x7A).contains($0) }) && ja.utf8.contains(where: { $0 >= 0x80 })
                    entries.append(SearchEntry(station: StationHandle(row.int(0)), id: row.text(9), railway: row.optionalInt(1).map(RailwayHandle.init),
                                               complex: ComplexHandle(row.int(2)),
                                               keys: [ja, row.text(4)], words: row.text(5), trains: Int(row.int(6)),
                                               mixedName: mixed ? LocalizedName(ja: row.text(7), en: row.text(8)) : nil))
                }
                return entries
            }) else { return [] }
            return madeSearchable.withLock { kept in
                if let earlier = kept { return earlier }
                kept = value
                return value
            }
        }

        /// The box around every station with a position, from the position index alone.
        func area() -> GeoBox? {
            if let value = madeArea.withLock({ $0 }) { return value }
            guard let reader, let value = try? reader.unsafeReentrantRead({ db -> GeoBox? in
                var box: GeoBox?
                try Reference.each(db, """
                    SELECT MIN(latitude), MIN(longitude), MAX(latitude), MAX(longitude) FROM station
                    WHERE latitude IS NOT NULL AND longitude IS NOT NULL
                    """) { row in
                    guard let south = row.optionalDouble(0), let west = row.optionalDouble(1),
                          let north = row.optionalDouble(2), let east = row.optionalDouble(3) else { return }
                    box = GeoBox(south: south, west: west, north: north, east: east)
                }
                return box
            }) else { return nil }
            return madeArea.withLock { kept in
                if let earlier = kept { return earlier }
                kept = value
                return value
            }
        }

        func majorStations(_ reference: Reference) -> [RailwayHandle: Set<StationHandle>] {
            made(madeMajorStations) { reference.makeMajorStations() }
        }
    }

    /// Walks a query's rows with SQLite's own column calls: no `Row`, no generic decoding (whose
    /// first use of each type searches every protocol conformance of the binary). Opening a
    /// database runs this over every station, so it is on every fresh process's path.
    static func each(_ db: Database, _ sql: String, _ body: (RawRow) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                    sql: sql)
            }
            try body(RawRow(handle: handle))
        }
    }

    /// One row under the cursor of `each`, read by column index (NULL text reads as "").
    struct RawRow {
        let handle: SQLiteStatement

        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
        func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }
        func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(handle, column) }
        func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
        /// Valid until the next step of the cursor.
        func blob(_ column: Int32) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: Int(sqlite3_column_bytes(handle, column)))
        }
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(handle, column) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
        }
    }

    /// The stations an id names: a station's own id, else every station riders call by it (a GTFS
    /// stop_id or platform stop_id names the station of each route there).
    public func stations(named id: String) -> [Station] {
        if let station = stations[id: id] { return [station] }
        return (stationsByAlias[id] ?? []).compactMap { stations[$0] }
    }

    /// The station an id names among a train part's stops: for a GTFS stop_id shared by several
    /// routes' stations, the one on this train.
    public func station(_ id: String, amongStops stops: [StationHandle]) -> Station? {
        let named = stations(named: id)
        return named.first { stops.contains($0.handle) } ?? named.first
    }

    /// A direction's name as a board at `station` shows it. A direction named after where its
    /// trains go (a GTFS feed's headsign: "toward Old Saybrook") is named, at that place itself, by
    /// where trains go on to: the railway's end beyond it that way ("toward New London"). Never
    /// the station you stand at.
    public func directionName(_ direction: Direction, at station: Station) -> LocalizedName {
        guard let toward = direction.toward, toward.ja == station.name.ja || toward.en == station.name.en,
              let railway = station.railway.flatMap({ railways[$0] }) else { return direction.name }
        let line = railway.stations.compactMap { stations[$0] }
        guard let here = line.firstIndex(where: { $0.handle == station.handle }) else { return direction.name }
        let ahead = direction.handle == railway.descending ? Array(line[..<here].reversed()) : Array(line[(here + 1)...])
        guard let end = ahead.last(where: { $0.name != station.name }) else { return direction.name }
        return LocalizedName(ja: end.name.ja + "方面", en: "toward " + end.name.en)
    }

    /// A loop's stations once round (its list repeats the first station at the end).
    static func ring(_ railway: Railway) -> [StationHandle] {
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

    /// Why a schedule runs on a day, as the detail beside its name: Japan's day (平日, 祝日: 勤労感謝の日),
    /// or on a feed's own calendar, which of its calendars it is (the GTFS service_id, `WK`).
    public func scheduleReason(_ day: ScheduleDay, schedule: String?) -> LocalizedName {
        guard followsFeedCalendar else { return LocalizedName(ja: day.reasonJa, en: day.reasonEn) }
        return LocalizedName(ja: schedule ?? "運行なし", en: schedule ?? "no service")
    }

    /// The dates a feed's service runs (YYYY-MM-DD): its weekly pattern in its range, plus added,
    /// minus removed dates.
    public func runningDates(of calendar: FeedCalendar) -> [String] {
        var dates = Set<String>()
        if let weekdays = calendar.weekdays, let start = calendar.start.flatMap(CivilDate.init(iso:)),
           let end = calendar.end.flatMap(CivilDate.init(iso:)), start <= end {
            for day in start.daysSinceEpoch...end.daysSinceEpoch {
                let date = CivilDate(daysSinceEpoch: day)
                if weekdays[date.weekday.rawValue] { dates.insert(date.iso) }
            }
        }
        for exception in calendar.exceptions {
            if exception.added { dates.insert(exception.date) } else { dates.remove(exception.date) }
        }
        return dates.sorted()
    }

    /// Why a feed's schedule (`WK`, `EX+WK`, a night run's `WK<`) runs on a date, one line per
    /// feed service in it: its weekly pattern and range, or the exception that adds it that day.
    public func feedReasons(of schedule: String, on date: CivilDate) -> [String] {
        let base = schedule.split(separator: "#").first.map(String.init) ?? schedule
        return base.split(separator: "+").map { part in
            // `WK<`: a run after midnight of the next day's WK, filed under this day.
            let nextDay = part.hasSuffix("<")
            let id = nextDay ? String(part.dropLast()) : String(part)
            let day = nextDay ? date.adding(days: 1).iso : date.iso
            guard let calendar = feedCalendars.first(where: { $0.id == id }) else { return id }
            let prefix = nextDay ? "\(id) (night runs of \(day))" : id
            if calendar.exceptions.contains(where: { $0.date == day && $0.added }) {
                return "\(prefix): added on \(day) (calendar_dates.txt)"
            }
            if let weekdays = calendar.weekdays, let start = calendar.start, let end = calendar.end {
                let days = Weekday.allCases.filter { weekdays[$0.rawValue] }.map(Words.weekdayEn).joined(separator: " ")
                return "\(prefix): \(days), \(start) to \(end) (calendar.txt)"
            }
            return "\(prefix): listed for \(day) (calendar_dates.txt)"
        }
    }

    /// The calendar a railway runs on a date, by handle (what a train part stores), or nil.
    public func serviceHandle(of railway: Railway, on day: ScheduleDay) -> ServiceHandle? {
        service(of: railway, on: day).flatMap { serviceRowIds[$0] }.map(ServiceHandle.init)
    }

    /// The calendar a person or a file names by its code (`Weekday`, a GTFS service_id).
    public func serviceHandle(id: String) -> ServiceHandle? { serviceRowIds[id].map(ServiceHandle.init) }

    /// A calendar's code (`Weekday`, a GTFS service_id), for answers and files.
    public func serviceCode(_ handle: ServiceHandle) -> String? { serviceCodes[handle.row] }

    public func trainType(_ handle: TrainTypeHandle) -> TrainType? { trainTypes[handle] }

    /// The calendar a railway runs on a date, or nil when it runs none of its calendars that day.
    public func service(of railway: Railway, on day: ScheduleDay) -> String? {
        let services = railway.services
        if let listed = services.first(where: { $0.kind == "dates" && serviceDates.contains("\($0.id)|\(day.date.iso)") }) {
            return listed.id
        }
        for kind in day.preferredServiceKinds {
            if let service = services.first(where: { $0.kind == kind }) { return service.id }
        }
        return nil
    }
}
