import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The Connection Scan checked against a round-based search written apart from it (RAPTOR-like:
/// round k boards every train reachable with k − 1 trains and rides it to the end), on the
/// hand-written Tokyo (`TokyoFixture`) for every pair of places and every number of trains; the
/// real network's sampled pairs: `RealDataRoutingTests`.
@Suite struct FastestRouteTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!
    static let rules = TransferRules()

    /// Earliest arrival at `targets` with at most k trains, k = 1…maxLegs (index 0 unused).
    static func rounds(_ trains: [RunningPart], reference: Reference, from origins: Set<Int64>, to targets: Set<Int64>,
                       at minute: Int, maxLegs: Int) -> [Int?] {
        var byRowId: [Int64: RunningPart] = [:]
        for train in trains { byRowId[train.handle.row] = train }
        // Where each train can be boarded: (train, stop index) by station.
        var boardings: [Int64: [(Int64, Int)]] = [:]
        for train in trains where train.stops.count > 1 {
            for index in 0 ..< train.stops.count - 1 { boardings[train.stops[index].station.row, default: []].append((train.handle.row, index)) }
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
            func ride(_ train: RunningPart, from index: Int, depth: Int) {
                for stop in train.stops[(index + 1)...] {
                    guard let time = stop.arrival ?? stop.departure else { continue }
                    arrivals[stop.station.row] = min(arrivals[stop.station.row] ?? .max, time)
                    if reference.crosses[stop.station] != nil {
                        let key = Across(station: stop.station.row, direction: train.direction.row)
                        arrivalsAcross[key] = min(arrivalsAcross[key] ?? .max, time)
                    }
                }
                guard depth < 8, let lastLeave = train.stops.dropLast().last.flatMap({ $0.departure ?? $0.arrival }) else { return }
                for next in train.next {
                    guard let following = byRowId[next.row], let first = following.stops.first,
                          let departure = first.departure ?? first.arrival, departure >= lastLeave else { continue }
                    ride(following, from: 0, depth: depth + 1)
                }
            }
            // Each train boarded at the earliest stop where it can be.
            var boarded: [Int64: Int] = [:]
            for station in improved {
                for (train, index) in boardings[station] ?? [] {
                    guard let part = byRowId[train],
                          let time = [ready[station], readyAcross[Across(station: station, direction: part.direction.row)]].compactMap({ $0 }).min()
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

    /// Every place of the fixture to every other (its nine complexes: 72 pairs), at minutes from the
    /// first trains to past midnight, with and without its reviewed table (whose changes across the
    /// island at 池袋台 the round-based search counts by the data's cross rows, as the scan does).
    @Test(arguments: [false, true])
    func onTheFixtureNoJourneyBeatsTheScanForAnyNumberOfTrains(reviewed: Bool) throws {
        let timetable = try reviewed ? TokyoFixture.reviewedTimetable() : TokyoFixture.timetable()
        let reference = timetable.reference
        let trains = try timetable.runningParts(on: Self.tuesday)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        #expect(network.tripCount == trains.count)
        let complexes = Set(reference.stations.values.map(\.complex)).sorted()
        #expect(complexes.count == 9)
        let minutes = [5 * 60, 6 * 60 + 58, 7 * 60 + 3, 8 * 60, 10 * 60 + 17, 18 * 60 + 29, 23 * 60 + 10, 23 * 60 + 50, 24 * 60 + 20]
        var compared = 0, threeTrains = 0
        for a in complexes {
            for b in complexes where a != b {
                let origins = reference.stations(in: a).map(\.handle.row), targets = reference.stations(in: b).map(\.handle.row)
                for minute in minutes {
                    let expected = Self.rounds(trains, reference: reference, from: Set(origins), to: Set(targets), at: minute,
                                               maxLegs: ConnectionScan.maxLegs)
                    let found = Self.scanned(network, from: origins, to: targets, at: minute)
                    let label = "\(reference.stations(in: a)[0].name.ja) → \(reference.stations(in: b)[0].name.ja) at \(ServiceMinute(minute))"
                    #expect(Array(found[1...]) == Array(expected[1...]), "\(label)")
                    if expected[2] == nil, expected[3] != nil { threeTrains += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared == 72 * minutes.count)
        // Not only one-train answers: 表参 ↔ 所沢野 and others take three trains.
        #expect(threeTrains > 0)
        // 所沢野 → 表参 from 08:00 (worked out by hand): 北線 08:05 → 池袋台 08:25, 副線 08:38 →
        // 渋谷坂 08:50, 銀線 08:55 → 表参 08:58; nothing with fewer trains.
        let from = try Self.complex(TokyoFixture.tokorozawano, reference), to = try Self.complex(TokyoFixture.omotesan, reference)
        #expect(Array(Self.scanned(network, from: from, to: to, at: 8 * 60)[1...3]) == [nil, nil, 8 * 60 + 58])
    }

    /// 東京前 → 新宿原 at 07:03 (worked out by hand from the 環状線's laps, which are not linked): the
    /// outer lap from 東京前 07:08 ends at 渋谷坂 07:15 and the next, 07:20, is at 新宿原 07:24 —
    /// fastest, two trains; the inner lap 07:12 goes the other way round in one train, 07:26 — fewer
    /// changes; after them the outer 07:18, changing at 渋谷坂 for the 07:30, 07:34 — later.
    @Test func tokyomaeToShinjukuharaOptionsAreFastestThenFewerChangesThenLater() throws {
        let timetable = try TokyoFixture.timetable()
        let reference = timetable.reference
        let search = FastestRoutes(planner: RoutePlanner(timetable: timetable, rules: Self.rules))
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = try Self.complex(TokyoFixture.tokyomae, reference).compactMap { reference.stations[StationHandle($0)] }
        let targets = try Self.complex(TokyoFixture.kanjoShinjukuhara, reference).compactMap { reference.stations[StationHandle($0)] }
        let at = ServiceInstant(parsing: "2026-11-24T07:03")!
        let options = try search.search(from: origins, to: targets, at: at, on: network)
        #expect(options.map(\.kind) == [.fastest, .fewerTransfers, .later])
        #expect(options.map { $0.plan.segments.map(\.departure.clock) } == [["07:08", "07:20"], ["07:12"], ["07:18", "07:30"]])
        #expect(options.map { $0.plan.arrival?.clock } == ["07:24", "07:26", "07:34"])
        #expect(options.map { $0.plan.segments.map(\.direction.id) } == [["OuterLoop", "OuterLoop"], ["InnerLoop"], ["OuterLoop", "OuterLoop"]])
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
        // Every transfer respects the change times the search used: the same railway's stop, 1 minute.
        for option in options {
            for (index, transfer) in option.plan.transfers.enumerated() {
                #expect(transfer.minutes >= transfer.needed && !transfer.tight, "option \(option.kind) transfer \(index)")
                #expect(transfer.needed == 1)
            }
            #expect(option.plan.segments.first.map { origins.map(\.id).contains($0.board.id) } == true)
            #expect(option.plan.segments.last.map { targets.map(\.id).contains($0.alight.id) } == true)
        }
    }
}
