import EkiCore
import EkiStore
import EkiTestSupport
import Testing
@testable import EkiRouting

/// One change rule (issues 28 and 29): the fastest-route and last-train scans read change times from the
/// route network's tables (`ChangeTimes`), the DIY planner from `TransferRules.needed`. For every
/// pair of stations of every complex, and every change the source names, both give the same minutes.
@Suite struct ChangeRuleTests {
    static func expectOneRule(_ reference: Reference, rules: TransferRules, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let network = RouteNetwork(trains: [], reference: reference, serviceDate: CivilDate(iso: "2026-11-24")!)
        let change = ChangeTimes(rules)
        let byRow = Dictionary(uniqueKeysWithValues: reference.stations.values.map { ($0.handle.row, $0) })
        var pairs = 0
        for a in reference.stations.values where Int(a.handle.row) < network.neighbours.count {
            #expect(Int(change.stay(network, Int(a.handle.row))) == rules.needed(from: a, to: a, reference: reference) ?? Int(Int16.max / 2),
                    "\(a.id)", sourceLocation: sourceLocation)
            for neighbour in network.neighbours[Int(a.handle.row)] {
                guard let b = byRow[Int64(neighbour.station)] else { continue }
                #expect(Int(change.to(neighbour)) == rules.needed(from: a, to: b, reference: reference), "\(a.id) → \(b.id)",
                        sourceLocation: sourceLocation)
                pairs += 1
            }
            // Across the platform: only for the pairs of directions the data names.
            let codes = Dictionary(uniqueKeysWithValues: reference.directions.values.map { (Int32(clamping: $0.handle.row), $0.id) })
            for x in Int(network.crossStart[Int(a.handle.row)]) ..< Int(network.crossStart[Int(a.handle.row) + 1]) {
                let cross = network.crosses[x]
                guard let b = byRow[Int64(cross.station)] else { continue }
                let arriving = codes[cross.arriving], departing = codes[network.slotDirections[Int(cross.slot)]]
                #expect(Int(change.across(cross)) == rules.needed(from: a, to: b, arriving: arriving, departing: departing, reference: reference),
                        "\(a.id) → \(b.id) across", sourceLocation: sourceLocation)
                pairs += 1
            }
        }
        return pairs
    }

    @Test func theScansAndThePlannerCountTheSameMinutesOnTheRealData() throws {
        let reference = try SharedData.imported().timetable.reference
        #expect(Self.expectOneRule(reference, rules: TransferRules()) > 1000)
        #expect(Self.expectOneRule(reference, rules: .mustHold) > 1000)
        #expect(Self.expectOneRule(reference, rules: TransferRules(pace: .hurry)) > 1000)
        #expect(Self.expectOneRule(reference, rules: TransferRules(pace: .relaxed)) > 1000)
    }

    @Test func aFeedsOwnChangeTimesWinEverywhere() throws {
        // Two minutes from X1 to X2, and the way back not possible at all (transfer_type 3).
        let feed = try FeedFixtures.importFeed(["transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nX1,X2,2,120\nX2,X1,3,\n"],
                                               base: FeedRoutingTests.twoLines)
        defer { feed.scratch.remove() }
        let reference = feed.timetable.reference
        #expect(!reference.transfers.isEmpty)
        #expect(Self.expectOneRule(reference, rules: TransferRules()) > 0)
        // The feed's stops X1 and X2 are Cross on line L and Cross on line M.
        let x1 = try #require(reference.stations[id: "L:X"])
        let x2 = try #require(reference.stations[id: "M:X"])
        #expect(TransferRules().needed(from: x1, to: x2, reference: reference) == 2)
        #expect(TransferRules().needed(from: x2, to: x1, reference: reference) == nil)
        let planner = RoutePlanner(timetable: feed.timetable)
        #expect(planner.earliestBoarding(after: 480, alight: x1, board: x2) == 482)
    }
}
