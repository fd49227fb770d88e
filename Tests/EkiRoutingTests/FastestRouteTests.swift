import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The Connection Scan checked against a round-based search written apart from it (RAPTOR-like:
/// round k boards every train reachable with k − 1 trains and rides it to the end), on a small
/// subnetwork for every number of trains and on the full network for sampled pairs.
@Suite struct FastestRouteTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!
    static let rules = TransferRules()

    /// Earliest arrival at `targets` with at most k trains, k = 1…maxLegs (index 0 unused).
    static func rounds(_ trains: [RunningTrain], reference: Reference, from origins: Set<Int64>, to targets: Set<Int64>,
                       at minute: Int, maxLegs: Int) -> [Int?] {
        var byRowId: [Int64: RunningTrain] = [:]
        for train in trains { byRowId[train.rowId] = train }
        // Where each train can be boarded: (train, stop index) by station.
        var boardings: [Int64: [(Int64, Int)]] = [:]
        for train in trains where train.stops.count > 1 {
            for index in 0 ..< train.stops.count - 1 { boardings[train.stops[index].stationId, default: []].append((train.rowId, index)) }
        }
        var ready: [Int64: Int] = [:]     // with at most k − 1 trains
        for origin in origins { ready[origin] = minute }
        // Ready to board a train of one direction across the platform (the data's cross rows).
        struct Across: Hashable { var station: Int64, direction: Int64 }
        var readyAcross: [Across: Int] = [:]
        // Stations ready earlier than in the round before: only their trains can reach anything
        // new (a train boarded from elsewhere was ridden, to its end, in an earlier round).
        var improved = origins
        var best: [Int?] = [nil]
        var bestSoFar: Int?
        for _ in 1 ... maxLegs {
            var arrivals: [Int64: Int] = [:]
            // At stations with changes across a platform, also by the direction of the train arriving.
            var arrivalsAcross: [Across: Int] = [:]
            // Rides a train from a stop to its end and on through service: a continuing part is
            // ridden when it leaves no earlier than the part before left its last-but-one stop.
            func ride(_ train: RunningTrain, from index: Int, depth: Int) {
                for stop in train.stops[(index + 1)...] {
                    guard let time = stop.arrival ?? stop.departure else { continue }
                    arrivals[stop.stationId] = min(arrivals[stop.stationId] ?? .max, time)
                    if reference.crosses[StationHandle(stop.stationId)] != nil {
                        let key = Across(station: stop.stationId, direction: train.direction)
                        arrivalsAcross[key] = min(arrivalsAcross[key] ?? .max, time)
                    }
                }
                guard depth < 8, let lastLeave = train.stops.dropLast().last.flatMap({ $0.departure ?? $0.arrival }) else { return }
                for next in train.next {
                    guard let following = byRowId[next], let first = following.stops.first,
                          let departure = first.departure ?? first.arrival, departure >= lastLeave else { continue }
                    ride(following, from: 0, depth: depth + 1)
                }
            }
            // Each train boarded at the earliest stop where it can be.
            var boarded: [Int64: Int] = [:]
            for station in improved {
                for (train, index) in boardings[station] ?? [] {
                    guard let part = byRowId[train],
                          let time = [ready[station], readyAcross[Across(station: station, direction: part.direction)]].compactMap({ $0 }).min()
                    else { continue }
                    let stop = part.stops[index]
                    guard let departure = stop.departure ?? stop.arrival, departure >= time else { continue }
                    boarded[train] = min(boarded[train] ?? .max, index)
                }
            }
            for (train, index) in boarded { ride(byRowId[train]!, from: index, depth: 0) }
            let reached = targets.compactMap { arrivals[$0] }.min()
            if let reached { bestSoFar = min(bestSoFar ?? .max, reached) }
            best.append(bestSoFar)
            // Ready for the next train: the change time to each station of the complex (the data's
            // reviewed table, else the rule: the same table the scan reads).
            improved = []
            func improve(_ station: Int64, _ time: Int) {
                guard time < ready[station] ?? .max else { return }
                ready[station] = time
                improved.insert(station)
            }
            for (station, arrival) in arrivals {
                guard let here = reference.stations[StationHandle(station)] else { continue }
                if let stay = rules.needed(from: here, to: here, reference: reference) { improve(station, arrival + stay) }
                for other in reference.complexes[here.complex]?.stations ?? [] where other != here.handle {
                    guard let there = reference.stations[other],
                          let change = rules.needed(from: here, to: there, reference: reference) else { continue }
                    improve(there.handle.row, arrival + change)
                }
            }
            // Across the platform, from a train of one direction to the trains the data names.
            for (key, arrival) in arrivalsAcross {
                let station = key.station
                guard let here = reference.stations[StationHandle(station)] else { continue }
                for cross in reference.crosses[StationHandle(station)] ?? [] where cross.arriving == DirectionHandle(key.direction) {
                    guard let there = reference.stations[cross.to], let departing = reference.directions[cross.departing],
                          let change = rules.needed(from: here, to: there, arriving: reference.directionId(cross.arriving),
                                                    departing: departing.id, reference: reference)
                    else { continue }
                    let slot = Across(station: there.handle.row, direction: departing.handle.row)
                    if arrival + change < readyAcross[slot] ?? .max {
                        readyAcross[slot] = arrival + change
                        improved.insert(there.handle.row)
                    }
                }
            }
        }
        return best
    }

    /// The Connection Scan's earliest arrival with at most k trains, k = 0…maxLegs.
    static func scanned(_ network: RouteNetwork, from origins: [Int64], to targets: [Int64], at minute: Int) -> [Int?] {
        let exact = ConnectionScan(network: network, rules: rules)
            .run(from: origins.map { Int32($0) }, to: targets.map { Int32($0) }, at: minute, slack: 10_000)
        var atMost: Int?
        return exact.map { journey in
            if let arrival = journey?.arrival { atMost = min(atMost ?? .max, arrival) }
            return atMost
        }
    }

    /// Stations of a complex, as row ids.
    static func complex(_ id: String, _ reference: Reference) throws -> [Int64] {
        let station = try #require(reference.stations[id: id])
        return (reference.complexes[station.complex]?.stations ?? []).compactMap { reference.stations[$0]?.handle.row }
    }

    @Test func onASmallNetworkNoJourneyBeatsTheScanForAnyNumberOfTrains() throws {
        let timetable = try SharedData.imported().timetable
        let reference = timetable.reference
        let railways: Set<String> = ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "Tokyu.Meguro", "TokyoMetro.Hibiya",
                                     "TokyoMetro.Fukutoshin", "TokyoMetro.Namboku", "JR-East.Yamanote"]
        let trains = try timetable.runningTrains(on: Self.tuesday, railways: railways)
        let network = RouteNetwork(trains: trains, reference: reference, serviceDate: Self.tuesday)
        let stations = Array(Set(trains.flatMap { $0.stops.map(\.stationId) })).sorted()
        var generator = SplitMix64(seed: 7)
        var compared = 0
        for _ in 0 ..< 40 {
            let from = stations.randomElement(using: &generator)!, to = stations.randomElement(using: &generator)!
            let origins = try Self.complex(reference.stations[StationHandle(from)]!.id, reference)
            let targets = try Self.complex(reference.stations[StationHandle(to)]!.id, reference)
            guard Set(origins).isDisjoint(with: targets) else { continue }
            let minute = Int.random(in: 300 ... 1380, using: &generator)
            let expected = Self.rounds(trains, reference: reference, from: Set(origins), to: Set(targets), at: minute, maxLegs: 4)
            let found = Self.scanned(network, from: origins, to: targets, at: minute)
            #expect(Array(found[1...4]) == Array(expected[1...4]),
                    "\(reference.stations[StationHandle(from)]!.id) → \(reference.stations[StationHandle(to)]!.id) at \(ServiceMinute(minute))")
            compared += 1
        }
        #expect(compared >= 30)
    }

    @Test func onTheFullNetworkTheEarliestArrivalMatchesForSampledPairs() throws {
        let timetable = try SharedData.imported().timetable
        let reference = timetable.reference
        let trains = try timetable.runningTrains(on: Self.tuesday)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        #expect(network.tripCount == trains.count)
        // Busy stations, so that most pairs connect within the day.
        let busy = reference.stations.values.filter { $0.trains > 1500 }.map(\.id).sorted()
        var generator = SplitMix64(seed: 11)
        for _ in 0 ..< 15 {
            let from = busy.randomElement(using: &generator)!, to = busy.randomElement(using: &generator)!
            let origins = try Self.complex(from, reference), targets = try Self.complex(to, reference)
            guard Set(origins).isDisjoint(with: targets) else { continue }
            let minute = Int.random(in: 360 ... 1320, using: &generator)
            let expected = Self.rounds(trains, reference: reference, from: Set(origins), to: Set(targets), at: minute,
                                       maxLegs: ConnectionScan.maxLegs)
            let found = Self.scanned(network, from: origins, to: targets, at: minute)
            #expect(found.last! == expected.last!, "\(from) → \(to) at \(ServiceMinute(minute))")
        }
    }

    @Test func bashamichiToGinzaOptionsAreFastestThenFewerChangesThenLater() throws {
        let timetable = try SharedData.imported().timetable
        let reference = timetable.reference
        let search = FastestRoutes(planner: RoutePlanner(timetable: timetable, rules: Self.rules))
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = try Self.complex("Minatomirai.Minatomirai.Bashamichi", reference).compactMap { reference.stations[StationHandle($0)] }
        let targets = try Self.complex("TokyoMetro.Ginza.Ginza", reference).compactMap { reference.stations[StationHandle($0)] }
        let at = ServiceInstant(parsing: "2026-11-24T07:30")!
        let options = try search.search(from: origins, to: targets, at: at, on: network)
        #expect(options.map(\.kind) == [.fastest, .fewerTransfers, .later])
        let fastest = options[0].plan
        // Nothing gets there earlier, with any number of trains.
        let earliest = Self.scanned(network, from: origins.map(\.handle.row), to: targets.map(\.handle.row), at: at.minute.value).compactMap { $0 }.min()
        #expect(fastest.arrival?.value == earliest)
        #expect(fastest.isFeasible)
        // Leaving as late as still makes that arrival: a minute later, nothing arrives by then.
        let later = Self.scanned(network, from: origins.map(\.handle.row), to: targets.map(\.handle.row), at: fastest.departure!.value + 1)
        #expect(later.compactMap { $0 }.min()! > earliest!)
        // Fewer changes, arriving later; the last option leaves later than the fastest.
        #expect(options[1].plan.segments.count < fastest.segments.count && options[1].plan.arrival! > fastest.arrival!)
        #expect(options[2].plan.departure! > fastest.departure!)
        // Every transfer respects the change times the search used.
        for option in options {
            for (index, transfer) in option.plan.transfers.enumerated() {
                #expect(transfer.minutes >= transfer.needed && !transfer.tight, "option \(option.kind) transfer \(index)")
            }
            #expect(option.plan.segments.first.map { origins.map(\.id).contains($0.board.id) } == true)
            #expect(option.plan.segments.last.map { targets.map(\.id).contains($0.alight.id) } == true)
        }
    }
}
