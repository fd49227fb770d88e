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
/// 池袋), the reviewed table's figures at 東京 and 横浜 and what a rider's pace does to real
/// answers, a real DIY route through 横浜 and across 中目黒's platform, and the 山手線's real laps.
/// The logic itself is tested on the hand-written Tokyo (`TokyoFixture`) in the suites beside this
/// one; every test here is skipped, and says so, where the real data is not there.
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
        let trains = try timetable.runningParts(on: Self.tuesday)
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
        // The 00:25 is the 山手線 the other way round (内回り, via 東京): named, with when it gets there.
        let missed = try #require(fallbacks[shinagawa - 1])
        #expect(missed.departure.clock == "00:25" && missed.railway?.name.ja == "山手線", "\(missed)")
        #expect(RouteWords.fallback(missed).ja == "乗り遅れても 00:25 発の山手線（\(missed.direction?.name.ja ?? "")）で \(missed.arrival.clock) 着")
        #expect(missed.arrival.value > arrival, "the fallback arrives after the plan: \(missed.arrival.clock)")
    }

    // MARK: - The reviewed interchange table at 東京 (issue 29, Tuesday 2026-12-01, 08:00)

    static let interchangeTuesday = CivilDate(iso: "2026-12-01")!
    static let eight = ServiceInstant(serviceDate: interchangeTuesday, minute: ServiceMinute(8 * 60))

    struct World {
        let timetable: Timetable
        let network: RouteNetwork
        var reference: Reference { timetable.reference }

        func station(_ id: String) throws -> Reference.Station { try #require(reference.stations[id: id]) }

        func fastest(_ from: String, _ to: String, pace: Pace = .standard, at instant: ServiceInstant = eight) throws -> [FastestOption] {
            let planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace))
            return try FastestRoutes(planner: planner).search(from: LastTrain.complexStations(try timetable.resolveStations(from), timetable),
                                                             to: LastTrain.complexStations(try timetable.resolveStations(to), timetable),
                                                             at: instant, on: network)
        }
    }

    /// The real data and its Tuesday network, made once (skips the test without the real data).
    static var world: World {
        get throws {
            try SharedData.require()
            return try worldOnce.get()
        }
    }
    private static let worldOnce = Result { () throws -> World in
        let timetable = try SharedData.imported().timetable
        return World(timetable: timetable, network: try RouteNetwork(timetable: timetable, serviceDate: interchangeTuesday))
    }

    /// 品川 → 御茶ノ水: the 東海道線 arrived at 東京 08:08 and the plan changed to the 中央線快速 08:09,
    /// "乗換 1分 · 同じホーム" — the 中央線 leaves from the raised platforms 1–2, a 6-minute change.
    @Test func tokyoFromTheTokaidoLineToTheChuoLineIsNotOneMinute() throws {
        let world = try Self.world
        let tokaido = try world.station("JR-East.Tokaido.Tokyo"), chuo = try world.station("JR-East.ChuoRapid.Tokyo")
        let change = world.reference.change(from: tokaido, to: chuo)
        #expect(change.minutes == 6 && change.kind == .concourse && change.source == .table)
        let options = try world.fastest("品川", "御茶ノ水")
        #expect(!options.isEmpty)
        InterchangeRoutingTests.expectHonestChanges(options)
        for option in options {
            for (index, transfer) in option.plan.transfers.enumerated()
            where option.plan.segments[index].alight.id == tokaido.id && option.plan.segments[index + 1].board.id == chuo.id {
                #expect(transfer.minutes >= 6 && transfer.kind == .concourse)
            }
        }
    }

    /// 上野 → 海浜幕張: 宇都宮線 to 京葉線 at 東京 in 6 minutes. The 京葉線 platforms lie far beneath
    /// the south end: the reviewed table's 12 (measured by a station guide).
    @Test func tokyoToTheKeiyoLineIsALongWalk() throws {
        let world = try Self.world
        let utsunomiya = try world.station("JR-East.Utsunomiya.Tokyo"), keiyo = try world.station("JR-East.Keiyo.Tokyo")
        let change = world.reference.change(from: utsunomiya, to: keiyo)
        #expect(change.minutes == 12 && change.kind == .longWalk)
        let options = try world.fastest("上野", "海浜幕張")
        InterchangeRoutingTests.expectHonestChanges(options)
        let toKeiyo = options.flatMap { option in
            option.plan.transfers.indices.filter { option.plan.segments[$0 + 1].board.id == keiyo.id }.map { option.plan.transfers[$0] }
        }
        #expect(toKeiyo.allSatisfy { $0.minutes >= 12 }, "\(toKeiyo.map(\.minutes))")
        // The words say what the change is; a measured figure (takumick.com's 12 minutes from the
        // 東海道線 platforms) is given as it is, a reasoned one as a 目安.
        let words = RouteWords.place(RoutePlan.Transfer(minutes: 14, place: .sameStation, walkMeters: nil, needed: 12, kind: .longWalk))
        #expect(words.ja == "徒歩12分（長い通路）" && words.en == "12 min walk (a long passage)")
        let tokaido = try world.station("JR-East.Tokaido.Tokyo")
        #expect(world.reference.change(from: tokaido, to: keiyo).words.ja == "徒歩12分（長い通路）")
        let hatchobori = try world.station("JR-East.Keiyo.Hatchobori"), hibiya = try world.station("TokyoMetro.Hibiya.Hatchobori")
        #expect(world.reference.change(from: hatchobori, to: hibiya).words.ja == "徒歩5分（改札を出て乗換・目安）")
    }

    /// 池袋 → 千葉: 丸ノ内線 at 東京 to the 総武快速線 five floors down, planned at 5 minutes when the
    /// issue was filed and at 6 after the first table (out of the gates, as if at street level): now
    /// the deep platforms' 8.
    @Test func tokyoFromTheMarunouchiLineToTheDeepPlatforms() throws {
        let world = try Self.world
        let marunouchi = try world.station("TokyoMetro.Marunouchi.Tokyo"), sobu = try world.station("JR-East.SobuRapid.Tokyo")
        let change = world.reference.change(from: marunouchi, to: sobu)
        #expect(change.minutes == 8 && change.kind == .deep)
        let options = try world.fastest("池袋", "千葉")
        #expect(!options.isEmpty)
        InterchangeRoutingTests.expectHonestChanges(options)
    }

    /// A rider's pace moves the answers the expected way: hurrying never arrives later nor leaves
    /// earlier for the last train; going slowly never arrives earlier nor leaves later. On 上野 →
    /// 海浜幕張 (a 12-minute change at 東京 or another long one) the paces give different answers.
    @Test func paceChangesFastestAndLastTrainAnswersInTheExpectedDirection() throws {
        let world = try Self.world
        // Two trips with long changes at 東京 (each full-network search takes seconds in a debug build).
        var arrivalsByTrip: [String: [Int]] = [:]
        for (from, to) in [("上野", "海浜幕張"), ("池袋", "千葉")] {
            let arrivals = try Pace.allCases.map { pace in try #require(world.fastest(from, to, pace: pace).first?.plan.arrival?.value) }
            arrivalsByTrip[from] = arrivals
            #expect(arrivals[0] <= arrivals[1] && arrivals[1] <= arrivals[2], "\(from) → \(to): \(arrivals)")
            let lasts = try Pace.allCases.map { pace -> Int in
                let planner = RoutePlanner(timetable: world.timetable, rules: TransferRules(pace: pace))
                let plan = try LastTrain.search(from: LastTrain.complexStations(try world.timetable.resolveStations(from), world.timetable),
                                                to: LastTrain.complexStations(try world.timetable.resolveStations(to), world.timetable),
                                                planner: planner, on: world.network)
                return try #require(plan?.departure?.value)
            }
            #expect(lasts[0] >= lasts[1] && lasts[1] >= lasts[2], "\(from) → \(to) last: \(lasts)")
        }
        let pace = try #require(arrivalsByTrip["上野"])
        #expect(pace[0] < pace[2], "上野 → 海浜幕張: \(pace)")
        // 終電 品川 → 御茶ノ水: the 00:12 leaves 4 minutes for the 中央線 at 東京, too few at ゆっくり.
        let relaxed = RoutePlanner(timetable: world.timetable, rules: TransferRules(pace: .relaxed))
        let standard = RoutePlanner(timetable: world.timetable)
        let last = try [standard, relaxed].map { planner in
            try #require(try LastTrain.search(from: LastTrain.complexStations(try world.timetable.resolveStations("品川"), world.timetable),
                                              to: LastTrain.complexStations(try world.timetable.resolveStations("御茶ノ水"), world.timetable),
                                              planner: planner, on: world.network)?.departure?.clock)
        }
        #expect(last == ["00:12", "00:09"])
        // Minutes scale as documented: ¾ and 1½, rounded up, a minute at least.
        #expect([1, 2, 3, 4, 8, 12].map(Pace.hurry.minutes) == [1, 2, 3, 3, 6, 9])
        #expect([1, 2, 3, 4, 8, 12].map(Pace.relaxed.minutes) == [2, 3, 5, 6, 12, 18])
    }

    // MARK: - DIY routes on real trains (Tuesday 2026-11-24)

    /// 馬車道 → 中目黒 on the みなとみらい線's 07:37 express, through onto the 東横線 at 横浜, then
    /// across the platform (the reviewed table's cross row) to the 日比谷線 for 北千住 to 銀座.
    @Test func bashamichiToGinzaByNakaMeguroIsTwoTrains() throws {
        let planner = RoutePlanner(timetable: try Self.timetable())
        let reference = planner.timetable.reference
        let express = "Minatomirai.Minatomirai.060072.Weekday"
        let first = try planner.segment(.init(train: express, board: "Minatomirai.Minatomirai.Bashamichi",
                                              alight: "Tokyu.Toyoko.NakaMeguro"), on: Self.tuesday)
        let hibiya = try #require(reference.stations[id: "TokyoMetro.Hibiya.NakaMeguro"])
        let ginza = try #require(reference.stations[id: "TokyoMetro.Hibiya.Ginza"])
        let second = try #require(try planner.nextSegment(from: [hibiya], to: [ginza], on: Self.tuesday, after: first.arrival.value,
                                                          arrivedOn: RoutePlanner.Arrival(first)))
        let plan = try planner.plan(Route(serviceDate: Self.tuesday, segments: [first.choice, second.choice]))
        #expect(plan.segments[0].departure.clock == "07:37" && plan.segments[0].arrival.clock == "08:18")
        #expect(plan.segments[0].destination.ja == "小手指")
        #expect(plan.segments[0].partIds.map(\.id) == [express, "Tokyu.Toyoko.060072.Weekday"])
        let yokohama = try #require(plan.segments[0].stops.first { $0.station.name.ja == "横浜" })
        #expect(yokohama.arrivedAt?.id == "Minatomirai.Minatomirai.Yokohama" && yokohama.station.id == "Tokyu.Toyoko.Yokohama")
        // The island is the layout's; its one minute is the table's estimate (its basis says so), said as one.
        #expect(plan.transfers == [RoutePlan.Transfer(minutes: 1, place: .samePlatform, walkMeters: nil, needed: 1, kind: .crossPlatform,
                                                      estimated: true)])
        #expect(plan.segments[1].departure.clock == "08:19" && plan.segments[1].arrival.clock == "08:40")
        #expect(plan.segments[1].destination.ja == "北千住")
    }

    /// At 横浜 the みなとみらい線 lies deep under the station: the DIY check asks the reviewed
    /// table's 7 minutes to the 東海道線, as fastest routes do (issue 29).
    @Test func yokohamaFromTheMinatomiraiLineToTheTokaidoLineIsTheTablesSeven() throws {
        let planner = RoutePlanner(timetable: try Self.timetable())
        let reference = planner.timetable.reference
        let local = try planner.segment(.init(train: "Minatomirai.Minatomirai.006072.Weekday", board: "Minatomirai.Minatomirai.Bashamichi",
                                              alight: "Minatomirai.Minatomirai.Yokohama"), on: Self.tuesday)
        let jr = try #require(reference.stations[id: "JR-East.Tokaido.Yokohama"])
        let shinagawa = try #require(reference.stations[id: "JR-East.Tokaido.Shinagawa"])
        let quick = try #require(try planner.nextSegment(from: [jr], to: [shinagawa], on: Self.tuesday, after: local.arrival.value, scan: 5))
        let transfer = planner.transfer(from: local, to: quick)
        #expect(transfer.place == .sameStation && transfer.needed == 7)
        #expect(transfer.tight == (transfer.minutes < 7) && !transfer.impossible)
    }

    /// The real 山手線's inner laps start and end at 大崎: from 五反田 to 品川 the train runs on as its next lap.
    @Test func aYamanoteRideGoesPastTheEndOfItsLap() throws {
        let planner = RoutePlanner(timetable: try Self.timetable())
        let reference = planner.timetable.reference
        let gotanda = try #require(reference.stations[id: "JR-East.Yamanote.Gotanda"])
        let shinagawa = try #require(reference.stations[id: "JR-East.Yamanote.Shinagawa"])
        let segment = try #require(try planner.nextSegment(from: [gotanda], direction: "InnerLoop", to: [shinagawa],
                                                           on: Self.tuesday, after: 10 * 60))
        #expect(segment.stops.map(\.station.name.ja) == ["五反田", "大崎", "品川"])
        #expect(segment.parts.count == 2)
        #expect(segment.minutes <= 8)
    }
}
