import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The latest-departure scan checked against brute force on the full real network: for a deadline, the
/// latest minute from which the forward Connection Scan (checked itself in FastestRouteTests) still
/// arrives in time, found by trying each minute back from the deadline.
@Suite struct LatestDepartureTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!
    static let rules = TransferRules()

    static func complex(_ name: String, _ timetable: Timetable) throws -> [Int32] {
        let station = try #require(try timetable.resolveStations(name).first)
        return timetable.reference.stations(in: station.complex)
            .filter { $0.trains > 0 }.map { Int32($0.handle.row) }
    }

    /// The latest departure minute from which some journey (up to the forward scan's 6 trains) arrives by `deadline`.
    static func bruteForce(_ network: RouteNetwork, from: [Int32], to: [Int32], arriveBy deadline: Int) -> Int? {
        let forward = ConnectionScan(network: network, rules: rules)
        for minute in stride(from: deadline, through: deadline - 240, by: -1) {
            let arrivals = forward.run(from: from, to: to, at: minute, slack: 0).compactMap { $0?.arrival }
            if let arrival = arrivals.min(), arrival <= deadline { return minute }
        }
        return nil
    }

    @Test(arguments: [("馬車道", "東京", 10 * 60 + 15), ("渋谷", "品川", 8 * 60), ("池袋", "上野", 23 * 60 + 30),
                      ("中目黒", "新横浜", 7 * 60 + 40), ("新宿", "大宮", 18 * 60 + 5), ("元町・中華街", "東京", 24 * 60 + 30)])
    func matchesBruteForceOnRealPairs(from: String, to: String, deadline: Int) throws {
        let timetable = try SharedData.imported().timetable
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = try Self.complex(from, timetable), targets = try Self.complex(to, timetable)
        let latest = LatestDeparture(network: network, rules: Self.rules)
        let journey = try #require(latest.run(from: origins, to: targets, arriveBy: deadline))
        let expected = Self.bruteForce(network, from: origins, to: targets, arriveBy: deadline)
        #expect(journey.departure == expected, "\(from) → \(to) by \(ServiceMinute(deadline).clock)")
        #expect(journey.arrival <= deadline)
        // The journey holds together: each leg boards where the last one got off (or in the same complex), in time.
        #expect(origins.contains(network.from[journey.legs[0].board]))
        #expect(targets.contains(network.to[journey.legs.last!.exit]))
        for (a, b) in zip(journey.legs, journey.legs.dropFirst()) {
            #expect(network.arrival[a.exit] < network.departure[b.board] || network.to[a.exit] == network.from[b.board])
        }
    }

    @Test func nothingArrivesBeforeTheFirstTrains() throws {
        let timetable = try SharedData.imported().timetable
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let latest = LatestDeparture(network: network, rules: Self.rules)
        #expect(latest.run(from: try Self.complex("馬車道", timetable), to: try Self.complex("東京", timetable), arriveBy: 4 * 60) == nil)
    }

    /// 終電検索 (eki route last, /api/v1/route/last, /route/last): LastTrain on real pairs — across
    /// changes and through service (馬車道 → 池袋 rides the Minatomirai, Toyoko and Fukutoshin lines
    /// as one train) — is the brute force's latest departure before the day's end.
    @Test(arguments: [("馬車道", "池袋"), ("新宿", "大宮"), ("東京", "八王子"), ("中目黒", "横浜")])
    func lastTrainMatchesBruteForce(from: String, to: String) throws {
        let timetable = try SharedData.imported().timetable
        let planner = RoutePlanner(timetable: timetable, rules: Self.rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = LastTrain.complexStations(try timetable.resolveStations(from), timetable)
        let targets = LastTrain.complexStations(try timetable.resolveStations(to), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: targets, planner: planner, on: network))
        let expected = Self.bruteForce(network, from: origins.map { Int32($0.handle.row) }, to: targets.map { Int32($0.handle.row) },
                                       arriveBy: ServiceMinute.dayEnd)
        #expect(plan.departure?.value == expected, "\(from) → \(to): \(plan.departure?.clock ?? "-")")
        #expect(plan.isFeasible)
        #expect((plan.segments.last?.arrival.value ?? .max) <= ServiceMinute.dayEnd)
    }

    @Test func theLastTrainTonightAsARoute() throws {
        // 終電: the latest way from 馬車道 that still reaches 渋谷 within the service day.
        let timetable = try SharedData.imported().timetable
        let planner = RoutePlanner(timetable: timetable, rules: Self.rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let from = try timetable.resolveStations("馬車道"), to = try timetable.resolveStations("渋谷")
        let plan = try #require(try LatestRoutes(planner: planner).search(from: from, to: to, arriveBy: ServiceMinute(ServiceMinute.dayEnd), on: network))
        #expect(plan.isFeasible)
        #expect(plan.segments.first?.board.name.ja == "馬車道")
        #expect(plan.segments.last?.alight.name.ja == "渋谷")
        let expected = Self.bruteForce(network, from: from.map { Int32($0.handle.row) }, to: to.map { Int32($0.handle.row) }, arriveBy: ServiceMinute.dayEnd)
        #expect(plan.departure?.value == expected)
    }

    /// 終電 馬車道 → 池袋 on the Tuesday, with what found it.
    static func bashamichiToIkebukuro() throws -> (timetable: Timetable, planner: RoutePlanner, network: RouteNetwork,
                                                     origins: [Reference.Station], targets: [Reference.Station], plan: RoutePlan) {
        let timetable = try SharedData.imported().timetable
        let planner = RoutePlanner(timetable: timetable, rules: rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: tuesday)
        let origins = LastTrain.complexStations(try timetable.resolveStations("馬車道"), timetable)
        let targets = LastTrain.complexStations(try timetable.resolveStations("池袋"), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: targets, planner: planner, on: network))
        return (timetable, planner, network, origins, targets, plan)
    }

    /// Issue 29: 終電 馬車道 → 池袋 planned the 00:25 山手線 with an 18-minute wait at 品川 although the
    /// 00:12 gets there too. Leaving at the same latest minute, the plan is now the one that arrives
    /// first: no forward journey from that minute arrives earlier, and no change waits for a later
    /// train than it needs to.
    @Test func theLastTrainPlanTakesTheFirstConnectionAtEachChange() throws {
        let (_, _, network, origins, targets, plan) = try Self.bashamichiToIkebukuro()
        let departure = try #require(plan.departure?.value), arrival = try #require(plan.arrival?.value)
        // Still the latest departure (lastTrainMatchesBruteForce), and the earliest arrival from it.
        #expect(plan.segments.first?.board.name.ja == "馬車道")
        let forward = ConnectionScan(network: network, rules: Self.rules)
        let best = forward.run(from: origins.map { Int32($0.handle.row) }, to: targets.map { Int32($0.handle.row) }, at: departure, slack: 0)
            .compactMap { $0?.arrival }.min()
        #expect(arrival == best, "arrives \(ServiceMinute(arrival).clock), could \(best.map { ServiceMinute($0).clock } ?? "-")")
        #expect(ServiceMinute(arrival).clock != "01:03")
        // Every change takes the first train that can be made (nothing of the same way leaves earlier).
        for (index, transfer) in plan.transfers.enumerated() {
            #expect(!transfer.impossible && !transfer.tight, "change \(index + 1)")
            let next = plan.segments[index + 1]
            #expect(transfer.minutes < 18 || next.board.name.ja != "品川", "品川: \(transfer.minutes) min")
        }
    }

    /// And at each change, what is left when it is missed: at 品川 the 00:25 still gets to 池袋 (the
    /// issue's "乗り遅れても 00:25 があります"); at 横浜 the planned train is the last.
    @Test func eachChangeSaysWhatIsLeftWhenItIsMissed() throws {
        let (timetable, planner, network, _, targets, plan) = try Self.bashamichiToIkebukuro()
        let fallbacks = LastTrain.fallbacks(plan, to: targets, planner: planner, on: network)
        #expect(fallbacks.count == plan.transfers.count)
        #expect(plan.transfers.count >= 2 && fallbacks.first == .some(nil), "横浜: \(fallbacks)")
        let shinagawa = try #require(plan.segments.dropFirst().firstIndex { $0.board.name.ja == "品川" })
        #expect(fallbacks[shinagawa - 1]?.clock == "00:25")
        #expect(RouteWords.fallback(fallbacks[shinagawa - 1]).ja == "乗り遅れても 00:25 発があります")
        for (index, fallback) in fallbacks.enumerated() {
            // A fallback is later than the planned train, and itself still gets there in time.
            if let fallback {
                let later = try #require(LatestDeparture(network: network, rules: Self.rules)
                    .run(from: LastTrain.complexStations([plan.segments[index].alight], timetable).map { Int32($0.handle.row) },
                         to: targets.map { Int32($0.handle.row) }, arriveBy: ServiceMinute.dayEnd, earliest: fallback.value))
                #expect(later.departure == fallback.value && fallback.value > plan.segments[index + 1].departure.value)
            }
        }
    }
}
