import EkiCore
import Foundation
import GRDB

/// A train part as a rider rides it: its stops with station rows from the reference tables and the
/// parts it continues as. Leaner than `TrainPart` (no names, no terminals): routes read many.
public struct RidePart: Sendable, Equatable {
    public var rowId: Int64
    public var id: String
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
            SELECT code, railway_id, service_id, type_id, direction_id, stops FROM train WHERE id = ?
            """), arguments: [rowId]) else { return nil }
        let code: String = row[0]
        guard let list = StopList(decoding: [UInt8](row[5] as Data)) else {
            throw StoreError.inconsistent("train \(code) has a damaged stop list")
        }
        return RidePart(
            rowId: rowId, id: code, railway: reference.railwayCodes[row[1]] ?? "",
            service: reference.serviceCodes[row[2]] ?? "",
            trainType: reference.trainTypesByRow[row[3]]?.id ?? "",
            direction: reference.directionCodes[row[4]] ?? "",
            stops: list.stops.map { stop in
                TrainPart.Stop(station: reference.stationsByRowId[stop.stationId]?.id ?? "?",
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
    public func boardDirection(train: Int64, station: Reference.Station) throws -> Reference.Direction? {
        try reader.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT direction_id FROM departure WHERE station_id = ? AND train_id = ? LIMIT 1
                """), arguments: [station.rowId, train])
        }.flatMap { reference.directionCodes[$0] }.flatMap { reference.directions[$0] }
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
                             arguments: [station.rowId, direction.rowId, serviceRow, minute, limit]).map {
                BoardEntry(minute: $0[0], train: $0[1], stopIndex: $0[2])
            }
        }
    }
}

// MARK: - The day's trains, for searches over the whole network

/// A train part that runs on one service day, as the fastest-route search reads it.
public struct RunningTrain: Sendable {
    public var rowId: Int64
    public var stops: [StopList.Stop]
    public var next: [Int64]
}

/// A running train's stops as stored (`StopList`'s 8-byte records), read in place: the network of a
/// whole day is built from some 600,000 of them, with no array made per train.
public struct StoredStops {
    let bytes: UnsafeRawBufferPointer

    public var count: Int { bytes.count / 8 }
    public func station(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self))) }
    /// Arrival and departure minutes; nil where the stop has none.
    public func arrival(_ index: Int) -> Int? { minute(index * 8 + 4) }
    public func departure(_ index: Int) -> Int? { minute(index * 8 + 6) }

    private func minute(_ offset: Int) -> Int? {
        let value = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
        return value == StopList.none ? nil : Int(value)
    }
}

extension Timetable {
    /// Every train part running on `serviceDate` (each railway's calendar for that day), optionally
    /// only those of some railways. One pass over the train table; stops stay as row ids.
    public func runningTrains(on serviceDate: CivilDate, railways: Set<String>? = nil) throws -> [RunningTrain] {
        var trains: [RunningTrain] = []
        try forEachRunningTrain(on: serviceDate, railways: railways) { id, stops, next in
            trains.append(RunningTrain(rowId: id, stops: (0 ..< stops.count).map {
                StopList.Stop(stationId: Int64(stops.station($0)), arrival: stops.arrival($0), departure: stops.departure($0))
            }, next: next))
        }
        return trains
    }

    /// The running train parts of `runningTrains`, in the same order, each handed over with its
    /// stops read in place (valid only during the call) and the parts it continues as.
    public func forEachRunningTrain(on serviceDate: CivilDate, railways: Set<String>? = nil,
                                    _ body: (Int64, StoredStops, [Int64]) throws -> Void) throws {
        let day = reference.scheduleDay(serviceDate)
        // Which (railway, calendar) pairs run, as one flag per pair of row ids: a look-up per train row.
        let services = (reference.serviceRowIds.values.max() ?? 0) + 1
        var running = [Bool](repeating: false, count: Int((reference.railwayCodes.keys.max() ?? 0) + 1) * Int(services))
        for railway in reference.railways.values where railways?.contains(railway.id) ?? true {
            if let service = reference.service(of: railway.id, on: day), let row = reference.serviceRowIds[service] {
                running[Int(railway.rowId * services + row)] = true
            }
        }
        try reader.read { db in
            var links: [Int64: [Int64]] = [:]
            let linkRows = try Row.fetchCursor(db, sql: "SELECT train_id, next_id FROM train_link")
            while let row = try linkRows.next() { links[row[0], default: []].append(row[1]) }
            let rows = try Row.fetchCursor(db, sql: "SELECT id, railway_id, service_id, stops FROM train")
            while let row = try rows.next() {
                let railway: Int64 = row[1], service: Int64 = row[2]
                let pair = Int(railway * services + service)
                guard service < services, pair >= 0, pair < running.count, running[pair] else { continue }
                let id: Int64 = row[0]
                let damaged = try row.withUnsafeData(atIndex: 3) { data -> Bool in
                    guard let data, data.count % 8 == 0 else { return true }
                    try data.withUnsafeBytes { try body(id, StoredStops(bytes: $0), links[id] ?? []) }
                    return false
                }
                if damaged { throw StoreError.inconsistent("train row \(id) has a damaged stop list") }
            }
        }
    }
}
