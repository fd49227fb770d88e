/// Earliest arrival over one day's network by the Connection Scan Algorithm (Dibbelt, Pajor,
/// Strasser, Wagner), keeping one label per number of trains taken so that a journey with fewer
/// changes is found beside the fastest (the Pareto set over arrival time and trains).
///
/// Connections are scanned once in departure order. A trip can be boarded at a connection when
/// its departure station is ready: reached with one train fewer, plus the change time there
/// (`TransferRules` through `ChangeTimes`: the data's change times, else the rule, at the rider's pace; a
/// feed's own minimum transfer times, GTFS transfers.txt, where it gives them).
/// Staying on a train, through service included, needs no change time.
struct ConnectionScan {
    let network: RouteNetwork
    let rules: TransferRules
    /// Most trains in one journey.
    static let maxLegs = 6

    /// One train ridden: the connection boarded and the connection got off after.
    struct Leg: Equatable {
        var board: Int
        var exit: Int
    }

    struct Journey: Equatable {
        var legs: [Leg]
        var departure: Int
        var arrival: Int
    }

    /// The earliest arrival at any of `targets` for each number of trains (index 1…maxLegs; nil:
    /// none), leaving any of `origins` at `minute` or later. The scan stops `slack` minutes after
    /// the earliest arrival found: slower journeys with fewer changes are of no use beyond that.
    /// `until`: no journey arriving later is wanted, so no connection leaving later is read.
    /// `notBefore`: per origin, the minute it can be left at the earliest (a walk to it first,
    /// as off the Shinkansen), later than `minute` where it says so.
    func run(from origins: [Int32], to targets: [Int32], at minute: Int, maxLegs: Int = maxLegs, slack: Int = 60,
             until: Int = .max, notBefore: [Int]? = nil) -> [Journey?] {
        let stations = network.stationCount, slots = network.slotCount
        let legsLimit = min(maxLegs, Self.maxLegs)
        let unreached = Int16.max
        var ready = [Int16](repeating: unreached, count: (legsLimit + 1) * stations)
        var readyExit = [Int32](repeating: -1, count: (legsLimit + 1) * stations)
        var readyBoard = [Int32](repeating: -1, count: (legsLimit + 1) * stations)
        // How the train of `readyBoard` was boarded: -1 at a station, else across a platform (the slot).
        var readyVia = [Int32](repeating: -1, count: (legsLimit + 1) * stations)
        // The same per cross slot: ready to board a train of one direction across the platform.
        var crossReady = [Int16](repeating: unreached, count: (legsLimit + 1) * slots)
        var crossExit = [Int32](repeating: -1, count: (legsLimit + 1) * slots)
        var crossBoard = [Int32](repeating: -1, count: (legsLimit + 1) * slots)
        var crossVia = [Int32](repeating: -1, count: (legsLimit + 1) * slots)
        var tripLegs = [UInt8](repeating: .max, count: network.tripCount)
        var tripBoard = [Int32](repeating: -1, count: network.tripCount)
        var tripVia = [Int32](repeating: -1, count: network.tripCount)
        // The earliest any number of trains reaches each station (or cross slot): most connections
        // belong to trains no label can board, and this one look tells them apart.
        var readyAny = [Int16](repeating: unreached, count: stations)
        var crossAny = [Int16](repeating: unreached, count: slots)
        var isTarget = [Bool](repeating: false, count: stations)
        for target in targets where Int(target) < stations { isTarget[Int(target)] = true }
        for (index, origin) in origins.enumerated() where Int(origin) < stations {
            let start = Int16(clamping: max(minute, notBefore?[index] ?? minute))
            ready[Int(origin)] = min(ready[Int(origin)], start)
            readyAny[Int(origin)] = ready[Int(origin)]
        }
        var best = [(arrival: Int, exit: Int32, board: Int32, via: Int32)](repeating: (.max, -1, -1, -1), count: legsLimit + 1)
        var bound = until
        let change = ChangeTimes(rules)
        // The network's arrays held here once, not looked up through it at every connection.
        let departures = network.departure, arrivals = network.arrival, trips = network.trip
        let froms = network.from, tos = network.to, directions = network.tripDirections, lastConnection = network.lastConnection
        let neighbourStart = network.neighbourStart, neighbourList = network.neighbourList
        let crossStart = network.crossStart, crosses = network.crosses, slotStart = network.slotStart

        var c = network.firstConnection(at: minute)
        let count = network.connectionCount
        while c < count {
            let departure = departures[c]
            if Int(departure) > bound { break }
            let trip = Int(trips[c])
            var legs = Int(tripLegs[trip])   // UInt8.max: not on this train yet
            let from = Int(froms[c])
            // Board here when fewer trains than the trip's label reach this station in time, or
            // reach its platform across from the train they arrived on.
            let slot = legs <= 1 || slotStart[from] == slotStart[from + 1] ? -1 : network.slot(at: from, direction: directions[trip])
            if legs > 1, readyAny[from] <= departure || (slot >= 0 && crossAny[slot] <= departure) {
                var k = 0
                while k < min(legs - 1, legsLimit) {
                    if ready[k * stations + from] <= departure {
                        legs = k + 1
                        tripLegs[trip] = UInt8(legs)
                        tripBoard[trip] = Int32(c)
                        tripVia[trip] = -1
                        break
                    }
                    if slot >= 0, crossReady[k * slots + slot] <= departure {
                        legs = k + 1
                        tripLegs[trip] = UInt8(legs)
                        tripBoard[trip] = Int32(c)
                        tripVia[trip] = Int32(slot)
                        break
                    }
                    k += 1
                }
            }
            if legs <= legsLimit {
                let to = Int(tos[c]), arrival = arrivals[c]
                let board = tripBoard[trip], via = tripVia[trip]
                if isTarget[to], Int(arrival) < best[legs].arrival {
                    best[legs] = (Int(arrival), Int32(c), board, via)
                    bound = min(bound, Int(arrival) + slack)
                }
                func relax(_ station: Int, _ time: Int16) {
                    let slot = legs * stations + station
                    if time < ready[slot] {
                        ready[slot] = time
                        if time < readyAny[station] { readyAny[station] = time }
                        readyExit[slot] = Int32(c)
                        readyBoard[slot] = board
                        readyVia[slot] = via
                    }
                }
                relax(to, arrival &+ change.stay(network, to))
                var n = Int(neighbourStart[to])
                let neighbourEnd = Int(neighbourStart[to + 1])
                while n < neighbourEnd {
                    let neighbour = neighbourList[n]
                    relax(Int(neighbour.station), arrival &+ change.to(neighbour))
                    n += 1
                }
                var x = Int(crossStart[to])
                let crossEnd = Int(crossStart[to + 1])
                while x < crossEnd {
                    let cross = crosses[x]
                    x += 1
                    guard cross.arriving == directions[trip] else { continue }
                    let slot = legs * slots + Int(cross.slot), time = arrival &+ change.across(cross)
                    if time < crossReady[slot] {
                        crossReady[slot] = time
                        if time < crossAny[Int(cross.slot)] { crossAny[Int(cross.slot)] = time }
                        crossExit[slot] = Int32(c)
                        crossBoard[slot] = board
                        crossVia[slot] = via
                    }
                }
                if lastConnection[trip] == Int32(c) {
                    for next in network.continuations[trip] where legs < Int(tripLegs[Int(next)]) {
                        tripLegs[Int(next)] = UInt8(legs)
                        tripBoard[Int(next)] = board
                        tripVia[Int(next)] = via
                    }
                }
            }
            c += 1
        }

        return (0 ... legsLimit).map { legs -> Journey? in
            guard legs > 0, best[legs].arrival != .max else { return nil }
            var trail = [Leg(board: Int(best[legs].board), exit: Int(best[legs].exit))]
            var via = Int(best[legs].via)
            var station = Int(network.from[trail[0].board])
            for k in stride(from: legs - 1, to: 0, by: -1) {
                let leg: Leg
                if via >= 0 {
                    let slot = k * slots + via
                    guard crossExit[slot] >= 0 else { return nil }
                    leg = Leg(board: Int(crossBoard[slot]), exit: Int(crossExit[slot]))
                    via = Int(crossVia[slot])
                } else {
                    let slot = k * stations + station
                    guard readyExit[slot] >= 0 else { return nil }
                    leg = Leg(board: Int(readyBoard[slot]), exit: Int(readyExit[slot]))
                    via = Int(readyVia[slot])
                }
                trail.insert(leg, at: 0)
                station = Int(network.from[leg.board])
            }
            return Journey(legs: trail, departure: Int(network.departure[trail[0].board]), arrival: best[legs].arrival)
        }
    }
}
