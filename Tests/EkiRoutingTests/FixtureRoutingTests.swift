import EkiCore
import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Fastest routes on the hand-written Tokyo in memory (`TokyoFixture`): the through express beats
/// three changes of local trains, and the parts the scan found reach the planner without being
/// looked up again by their ids.
@Suite struct FixtureRoutingTests {
    static let tuesday = CivilDate(iso: "2026-12-01")!

    static func fastest(_ timetable: Timetable, from: String, to: String, at clock: String) throws -> [FastestOption] {
        let instant = try #require(ServiceInstant(parsing: "\(tuesday.iso)T\(clock)"))
        let network = try RouteNetwork(timetable: timetable, serviceDate: tuesday)
        return try FastestRoutes(planner: RoutePlanner(timetable: timetable))
            .search(from: LastTrain.complexStations(try timetable.resolveStations(from), timetable),
                    to: LastTrain.complexStations(try timetable.resolveStations(to), timetable), at: instant, on: network)
    }

    @Test func theThroughExpressIsOneTrainAcrossThreeRailways() throws {
        let options = try Self.fastest(try TokyoFixture.timetable(), from: "港町", to: "所沢野", at: "06:55")
        let first = try #require(options.first)
        #expect(first.kind == .fastest)
        #expect(first.plan.segments.count == 1)
        let ride = try #require(first.plan.segments.first)
        #expect(ride.departure.clock == "07:00" && ride.arrival.clock == "07:40")
        #expect(ride.category == .express)
        #expect(ride.destination.ja == "所沢野")
        #expect(ride.partIds.map(\.id) == TokyoFixture.throughParts)
    }

    @Test func theScansPartsAreNotLookedUpAgainByTheirIds() throws {
        let counted = try TokyoFixture.Counted()
        // Built before counting: the network's own reads are not the route's.
        let network = try RouteNetwork(timetable: counted.timetable, serviceDate: Self.tuesday)
        let timetable = counted.timetable
        let instant = try #require(ServiceInstant(parsing: "2026-12-01T06:55"))
        let from = LastTrain.complexStations(try timetable.resolveStations("港町"), timetable)
        let to = LastTrain.complexStations(try timetable.resolveStations("表参"), timetable)
        var options: [FastestOption] = []
        let statements = try counted.count {
            options = try FastestRoutes(planner: RoutePlanner(timetable: timetable)).search(from: from, to: to, at: instant, on: network)
        }
        // 港町 07:00 → 渋谷坂 07:14, change to 銀線 07:20 (5 minutes to another group) → 表参 07:23.
        let fastest = try #require(options.first)
        #expect(fastest.plan.segments.map(\.departure.clock) == ["07:00", "07:20"])
        #expect(fastest.plan.segments.last?.arrival.clock == "07:23")
        // A train resolved by the id a rider types (code or trip_id) is what a DIY route does; a
        // fastest route hands the planner the parts it read by row id.
        #expect(statements.filter { $0.contains("t.trip_id = ?") }.isEmpty, "\(statements)")
    }
}
