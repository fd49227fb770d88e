import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The latest-departure scan checked against brute force on the hand-written Tokyo
/// (`TokyoFixture`): for a deadline, the latest minute from which the forward Connection Scan
/// (checked itself in FastestRouteTests) still arrives in time, found by trying each minute back
/// from the deadline — and the minute worked out by hand from the fixture's trains. The real
/// network's: `RealDataRoutingTests`.
///
/// What the expected minutes are read from: 海岸線 inbound locals leave 港町 at :00 :15 :30 :45
/// (05:00–23:45, and 24:30), 中央通 +6, 渋谷坂 +14; outbound ones leave 渋谷坂 at :10 :25 :40 :55,
/// 中央通 +8. 副線 northbound locals leave 渋谷坂 at :05 :20 :35 :50 (to 23:35), 新宿原 +5, 池袋台 +12;
/// southbound ones leave 池袋台 at :08 :23 :38 :53, 渋谷坂 +12. 北線 outbound locals leave 池袋台 at
/// :00 :20 :40 (05:40–23:40), inbound ones 所沢野 at :05 :25 :45, 20 minutes. 環状線 outer laps leave
/// 渋谷坂 every 10 minutes (05:00–24:00): 新宿原 +4, 上野森 +12, 東京前 +18, 渋谷坂 +25; inner ones at
/// :05 … 24:05: 東京前 +7, 上野森 +13, 新宿原 +21. 銀線 east every 5 minutes from 05:30 to 23:45,
/// 表参 +3; west from 表参 2 minutes later. Changes are the rule's: at 渋谷坂 海岸線 ↔ 副線 2 minutes
/// (one platform group), to 環状線 or 銀線 5 (another operator's gates), 副線 → 銀線 4; at 池袋台 2.
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

    /// The scan's latest departure for `from` → `to` by `deadline` on `network`, checked against
    /// the brute force and for holding together.
    static func expectLatest(_ timetable: Timetable, _ network: RouteNetwork, from: String, to: String, deadline: Int,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
        let origins = try complex(from, timetable), targets = try complex(to, timetable)
        let latest = LatestDeparture(network: network, rules: rules)
        let journey = try #require(latest.run(from: origins, to: targets, arriveBy: deadline), sourceLocation: sourceLocation)
        let expected = bruteForce(network, from: origins, to: targets, arriveBy: deadline)
        #expect(journey.departure == expected, "\(from) → \(to) by \(ServiceMinute(deadline).clock)", sourceLocation: sourceLocation)
        #expect(journey.arrival <= deadline, sourceLocation: sourceLocation)
        // The journey holds together: each leg boards where the last one got off (or in the same complex), in time.
        #expect(origins.contains(network.from[journey.legs[0].board]), sourceLocation: sourceLocation)
        #expect(targets.contains(network.to[journey.legs.last!.exit]), sourceLocation: sourceLocation)
        for (a, b) in zip(journey.legs, journey.legs.dropFirst()) {
            #expect(network.arrival[a.exit] < network.departure[b.board] || network.to[a.exit] == network.from[b.board],
                    sourceLocation: sourceLocation)
        }
        return journey.departure
    }

    /// (from, to, deadline, the latest departure worked out by hand).
    @Test(arguments: [
        // The 07:15 local reaches 渋谷坂 07:29, 環状線 from 07:34: the inner 07:35 is at 上野森 07:48
        // (the 07:45 inner, 07:58, needs 渋谷坂 by 07:40; the 07:30 local arrives 07:44).
        ("港町", "上野森", 8 * 60, 7 * 60 + 15),
        // The 07:00 through express, one train to 所沢野 07:40; by locals the 07:15 reaches 池袋台
        // 07:47, after the 07:40 北線 has gone: 08:20.
        ("港町", "所沢野", 8 * 60, 7 * 60),
        // The outer lap from 東京前 07:08 ends at 渋谷坂 07:15; the next lap 07:20 is at 新宿原 07:24.
        // The inner from 東京前 07:12 arrives 07:26.
        ("東京前", "新宿原", 7 * 60 + 24, 7 * 60 + 8),
        // 銀線 west 23:02 → 渋谷坂 23:05, 5 minutes to the 海岸線 outbound 23:10 → 中央通 23:18 (the 23:25 arrives 23:33).
        ("表参", "中央通", 23 * 60 + 30, 23 * 60 + 2),
        // Past midnight: the 24:30 from 港町 is at 中央通 24:36.
        ("港町", "中央通", 24 * 60 + 40, 24 * 60 + 30),
        // Two changes: 北線 08:05 → 池袋台 08:25, 副線 08:38 → 渋谷坂 08:50, 4 minutes to the 銀線
        // 08:55 → 表参 08:58 (the 08:25 北線 reaches 池袋台 08:45, after the 08:38).
        ("所沢野", "表参", 9 * 60, 8 * 60 + 5),
    ])
    func matchesBruteForceAndTheHandWorkedMinute(from: String, to: String, deadline: Int, expected: Int) throws {
        let timetable = try TokyoFixture.timetable()
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let departure = try Self.expectLatest(timetable, network, from: from, to: to, deadline: deadline)
        #expect(departure == expected, "\(from) → \(to) by \(ServiceMinute(deadline).clock): \(departure.map { ServiceMinute($0).clock } ?? "-")")
    }

    /// The first train leaves 港町 05:00: 渋谷坂 05:14, the inner lap 05:25 reaches 東京前 05:32.
    /// Nothing arrives a minute earlier.
    @Test func nothingArrivesBeforeTheFirstTrains() throws {
        let timetable = try TokyoFixture.timetable()
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let latest = LatestDeparture(network: network, rules: Self.rules)
        let from = try Self.complex("港町", timetable), to = try Self.complex("東京前", timetable)
        #expect(latest.run(from: from, to: to, arriveBy: 4 * 60) == nil)
        #expect(latest.run(from: from, to: to, arriveBy: 5 * 60 + 31) == nil)
        let first = try #require(latest.run(from: from, to: to, arriveBy: 5 * 60 + 32))
        #expect(first.departure == 5 * 60 && first.arrival == 5 * 60 + 32)
    }

    /// 終電検索 (eki route last, /api/v1/route/last, /route/last): LastTrain — across changes, through
    /// service and past midnight — is the brute force's latest departure before the day's end, and
    /// the minute worked out by hand.
    @Test(arguments: [
        // 銀線's last east is 23:45; the 23:15 local reaches 渋谷坂 23:29 (the 23:30 arrives 23:44).
        ("港町", "表参", "23:15"),
        // 北線's last out is 23:40 (24:00 at 所沢野); 副線 23:20 reaches 池袋台 23:32, and the 23:00
        // local makes the 23:20 at 渋谷坂 (23:14) where the 23:15 (23:29) does not.
        ("港町", "所沢野", "23:00"),
        // The last inner lap (渋谷坂 24:05) is at 東京前 24:12 and 新宿原 24:26.
        ("東京前", "新宿原", "00:12"),
        // The 24:30 from 港町, past midnight.
        ("港町", "中央通", "00:30"),
        // The 23:45 local reaches 渋谷坂 23:59: the last inner lap 24:05, 上野森 24:18 (the last outer left 24:00).
        ("港町", "上野森", "23:45"),
    ])
    func lastTrainMatchesBruteForce(from: String, to: String, clock: String) throws {
        let timetable = try TokyoFixture.timetable()
        let planner = RoutePlanner(timetable: timetable, rules: Self.rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = LastTrain.complexStations(try timetable.resolveStations(from), timetable)
        let targets = LastTrain.complexStations(try timetable.resolveStations(to), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: targets, planner: planner, on: network))
        let expected = Self.bruteForce(network, from: origins.map { Int32($0.handle.row) }, to: targets.map { Int32($0.handle.row) },
                                       arriveBy: ServiceMinute.dayEnd)
        #expect(plan.departure?.value == expected, "\(from) → \(to): \(plan.departure?.clock ?? "-")")
        #expect(plan.departure?.clock == clock)
        #expect(plan.isFeasible)
        #expect((plan.segments.last?.arrival.value ?? .max) <= ServiceMinute.dayEnd)
    }

    @Test func theLastTrainTonightAsARoute() throws {
        // 終電: the latest way from 港町 that still reaches 渋谷坂 within the service day: the 24:30, at 渋谷坂 24:44.
        let timetable = try TokyoFixture.timetable()
        let planner = RoutePlanner(timetable: timetable, rules: Self.rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let from = try timetable.resolveStations("港町"), to = try timetable.resolveStations("渋谷坂")
        let plan = try #require(try LatestRoutes(planner: planner).search(from: from, to: to, arriveBy: ServiceMinute(ServiceMinute.dayEnd), on: network))
        #expect(plan.isFeasible)
        #expect(plan.segments.first?.board.name.ja == "港町")
        #expect(plan.segments.last?.alight.name.ja == "渋谷坂")
        #expect(plan.segments.map(\.departure.serviceClock) == ["24:30"] && plan.arrival?.serviceClock == "24:44")
        let expected = Self.bruteForce(network, from: from.map { Int32($0.handle.row) }, to: to.map { Int32($0.handle.row) }, arriveBy: ServiceMinute.dayEnd)
        #expect(plan.departure?.value == expected)
    }

    /// 終電 `from` → `to` on the Tuesday, with what found it.
    static func lastTrain(_ from: String, _ to: String) throws -> (timetable: Timetable, planner: RoutePlanner, network: RouteNetwork,
                                                                 origins: [Reference.Station], targets: [Reference.Station], plan: RoutePlan) {
        let timetable = try TokyoFixture.timetable()
        let planner = RoutePlanner(timetable: timetable, rules: rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: tuesday)
        let origins = LastTrain.complexStations(try timetable.resolveStations(from), timetable)
        let targets = LastTrain.complexStations(try timetable.resolveStations(to), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: targets, planner: planner, on: network))
        return (timetable, planner, network, origins, targets, plan)
    }

    /// Issue 29: a last-train plan once waited 18 minutes at a change for a later train although an
    /// earlier one got there too. Leaving at the same latest minute, the plan is the one that
    /// arrives first: 終電 港町 → 表参 leaves 23:15, is at 渋谷坂 23:29 and takes the first 銀線 the
    /// change allows (23:35, 表参 23:38), not the last (23:45).
    @Test func theLastTrainPlanTakesTheFirstConnectionAtEachChange() throws {
        let (_, _, network, origins, targets, plan) = try Self.lastTrain("港町", "表参")
        let departure = try #require(plan.departure?.value), arrival = try #require(plan.arrival?.value)
        #expect(plan.segments.map(\.departure.clock) == ["23:15", "23:35"])
        #expect(plan.segments.map(\.arrival.clock) == ["23:29", "23:38"])
        // Still the latest departure (lastTrainMatchesBruteForce), and the earliest arrival from it.
        let forward = ConnectionScan(network: network, rules: Self.rules)
        let best = forward.run(from: origins.map { Int32($0.handle.row) }, to: targets.map { Int32($0.handle.row) }, at: departure, slack: 0)
            .compactMap { $0?.arrival }.min()
        #expect(arrival == best, "arrives \(ServiceMinute(arrival).clock), could \(best.map { ServiceMinute($0).clock } ?? "-")")
        for (index, transfer) in plan.transfers.enumerated() {
            #expect(!transfer.impossible && !transfer.tight, "change \(index + 1)")
        }
        #expect(plan.transfers.map(\.minutes) == [6])
    }

    /// And at each change, what is left when it is missed: at 渋谷坂 the 銀線 23:45 still gets to 表参
    /// ("乗り遅れても 23:45 発があります"); on 港町 → 所沢野 (23:00, changing at 渋谷坂 and 池袋台) each
    /// planned train is the last that connects: the 副線 23:35 reaches 池袋台 23:47, after 北線's last.
    @Test func eachChangeSaysWhatIsLeftWhenItIsMissed() throws {
        let (timetable, planner, network, _, targets, plan) = try Self.lastTrain("港町", "表参")
        let fallbacks = LastTrain.fallbacks(plan, to: targets, planner: planner, on: network)
        #expect(fallbacks.map { $0?.departure.clock } == ["23:45"])
        // Named by its line and way, with when it gets there (the 23:45 reaches 表参 3 minutes on).
        let words = RouteWords.fallback(fallbacks[0]).ja
        #expect(fallbacks[0]?.railway?.name.ja == "銀線" && fallbacks[0]?.arrival.clock == "23:48", "\(String(describing: fallbacks[0]))")
        #expect(words.hasPrefix("乗り遅れても 23:45 発の銀線（") && words.hasSuffix("）で 23:48 着"), "\(words)")
        for (index, fallback) in fallbacks.enumerated() {
            // A fallback is later than the planned train, and itself still gets there in time.
            if let fallback {
                let later = try #require(LatestDeparture(network: network, rules: Self.rules)
                    .run(from: LastTrain.complexStations([plan.segments[index].alight], timetable).map { Int32($0.handle.row) },
                         to: targets.map { Int32($0.handle.row) }, arriveBy: ServiceMinute.dayEnd, earliest: fallback.departure.value))
                #expect(later.departure == fallback.departure.value && fallback.departure.value > plan.segments[index + 1].departure.value)
            }
        }
        let north = try Self.lastTrain("港町", "所沢野")
        #expect(north.plan.segments.map(\.departure.clock) == ["23:00", "23:20", "23:40"])
        let none = LastTrain.fallbacks(north.plan, to: north.targets, planner: north.planner, on: north.network)
        #expect(none.count == 2 && none.allSatisfy { $0 == nil })
        #expect(RouteWords.fallback(none[0]).ja == "乗り遅れると先へ進めません（これが最終）")
    }
}
