import EkiCore
import EkiStore
import EkiTestSupport
import Testing
@testable import EkiRouting

/// One change rule (issues 28 and 29): the fastest-route and last-train scans read change times from the
/// route network's tables (`ChangeTimes`), the DIY planner from `TransferRules.needed`. For every
/// pair of stations of every complex, and every change the source names, both give the same minutes:
/// on the hand-written Tokyo here, on the real data's reviewed table in `RealDataRoutingTests`.
@Suite struct ChangeRuleTests {
    static func expectOneRule(_ reference: Reference, rules: TransferRules, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let network = RouteNetwork(trains: [], reference: reference, serviceDate: CivilDate(iso: "2026-11-24")!)
        let change = ChangeTimes(rules)
        let byRow = Dictionary(uniqueKeysWithValues: reference.stations.values.map { ($0.handle.row, $0) })
        var pairs = 0
        for a in reference.stations.values where Int(a.handle.row) < network.stationCount {
            #expect(Int(change.stay(network, Int(a.handle.row))) == rules.needed(from: a, to: a, reference: reference) ?? Int(Int16.max / 2),
                    "\(a.id)", sourceLocation: sourceLocation)
            for neighbour in network.neighbours(of: Int(a.handle.row)) {
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

    /// On the hand-written Tokyo every change is the rule's: 16 pairs of stations of one complex
    /// (渋谷坂's four stations 4 × 3, 新宿原's two and 池袋台's two 2 × 1 each) and no change across
    /// a platform. With its reviewed table (`withReviewedChanges`), two of those pairs take the
    /// table's figure and one pair of directions at 池袋台 crosses the island: 17.
    @Test func theScansAndThePlannerCountTheSameMinutes() throws {
        let plain = try TokyoFixture.timetable().reference
        let reviewed = try TokyoFixture.reviewedTimetable().reference
        for rules in [TransferRules(), .mustHold, TransferRules(pace: .hurry), TransferRules(pace: .relaxed)] {
            #expect(Self.expectOneRule(plain, rules: rules) == 16, "\(rules)")
            #expect(Self.expectOneRule(reviewed, rules: rules) == 17, "\(rules)")
        }
        // The table's figures are what both count: 8 minutes 海岸線 → 銀線 at 渋谷坂 (the rule: 5),
        // 1 across the island at 池袋台 for a 副線 train going north to a 北線 train going out (the rule: 2).
        func station(_ id: String) throws -> Reference.Station { try #require(reviewed.stations[id: id]) }
        let kaigan = try station(TokyoFixture.kaiganShibuyazaka), gin = try station(TokyoFixture.ginShibuyazaka)
        #expect(TransferRules().needed(from: kaigan, to: gin, reference: reviewed) == 8)
        let plainKaigan = try #require(plain.stations[id: TokyoFixture.kaiganShibuyazaka])
        #expect(TransferRules().needed(from: plainKaigan, to: try #require(plain.stations[id: TokyoFixture.ginShibuyazaka]),
                                       reference: plain) == 5)
        let fuku = try station(TokyoFixture.fukuIkebukurodai), kita = try station(TokyoFixture.kitaIkebukurodai)
        #expect(TransferRules().needed(from: fuku, to: kita, arriving: "Northbound", departing: "Outbound", reference: reviewed) == 1)
        #expect(TransferRules().needed(from: fuku, to: kita, reference: reviewed) == 2)
    }

    /// The kept network file holds the change tables (a fresh process no longer asks the rule for
    /// every pair): read back they are the ones built, on the reviewed table's Tokyo (a change
    /// across the island included); a change section with a minute past the longest change, or the
    /// file under another key, is not read.
    @Test func theKeptFileHoldsTheChangeTablesBuilt() throws {
        let timetable = try TokyoFixture.reviewedTimetable()
        let date = CivilDate(iso: "2026-11-24")!
        let built = try RouteNetwork(timetable: timetable, serviceDate: date)
        #expect(built.crosses.count == 1 && !built.neighbourList.isEmpty)
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let file = scratch.file("route-network-test.bin")
        #expect(built.save(to: file, key: "this database, this eki"))
        let read = try #require(RouteNetwork(file: file, key: "this database, this eki", reference: timetable.reference, serviceDate: date))
        #expect(read.changes == built.changes)
        #expect(read.connectionCount == built.connectionCount && read.connectionCount > 0)
        #expect(RouteNetwork(file: file, key: "another eki", reference: timetable.reference, serviceDate: date) == nil)
        // A file whose checksum holds but whose change section does not: the last neighbour's
        // minutes past `longestChange`, or a neighbour that is no station of the network.
        var longer = built
        longer.changes.neighbourList[longer.neighbourList.count - 1].minutes = RouteNetwork.longestChange + 1
        var nowhere = built
        nowhere.changes.neighbourList[0].station = Int32(built.stationCount)
        for damaged in [longer, nowhere] {
            #expect(damaged.save(to: file, key: "this database, this eki"))
            #expect(RouteNetwork(file: file, key: "this database, this eki", reference: timetable.reference, serviceDate: date) == nil)
        }
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
