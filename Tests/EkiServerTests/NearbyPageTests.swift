import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// Home's "Nearby" as the server draws it: station complex → railway (chip) → the next train
/// each way, each train once. On the hand-written Tokyo (`TokyoFixture`), standing at 渋谷坂
/// (four railways; 表参 1220 m off is the only other station within the radius).
@Suite struct NearbyPageTests {
    /// At 渋谷坂 itself, at 07:06: the 07:00 急行 from 港町 leaves here at 07:13 as a 副線 train.
    static let shibuyazaka = "/nearby?fragment=1&lat=35.658&lon=139.7016&at=2026-11-24T07:06"

    /// The cards of the fragment, each as (title, [railway name: [(direction, time, destination)]]).
    static func cards(_ html: String) -> [(title: String, lines: [(railway: String, ways: [(way: String, time: String, destination: String)])])] {
        html.components(separatedBy: "<article class=\"card near\"").dropFirst().map { card in
            let title = card.firstMatch(of: /<h[23]>([^<]*) </)?.output.1 ?? ""
            let lines = card.components(separatedBy: "<div class=\"line").dropFirst().map { line in
                let railway = line.firstMatch(of: /<span class="chip[^"]*">([^<]*)</)?.output.1 ?? ""
                let ways = line.matches(of: /<span class="way">([^<]*)<\/span><time>([^<]*)<\/time><span class="badge[^>]*>[^<]*<\/span><span class="dest">([^<]*)</)
                    .map { (way: String($0.output.1), time: String($0.output.2), destination: String($0.output.3)) }
                return (railway: String(railway), ways: ways)
            }
            return (title: String(title), lines: lines)
        }
    }

    @Test func shibuyazakaIsGroupedByRailwayWithEachTrainOnce() async throws {
        try await WebPageTests.withFixturePages { client in
            let html = try await WebPageTests.page(client, Self.shibuyazaka)
            #expect(!html.contains("<html"))
            let cards = Self.cards(html)
            #expect(cards.map(\.title) == ["渋谷坂", "表参"])
            let shibuyazaka = try #require(cards.first)
            let railways = shibuyazaka.lines.map(\.railway)
            #expect(Set(railways) == ["環状線", "副線", "銀線", "海岸線"])
            #expect(railways.count == Set(railways).count)
            // Through trains are listed once, under the railway they run on from 渋谷坂: the 海岸線's
            // inbound trains end here or run on as 副線 trains, so the 海岸線 shows its outbound
            // way alone, and the 07:00 急行 from 港町 shows under the 副線, leaving at 07:13.
            let ways = shibuyazaka.lines.flatMap { line in line.ways.map { "\($0.time) \($0.destination)" } }
            #expect(ways.count == Set(ways).count, "\(ways)")
            let kaigan = try #require(shibuyazaka.lines.first { $0.railway == "海岸線" })
            #expect(kaigan.ways.map(\.way) == ["下り"])
            #expect(kaigan.ways.first.map { "\($0.time) \($0.destination)" } == "07:10 港町")
            let fuku = try #require(shibuyazaka.lines.first { $0.railway == "副線" })
            #expect(fuku.ways.map { "\($0.way) \($0.time) \($0.destination)" } == ["北行 07:13 所沢野"])
            let kanjo = try #require(shibuyazaka.lines.first { $0.railway == "環状線" })
            #expect(kanjo.ways.map { "\($0.way) \($0.time)" } == ["外回り 07:10", "内回り 07:15"])
            // Every railway has at most one row per direction: the next train each way.
            for line in shibuyazaka.lines { #expect(line.ways.count == Set(line.ways.map(\.way)).count, "\(line.railway)") }
            // Nearest first.
            let distances = html.matches(of: /data-distance="(\d+)"/).map { Int($0.output.1)! }
            #expect(distances == [0, 1220])
        }
    }

    /// The fixture with a second 環状線 record at 渋谷坂, as the real 大江戸線 has two at 新宿 and at
    /// 都庁前: the hourly trains (the outer loop's rapid ones and their inner-loop twins five minutes
    /// on) start and end their lap at it. Its own database.
    static func twoLoopRecords() throws -> Timetable {
        try TokyoFixture.timetable { data in
            let second = "JR.Kanjo.ShibuyazakaHigashi"
            data.stations.append(.init(id: second, railwayId: "JR.Kanjo", name: .init(ja: "渋谷坂", en: "Shibuyazaka"),
                                       coordinate: GeoPoint(latitude: 35.6580, longitude: 139.7020)))
            data.stations.sort { $0.id < $1.id }
            data.complexes[0][1].append(second)
            for index in data.trains.indices where data.trains[index].railwayId == "JR.Kanjo" {
                // J480 and J480B: the 08:00 and its 08:05 twin, by the minute each lap was generated from.
                guard let start = Int(data.trains[index].number.filter(\.isNumber)), start % 60 == 0 else { continue }
                for stop in data.trains[index].stops.indices where data.trains[index].stops[stop].station == TokyoFixture.kanjoShibuyazaka {
                    data.trains[index].stops[stop].station = second
                }
                data.trains[index].origins = data.trains[index].origins.map { $0 == TokyoFixture.kanjoShibuyazaka ? second : $0 }
            }
        }
    }

    /// A railway with two records in a complex listed 外回り and 内回り twice under its one chip
    /// (the 大江戸線 at 新宿, issue 32, 8). Each way once now, the sooner of the two records' trains.
    @Test func aRailwayWithTwoRecordsInAComplexSaysEachWayOnce() async throws {
        try await WebPageTests.withPages(Self.twoLoopRecords()) { client in
            // 07:30: the first record's 07:30 and 07:35 beat the second's 08:00 and 08:05.
            let half = try await WebPageTests.page(client, "/nearby?fragment=1&lat=35.658&lon=139.7016&at=2026-11-24T07:30")
            #expect(half.contains("data-stations=\"JR.Kanjo.Shibuyazaka JR.Kanjo.ShibuyazakaHigashi "))
            // 07:55: the second record's 08:00 rapid beats the first's 08:10; the first's 07:55 its 08:05.
            let late = try await WebPageTests.page(client, "/nearby?fragment=1&lat=35.658&lon=139.7016&at=2026-11-24T07:55")
            for (html, expected) in [(half, ["外回り 07:30", "内回り 07:35"]), (late, ["外回り 08:00", "内回り 07:55"])] {
                let card = try #require(Self.cards(html).first { $0.title == "渋谷坂" })
                let kanjo = card.lines.filter { $0.railway == "環状線" }
                #expect(kanjo.count == 1)
                #expect(kanjo.first?.ways.map { "\($0.way) \($0.time)" } == expected)
            }
            #expect(late.contains("href=\"/timetable/JR.Kanjo.ShibuyazakaHigashi?direction=OuterLoop\""))
        }
    }

    /// Headings never skip a level (axe's heading-order, issue 32, 9): a place is an h2 under the
    /// /nearby page's h1, and in the cards that page draws again; an h3 under home's h2.
    @Test func placesAreHeadedOneLevelBelowWhatHoldsThem() async throws {
        try await WebPageTests.withFixturePages { client in
            let query = "lat=35.658&lon=139.7016&at=2026-11-24T07:30"
            let page = try await WebPageTests.page(client, "/nearby?" + query)
            #expect(page.contains("<h1>近くの駅</h1>") && page.contains("<h2>渋谷坂 <small") && !page.contains("<h3>"))
            #expect(try await WebPageTests.page(client, "/nearby?fragment=page&" + query).contains("<h2>渋谷坂 <small"))
            #expect(try await WebPageTests.page(client, "/nearby?fragment=1&" + query).contains("<h3>渋谷坂 <small"))
        }
    }

    /// 100 m north of 渋谷坂 it is a 2-minute walk; the 07:10 to 港町 can still be caught.
    @Test func englishAPageOfItsOwnAndBadPositions() async throws {
        try await WebPageTests.withFixturePages { client in
            let english = try await WebPageTests.page(client, "/nearby?fragment=1&lat=35.6589&lon=139.7016&at=2026-11-24T07:06&lang=en")
            #expect(english.contains("<h3>Shibuyazaka <small class=\"dim\">100 m · 2 min walk</small></h3>"))
            #expect(english.contains(">Kaigan Line</span>") && english.contains("<time>07:10</time>")
                    && english.contains("<span class=\"dest\">Minatomachi</span>"))
            let page = try await WebPageTests.page(client, "/nearby?lat=35.658&lon=139.7016&at=2026-11-24T07:06")
            #expect(page.contains("<html lang=\"ja\">") && page.contains("渋谷坂"))
            let far = try await WebPageTests.page(client, "/nearby?fragment=1&lat=43.06&lon=141.35")
            #expect(far.contains("時刻表の範囲（東京圏）の外です"))
            _ = try await WebPageTests.page(client, "/nearby?lat=abc&lon=139.7", status: .badRequest)
            _ = try await WebPageTests.page(client, "/nearby?lat=35.6", status: .badRequest)
        }
    }
}
