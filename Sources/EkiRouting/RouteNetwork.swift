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
    let lastConnection: [Int32]
    let continuations: [[Int32]]
    /// Per station row id: the other stations of its complex, and whether they share its platforms.
    let neighbours: [[(station: Int32, samePlatform: Bool)]]
    let stationCount: Int

    public var connectionCount: Int { from.count }
    public var tripCount: Int { tripRowIds.count }

    /// The network of `serviceDate`, optionally of some railways only (tests search a small one).
    /// The stops are read in place from the train table: no train is copied on the way.
    public init(timetable: Timetable, serviceDate: CivilDate, railways: Set<String>? = nil) throws {
        var builder = Builder()
        try timetable.forEachRunningTrain(on: serviceDate, railways: railways) { rowId, stops, next in
            builder.addTrain(rowId: rowId, next: next, stops: stops.count) {
                (stops.station($0), stops.arrival($0), stops.departure($0))
            }
        }
        self.init(builder, reference: timetable.reference, serviceDate: serviceDate)
    }

    init(trains: [RunningTrain], reference: Reference, serviceDate: CivilDate) {
        var builder = Builder()
        for train in trains {
            builder.addTrain(rowId: train.rowId, next: train.next, stops: train.stops.count) {
                (Int32(train.stops[$0].stationId), train.stops[$0].arrival, train.stops[$0].departure)
            }
        }
        self.init(builder, reference: reference, serviceDate: serviceDate)
    }

    /// Connections as the trains give them, in train order and each train's stop order.
    struct Builder {
        var tripRowIds: [Int64] = []
        var nextRowIds: [[Int64]] = []
        var from: [Int32] = [], to: [Int32] = [], departure: [Int16] = [], arrival: [Int16] = [], trip: [Int32] = []

        init() {
            // A Tokyo weekday has about 600,000 connections: no regrowing on the way there.
            let expected = 1 << 20
            from.reserveCapacity(expected); to.reserveCapacity(expected); trip.reserveCapacity(expected)
            departure.reserveCapacity(expected); arrival.reserveCapacity(expected)
        }

        mutating func addTrain(rowId: Int64, next: [Int64], stops count: Int, stop: (Int) -> (Int32, Int?, Int?)) {
            let index = Int32(tripRowIds.count)
            tripRowIds.append(rowId)
            nextRowIds.append(next)
            guard count > 1 else { return }
            var previous = stop(0)
            for i in 1 ..< count {
                let current = stop(i)
                defer { previous = current }
                guard let leave = previous.2 ?? previous.1, let reach = current.1 ?? current.2,
                      reach >= leave, leave >= 0, reach < 4096 else { continue }   // a time going backwards is skipped
                from.append(previous.0); to.append(current.0)
                departure.append(Int16(leave)); arrival.append(Int16(reach)); trip.append(index)
            }
        }
    }

    private init(_ built: Builder, reference: Reference, serviceDate: CivilDate) {
        self.serviceDate = serviceDate
        let stationCount = Int(reference.stationsByRowId.keys.max() ?? 0) + 1
        self.stationCount = stationCount
        let trips = built.tripRowIds.count
        var tripIndex: [Int64: Int32] = [:]
        tripIndex.reserveCapacity(trips)
        for (index, rowId) in built.tripRowIds.enumerated() { tripIndex[rowId] = Int32(index) }
        tripRowIds = built.tripRowIds
        continuations = built.nextRowIds.map { $0.compactMap { tripIndex[$0] } }

        // How many parts come before each in its through-service chain: a part continuing
        // another sorts after it when their connections share a minute.
        var depth = [UInt8](repeating: 0, count: trips)
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

        // Scan order: departure, arrival, chain depth, then the order they were made in (a trip's
        // own connections in stop order) — two stable counting-sort passes, the minor key first.
        let count = built.from.count
        var minor = [UInt32](repeating: 0, count: count)   // arrival (12 bits) and depth (4 bits)
        for c in 0 ..< count {
            minor[c] = UInt32(UInt16(built.arrival[c])) << 4 | UInt32(depth[Int(built.trip[c])])
        }
        let byMinor = Self.stableOrder(count: count, buckets: 1 << 16) { Int(minor[$0]) }
        let order = Self.stableOrder(count: count, buckets: 1 << 12, of: byMinor) { Int(built.departure[$0]) }

        var from = [Int32](), to = [Int32](), departure = [Int16](), arrival = [Int16](), trip = [Int32]()
        from.reserveCapacity(count); to.reserveCapacity(count); trip.reserveCapacity(count)
        departure.reserveCapacity(count); arrival.reserveCapacity(count)
        var last = [Int32](repeating: -1, count: trips)
        for c in order {
            let c = Int(c)
            last[Int(built.trip[c])] = Int32(from.count)
            from.append(built.from[c]); to.append(built.to[c])
            departure.append(built.departure[c]); arrival.append(built.arrival[c]); trip.append(built.trip[c])
        }
        self.from = from; self.to = to; self.departure = departure; self.arrival = arrival; self.trip = trip
        lastConnection = last

        var neighbours = [[(station: Int32, samePlatform: Bool)]](repeating: [], count: stationCount)
        for complex in reference.complexes.values where complex.stations.count > 1 {
            let members = complex.stations.compactMap { reference.stations[$0] }
            for a in members {
                neighbours[Int(a.rowId)] = members.filter { $0.rowId != a.rowId }.map {
                    (Int32($0.rowId), $0.platformGroup == a.platformGroup)
                }
            }
        }
        self.neighbours = neighbours
    }

    /// A counting sort: the elements of `input` (0 ..< count when nil) in order of `key`, keeping
    /// the input order among equal keys.
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
