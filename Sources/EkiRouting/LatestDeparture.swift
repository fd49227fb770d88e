import EkiCore
import EkiStore

/// The latest departure that still arrives in time: the Connection Scan run backwards (connections in
/// decreasing departure order), for "leave by" before a Shinkansen and for the last train (終電) from A
/// that still reaches B tonight, across changes and through service.
///
/// For each station the scan keeps the latest time a train can be boarded there and still arrive by the
/// deadline; for each trip, whether staying on it gets there. A connection is useful when staying on
/// its trip does, or when getting off at its end leaves time to change (`ChangeTimes`, the one rule) for a useful later train, or
/// when its end is a target reached by the deadline. The number of changes is not limited.
struct LatestDeparture {
    let network: RouteNetwork
    let rules: TransferRules

    /// The journey leaving any of `origins` as late as possible and reaching any of `targets` by
    /// `deadline` (service minutes), or nil when none does. `earliest` bounds how far back the scan looks.
    /// `walk` gives the minutes from where the rider is to an origin (none: already there): the origin
    /// chosen is the one that lets the rider leave latest, walk included.
    func run(from origins: [Int32], to targets: [Int32], arriveBy deadline: Int, earliest: Int = 0, walk walkTo: [Int32: Int] = [:]) -> ConnectionScan.Journey? {
        let stations = network.stationCount
        let never = Int16.min
        var isTarget = [Bool](repeating: false, count: stations)
        for target in targets where Int(target) < stations { isTarget[Int(target)] = true }
        var isOrigin = [Bool](repeating: false, count: stations)
        for origin in origins where Int(origin) < stations { isOrigin[Int(origin)] = true }
        // Latest boarding time at a station that still gets there, and the connection boarded.
        var depart = [Int16](repeating: never, count: stations)
        var boardAt = [Int32](repeating: -1, count: stations)
        // The same per cross slot: boarding a train of one direction across the platform.
        var departAcross = [Int16](repeating: never, count: network.slotCount)
        var boardAcross = [Int32](repeating: -1, count: network.slotCount)
        // Per trip: the connection to get off after (which may belong to a part it continues as), or -1.
        var exitOf = [Int32](repeating: -1, count: network.tripCount)
        let change = ChangeTimes(rules)
        let deadline16 = Int16(clamping: deadline)

        /// Whether arriving at `station` at `time` by a train of `direction` still makes it.
        func canContinue(_ station: Int, _ time: Int16, _ direction: Int32) -> Bool {
            if isTarget[station], time <= deadline16 { return true }
            if depart[station] != never, Int(time) + Int(change.stay(network, station)) <= Int(depart[station]) { return true }
            for neighbour in network.neighbours(of: station) {
                let d = depart[Int(neighbour.station)]
                if d != never, Int(time) + Int(change.to(neighbour)) <= Int(d) { return true }
            }
            for x in Int(network.crossStart[station]) ..< Int(network.crossStart[station + 1]) where network.crosses[x].arriving == direction {
                let d = departAcross[Int(network.crosses[x].slot)]
                if d != never, Int(time) + Int(change.across(network.crosses[x])) <= Int(d) { return true }
            }
            return false
        }

        var c = network.firstConnection(at: deadline + 1) - 1
        while c >= 0 {
            let departure = network.departure[c]
            if Int(departure) < earliest { break }
            let trip = Int(network.trip[c])
            if exitOf[trip] < 0 {
                if canContinue(Int(network.to[c]), network.arrival[c], network.tripDirections[trip]) {
                    exitOf[trip] = Int32(c)
                } else if network.lastConnection[trip] == Int32(c) {
                    // Through service: staying on as the next part gets there.
                    if let next = network.continuations[trip].first(where: { exitOf[Int($0)] >= 0 }) { exitOf[trip] = exitOf[Int(next)] }
                }
            }
            if exitOf[trip] >= 0 {
                let from = Int(network.from[c])
                if departure > depart[from] {
                    depart[from] = departure
                    boardAt[from] = Int32(c)
                }
                let slot = network.slotCount == 0 ? -1 : network.slot(at: from, direction: network.tripDirections[trip])
                if slot >= 0, departure > departAcross[slot] {
                    departAcross[slot] = departure
                    boardAcross[slot] = Int32(c)
                }
            }
            c -= 1
        }

        // The origin boarded latest, then the legs followed forward.
        func leave(_ origin: Int) -> Int { Int(depart[origin]) - (walkTo[Int32(origin)] ?? 0) }
        guard let origin = origins.map(Int.init).filter({ $0 < stations && boardAt[$0] >= 0 }).max(by: { leave($0) < leave($1) }) else { return nil }
        var legs: [ConnectionScan.Leg] = []
        var board = Int(boardAt[origin])
        while legs.count < 16 {
            let exit = Int(exitOf[Int(network.trip[board])])
            legs.append(ConnectionScan.Leg(board: board, exit: exit))
            let station = Int(network.to[exit]), time = network.arrival[exit]
            if isTarget[station], time <= deadline16 { break }
            // The change: the latest useful train from here or a neighbour that can still be caught.
            var next: Int?
            var candidates = [(depart[station], boardAt[station], Int(change.stay(network, station)))]
            candidates += network.neighbours(of: station).map { (depart[Int($0.station)], boardAt[Int($0.station)], Int(change.to($0))) }
            let direction = network.tripDirections[Int(network.trip[exit])]
            for x in Int(network.crossStart[station]) ..< Int(network.crossStart[station + 1]) where network.crosses[x].arriving == direction {
                let slot = Int(network.crosses[x].slot)
                candidates.append((departAcross[slot], boardAcross[slot], Int(change.across(network.crosses[x]))))
            }
            for (latest, boarded, cost) in candidates where latest != never && Int(time) + cost <= Int(latest) {
                if next == nil || latest > network.departure[next!] { next = Int(boarded) }
            }
            guard let next else { return nil }
            board = next
        }
        guard let last = legs.last, isTarget[Int(network.to[last.exit])] else { return nil }
        return ConnectionScan.Journey(legs: legs, departure: Int(network.departure[legs[0].board]), arrival: Int(network.arrival[last.exit]))
    }
}

/// The latest way to leave and still arrive in time, as a route to follow: the latest departure, and
/// of the ways on from it the one that arrives first (the earliest change that can be made at each
/// station), so a missed change still leaves a later train.
public struct LatestRoutes: Sendable {
    public let planner: RoutePlanner

    public init(planner: RoutePlanner) { self.planner = planner }

    /// Leaving any of `origins` as late as possible and reaching any of `destinations` by `deadline`
    /// on `network` (the network of the deadline's service day); nil when nothing gets there in time.
    public func search(from origins: [Reference.Station], to destinations: [Reference.Station], arriveBy deadline: ServiceMinute,
                       on network: RouteNetwork) throws -> RoutePlan? {
        try search(from: origins.map { ($0, 0) }, to: destinations, arriveBy: deadline, on: network)?.plan
    }

    /// The same from stations some minutes' walk away (the stations near the rider): the one that lets
    /// the rider leave latest once the walk to it is counted, with that walk.
    public func search(from origins: [(station: Reference.Station, walk: Int)], to destinations: [Reference.Station], arriveBy deadline: ServiceMinute,
                       on network: RouteNetwork) throws -> (plan: RoutePlan, walk: Int)? {
        let scan = LatestDeparture(network: network, rules: planner.rules)
        var walks: [Int32: Int] = [:]
        for origin in origins { walks[Int32(origin.station.handle.row)] = min(walks[Int32(origin.station.handle.row)] ?? .max, origin.walk) }
        let targets = destinations.map { Int32($0.handle.row) }
        guard let latest = scan.run(from: origins.map { Int32($0.station.handle.row) }, to: targets,
                                    arriveBy: deadline.value, walk: walks) else { return nil }
        let origin = network.from[latest.legs[0].board]
        // Leaving at that latest minute, the plan that arrives first: at each change the first train
        // that can be made, not the last one that still works (終電 馬車道 → 池袋 waited 18 minutes at
        // 品川 for the 00:25 although the 00:12 gets there too: miss the planned one and the rider is
        // stranded; issue 29). The forward scan from the same station and minute finds it; its first
        // train leaves at that minute, as no later one arrives in time.
        let safe = ConnectionScan(network: network, rules: planner.rules)
            .run(from: [origin], to: targets, at: latest.departure, slack: 0)
            .compactMap { $0 }
            .filter { $0.departure == latest.departure && $0.arrival <= deadline.value }
            .min { ($0.arrival, $0.legs.count) < ($1.arrival, $1.legs.count) }
        let journey = safe ?? latest
        let (route, parts) = try FastestRoutes(planner: planner).route(journey, on: network)
        return (try planner.plan(route, parts: parts), walks[origin] ?? 0)
    }
}
