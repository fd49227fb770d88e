import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// DIY routes over the real data: Bashamichi → Naka-meguro on the Minatomirai line's through
/// trains, then the Hibiya line to Ginza, on Tuesday 2026-11-24 (a weekday).
@Suite struct DIYRouteTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!
    static let bashamichi = "Minatomirai.Minatomirai.Bashamichi"
    static let nakaMeguroToyoko = "Tokyu.Toyoko.NakaMeguro"
    static let nakaMeguroHibiya = "TokyoMetro.Hibiya.NakaMeguro"
    static let ginzaHibiya = "TokyoMetro.Hibiya.Ginza"
    /// The 07:37 express from Bashamichi, through the Toyoko line to Kotesashi.
    static let express0737 = "Minatomirai.Minatomirai.060072.Weekday"

    static func planner() throws -> RoutePlanner {
        RoutePlanner(timetable: try SharedData.imported().timetable)
    }

    /// The two-train route, the second train chosen as the first to reach Ginza after arriving.
    static func twoTrainRoute() throws -> (RoutePlanner, RoutePlan) {
        let planner = try planner()
        let reference = planner.timetable.reference
        let first = try planner.segment(.init(train: express0737, board: bashamichi, alight: nakaMeguroToyoko), on: tuesday)
        let hibiya = try #require(reference.stations[id: nakaMeguroHibiya])
        let ginza = try #require(reference.stations[id: ginzaHibiya])
        // The next train once the change from this one can be made (across the platform to the
        // 日比谷線 for 北千住, the way this train was going).
        let second = try #require(try planner.nextSegment(from: [hibiya], to: [ginza], on: tuesday, after: first.arrival.value,
                                                          arrivedOn: RoutePlanner.Arrival(first)))
        let plan = try planner.plan(Route(serviceDate: tuesday, segments: [first.choice, second.choice]))
        return (planner, plan)
    }

    @Test func bashamichiToGinzaByNakaMeguroIsTwoTrains() throws {
        let (_, plan) = try Self.twoTrainRoute()
        #expect(plan.segments.count == 2)
        let first = plan.segments[0], second = plan.segments[1]
        // The express leaves Bashamichi 07:37 and runs through onto the Toyoko line: Naka-meguro 08:18.
        #expect(first.departure.clock == "07:37" && first.arrival.clock == "08:18")
        #expect(first.category == .express)
        #expect(first.direction.id == "Inbound")
        #expect(first.destination.ja == "小手指")
        #expect(first.parts == ["Minatomirai.Minatomirai.060072.Weekday", "Tokyu.Toyoko.060072.Weekday"])
        // The through stop is one stop: arriving on the Minatomirai part at Yokohama, leaving on the Toyoko part.
        let yokohama = try #require(first.stops.first { $0.station.name.ja == "横浜" })
        #expect(yokohama.arrivedAt?.id == "Minatomirai.Minatomirai.Yokohama" && yokohama.station.id == "Tokyu.Toyoko.Yokohama")
        #expect(first.stops.filter { $0.station.name.ja == "横浜" }.count == 1)
        // Naka-meguro's Toyoko and Hibiya trains stand across one platform (the reviewed table):
        // 1 minute is enough, and 08:19 is the train.
        #expect(plan.transfers == [RoutePlan.Transfer(minutes: 1, place: .samePlatform, walkMeters: nil, needed: 1, kind: .crossPlatform)])
        #expect(second.board.id == Self.nakaMeguroHibiya && second.departure.clock == "08:19")
        #expect(second.alight.id == Self.ginzaHibiya && second.arrival.clock == "08:40")
        #expect(second.destination.ja == "北千住")
        #expect(plan.isFeasible && !plan.transfers[0].tight)
        // Its stops agree with the raw timetable.
        let raw = RawTrains.shared
        #expect(raw.arrival(of: Self.express0737, boarding: Self.bashamichi, at: [Self.nakaMeguroToyoko]) == first.arrival.value)
        #expect(raw.arrival(of: second.choice.train, boarding: Self.nakaMeguroHibiya, at: [Self.ginzaHibiya]) == second.arrival.value)
    }

    @Test func alternativesMatchABruteForceScanOfTheRawTimetable() throws {
        let (planner, plan) = try Self.twoTrainRoute()
        let raw = RawTrains.shared
        for index in plan.segments.indices {
            let segment = plan.segments[index]
            let alternatives = try planner.alternatives(in: plan, segment: index)
            // Every train leaving this board station in this direction today that reaches the alight
            // station's platforms, in departure order.
            let targets = Set([segment.alight.id] + (index == 0 ? [Self.nakaMeguroHibiya] : []))
            let service = ".Weekday"
            var reaching: [(departure: Int, arrival: Int, id: String)] = []
            for train in raw.trains.values where train.id.hasSuffix(service) && train.direction == segment.direction.id {
                guard let stop = train.stops.dropLast().first(where: { $0.station == segment.board.id }),
                      let departure = stop.departure,
                      let arrival = raw.arrival(of: train.id, boarding: segment.board.id, at: targets) else { continue }
                reaching.append((departure, arrival, train.id))
            }
            reaching.sort { ($0.departure, $0.id) < ($1.departure, $1.id) }
            let position = try #require(reaching.firstIndex { $0.id == segment.choice.train })
            let before = reaching[..<position].suffix(2), after = reaching[(position + 1)...].prefix(2)
            #expect(alternatives.earlier.map(\.segment.choice.train) == before.map(\.id))
            #expect(alternatives.later.map(\.segment.choice.train) == after.map(\.id))
            #expect(alternatives.earlier.map(\.segment.arrival.value) == before.map(\.arrival))
            #expect(alternatives.later.map(\.segment.arrival.value) == after.map(\.arrival))
            for alternative in alternatives.earlier + alternatives.later {
                #expect(alternative.departsBy == alternative.segment.departure.value - segment.departure.value)
                #expect(alternative.arrivesBy == alternative.segment.arrival.value - segment.arrival.value)
            }
        }
        // "The local leaving 6 minutes earlier arrives 6 minutes later than the express."
        let first = try planner.alternatives(in: plan, segment: 0)
        #expect(first.earlier.map(\.segment.departure.clock) == ["07:31", "07:34"])
        #expect(first.earlier[0].departsBy == -6 && first.earlier[0].arrivesBy == 6)
    }

    @Test func aTransferIntoATrainThatHasLeftIsImpossibleAndASwapIsProposed() throws {
        let (planner, plan) = try Self.twoTrainRoute()
        // The 07:43 commuter limited express reaches Naka-meguro 08:23, after the 08:19 has gone.
        let later = try planner.alternatives(in: plan, segment: 0).later
        let limited = try #require(later.first { $0.segment.category == .limited })
        #expect(limited.segment.departure.clock == "07:43" && limited.segment.arrival.clock == "08:23")
        let (swapped, proposals) = try planner.swap(plan, segment: 0, to: limited.segment.choice.train)
        #expect(swapped.transfers[0].minutes == -4 && swapped.transfers[0].impossible && !swapped.isFeasible)
        // The proposal: the first Hibiya train a minute after 08:23 that reaches Ginza.
        let proposal = try #require(proposals.first)
        #expect(proposal.index == 1 && proposal.reason == .missed)
        #expect(proposal.segment.departure.value >= limited.segment.arrival.value + 1)
        let expected = try #require(try planner.nextSegment(from: [swapped.segments[1].board], to: [swapped.segments[1].alight],
                                                            on: Self.tuesday, after: limited.segment.arrival.value + 1))
        #expect(proposal.segment.choice == expected.choice)
        // Following the proposals makes the route feasible again.
        let (followed, none) = try planner.swap(plan, segment: 0, to: limited.segment.choice.train, follow: true)
        #expect(none.isEmpty && followed.isFeasible)
        #expect(followed.segments[1].choice == expected.choice)
    }

    @Test func aChangeUnderTwoMinutesAcrossPlatformGroupsIsTight() throws {
        let planner = try Self.planner()
        let reference = planner.timetable.reference
        // At Yokohama the Minatomirai line and JR are different platform groups of one station.
        let local = try planner.segment(.init(train: "Minatomirai.Minatomirai.006072.Weekday", board: Self.bashamichi,
                                              alight: "Minatomirai.Minatomirai.Yokohama"), on: Self.tuesday)
        let jr = try #require(reference.stations[id: "JR-East.Tokaido.Yokohama"])
        // A Tokaido train leaving at the arrival minute or the next: flagged, not refused.
        let shinagawa = try #require(reference.stations[id: "JR-East.Tokaido.Shinagawa"])
        let quick = try #require(try planner.nextSegment(from: [jr], to: [shinagawa], on: Self.tuesday,
                                                         after: local.arrival.value, scan: 5))
        let transfer = planner.transfer(from: local, to: quick)
        #expect(transfer.place == .sameStation)
        // The DIY check asks the rule fastest routes use: the reviewed table's 7 minutes from the
        // みなとみらい線 deep under the station to the 東海道線 (issue 29).
        #expect(transfer.needed == 7)
        #expect(transfer.tight == (transfer.minutes < 7) && !transfer.impossible)
        #expect(RoutePlan.Transfer(minutes: 4, place: .sameStation, walkMeters: nil, needed: 5).tight)
        #expect(!RoutePlan.Transfer(minutes: 5, place: .sameStation, walkMeters: nil, needed: 5).tight)
        #expect(RoutePlan.Transfer(minutes: 0, place: .samePlatform, walkMeters: nil, needed: 1).tight)
        #expect(!RoutePlan.Transfer(minutes: 1, place: .samePlatform, walkMeters: nil, needed: 1).tight)
        #expect(RoutePlan.Transfer(minutes: 9, place: .otherStation, walkMeters: 600, needed: 8, allowed: false).impossible)
    }

    /// Issue 29's finding: the DIY route took 4 minutes from 東横線 to 銀座線 at 渋谷 without a word,
    /// while "追加" (the next train) and fastest routes counted 5 for the same change. One rule now,
    /// the reviewed table's 8 minutes (the 銀座線 stands three floors up, in Hikarie).
    @Test func theDIYCheckAndTheNextTrainAskTheSameRule() throws {
        let planner = try Self.planner()
        let reference = planner.timetable.reference
        let toyoko = try #require(reference.stations[id: "Tokyu.Toyoko.Shibuya"])
        let ginza = try #require(reference.stations[id: "TokyoMetro.Ginza.Shibuya"])
        #expect(toyoko.complex == ginza.complex && toyoko.platformGroup != ginza.platformGroup)
        let needed = try #require(planner.rules.needed(from: toyoko, to: ginza, reference: reference))
        #expect(needed == 8)
        #expect(planner.earliestBoarding(after: 480, alight: toyoko, board: ginza) == 480 + needed)
        // Whatever the rule says, a change given fewer minutes than the next train allows is flagged.
        #expect(RoutePlan.Transfer(minutes: needed - 1, place: .sameStation, walkMeters: nil, needed: needed).tight)
    }

    @Test func aRouteExpiresAtThreeInTheMorning() throws {
        let (_, plan) = try Self.twoTrainRoute()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let store = RouteStore(state: try UserState(url: scratch.file("state.sqlite")))
        try store.save(plan)
        let beforeThree = try store.active(at: ServiceInstant(parsing: "2026-11-25T02:59")!)
        #expect(beforeThree.route == plan.route && beforeThree.expired == nil)
        let atThree = try store.active(at: ServiceInstant(parsing: "2026-11-25T03:00")!)
        #expect(atThree.route == nil && atThree.expired == plan.route)
        #expect(try store.active(at: ServiceInstant(parsing: "2026-11-25T03:00")!).expired == nil)   // said once
        // Its pattern stays for suggestions.
        #expect(try store.patterns().map(\.pattern) == [plan.pattern])
    }

    @Test func nextActionCountsDownToBoardingThenStops() throws {
        let (_, plan) = try Self.twoTrainRoute()
        func at(_ time: String) -> NextAction { plan.nextAction(at: ServiceInstant(parsing: "2026-11-24T" + time)!) }
        #expect(at("07:30") == .board(segment: 0, minutes: 7))
        // At 08:10 the express is between Gakugei-daigaku and Naka-meguro or so: stops left as timetabled.
        let remaining = plan.segments[0].stops.dropFirst().filter { ($0.arrival ?? $0.departure)!.value > 8 * 60 + 10 }.count
        #expect(at("08:10") == .getOff(segment: 0, stops: remaining, minutes: 8))
        #expect(at("08:18") == .board(segment: 1, minutes: 1))
        #expect(at("08:41") == .arrived)
    }

    @Test func suggestionsFillARememberedPatternWithTheNextTrains() throws {
        let (planner, plan) = try Self.twoTrainRoute()
        let remembered = [RememberedPattern(pattern: plan.pattern, uses: 3, lastUsed: Date())]
        // Standing 445 m north of Bashamichi at 18:00 the same day: a 6-minute walk (80 m a minute,
        // rounded up), then the next trains.
        let bashamichi = try #require(planner.timetable.reference.stations[id: Self.bashamichi]?.coordinate)
        let near = GeoPoint(latitude: bashamichi.latitude + 0.004, longitude: bashamichi.longitude)
        let evening = ServiceInstant(parsing: "2026-11-24T18:00")!
        let suggestions = try planner.suggestions(from: remembered, near: near, at: evening)
        let suggestion = try #require(suggestions.first)
        #expect((440...450).contains(suggestion.distanceMeters ?? 0) && suggestion.walkMinutes == 6)
        let filled = try #require(suggestion.plan)
        #expect(filled.pattern == plan.pattern)
        #expect(filled.segments[0].departure.value >= 18 * 60 + 6)
        #expect(filled.isFeasible)
        // The same pattern asked from far away is not offered.
        #expect(try planner.suggestions(from: remembered, near: GeoPoint(latitude: 35.69, longitude: 139.70), at: evening).isEmpty)
    }

    @Test func whatTheTimetableCannotGiveIsAClearError() throws {
        let planner = try Self.planner()
        let saturday = CivilDate(iso: "2026-11-28")!
        #expect(throws: RouteError.notRunning(train: Self.express0737, date: saturday, schedule: "SaturdayHoliday")) {
            try planner.segment(.init(train: Self.express0737, board: Self.bashamichi, alight: Self.nakaMeguroToyoko), on: saturday)
        }
        #expect(throws: RouteError.doesNotLeave(train: Self.express0737, station: "Tokyu.Toyoko.Shibuya")) {
            try planner.segment(.init(train: Self.express0737, board: "Tokyu.Toyoko.Shibuya", alight: Self.nakaMeguroToyoko), on: Self.tuesday)
        }
        // The express passes Shin-takashima: it does not stop there.
        #expect(throws: RouteError.doesNotReach(train: Self.express0737, station: "Minatomirai.Minatomirai.ShinTakashima",
                                                after: Self.bashamichi)) {
            try planner.segment(.init(train: Self.express0737, board: Self.bashamichi, alight: "Minatomirai.Minatomirai.ShinTakashima"),
                                on: Self.tuesday)
        }
        #expect(throws: RouteError.noTrain("Nope.Nope.1.Weekday")) {
            try planner.segment(.init(train: "Nope.Nope.1.Weekday", board: Self.bashamichi, alight: Self.nakaMeguroToyoko), on: Self.tuesday)
        }
    }

    @Test func aYamanoteRideGoesPastTheEndOfItsLap() throws {
        let planner = try Self.planner()
        let reference = planner.timetable.reference
        // Inner-loop laps start and end at Osaki; from Gotanda to Shinagawa the train runs on as its next lap.
        let gotanda = try #require(reference.stations[id: "JR-East.Yamanote.Gotanda"])
        let shinagawa = try #require(reference.stations[id: "JR-East.Yamanote.Shinagawa"])
        let segment = try #require(try planner.nextSegment(from: [gotanda], direction: "InnerLoop", to: [shinagawa],
                                                           on: Self.tuesday, after: 10 * 60))
        #expect(segment.stops.map(\.station.name.ja) == ["五反田", "大崎", "品川"])
        #expect(segment.parts.count == 2)
        #expect(segment.minutes <= 8)
    }
}
