import EkiCore
import GRDB

/// One row of a station timetable: a train leaving this station in one direction on one schedule.
public struct Departure: Sendable, Equatable {
    public var time: ServiceMinute
    public var trainId: String
    /// The railway of the train part that departs (another railway's part for through service).
    public var railway: String
    public var direction: String
    public var trainType: String
    public var category: TrainCategory
    /// Where the whole through-service run ends, as the source gives it.
    public var destinations: [String]
    public var names: [LocalizedName]
    /// Index of this stop in the departing part's stops.
    public var stopIndex: Int
}

extension Timetable {
    /// Every departure of one station, direction and calendar, in time order.
    /// `from`/`limit` narrow it to the next departures after a minute.
    public func departures(station: String, direction: String, service: String,
                           from minute: Int = 0, limit: Int = Int.max) throws -> [Departure] {
        try reader.read { db in
            let ids = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT (SELECT id FROM station WHERE code = ?), (SELECT id FROM direction WHERE code = ?),
                       (SELECT id FROM service WHERE code = ?)
                """), arguments: [station, direction, service])
            guard let ids, let stationId = ids[0] as Int64?, let directionId = ids[1] as Int64?,
                  let serviceId = ids[2] as Int64? else { return [] }
            return try Self.departures(db, station: stationId, direction: directionId, service: serviceId,
                                       from: minute, limit: limit)
        }
    }

    static func departures(_ db: Database, station: Int64, direction: Int64, service: Int64,
                           from minute: Int, limit: Int) throws -> [Departure] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT d.minute, d.stop_index, t.code, r.code, dir.code, y.code, y.category,
                   (SELECT group_concat(s.code, ' ') FROM train_terminal tt JOIN station s ON s.id = tt.station_id
                     WHERE tt.train_id = t.id AND tt.kind = 1 ORDER BY tt.position) AS destinations,
                   (SELECT group_concat(n.name_ja || char(9) || n.name_en, char(10)) FROM train_name n
                     WHERE n.train_id = t.id ORDER BY n.position) AS names
            FROM departure d
            JOIN train t ON t.id = d.train_id
            JOIN railway r ON r.id = t.railway_id
            JOIN direction dir ON dir.id = d.direction_id
            JOIN train_type y ON y.id = t.type_id
            WHERE d.station_id = ? AND d.direction_id = ? AND d.service_id = ? AND d.minute >= ?
            ORDER BY d.minute, d.train_id
            LIMIT ?
            """), arguments: [station, direction, service, minute, min(limit, Int(Int32.max))])
        return rows.map { row in
            Departure(
                time: ServiceMinute(row[0]), trainId: row[2], railway: row[3], direction: row[4],
                trainType: row[5], category: TrainCategory(code: row[6]) ?? .local,
                destinations: (row[7] as String?)?.split(separator: " ").map(String.init) ?? [],
                names: (row[8] as String?)?.split(separator: "\n").map { line in
                    let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                    return LocalizedName(ja: String(parts[0]), en: parts.count > 1 ? String(parts[1]) : String(parts[0]))
                } ?? [],
                stopIndex: row[1])
        }
    }
}
