import EkiCore
import GRDB

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
    /// Station complex → its stations, in station order.
    public private(set) var complexes: [Int64: [String]] = [:]
    var serviceRowIds: [String: Int64] = [:]
    var serviceDates: Set<String> = []

    static func load(_ db: Database) throws -> Reference {
        var reference = Reference()
        for row in try Row.fetchAll(db, sql: "SELECT id, code, name_ja, name_en FROM direction") {
            reference.directions[row[1]] = Direction(rowId: row[0], id: row[1], name: .init(ja: row[2], en: row[3]))
        }
        var serviceKinds: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, code, kind FROM service") {
            reference.serviceRowIds[row[1]] = row[0]
            serviceKinds[row[1]] = row[2]
        }
        let serviceCodes = Dictionary(uniqueKeysWithValues: reference.serviceRowIds.map { ($1, $0) })
        for row in try Row.fetchAll(db, sql: "SELECT service_id, date FROM service_date") {
            reference.serviceDates.insert("\(serviceCodes[row[0]] ?? "")|\(row[1] as String)")
        }
        let directionCodes = Dictionary(uniqueKeysWithValues: reference.directions.values.map { ($0.rowId, $0.id) })
        var railwayCodes: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, code, name_ja, name_en, color, ascending_id, descending_id, is_loop FROM railway") {
            railwayCodes[row[0]] = row[1]
            reference.railways[row[1]] = Railway(
                rowId: row[0], id: row[1], name: .init(ja: row[2], en: row[3]), color: row[4],
                ascending: (row[5] as Int64?).flatMap { directionCodes[$0] },
                descending: (row[6] as Int64?).flatMap { directionCodes[$0] },
                isLoop: row[7], stations: [], services: [])
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT id, code, railway_id, complex_id, platform_group, name_ja, name_en, latitude, longitude, search_ja, search_en FROM station ORDER BY id
            """) {
            let latitude: Double? = row[7], longitude: Double? = row[8]
            let station = Station(
                rowId: row[0], id: row[1], railway: (row[2] as Int64?).flatMap { railwayCodes[$0] },
                complex: row[3], platformGroup: row[4], name: .init(ja: row[5], en: row[6]),
                coordinate: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                searchKeys: [row[9], row[10]])
            reference.stations[station.id] = station
            reference.stationsByRowId[station.rowId] = station
            reference.complexes[station.complex, default: []].append(station.id)
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT r.code, s.code FROM railway_station rs JOIN railway r ON r.id = rs.railway_id
            JOIN station s ON s.id = rs.station_id ORDER BY rs.railway_id, rs.position
            """) {
            reference.railways[row[0] as String]?.stations.append(row[1])
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT r.code, s.code FROM railway_service rs JOIN railway r ON r.id = rs.railway_id
            JOIN service s ON s.id = rs.service_id ORDER BY s.code
            """) {
            let service: String = row[1]
            reference.railways[row[0] as String]?.services.append((service, serviceKinds[service] ?? ""))
        }
        for row in try Row.fetchAll(db, sql: "SELECT code, name_ja, name_en, category FROM train_type") {
            reference.trainTypes[row[0]] = TrainType(id: row[0], name: .init(ja: row[1], en: row[2]),
                                                     category: TrainCategory(code: row[3]) ?? .local)
        }
        return reference
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
