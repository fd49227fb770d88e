import EkiCore
import Foundation
import GRDB

/// A train part as it runs on a service day: the one shape routes, the day's network, the
/// tracker's schedule and the ride simulator read. It refers to the reference tables by handle
/// and keeps its stops as station rows and minutes; the ids people read (its code, a feed's
/// trip_id) come from `trainIds` at the edge, and names and terminals are the train page's
/// (`TrainPart`).
public struct RunningPart: Sendable, Equatable {
    public var handle: TrainHandle
    public var railway: RailwayHandle
    public var service: ServiceHandle
    public var type: TrainTypeHandle
    public var direction: DirectionHandle
    /// Minutes of the day it is read for: a day-before part's 27:11 is 191 (`dayOffset` -1).
    public var stops: [StopList.Stop]
    /// Through service: the parts this one continues as (two when the train splits).
    public var next: [TrainHandle]
    /// 0 for the day's own parts, -1 for the day before's still running.
    public var dayOffset: Int

    public init(handle: TrainHandle, railway: RailwayHandle, service: ServiceHandle, type: TrainTypeHandle,
                direction: DirectionHandle, stops: [StopList.Stop], next: [TrainHandle], dayOffset: Int = 0) {
        self.handle = handle; self.railway = railway; self.service = service; self.type = type
        self.direction = direction; self.stops = stops; self.next = next; self.dayOffset = dayOffset
    }

    /// The same part with every time moved by `minutes` (a day before's part on this day's clock).
    public func shifted(by minutes: Int) -> RunningPart {
        guard minutes != 0 else { return self }
        var part = self
        for index in part.stops.indices {
            part.stops[index].arrival = part.stops[index].arrival.map { $0 + minutes }
            part.stops[index].departure = part.stops[index].departure.map { $0 + minutes }
        }
        part.dayOffset += minutes / 1440
        return part
    }
}

/// The ids people know a train part by: the database's own (`R1@EX+WK` for a GTFS copy) and the
/// one riders and the source's tools use (the GTFS trip_id `R1`; else the same).
public struct TrainIds: Sendable, Equatable {
    public var id: String
    public var publicId: String
}

/// One row of a departure board read for routing: which train part leaves, from which of its
/// stops, when. `stopIndex` is 0 of the continuing part for a through-service row. The first
/// fields of a `Departure`, kept apart on purpose: a search reads many boards and needs none of a
/// departure's ids, names or destinations, so its query reads the departure table alone (no join
/// with the train table, no terminals, no names).
public struct BoardEntry: Sendable, Equatable {
    public var minute: Int
    public var train: TrainHandle
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

    /// A train part by handle, or nil.
    public func runningPart(_ handle: TrainHandle) throws -> RunningPart? {
        try reader.read { db in try runningPart(db, handle) }
    }

    func runningPart(_ db: Database, _ handle: TrainHandle) throws -> RunningPart? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT railway_id, service_id, type_id, direction_id, stops FROM train WHERE id = ?
            """), arguments: [handle.row]) else { return nil }
        guard let list = StopList(decoding: [UInt8](row[4] as Data)) else {
            throw StoreError.inconsistent("train row \(handle.row) has a damaged stop list")
        }
        return RunningPart(
            handle: handle, railway: RailwayHandle(row[0]), service: ServiceHandle(row[1]), type: TrainTypeHandle(row[2]),
            direction: DirectionHandle(row[3]), stops: list.stops,
            next: try Int64.fetchAll(db.cachedStatement(sql: "SELECT next_id FROM train_link WHERE train_id = ? ORDER BY next_id"),
                                     arguments: [handle.row]).map(TrainHandle.init))
    }

    /// The ids of a train part, for an answer or a file; nil when there is no such part.
    public func trainIds(_ handle: TrainHandle) throws -> TrainIds? {
        try reader.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT code, COALESCE(trip_id, code) FROM train WHERE id = ?"),
                             arguments: [handle.row]).map { TrainIds(id: $0[0], publicId: $0[1]) }
        }
    }

    /// Every way a train goes on from `part`: one list of parts per branch, `part` first. A loop
    /// railway links each lap to the next all day: a path takes at most two laps (enough to ride
    /// past the end of one), stops after `maxParts` parts, and never takes the same part twice.
    public func paths(from part: RunningPart, maxParts: Int = 8) throws -> [[RunningPart]] {
        try reader.read { db in
            var paths: [[RunningPart]] = []
            func extend(_ path: [RunningPart]) throws {
                let last = path[path.count - 1]
                let next = path.count < maxParts ? last.next.filter { handle in !path.contains { $0.handle == handle } } : []
                var extended = false
                for handle in next {
                    guard let part = try runningPart(db, handle) else { continue }
                    if reference.railways[part.railway]?.isLoop == true,
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
    public func boardDirection(train: TrainHandle, station: Reference.Station) throws -> Reference.Direction? {
        try reader.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT direction_id FROM departure WHERE station_id = ? AND train_id = ? LIMIT 1
                """), arguments: [station.handle.row, train.row])
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
                BoardEntry(minute: $0[0], train: TrainHandle($0[1]), stopIndex: $0[2])
            }
        }
    }
}

// MARK: - The day's trains, for searches over the whole network

extension Timetable {
    /// Every train part running on `serviceDate` (each railway's calendar for that day), optionally
    /// only those of some railways, and the day before's that still leave after 03:00 this day (a
    /// feed's night trains at 27:11), their times moved onto this day's clock (27:11 is 03:11).
    /// One pass over the train table; stops stay as row ids.
    public func runningParts(on serviceDate: CivilDate, railways: Set<String>? = nil) throws -> [RunningPart] {
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
            var links: [Int64: [TrainHandle]] = [:]
            try Reference.each(db, "SELECT train_id, next_id FROM train_link") { row in
                links[row.int(0), default: []].append(TrainHandle(row.int(1)))
            }
            var trains: [RunningPart] = []
            try Reference.each(db, "SELECT id, railway_id, service_id, stops, direction_id, type_id FROM train") { row in
                let key = Running(railway: row.int(1), service: row.int(2))
                let isToday = today.contains(key)
                guard isToday || yesterday.contains(key) else { return }
                let id = row.int(0)
                guard let list = StopList(decoding: row.blob(3)) else {
                    throw StoreError.inconsistent("train row \(id) has a damaged stop list")
                }
                let part = RunningPart(handle: TrainHandle(id), railway: RailwayHandle(key.railway), service: ServiceHandle(key.service),
                                       type: TrainTypeHandle(row.int(5)), direction: DirectionHandle(row.int(4)),
                                       stops: list.stops, next: links[id] ?? [])
                if isToday { trains.append(part) }
                // Also (or only) as the day before's part running on into this day.
                if yesterday.contains(key), list.stops.contains(where: { ($0.departure ?? 0) >= nextDay }) {
                    trains.append(part.shifted(by: -1440))
                }
            }
            return trains
        }
    }
}
