import EkiCore
import EkiStore

/// One service day's trains as elementary connections — a train leaving one stop and arriving at
/// the next — sorted by departure, for the Connection Scan. Stations are station row ids (dense
/// small integers), trips are the running train parts. Built once per day and read by any number
/// of searches.
public struct RouteNetwork: Sendable {
    public let serviceDate: CivilDate
    // Connections, structure of arrays in scan order.
    let from: [Int32]
    let to: [Int32]
    let departure: [Int16]
    let arrival: [Int16]
    let trip: [Int32]
    /// Per trip: its part's row id, its last connection and the trips it continues as.
    let tripRowIds: [Int64]
    /// Per trip: 0 for the day's own train part, -1 for the day before's still running.
    let tripDays: [Int]
    let lastConnection: [Int32]
    let continuations: [[Int32]]
    /// Per trip: its direction's row id (a change across one island platform holds only for some
    /// pairs of directions).
    let tripDirections: [Int32]
    /// Where a rider can change trains and in how many standard minutes (`ChangeTables`); a var
    /// only so a test can damage a copy.
    var changes: ChangeTables
    var neighbourStart: [Int32] { changes.neighbourStart }
    var neighbourList: [Neighbour] { changes.neighbourList }
    var changeHere: [Int16] { changes.changeHere }
    var crossStart: [Int32] { changes.crossStart }
    var crosses: [Cross] { changes.crosses }
    var slotStart: [Int32] { changes.slotStart }
    var slotDirections: [Int32] { changes.slotDirections }
    var slotCount: Int { changes.slotDirections.count }

    /// The stations a rider arriving at `station` can change to, with the standard minutes.
    func neighbours(of station: Int) -> ArraySlice<Neighbour> {
        neighbourList[Int(neighbourStart[station]) ..< Int(neighbourStart[station + 1])]
    }
    /// The most standard minutes a change is counted (a walk to a far station of a complex).
    static let longestChange: Int16 = 120

    struct Neighbour: Equatable {
        var station: Int32
        var minutes: Int16
    }
    struct Cross: Equatable {
        /// The direction of the train arrived on, the slot boarded and its station.
        var arriving: Int32
        var slot: Int32
        var station: Int32
        var minutes: Int16
    }

    /// The cross slot of boarding a train of `direction` at `station`, or -1.
    @inline(__always) func slot(at station: Int, direction: Int32) -> Int {
        var s = Int(slotStart[station])
        let end = Int(slotStart[station + 1])
        while s < end {
            if slotDirections[s] == direction { return s }
            s += 1
        }
        return -1
    }
    let stationCount: Int

    public var connectionCount: Int { from.count }
    public var tripCount: Int { tripRowIds.count }

    /// The network of `serviceDate`, optionally of some railways only (tests search a small one).
    public init(timetable: Timetable, serviceDate: CivilDate, railways: Set<String>? = nil) throws {
        self.init(trains: try timetable.runningParts(on: serviceDate, railways: railways),
                  reference: timetable.reference, serviceDate: serviceDate)
    }

    init(trains: [RunningPart], reference: Reference, serviceDate: CivilDate) {
        self.serviceDate = serviceDate
        let stationCount = Int(reference.stations.highestRowId) + 1
        self.stationCount = stationCount
        // A train may run twice in one network: as this day's, and as the day before's still
        // running (a night train past 03:00); each continues as a part of its own day.
        struct Key: Hashable { var row: Int64, day: Int }
        var tripIndex: [Key: Int32] = [:]
        for (index, train) in trains.enumerated() { tripIndex[Key(row: train.handle.row, day: train.dayOffset)] = Int32(index) }
        tripRowIds = trains.map(\.handle.row)
        tripDays = trains.map(\.dayOffset)
        tripDirections = trains.map { Int32(clamping: $0.direction.row) }
        continuations = trains.map { train in train.next.compactMap { tripIndex[Key(row: $0.row, day: train.dayOffset)] } }

        // How many parts come before each in its through-service chain: a part continuing
        // another sorts after it when their connections share a minute.
        var depth = [UInt8](repeating: 0, count: trains.count)
        var changed = true
        while changed {
            changed = false
            for (index, next) in continuations.enumerated() {
                for n in next where depth[Int(n)] <= depth[index] && depth[index] < 15 {
                    depth[Int(n)] = depth[index] + 1
                    changed = true
                }
            }
        }

        // Every connection once, in the order they were made (a trip's own connections in stop order).
        var raw: [(from: Int32, to: Int32, departure: Int16, arrival: Int16, trip: Int32)] = []
        raw.reserveCapacity(trains.count * 16)
        for (index, train) in trains.enumerated() {
            let stops = train.stops
            guard stops.count > 1 else { continue }
            for i in 0 ..< stops.count - 1 {
                guard let leave = stops[i].departure ?? stops[i].arrival,
                      let reach = stops[i + 1].arrival ?? stops[i + 1].departure,
                      reach >= leave, leave >= 0, reach < 4096 else { continue }   // backwards, or a day-before train's stops before today
                raw.append((Int32(stops[i].station.row), Int32(stops[i + 1].station.row), Int16(leave), Int16(reach), Int32(index)))
            }
        }
        // Scan order: departure, arrival, chain depth, then the order they were made in — two stable
        // counting-sort passes, the minor key first (a comparison sort of 600,000 keys took 17 ms
        // of a fresh process's first route of the day; commit 3eacbd8, docs/PERFORMANCE.md).
        let byMinor = Self.stableOrder(count: raw.count, buckets: 1 << 16) {   // arrival (12 bits), depth (4 bits)
            Int(raw[$0].arrival) << 4 | Int(depth[Int(raw[$0].trip)])
        }
        let order = Self.stableOrder(count: raw.count, buckets: 1 << 12, of: byMinor) { Int(raw[$0].departure) }
        var from = [Int32](), to = [Int32](), departure = [Int16](), arrival = [Int16](), trip = [Int32]()
        from.reserveCapacity(order.count); to.reserveCapacity(order.count); trip.reserveCapacity(order.count)
        departure.reserveCapacity(order.count); arrival.reserveCapacity(order.count)
        var last = [Int32](repeating: -1, count: trains.count)
        for index in order {
            let connection = raw[Int(index)]
            last[Int(connection.trip)] = Int32(from.count)
            from.append(connection.from); to.append(connection.to)
            departure.append(connection.departure); arrival.append(connection.arrival); trip.append(connection.trip)
        }
        self.from = from; self.to = to; self.departure = departure; self.arrival = arrival; self.trip = trip
        lastConnection = last

        changes = ChangeTables(reference: reference, stationCount: stationCount)
    }

    /// The indices 0..<count (or `input`'s, in its order) ordered by `key` (0..<buckets), equal keys
    /// kept in the order they came: a counting sort.
    static func stableOrder(count: Int, buckets: Int, of input: [Int32]? = nil, key: (Int) -> Int) -> [Int32] {
        var starts = [Int](repeating: 0, count: buckets + 1)
        for c in 0 ..< count { starts[key(c) + 1] += 1 }
        for b in 0 ..< buckets { starts[b + 1] += starts[b] }
        var output = [Int32](repeating: 0, count: count)
        output.withUnsafeMutableBufferPointer { output in
            func place(_ c: Int) {
                let k = key(c)
                output[starts[k]] = Int32(c)
                starts[k] += 1
            }
            if let input { for c in input { place(Int(c)) } } else { for c in 0 ..< count { place(c) } }
        }
        return output
    }

    /// The first connection leaving at `minute` or later.
    func firstConnection(at minute: Int) -> Int {
        var low = 0, high = departure.count
        while low < high {
            let middle = (low + high) / 2
            if Int(departure[middle]) < minute { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
