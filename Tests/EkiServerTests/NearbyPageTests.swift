import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// Home's "Nearby" as the server draws it: station complex → railway (chip) → the next train
/// each way, each train once.
@Suite struct NearbyPageTests {
    static let shibuya = "/nearby?fragment=1&lat=35.658&lon=139.7016&at=2026-11-24T07:30"

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

    @Test func shibuyaIsGroupedByRailwayWithEachTrainOnce() async throws {
        try await WebPageTests.withPages { client in
            let html = try await WebPageTests.page(client, Self.shibuya)
            #expect(!html.contains("<html"))
            let cards = Self.cards(html)
            #expect(cards.first?.title == "渋谷")
            let shibuya = try #require(cards.first)
            let railways = shibuya.lines.map(\.railway)
            #expect(Set(railways).isSuperset(of: ["山手線", "銀座線", "半蔵門線", "副都心線", "東横線", "田園都市線", "井の頭線"]))
            #expect(railways.count == Set(railways).count)
            // Through trains are listed once, under the railway they run on from 渋谷: the
            // Toyoko's inbound trains all continue as Fukutoshin trains and show there.
            let ways = shibuya.lines.flatMap { line in line.ways.map { "\($0.time) \($0.destination)" } }
            #expect(ways.count == Set(ways).count, "\(ways)")
            let toyoko = try #require(shibuya.lines.first { $0.railway == "東横線" })
            #expect(toyoko.ways.map(\.way) == ["下り"])
            #expect(toyoko.ways.first.map { "\($0.time) \($0.destination)" } == "07:32 元町・中華街")
            let fukutoshin = try #require(shibuya.lines.first { $0.railway == "副都心線" })
            #expect(fukutoshin.ways.map(\.destination) == ["森林公園"])
            let yamanote = try #require(shibuya.lines.first { $0.railway == "山手線" })
            #expect(Set(yamanote.ways.map(\.way)) == ["内回り", "外回り"])
            // Every railway has at most one row per direction: the next train each way.
            for line in shibuya.lines { #expect(line.ways.count == Set(line.ways.map(\.way)).count, "\(line.railway)") }
            // Nearest first.
            let distances = html.matches(of: /data-distance="(\d+)"/).map { Int($0.output.1)! }
            #expect(distances == distances.sorted() && distances.count > 1)
        }
    }

    /// The 大江戸線 has two records at 新宿 and at 都庁前, where its loop meets the line to 光が丘:
    /// nearby listed 外回り and 内回り twice under its one chip (issue 32, 8). Each way once now, the
    /// sooner of the two records' trains.
    @Test func aRailwayWithTwoRecordsInAComplexSaysEachWayOnce() async throws {
        try await WebPageTests.withPages { client in
            let html = try await WebPageTests.page(client, "/nearby?fragment=1&lat=35.6905&lon=139.6995&at=2026-11-24T07:30")
            let cards = Self.cards(html)
            for name in ["新宿", "都庁前"] {
                let card = try #require(cards.first { $0.title == name }, "\(cards.map(\.title))")
                let oedo = try #require(card.lines.first { $0.railway == "大江戸線" })
                #expect(oedo.ways.map(\.way).sorted() == ["内回り", "外回り"], "\(name): \(oedo.ways)")
            }
        }
    }

    /// Headings never skip a level (axe's heading-order, issue 32, 9): a place is an h2 under the
    /// /nearby page's h1, and in the cards that page draws again; an h3 under home's h2.
    @Test func placesAreHeadedOneLevelBelowWhatHoldsThem() async throws {
        try await WebPageTests.withPages { client in
            let query = "lat=35.658&lon=139.7016&at=2026-11-24T07:30"
            let page = try await WebPageTests.page(client, "/nearby?" + query)
            #expect(page.contains("<h1>近くの駅</h1>") && page.contains("<h2>渋谷 <small") && !page.contains("<h3>"))
            #expect(try await WebPageTests.page(client, "/nearby?fragment=page&" + query).contains("<h2>渋谷 <small"))
            #expect(try await WebPageTests.page(client, "/nearby?fragment=1&" + query).contains("<h3>渋谷 <small"))
        }
    }

    @Test func englishAPageOfItsOwnAndBadPositions() async throws {
        try await WebPageTests.withPages { client in
            let english = try await WebPageTests.page(client, Self.shibuya + "&lang=en")
            #expect(english.contains("<h3>Shibuya <small class=\"dim\">11 m · 1 min walk</small></h3>"))
            #expect(english.contains(">Toyoko Line</span>") && english.contains("<span class=\"dest\">Motomachi-Chukagai</span>"))
            let page = try await WebPageTests.page(client, "/nearby?lat=35.658&lon=139.7016&at=2026-11-24T07:30")
            #expect(page.contains("<html lang=\"ja\">") && page.contains("渋谷"))
            let far = try await WebPageTests.page(client, "/nearby?fragment=1&lat=43.06&lon=141.35")
            #expect(far.contains("時刻表の範囲（東京圏）の外です"))
            _ = try await WebPageTests.page(client, "/nearby?lat=abc&lon=139.7", status: .badRequest)
            _ = try await WebPageTests.page(client, "/nearby?lat=35.6", status: .badRequest)
        }
    }
}
