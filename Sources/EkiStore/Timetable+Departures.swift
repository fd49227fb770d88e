import EkiCore
import GRDB

/// One row of a station timetable: a train leaving this station in one direction on one schedule.
public struct Departure: Sendable, Equatable {
    public var time: ServiceMinute
    /// The train part's id inside the database (unique; a GTFS copy is `R1@EX+WK`).
    public var trainId: String
    /// The id riders and the source's tools know it by: the GTFS trip_id (`R1`); else `trainId`.
    public var publicTrainId: String
    /// The train number riders see (GTFS trip_short_name, Mini Tokyo 3D's `n`).
    public var number: String
    /// Where the train says it goes (GTFS trip_headsign), when the source gives it.
    public var headsign: LocalizedName?
    /// The railway of the train part that departs (another railway's part for through service).
    public var railway: String
    public var direction: String
    public var trainType: String
    public var category: TrainCategory
    /// Whether the source gives a Japanese train type (各 快 準 急 特); else `category` is only for order.
    public var classified: Bool
    /// Where the whole through-service run ends, as the source gives it; for a loop train that
    /// gives none, where its run ends when that is less than a lap ahead (`loop_run_end`).
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
            return try self.departures(db, station: stationId, direction: directionId, service: serviceId,
                                       from: minute, limit: limit)
        }
    }

    /// The board query. Only what differs per row is read from SQL; railway, direction and type
    /// codes come from the reference tables by row id, and names only for trains that have one —
    /// joins and string building per row made a whole day cost 5 µs a row.
    func departures(_ db: Database, station: Int64, direction: Int64, service: Int64,
                    from minute: Int, limit: Int) throws -> [Departure] {
        let directionCode = reference.directions.id(of: DirectionHandle(direction)) ?? ""
        var departures: [Departure] = []
        var named: [Int: Int64] = [:]   // index in `departures` → train row id
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT d.minute, d.stop_index, d.train_id, t.code, t.railway_id, t.type_id,
                   COALESCE(t.trip_id, t.code), t.number, t.headsign_ja, t.headsign_en,
                   COALESCE((SELECT group_concat(tt.station_id, ' ') FROM train_terminal tt
                              WHERE tt.train_id = d.train_id AND tt.kind = 1),
                            (SELECT CAST(e.station_id AS TEXT) FROM loop_run_end e
                              WHERE e.train_id = d.train_id AND e.from_stop <= d.stop_index)) AS destinations,
                   EXISTS (SELECT 1 FROM train_name n WHERE n.train_id = d.train_id) AS named
            FROM departure d
            JOIN train t ON t.id = d.train_id
            WHERE d.station_id = ? AND d.direction_id = ? AND d.service_id = ? AND d.minute >= ?
            ORDER BY d.minute, d.train_id
            LIMIT ?
            """), arguments: [station, direction, service, minute, min(limit, Int(Int32.max))])
        while let row = try rows.next() {
            let type = reference.trainTypesByRow[row[5]]
            let headsign = (row[8] as String?).map { LocalizedName(ja: $0, en: row[9] as String? ?? $0) }
            let destinations = (row[10] as String?)?.split(separator: " ").compactMap {
                Int64($0).flatMap { reference.stations.id(of: StationHandle($0)) }
            } ?? []
            if row[11] as Bool { named[departures.count] = row[2] }
            departures.append(Departure(
                time: ServiceMinute(row[0]), trainId: row[3], publicTrainId: row[6], number: row[7], headsign: headsign,
                railway: reference.railways.id(of: RailwayHandle(row[4])) ?? "",
                direction: directionCode, trainType: type?.id ?? "", category: type?.category ?? .local,
                classified: type?.classified ?? true, destinations: destinations, names: [], stopIndex: row[1]))
        }
        for (index, train) in named {
            departures[index].names = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT name_ja, name_en FROM train_name WHERE train_id = ? ORDER BY position
                """), arguments: [train]).map { LocalizedName(ja: $0[0], en: $0[1]) }
        }
        return departures
    }
}
