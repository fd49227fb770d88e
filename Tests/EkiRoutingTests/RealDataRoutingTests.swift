import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Routing proved on the real thing (../shared, imported once per test process): what only the
/// real data can show — the reviewed interchange table's thousands of changes counted alike by the
/// scans and the planner, the fastest route against an independent search over the whole real
/// network, real last trains through five railways and past midnight (issue 29's 終電 馬車道 →
/// 池袋). The logic itself is tested on the hand-written Tokyo (`TokyoFixture`) in the suites
/// beside this one; every test here is skipped, and says so, where the real data is not there.
@Suite struct RealDataRoutingTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!
    static let rules = TransferRules()

    static func timetable() throws -> Timetable { try SharedData.imported().timetable }

    // MARK: - One change rule

    /// Every pair of stations of every real complex and every cross row of the reviewed table.
    @Test func theScansAndThePlannerCountTheSameMinutesOnTheRealData() throws {
        let reference = try Self.timetable().reference
        #expect(ChangeRuleTests.expectOneRule(reference, rules: TransferRules()) > 1000)
        #expect(ChangeRuleTests.expectOneRule(reference, rules: .mustHold) > 1000)
        #expect(ChangeRuleTests.expectOneRule(reference, rules: TransferRules(pace: .hurry)) > 1000)
        #expect(ChangeRuleTests.expectOneRule(reference, rules: TransferRules(pace: .relaxed)) > 1000)
    }

    // MARK: - Fastest routes

    @Test func onTheFullNetworkTheEarliestArrivalMatchesForSampledPairs() throws {
        let timetable = try Self.timetable()
        let reference = timetable.reference
        let trains = try timetable.runningTrains(on: Self.tuesday)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        #expect(network.tripCount == trains.count)
        // Busy stations, so that most pairs connect within the day.
        let busy = reference.stations.values.filter { $0.trains > 1500 }.map(\.id).sorted()
        var generator = SplitMix64(seed: 11)
        var compared = 0
        for _ in 0 ..< 15 {
            let from = busy.randomElement(using: &generator)!, to = busy.randomElement(using: &generator)!
            let origins = try FastestRouteTests.complex(from, reference), targets = try FastestRouteTests.complex(to, reference)
            guard Set(origins).isDisjoint(with: targets) else { continue }
            let minute = Int.random(in: 360 ... 1320, using: &generator)
            let expected = FastestRouteTests.rounds(trains, reference: reference, from: Set(origins), to: Set(targets), at: minute,
                                                    maxLegs: ConnectionScan.maxLegs)
            let found = FastestRouteTests.scanned(network, from: origins, to: targets, at: minute)
            #expect(found.last! == expected.last!, "\(from) → \(to) at \(ServiceMinute(minute))")
            if expected.last! != nil { compared += 1 }
        }
        #expect(compared >= 10)
    }

    // MARK: - Latest departures and last trains

    @Test(arguments: [("馬車道", "東京", 10 * 60 + 15), ("中目黒", "新横浜", 7 * 60 + 40), ("元町・中華街", "東京", 24 * 60 + 30)])
    func latestDepartureMatchesBruteForceOnRealPairs(from: String, to: String, deadline: Int) throws {
        let timetable = try Self.timetable()
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        _ = try LatestDepartureTests.expectLatest(timetable, network, from: from, to: to, deadline: deadline)
    }

    /// 終電検索 on real pairs — across changes and through service (馬車道 → 池袋 rides the
    /// Minatomirai, Toyoko and Fukutoshin lines as one train) — is the brute force's latest
    /// departure before the day's end.
    @Test(arguments: [("新宿", "大宮"), ("東京", "八王子")])
    func lastTrainMatchesBruteForce(from: String, to: String) throws {
        let timetable = try Self.timetable()
        let planner = RoutePlanner(timetable: timetable, rules: Self.rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = LastTrain.complexStations(try timetable.resolveStations(from), timetable)
        let targets = LastTrain.complexStations(try timetable.resolveStations(to), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: targets, planner: planner, on: network))
        let expected = LatestDepartureTests.bruteForce(network, from: origins.map { Int32($0.handle.row) },
                                                       to: targets.map { Int32($0.handle.row) }, arriveBy: ServiceMinute.dayEnd)
        #expect(plan.departure?.value == expected, "\(from) → \(to): \(plan.departure?.clock ?? "-")")
        #expect(plan.isFeasible)
        #expect((plan.segments.last?.arrival.value ?? .max) <= ServiceMinute.dayEnd)
    }

    /// Issue 29: 終電 馬車道 → 池袋 planned the 00:25 山手線 with an 18-minute wait at 品川 although the
    /// 00:12 gets there too. The plan leaves at the brute force's latest minute, arrives as early as
    /// any journey from then, waits at no change for a later train than it needs to, and says at
    /// 品川 that the 00:25 is still there ("乗り遅れても 00:25 があります"); at 横浜 the planned train
    /// is the last.
    @Test func theLastTrainFromBashamichiToIkebukuro() throws {
        let timetable = try Self.timetable()
        let planner = RoutePlanner(timetable: timetable, rules: Self.rules)
        let network = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        let origins = LastTrain.complexStations(try timetable.resolveStations("馬車道"), timetable)
        let targets = LastTrain.complexStations(try timetable.resolveStations("池袋"), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: targets, planner: planner, on: network))
        let from = origins.map { Int32($0.handle.row) }, to = targets.map { Int32($0.handle.row) }
        let departure = try #require(plan.departure?.value), arrival = try #require(plan.arrival?.value)
        #expect(departure == LatestDepartureTests.bruteForce(network, from: from, to: to, arriveBy: ServiceMinute.dayEnd))
        #expect(plan.segments.first?.board.name.ja == "馬車道")
        let best = ConnectionScan(network: network, rules: Self.rules).run(from: from, to: to, at: departure, slack: 0)
            .compactMap { $0?.arrival }.min()
        #expect(arrival == best, "arrives \(ServiceMinute(arrival).clock), could \(best.map { ServiceMinute($0).clock } ?? "-")")
        #expect(ServiceMinute(arrival).clock != "01:03")
        for (index, transfer) in plan.transfers.enumerated() {
            #expect(!transfer.impossible && !transfer.tight, "change \(index + 1)")
            #expect(transfer.minutes < 18 || plan.segments[index + 1].board.name.ja != "品川", "品川: \(transfer.minutes) min")
        }
        let fallbacks = LastTrain.fallbacks(plan, to: targets, planner: planner, on: network)
        #expect(fallbacks.count == plan.transfers.count)
        #expect(plan.transfers.count >= 2 && fallbacks.first == .some(nil), "横浜: \(fallbacks)")
        let shinagawa = try #require(plan.segments.dropFirst().firstIndex { $0.board.name.ja == "品川" })
        #expect(fallbacks[shinagawa - 1]?.clock == "00:25")
        #expect(RouteWords.fallback(fallbacks[shinagawa - 1]).ja == "乗り遅れても 00:25 発があります")
    }
}
