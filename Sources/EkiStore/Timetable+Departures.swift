import EkiCore
import GRDB

/// One row of a station timetable: a train leaving this station in one direction on one schedule.
/// It names the railway, direction, type, train and destinations by handle, to be looked up in
/// `Reference`; the ids a person reads are `ids`, and codes are written only where an answer leaves
/// (JSON, URLs, CLI ids). Routing reads the same rows lighter, as `BoardEntry` (minute, train, stop).
public struct Departure: Sendable, Equatable {
    public var time: ServiceMinute
    /// The train part that departs (another railway's part for through service).
    public var train: TrainHandle
    /// Index of this stop in the departing part's stops.
    public var stopIndex: Int
    /// The part's ids: the database's own (unique; a GTFS copy is `R1@EX+WK`) and the one riders and
    /// the source's tools know it by (the GTFS trip_id `R1`; else the same).
    public var ids: TrainIds
    /// The train number riders see (GTFS trip_short_name, Mini Tokyo 3D's `n`).
    public var number: String
    /// Where the train says it goes (GTFS trip_headsign), when the source gives it.
    public var headsign: LocalizedName?
    /// The railway of the train part that departs.
    public var railway: RailwayHandle
    public var direction: DirectionHandle
    public var trainType: TrainTypeHandle
    /// The type's category (`reference.trainType(trainType)`), kept on the row: boards sort and group by it.
    public var category: TrainCategory
    /// Whether the source gives a Japanese train type (各 快 準 急 特); else `category` is only for order.
    public var classified: Bool
    /// Where the whole through-service run ends, as the source gives it; for a loop train that
    /// gives none, where its run ends when that is less than a lap ahead (`loop_run_end`).
    public var destinations: [StationHandle]
    public var names: [LocalizedName]
}

extension Timetable {
    /// Every departure of one station, direction and calendar, in time order.
    /// `from`/`limit` narrow it to the next departures after a minute.
    public func departures(station: StationHandle, direction: DirectionHandle, service: ServiceHandle,
                           from minute: Int = 0, limit: Int = Int.max) throws -> [Departure] {
        try reader.read { db in
            try self.departures(db, station: station.row, direction: direction.row, service: service.row, from: minute, limit: limit)
        }
    }

    /// The board query. Only what differs per row is read from SQL; railway, direction, type and
    /// destinations stay row ids (handles), and names are read only for trains that have one —
    /// joins and string building per row made a whole day cost 5 µs a row.
    func departures(_ db: Database, station: Int64, direction: Int64, service: Int64,
                    from minute: Int, limit: Int) throws -> [Departure] {
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
            let type = TrainTypeHandle(row[5])
            let known = reference.trainType(type)
            let headsign = (row[8] as String?).map { LocalizedName(ja: $0, en: row[9] as String? ?? $0) }
            let destinations = (row[10] as String?)?.split(separator: " ").compactMap { Int64($0).map(StationHandle.init) } ?? []
            if row[11] as Bool { named[departures.count] = row[2] }
            departures.append(Departure(
                time: ServiceMinute(row[0]), train: TrainHandle(row[2]), stopIndex: row[1],
                ids: TrainIds(id: row[3], publicId: row[6]), number: row[7], headsign: headsign,
                railway: RailwayHandle(row[4]), direction: DirectionHandle(direction), trainType: type,
                category: known?.category ?? .local, classified: known?.classified ?? true,
                destinations: destinations, names: []))
        }
        for (index, train) in named {
            departures[index].names = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT name_ja, name_en FROM train_name WHERE train_id = ? ORDER BY position
                """), arguments: [train]).map { LocalizedName(ja: $0[0], en: $0[1]) }
        }
        return departures
    }
}
