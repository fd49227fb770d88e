import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Routes over feeds nobody here wrote: a feed's own minimum transfer times, and a railway that
/// never sleeps (a night train of the day before, boarded at 03:11, is a train of this day's route).
@Suite struct FeedRoutingTests {
    /// Two lines meeting at one station (parent X) on platforms of their own: L arrives at X1 at
    /// 08:00; M leaves X2 at 08:03 and 08:10.
    static let twoLines: [String: String] = {
        var files = FeedFixtures.small
        files["stops.txt"] = """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            A,Alpha,52.50,13.40,0,
            X,Cross,52.51,13.41,1,
            X1,Cross,52.51,13.41,0,X
            X2,Cross,52.5101,13.4101,0,X
            D,Delta,52.53,13.43,0,

            """
        files["routes.txt"] = "route_id,route_short_name,route_long_name,route_type\nL,L1,Line One,2\nM,M2,Line Two,2\n"
        files["trips.txt"] = "route_id,service_id,trip_id,trip_headsign\nL,WK,T1,Cross\nM,WK,U1,Delta\nM,WK,U2,Delta\n"
        files["stop_times.txt"] = """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T1,07:50:00,07:50:00,A,1
            T1,08:00:00,08:00:00,X1,2
            U1,08:03:00,08:03:00,X2,1
            U1,08:20:00,08:20:00,D,2
            U2,08:10:00,08:10:00,X2,1
            U2,08:27:00,08:27:00,D,2

            """
        return files
    }()

    func fastest(_ timetable: Timetable, from: String, to: String, at: String) throws -> [String] {
        let search = FastestRoutes(planner: RoutePlanner(timetable: timetable, rules: TransferRules()))
        let instant = try #require(ServiceInstant(parsing: at))
        let network = try RouteNetwork(timetable: timetable, serviceDate: instant.serviceDate)
        let options = try search.search(from: try timetable.resolveStations(from), to: timetable.stations(matching: to),
                                        at: instant, on: network)
        return (options.first?.plan.segments ?? []).map { "\($0.departure.clock) \($0.publicTrain)" }
    }

    @Test func theFeedsMinimumTransferTimeIsUsed() throws {
        // Without transfers.txt a change between platform groups takes the 5-minute walk: 08:10.
        let plain = try FeedFixtures.importFeed([:], base: Self.twoLines)
        defer { plain.scratch.remove() }
        #expect(try fastest(plain.timetable, from: "A", to: "D", at: "2026-03-02T07:30") == ["07:50 T1", "08:10 U2"])
        // The feed says two minutes are enough from X1 to X2: the 08:03.
        let quick = try FeedFixtures.importFeed(["transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nX1,X2,2,120\n"],
                                                base: Self.twoLines)
        defer { quick.scratch.remove() }
        #expect(try fastest(quick.timetable, from: "A", to: "D", at: "2026-03-02T07:30") == ["07:50 T1", "08:03 U1"])
        // And that it takes a quarter of an hour: no change in time for either; the next day's.
        let slow = try FeedFixtures.importFeed(["transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nX1,X2,2,900\n"],
                                               base: Self.twoLines)
        defer { slow.scratch.remove() }
        #expect(try fastest(slow.timetable, from: "A", to: "D", at: "2026-03-02T07:30") == [])
    }

    /// The end of a feed's line has arrivals only: a rider can go there (fastest, last train, route
    /// add --to), though no board is shown for it. 終電 to it plans the first connection at the change
    /// (the feed's 2 minutes at Cross) and names the later train left if it is missed.
    @Test func theEndOfALineIsADestination() throws {
        var files = Self.twoLines
        files["trips.txt"]! += "M,WK,U3,Delta\n"
        files["stop_times.txt"]! += "U3,24:30:00,24:30:00,X2,1\nU3,24:47:00,24:47:00,D,2\n"
        let feed = try FeedFixtures.importFeed(["transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nX1,X2,2,120\n"],
                                               base: files)
        defer { feed.scratch.remove() }
        let timetable = feed.timetable
        #expect(throws: ResolveError.self) { try timetable.resolveStations("Delta") }
        let delta = try timetable.resolveDestinations("Delta")
        #expect(delta.map(\.publicId) == ["D"])
        #expect(throws: ResolveError.noStation("Omega", suggestions: [])) { try timetable.resolveDestinations("Omega") }
        let planner = RoutePlanner(timetable: timetable)
        let network = try RouteNetwork(timetable: timetable, serviceDate: CivilDate(iso: "2026-03-02")!)
        let origins = LastTrain.complexStations(try timetable.resolveStations("Alpha"), timetable)
        let plan = try #require(try LastTrain.search(from: origins, to: delta, planner: planner, on: network))
        // T1 07:50 is the only train from Alpha; at Cross the 08:03 (2 minutes, as the feed says), not the 08:10 or 24:30.
        #expect(plan.segments.map { "\($0.departure.clock) \($0.publicTrain)" } == ["07:50 T1", "08:03 U1"])
        #expect(plan.transfers.first?.needed == 2)
        #expect(LastTrain.fallbacks(plan, to: delta, planner: planner, on: network).map { $0?.departure.clock } == ["00:30"])
    }

    @Test func aNightTrainOfTheDayBeforeIsRiddenOnThisDaysRoute() throws {
        let timetable = try FeedFixtures.imported("nightSubway").timetable
        #expect(try fastest(timetable, from: "127", to: "101", at: "2024-12-03T03:10") == ["03:11 1_2700_N"])
        // As a DIY route of Tuesday: the train of Monday's service at 27:11 is Tuesday's 03:11.
        let planner = RoutePlanner(timetable: timetable)
        let route = Route(serviceDate: try #require(CivilDate(iso: "2024-12-03")),
                          segments: [.init(train: "1_2700_N", board: "127", alight: "101")])
        let plan = try planner.plan(route)
        #expect(plan.segments.map { "\($0.departure.clock)–\($0.arrival.clock) \($0.publicTrain) \($0.board.publicId)→\($0.alight.publicId)" }
            == ["03:11–03:40 1_2700_N 127→101"])
        // The next segment a rider adds at 03:10 is that train too.
        let boards = try timetable.resolveStations("127").filter { timetable.reference.railwayId(of: $0) == "1" }
        let next = try planner.nextSegment(from: boards, to: timetable.stations(matching: "101"),
                                           on: try #require(CivilDate(iso: "2024-12-03")), after: 190)
        #expect(next.map { "\($0.departure.clock) \($0.publicTrain)" } == "03:11 1_2700_N")
    }
}
