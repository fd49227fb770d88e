import EkiCore
import Foundation
import GRDB

/// A train part as a rider rides it: its stops with station rows from the reference tables and the
/// parts it continues as. Leaner than `TrainPart` (no names, no terminals): routes read many.
public struct RidePart: Sendable, Equatable {
    public var rowId: Int64
    public var id: String
    /// What riders call it (a GTFS trip_id); else `id`.
    public var publicId: String
    public var railway: String
    public var service: String
    public var trainType: String
    public var direction: String
    public var stops: [TrainPart.Stop]
    /// Row ids of the parts this one continues as (through service; two when the train splits).
    public var next: [Int64]
}

/// One row of a departure board read for routing: which train part leaves, from which of its
/// stops, when. `stopIndex` is 0 of the continuing part for a through-service row.
public struct BoardEntry: Sendable, Equatable {
    public var minute: Int
    public var train: Int64
    public var stopIndex: Int
}

extension Timetable {
    /// One train's id as this database's riders write it (a feed's trip_id where it has one), for
    /// an error that shows what a train id looks like: a Tokyo id for the Tokyo data, a feed's own
    /// for a feed. Nil for a database with no trains.
    public func exampleTrainId() -> String? {
        try? reader.read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(trip_id, code) FROM train ORDER BY id LIMIT 1"))
        }
    }

    /// "no train "X" (train ids look like …)", the example this database's own.
    public func noTrainMessage(_ id: String) -> String {
        Self.noTrainMessage(id, example: exampleTrainId())
    }

    public static func noTrainMessage(_ id: String, example: String?) -> String {
        "no train \"\(id)\"" + (example.map { " (train ids look like \($0))" } ?? "")
    }

    /// A train part by its source id, or nil.
    public func ridePart(_ id: String) throws -> RidePart? {
        try reader.read { db in
            guard let rowId = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM train WHERE code = ?"),
                                                 arguments: [id]) else { return nil }
            return try ridePart(db, rowId: rowId)
        }
    }

    public func ridePart(rowId: Int64) throws -> RidePart? {
        try reader.read { db in try ridePart(db, rowId: rowId) }
    }

    func ridePart(_ db: Database, rowId: Int64) throws -> RidePart? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT code, railway_id, service_id, type_id, direction_id, stops, COALESCE(trip_id, code) FROM train WHERE id = ?
            """), arguments: [rowId]) else { return nil }
        let code: String = row[0]
        guard let list = StopList(decoding: [UInt8](row[5] as Data)) else {
            throw StoreError.inconsistent("train \(code) has a damaged stop list")
        }
        return RidePart(
            rowId: rowId, id: code, publicId: row[6], railway: reference.railways.id(of: RailwayHandle(row[1])) ?? "",
            service: reference.serviceCodes[row[2]] ?? "",
            trainType: reference.trainTypesByRow[row[3]]?.id ?? "",
            direction: reference.directions.id(of: DirectionHandle(row[4])) ?? "",
            stops: list.stops.map { stop in
                TrainPart.Stop(station: reference.stations.id(of: StationHandle(stop.stationId)) ?? "?",
                               arrival: stop.arrival.map(ServiceMinute.init), departure: stop.departure.map(ServiceMinute.init))
            },
            next: try Int64.fetchAll(db.cachedStatement(sql: "SELECT next_id FROM train_link WHERE train_id = ? ORDER BY next_id"),
                                     arguments: [rowId]))
    }

    /// Every way a train goes on from `part`: one list of parts per branch, `part` first. A loop
    /// railway links each lap to the next all day: a path takes at most two laps (enough to ride
    /// past the end of one), stops after `maxParts` parts, and never takes the same part twice.
    public func paths(from part: RidePart, maxParts: Int = 8) throws -> [[RidePart]] {
        try reader.read { db in
            var paths: [[RidePart]] = []
            func extend(_ path: [RidePart]) throws {
                let last = path[path.count - 1]
                let next = path.count < maxParts ? last.next.filter { id in !path.contains { $0.rowId == id } } : []
                var extended = false
                for id in next {
                    guard let part = try ridePart(db, rowId: id) else { continue }
                    if reference.railways[id: part.railway]?.isLoop == true,
                       path.filter({ $0.railway == part.railway }).count >= 2 { continue }
                    extended = true
                    try extend(path + [part])
                }
                if !extended { paths.append(path) }
            }
            try extend([part])
            return paths
        }
    }

    /// The board direction a train part leaves `station` in (through-service rows included), or nil
    /// when it does not leave there on any board.
    public func boardDirection(train: Int64, station: Reference.Station) throws -> Reference.Direction? {
        try reader.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT direction_id FROM departure WHERE station_id = ? AND train_id = ? LIMIT 1
                """), arguments: [station.handle.row, train])
        }.flatMap { reference.directions[DirectionHandle($0)] }
    }

    /// Board rows of one station, direction and calendar: the next `limit` from `minute` on
    /// (`before == false`), or the `limit` before it, latest first (`before == true`).
    public func boardEntries(station: Reference.Station, direction: Reference.Direction, service: String,
                             from minute: Int, before: Bool = false, limit: Int) throws -> [BoardEntry] {
        guard let serviceRow = reference.serviceRowIds[service] else { return [] }
        let sql = before
            ? "SELECT minute, train_id, stop_index FROM departure WHERE station_id = ? AND direction_id = ? AND service_id = ? AND minute < ? ORDER BY minute DESC, train_id DESC LIMIT ?"
            : "SELECT minute, train_id, stop_index FROM departure WHERE station_id = ? AND direction_id = ? AND service_id = ? AND minute >= ? ORDER BY minute, train_id LIMIT ?"
        return try reader.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql),
                             arguments: [station.handle.row, direction.handle.row, serviceRow, minute, limit]).map {
                BoardEntry(minute: $0[0], train: $0[1], stopIndex: $0[2])
            }
        }
    }
}

// MARK: - The day's trains, for searches over the whole network

/// A train part that runs on one service day, as the fastest-route search reads it.
public struct RunningTrain: Sendable {
    public var rowId: Int64
    /// Minutes on the asked day's clock (a day-before train's 27:11 is 191).
    public var stops: [StopList.Stop]
    public var next: [Int64]
    /// 0 for the asked day's own trains, -1 for the day before's still running.
    public var dayOffset = 0
    /// Its direction's row id.
    public var direction: Int64 = 0

    public init(rowId: Int64, stops: [StopList.Stop], next: [Int64], dayOffset: Int = 0, direction: Int64) {
        self.rowId = rowId; self.stops = stops; self.next = next; self.dayOffset = dayOffset; self.direction = direction
    }
}

extension Timetable {
    /// Every train part running on `serviceDate` (each railway's calendar for that day), optionally
    /// only those of some railways, and the day before's that still leave after 03:00 this day (a
    /// feed's night trains at 27:11), their times moved onto this day's clock (27:11 is 03:11).
    /// One pass over the train table; stops stay as row ids.
    public func runningTrains(on serviceDate: CivilDate, railways: Set<String>? = nil) throws -> [RunningTrain] {
        struct Running: Hashable { var railway: Int64, service: Int64 }
        func running(_ date: CivilDate) -> Set<Running> {
            let day = reference.scheduleDay(date)
            var running: Set<Running> = []
            for railway in reference.railways.values where railways?.contains(railway.id) ?? true {
                if let service = reference.service(of: railway, on: day), let row = reference.serviceRowIds[service] {
                    running.insert(Running(railway: railway.handle.row, service: row))
                }
            }
            return running
        }
        let today = running(serviceDate)
        let nextDay = 1440 + ServiceMinute.dayStart
        let yesterday = latestMinute >= nextDay ? running(serviceDate.adding(days: -1)) : []
        // SQLite's own column calls and the stop lists decoded where they lie: this reads every
        // train row, on the path of a fresh process's first route of the day (docs/PERFORMANCE.md).
        return try reader.read { db in
            var links: [Int64: [Int64]] = [:]
            try Reference.each(db, "SELECT train_id, next_id FROM train_link") { row in links[row.int(0), default: []].append(row.int(1)) }
            var trains: [RunningTrain] = []
            try Reference.each(db, "SELECT id, railway_id, service_id, stops, direction_id FROM train") { row in
                let key = Running(railway: row.int(1), service: row.int(2))
                let isToday = today.contains(key)
                guard isToday || yesterday.contains(key) else { return }
                let id = row.int(0)
                guard var list = StopList(decoding: row.blob(3)) else {
                    throw StoreError.inconsistent("train row \(id) has a damaged stop list")
                }
                if isToday {
                    trains.append(RunningTrain(rowId: id, stops: list.stops, next: links[id] ?? [], direction: row.int(4)))
                }
                // Also (or only) as the day before's train running on into this day.
                if yesterday.contains(key), list.stops.contains(where: { ($0.departure ?? 0) >= nextDay }) {
                    for index in list.stops.indices {
                        list.stops[index].arrival = list.stops[index].arrival.map { $0 - 1440 }
                        list.stops[index].departure = list.stops[index].departure.map { $0 - 1440 }
                    }
                    trains.append(RunningTrain(rowId: id, stops: list.stops, next: links[id] ?? [], dayOffset: -1, direction: row.int(4)))
                }
            }
            return trains
        }
    }
}
