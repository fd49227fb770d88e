import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Issue 29's findings, tried as a commuter would on the real data (Tuesday 2026-12-01, 08:00):
/// every plan, warning and last train counts the change a rider can make — the reviewed table's
/// minutes at the big interchanges — and says "同じホーム" only where the data says so.
@Suite struct InterchangeRoutingTests {
    static let tuesday = CivilDate(iso: "2026-12-01")!
    static let eight = ServiceInstant(serviceDate: tuesday, minute: ServiceMinute(8 * 60))

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
        return World(timetable: timetable, network: try RouteNetwork(timetable: timetable, serviceDate: tuesday))
    }

    /// Every change of every option gives at least the minutes it needs, and only a change the
    /// data calls cross-platform reads "同じホーム".
    static func expectHonestChanges(_ options: [FastestOption], sourceLocation: SourceLocation = #_sourceLocation) {
        for option in options {
            for transfer in option.plan.transfers {
                #expect(transfer.minutes >= transfer.needed, "\(option.kind): \(transfer.minutes) < \(transfer.needed)",
                        sourceLocation: sourceLocation)
                let words = RouteWords.transfer(transfer)
                #expect(words.ja.contains("同じホーム") == (transfer.kind == .crossPlatform), "\(words.ja)", sourceLocation: sourceLocation)
            }
        }
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
        Self.expectHonestChanges(options)
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
        Self.expectHonestChanges(options)
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

    /// 池袋 → 千葉: 丸ノ内線 at 東京 to the 総武快速線 five floors down in 5 minutes.
    @Test func tokyoFromTheMarunouchiLineToTheDeepPlatforms() throws {
        let world = try Self.world
        let marunouchi = try world.station("TokyoMetro.Marunouchi.Tokyo"), sobu = try world.station("JR-East.SobuRapid.Tokyo")
        let change = world.reference.change(from: marunouchi, to: sobu)
        #expect(change.minutes == 6 && change.kind == .gates)
        let options = try world.fastest("池袋", "千葉")
        #expect(!options.isEmpty)
        Self.expectHonestChanges(options)
    }

    /// The DIY route took 4 minutes from the 東横線 to the 銀座線 at 渋谷 without a warning, while
    /// "追加" picked a train 5 minutes later: one rule now. The train "追加" picks leaves at or after
    /// the change's minutes; any 銀座線 train before it is flagged ⚠ (or cannot be made).
    @Test func shibuyaFromTheToyokoLineToTheGinzaLineAgreesEverywhere() throws {
        let world = try Self.world
        let planner = RoutePlanner(timetable: world.timetable)
        let toyoko = try world.station("Tokyu.Toyoko.Shibuya"), ginza = try world.station("TokyoMetro.Ginza.Shibuya")
        let needed = try #require(planner.rules.needed(from: toyoko, to: ginza, reference: world.reference))
        #expect(needed == 8)
        let arrive = try #require(try planner.nextSegment(from: [try world.station("Tokyu.Toyoko.NakaMeguro")], to: [toyoko],
                                                          on: Self.tuesday, after: 8 * 60))
        let ueno = try world.station("TokyoMetro.Ginza.Ueno")
        // 追加: the next train once the change is made.
        let added = try #require(try planner.nextSegment(from: [ginza], to: [ueno], on: Self.tuesday,
                                                         after: planner.earliestBoarding(after: arrive.arrival.value, alight: toyoko, board: ginza)))
        #expect(added.departure.value - arrive.arrival.value >= needed)
        let kept = try planner.plan(Route(serviceDate: Self.tuesday, segments: [arrive.choice, added.choice]))
        #expect(!kept.transfers[0].tight && kept.isFeasible)
        // The first 銀座線 train after arriving: a minute or more, under the change's minutes.
        let hurried = try #require(try planner.nextSegment(from: [ginza], to: [ueno], on: Self.tuesday, after: arrive.arrival.value + 1))
        #expect(hurried.departure.value < added.departure.value)
        let tight = try planner.plan(Route(serviceDate: Self.tuesday, segments: [arrive.choice, hurried.choice]))
        #expect(tight.transfers[0].tight, "\(tight.transfers[0].minutes) min of \(needed)")
        #expect(RouteWords.flag(tight.transfers[0])?.ja == "短い乗換")
    }

    /// Cross-platform changes that exist stay short, for the directions that stand across one
    /// island: at 中目黒 the 東横線 for 渋谷 stands across the 日比谷線 for 北千住; at 赤坂見附 the
    /// 銀座線 for 渋谷 across the 丸ノ内線 for 荻窪. Any other pair of directions walks to another
    /// platform, and says so.
    @Test func crossPlatformChangesStayShortInTheirDirectionsOnly() throws {
        let world = try Self.world, reference = world.reference
        let toyoko = try world.station("Tokyu.Toyoko.NakaMeguro"), hibiya = try world.station("TokyoMetro.Hibiya.NakaMeguro")
        func way(_ id: String) -> DirectionHandle? { reference.directions[id: id]?.handle }
        let across = reference.change(from: toyoko, to: hibiya, arriving: way("Inbound"), departing: way("TokyoMetro.KitaSenju"))
        #expect(across.minutes == 1 && across.kind == .crossPlatform)
        #expect(TransferRules(pace: .relaxed).needed(from: toyoko, to: hibiya, arriving: "Inbound", departing: "TokyoMetro.KitaSenju",
                                                     reference: reference) == 2)
        #expect(TransferRules(pace: .hurry).needed(from: toyoko, to: hibiya, arriving: "Inbound", departing: "TokyoMetro.KitaSenju",
                                                   reference: reference) == 1)
        // From a 東横線 train for 横浜 the 日比谷線 is not across the platform: the rule's 2 minutes.
        let back = reference.change(from: toyoko, to: hibiya, arriving: way("Outbound"), departing: way("TokyoMetro.KitaSenju"))
        #expect(back.minutes == 2 && back.kind == .sameArea)
        #expect(reference.change(from: toyoko, to: hibiya).kind != .crossPlatform)

        let ginza = try world.station("TokyoMetro.Ginza.AkasakaMitsuke"), marunouchi = try world.station("TokyoMetro.Marunouchi.AkasakaMitsuke")
        #expect(reference.change(from: ginza, to: marunouchi, arriving: way("TokyoMetro.Shibuya"), departing: way("TokyoMetro.Ogikubo")).kind == .crossPlatform)
        let opposite = reference.change(from: ginza, to: marunouchi, arriving: way("TokyoMetro.Shibuya"), departing: way("TokyoMetro.Ikebukuro"))
        #expect(opposite.minutes == 3 && opposite.kind == .sameArea)
        #expect(RouteWords.place(RoutePlan.Transfer(minutes: 3, place: TransferRules.place(opposite, from: ginza, to: marunouchi),
                                                    walkMeters: nil, needed: 3, allowed: true, kind: opposite.kind)).ja == "徒歩3分（隣のホーム）")
    }

    /// The scans count a change across the platform only for the directions that stand there: a
    /// 銀座線 train for 渋谷 reaches 赤坂見附 at 08:00; the 丸ノ内線 for 荻窪 at 08:01 stands across
    /// the platform, the one for 池袋 at 08:01 does not (3 minutes), so toward 霞ケ関 the rider takes
    /// the 08:03. Trains written here on the real stations, so the test says what it asks.
    @Test func theScansCrossThePlatformOnlyInItsDirections() throws {
        let reference = try Self.world.reference
        func row(_ id: String) throws -> Int64 { try #require(reference.stations[id: id]).handle.row }
        func direction(_ id: String) throws -> Int64 { try #require(reference.directions[id: id]).handle.row }
        func train(_ rowId: Int64, _ direction: Int64, _ stops: [(String, Int)]) throws -> RunningTrain {
            RunningTrain(rowId: rowId, stops: try stops.map { StopList.Stop(stationId: try row($0.0), arrival: $0.1, departure: $0.1) },
                         next: [], direction: direction)
        }
        let ginza = try train(1, direction("TokyoMetro.Shibuya"), [("TokyoMetro.Ginza.TameikeSanno", 478), ("TokyoMetro.Ginza.AkasakaMitsuke", 480)])
        let ogikubo = try train(2, direction("TokyoMetro.Ogikubo"), [("TokyoMetro.Marunouchi.AkasakaMitsuke", 481), ("TokyoMetro.Marunouchi.Yotsuya", 484)])
        let ikebukuro1 = try train(3, direction("TokyoMetro.Ikebukuro"),
                                   [("TokyoMetro.Marunouchi.AkasakaMitsuke", 481), ("TokyoMetro.Marunouchi.KokkaiGijidomae", 483),
                                    ("TokyoMetro.Marunouchi.Kasumigaseki", 485)])
        let ikebukuro2 = try train(4, direction("TokyoMetro.Ikebukuro"),
                                   [("TokyoMetro.Marunouchi.AkasakaMitsuke", 483), ("TokyoMetro.Marunouchi.KokkaiGijidomae", 485),
                                    ("TokyoMetro.Marunouchi.Kasumigaseki", 487)])
        let network = RouteNetwork(trains: [ginza, ogikubo, ikebukuro1, ikebukuro2], reference: reference, serviceDate: Self.tuesday)
        let scan = ConnectionScan(network: network, rules: TransferRules())
        let from = [Int32(try row("TokyoMetro.Ginza.TameikeSanno"))]
        let yotsuya = scan.run(from: from, to: [Int32(try row("TokyoMetro.Marunouchi.Yotsuya"))], at: 470)[2]
        #expect(yotsuya?.arrival == 484)
        let kasumigaseki = scan.run(from: from, to: [Int32(try row("TokyoMetro.Marunouchi.Kasumigaseki"))], at: 470)[2]
        #expect(kasumigaseki?.arrival == 487)
        #expect(kasumigaseki.map { network.tripRowIds[Int(network.trip[$0.legs[1].board])] } == 4)
        // Hurrying (×¾: 3 → 3) changes nothing; backwards, the same rule.
        let latest = LatestDeparture(network: network, rules: TransferRules())
        #expect(latest.run(from: from, to: [Int32(try row("TokyoMetro.Marunouchi.Yotsuya"))], arriveBy: 484)?.departure == 478)
        #expect(latest.run(from: from, to: [Int32(try row("TokyoMetro.Marunouchi.Kasumigaseki"))], arriveBy: 486) == nil)
        #expect(latest.run(from: from, to: [Int32(try row("TokyoMetro.Marunouchi.Kasumigaseki"))], arriveBy: 487)?.departure == 478)
    }

    /// Getting off a train where it runs through onto another railway: the train the rider was on
    /// is the arriving part, with its own direction. The 千代田線 A603K reaches 代々木上原 06:55 and
    /// runs on as a 小田急 train; a rider who gets off there and takes a 小田急 train for 小田原
    /// crosses the platform (the cross row 代々木上原方面>下り), as the scans count it.
    @Test func offAThroughTrainTheArrivingPartsDirectionCounts() throws {
        let world = try Self.world
        let planner = RoutePlanner(timetable: world.timetable)
        let first = try planner.segment(Route.Segment(train: "TokyoMetro.Chiyoda.A603K.Weekday", board: "TokyoMetro.Chiyoda.YoyogiKoen",
                                                      alight: "TokyoMetro.Chiyoda.YoyogiUehara"), on: Self.tuesday)
        #expect(first.arrival.clock == "06:55" && first.parts.count == 2)
        #expect(first.arrivalDirection == "TokyoMetro.YoyogiUehara")
        let odakyu = try world.station("Odakyu.Odawara.YoyogiUehara")
        let second = try #require(try planner.nextSegment(from: [odakyu], direction: "Outbound", to: [try world.station("Odakyu.Odawara.ShinYurigaoka")],
                                                          on: Self.tuesday, after: first.arrival.value, arrivedOn: RoutePlanner.Arrival(first)))
        let change = planner.transfer(from: first, to: second)
        #expect(change.kind == .crossPlatform && change.needed == 1, "\(change)")
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
}
