import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// The web pages over the hand-written Tokyo (`TokyoFixture`): each page's content, both languages,
/// bad input, on Tuesday 2026-11-24 unless said. What only the real data shows (its heaviest page,
/// the reviewed table of changes, real words) is in RealDataServerTests.
@Suite struct WebPageTests {
    /// Runs `body` against an application serving only the web pages of `timetable`.
    static func withPages(_ timetable: Timetable,
                          _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router()
        try WebPages.register(on: router, timetable: timetable)
        try await Application(router: router).test(.router) { client in try await body(client) }
    }

    /// The pages of the hand-written Tokyo.
    static func withFixturePages(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await withPages(APIClient.fixture(), body)
    }

    static func page(_ client: any TestClientProtocol, _ uri: String, status: HTTPResponse.Status = .ok) async throws -> String {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == status, "\(uri)")
        return String(buffer: response.body)
    }

    /// 中央通 on the 海岸線 at 07:33: Outbound, the 07:25 from 渋谷坂 leaves for 港町 now (8 minutes
    /// on); Inbound, the 07:30 local from 港町 leaves at 07:36 (6 minutes on) for 渋谷坂.
    @Test func stationPageShowsTheDiagramAndBothDirections() async throws {
        try await Self.withFixturePages { client in
            let page = try await Self.page(client, "/station/Umi.Kaigan.Chuodori?at=2026-11-24T07:33")
            #expect(page.contains("<span class=\"stop here\">中央通</span>"))
            #expect(page.contains(">港町</a><span class=\"link solid\""))
            #expect(page.contains("<time>07:36</time><span class=\"badge c-local\""))
            #expect(page.contains("渋谷坂"))
            #expect(page.contains("data-direction=\"Inbound\"") && page.contains("data-direction=\"Outbound\""))
            #expect(page.contains("Eki test fixture"))   // the source's attribution
            let english = try await Self.page(client, "/station/chuodori?at=2026-11-24T07:33&lang=en")
            #expect(english.contains("<span class=\"stop here\">Chuodori</span>"))
            #expect(english.contains("Shibuyazaka") && english.contains("<html lang=\"en\">"))
            // The train leaving in the asked minute is まもなく / now, never "0分後".
            #expect(page.contains("<span class=\"dest\">港町</span><span class=\"until\">まもなく</span>"))
            #expect(!page.contains(">0分後<") && english.contains("<span class=\"until\">now</span>"))
        }
    }

    /// 渋谷坂 is a station of four railways.
    @Test func aSharedNameListsTheComplex() async throws {
        try await Self.withFixturePages { client in
            let page = try await Self.page(client, "/station/%E6%B8%8B%E8%B0%B7%E5%9D%82")   // 渋谷坂
            for id in [TokyoFixture.kaiganShibuyazaka, TokyoFixture.fukuShibuyazaka, TokyoFixture.kanjoShibuyazaka, TokyoFixture.ginShibuyazaka] {
                #expect(page.contains("href=\"/station/\(id)\""), "\(id)")
            }
        }
    }

    /// The 海岸線: 港町 → 中央通 → 渋谷坂, its through trains running on as 副線 trains.
    @Test func railwayPageDrawsTheLineAndListsItsStations() async throws {
        try await Self.withFixturePages { client in
            let page = try await Self.page(client, "/railway/Umi.Kaigan")
            #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(!page.contains("<?xml"))   // the declaration is not allowed inside HTML
            let listed = page.components(separatedBy: "<ol class=\"stations\">").last?.components(separatedBy: "</ol>").first ?? ""
            let names = listed.matches(of: /<li><a href="[^"]*">([^<]*)<\/a>/).map { String($0.output.1) }
            #expect(names == ["港町", "中央通", "渋谷坂"])
            #expect(page.contains("→ <a href=\"/station/Umi.Kaigan.Shibuyazaka\">渋谷坂</a>"))
            #expect(page.contains("href=\"/railway/Metro.Fuku\""))   // through service
            let english = try await Self.page(client, "/railway/%E6%B5%B7%E5%B2%B8%E7%B7%9A?lang=en")   // 海岸線
            #expect(english.contains(">Shibuyazaka</a>") && english.contains("<html lang=\"en\">"))
            _ = try await Self.page(client, "/railway/zzqqxx", status: .notFound)
        }
    }

    /// The railway's picture alone (the ride page draws the rider on it): an SVG whose root carries
    /// its projection, which puts a station exactly on its drawn dot (issue 30).
    @Test func theRailwaysPictureCarriesItsProjection() async throws {
        let timetable = try APIClient.fixture()
        let answers = try await APIClient.get(["/railway/Umi.Kaigan/map.svg", "/railway/zzqqxx/map.svg"], on: timetable)
        #expect(answers.map(\.status.code) == [200, 404])
        #expect(answers[0].headers[.contentType] == "image/svg+xml; charset=utf-8")
        let svg = answers[0].text
        func number(_ name: String) throws -> Double {
            let match = try #require(svg.firstMatch(of: Regex("\(name)=\"([-0-9.e]+)\"")), "\(name) in \(svg.prefix(400))")
            return try #require(Double(String(match.output[1].substring ?? "")))
        }
        let (west, north, shrink, scale, dx, dy) = (try number("data-west"), try number("data-north"), try number("data-shrink"),
                                                    try number("data-scale"), try number("data-dx"), try number("data-dy"))
        let chuodori = try #require(timetable.reference.stations.values.first { $0.id == "Umi.Kaigan.Chuodori" }?.coordinate)
        let x = (chuodori.longitude - west) * shrink * scale + dx, y = (north - chuodori.latitude) * scale + dy
        #expect(svg.contains(String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\"", x, y)), "中央通 at \(x), \(y)")
    }

    /// The stylesheets and scripts a page links to, as the page names them.
    static func assets(of page: String) -> [String] {
        page.matches(of: /<(?:link rel="stylesheet" href|script src)="([^"]+)"/).map { String($0.output.1) }
    }

    /// A page with the CSS and JS a first visit loads, in bytes.
    static func weight(_ client: any TestClientProtocol, _ uri: String) async throws -> Int {
        let page = try await Self.page(client, uri)
        var bytes = page.utf8.count
        for asset in Self.assets(of: page) { bytes += try await Self.page(client, asset).utf8.count }
        return bytes
    }

    /// The service worker's shell comes from the asset manifest the pages link with: every file of
    /// it is served (one missing file would make the whole install fail), under the names the
    /// pages use, and its version changes with them.
    @Test func serviceWorkerShellIsServed() async throws {
        try await Self.withFixturePages { client in
            let response = try await client.execute(uri: "/sw.js", method: .get)
            #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(response.headers[.cacheControl] == "no-cache")
            let script = String(buffer: response.body)
            let line = try #require(script.split(separator: "\n").first)
            #expect(line.hasPrefix("self.ekiManifest = ") && line.hasSuffix(";"))
            let json = line.dropFirst("self.ekiManifest = ".count).dropLast()
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let shell = try #require(manifest["shell"] as? [String])
            #expect((manifest["version"] as? String)?.count == 16)
            #expect(manifest["lang"] as? String == "ja")
            // Home and the Shinkansen ticket page (a trip is followed where there is no signal), and
            // what a bookmark's board loads (its page is kept for offline), and offline.js (what a page
            // loads once the network fails).
            #expect(shell.count == 18 && shell.starts(with: ["/", "/?lang=en", "/ticket", "/ticket?lang=en"]))
            let home = try await Self.page(client, "/"), ticket = try await Self.page(client, "/ticket")
            let board = try await Self.page(client, "/board/Umi.Kaigan.Chuodori?direction=Inbound")
            for name in ["home.", "board."] { #expect(shell.contains { $0.hasPrefix("/assets/" + name) }, "\(name) is in the shell") }
            for path in shell.dropFirst(4) {
                #expect([home, ticket, board].contains { $0.contains("\"\(path)\"") } || path.contains("icon."), "\(path) is what pages link to")
                let asset = try await client.execute(uri: path, method: .get)
                #expect(asset.status == .ok, "\(path)")
                #expect(asset.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(path)")
            }
            #expect(script.contains("addEventListener(\"fetch\""))
        }
    }

    /// 中央通's inbound weekday: locals from 05:06 (港町 05:00 + 6) to 00:36 (港町 24:30 + 6), the
    /// 07:30 local at 07:36 the first after 07:30.
    @Test func timetableMarksNowAndSwitchesDirections() async throws {
        try await Self.withFixturePages { client in
            let page = try await Self.page(client, "/timetable/Umi.Kaigan.Chuodori?direction=Inbound&date=2026-11-24&at=2026-11-24T07:30")
            // Rows link to the train alone; app.js adds the boarding station (the list's data-from) on the way.
            #expect(page.contains("<ol class=\"day\" data-from=\"Umi.Kaigan.Chuodori\">"))
            #expect(page.contains("<li id=\"now\" class=\"now\"><a href=\"/train/Umi.Kaigan.K450.Weekday\"><time>07:36</time>"))
            // Each tab says where it goes, as the station page's side does (issue 32, 11).
            #expect(page.contains("aria-current=\"page\" class=\"current\">上り <small>渋谷坂方面</small></a>"))
            #expect(page.contains("href=\"/timetable/Umi.Kaigan.Chuodori?direction=Outbound&amp;date=2026-11-24\">下り <small>港町方面</small></a>"))
            // Every row has a destination; the day starts 05:06 and ends 24:36 (shown as 00:36).
            #expect(page.contains("<time>05:06</time>") && page.contains("<time>00:36</time>"))
            #expect(page.components(separatedBy: "<span class=\"dest\"></span>").count == 1)
        }
    }

    /// The hour × minutes grid as a printed timetable: a letter for each destination but the usual
    /// one, with its key; the next train boxed and scrolled to, the ones gone greyed (issue 32, 6).
    /// 中央通 inbound: locals to 渋谷坂, and the 急行 through to 所沢野 at 07:05 and 08:05.
    @Test func theGridMarksDestinationsAndNow() async throws {
        try await Self.withFixturePages { client in
            let page = try await Self.page(client, "/timetable/Umi.Kaigan.Chuodori?direction=Inbound&date=2026-11-24&at=2026-11-24T07:30&view=grid")
            let key = try #require(page.firstMatch(of: /<ul class="legend marks" aria-label="行先">(.*?)<\/ul>/)?.output.1)
            #expect(key == "<li><span class=\"dim\">無印</span> 渋谷坂</li><li><sup>所</sup> 所沢野</li>", "\(key)")
            // The 07:36 to 渋谷坂 is the next train; the 07:05 急行 to 所沢野 has gone (titles name
            // the category: the 海岸線's 各停 is a 各駅停車).
            #expect(page.contains("class=\"c-local-text now\" id=\"now\" title=\"各駅停車 渋谷坂\">36</a>"))
            #expect(page.contains("class=\"c-express-text gone\" title=\"急行 所沢野\">05<sup>所</sup></a>"))
            #expect(page.components(separatedBy: " now\"").count == 2)
            // Another day than today: nothing marked as gone or next.
            let other = try await Self.page(client, "/timetable/Umi.Kaigan.Chuodori?direction=Inbound&date=2026-11-25&at=2026-11-24T07:30&view=grid")
            #expect(!other.contains(" gone") && !other.contains("id=\"now\""))
        }
        // Marks stay short: one letter, two where one is shared, else the letter and a number.
        let marks = TimetableView.destinationMarks(["池袋", "池袋", "和光市", "新宿三丁目", "新木場", "Shinjuku", "Shinrin-koen", "Shiki"])
        #expect(marks.map { "\($0.mark ?? "-") \($0.name)" } == ["- 池袋", "S1 Shiki", "S2 Shinjuku", "S3 Shinrin-koen", "和 和光市", "新宿 新宿三丁目", "新木 新木場"])
    }

    /// The 07:00 急行 from 港町 runs as 海岸線, 副線 and 北線 trains to 所沢野.
    @Test func trainPageFollowsThroughServiceAndHighlightsTheRider() async throws {
        try await Self.withFixturePages { client in
            let page = try await Self.page(client, "/train/Umi.Kaigan.A0701.Weekday?from=Umi.Kaigan.Chuodori")
            #expect(page.contains("所沢野行"))
            for railway in ["海岸線", "副線", "北線"] { #expect(page.contains(railway), "\(railway)") }
            #expect(page.contains("<li class=\"mine\" id=\"mine\">"))
        }
    }

    @Test func boardSearchHomeAndAssets() async throws {
        try await Self.withFixturePages { client in
            let board = try await Self.page(client, "/board/Umi.Kaigan.Chuodori?direction=Inbound&at=2026-11-24T07:30")
            #expect(board.contains("board-mode") && board.contains("<time>07:36</time>"))
            // Asked for 07:30, the board is a snapshot: its clock says 07:30 and app.js leaves it be.
            #expect(board.contains("data-pinned") && board.contains("<span class=\"clock\">07:30</span>"))
            let live = try await Self.page(client, "/board/Umi.Kaigan.Chuodori?direction=Inbound")
            #expect(!live.contains("data-pinned"))
            let search = try await Self.page(client, "/search?q=shibuyazaka")
            #expect(search.contains("<span class=\"title\">渋谷坂</span>"))
            let fragment = try await Self.page(client, "/search?fragment=1&q=kaigan")
            #expect(!fragment.contains("<html") && fragment.contains("海岸線"))
            let home = try await Self.page(client, "/")
            #expect(home.contains("id=\"bookmarks\"") && home.contains("id=\"locate\""))
            // 終電検索 is the route form's second button: it sends what was typed (issue 32, 2).
            #expect(home.contains("<button type=\"submit\" formaction=\"/route/last\">終電検索</button></form>"))
            // Beside it only the header menu's link, which every page has (issue 32, 18).
            #expect(home.components(separatedBy: "href=\"/route/last").count == 2)
            // The ride and the ticket: from home's content and from every page's ☰ menu (issue 32, 18),
            // and every page has an h1 (home's for screen readers, issue 32, 9).
            #expect(home.contains("<ul class=\"ways-on\">\n<li><a class=\"button\" href=\"/ride\">乗車中</a>"))
            #expect(home.contains("<li><a class=\"button\" href=\"/ticket\">新幹線のきっぷ</a>"))
            #expect(home.contains("<h1 class=\"visually-hidden\">次の電車</h1>"))
            let englishStation = try await Self.page(client, "/station/Metro.Gin.Shibuyazaka?lang=en")
            #expect(englishStation.contains("<details class=\"menu\"><summary aria-label=\"Menu\">☰</summary><nav><a href=\"/route?lang=en\">Route</a><a href=\"/route/last?lang=en\">Last train</a><a href=\"/ride?lang=en\">On the train</a><a href=\"/ticket?lang=en\">Shinkansen ticket</a></nav></details>"))
            #expect(try await Self.page(client, "/ride").contains("<h1 class=\"visually-hidden\">乗車中</h1>"))
            // A side keeps its terminal beside its direction's name: 中央通's Inbound goes to 渋谷坂.
            // An arrow from the coordinates says which way (issue 32, 15): 渋谷坂 lies north of
            // 中央通 (35.658 N against 35.560 N, 0.03° east), 港町 south.
            let chuodori = try await Self.page(client, "/station/Umi.Kaigan.Chuodori")
            #expect(chuodori.contains("<h2><span class=\"compass\" role=\"img\" aria-label=\"北へ\" title=\"北へ\">↑</span> 上り <small>渋谷坂方面</small></h2>"))
            #expect(chuodori.contains("<h2><span class=\"compass\" role=\"img\" aria-label=\"南へ\" title=\"南へ\">↓</span> 下り <small>港町方面</small></h2>"))
            // 所沢野 is far to the west of 池袋台 (139.47 E against 139.71 E, 0.06° north).
            let kita = try await Self.page(client, "/station/Kita.Kita.Ikebukurodai?lang=en")
            #expect(kita.contains("<span class=\"compass\" role=\"img\" aria-label=\"heading west\" title=\"heading west\">←</span>"))
            let css = try await client.execute(uri: "/assets/app.css", method: .get)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            // The page budget: a page and its assets stay well under 100 KB.
            let station = try await Self.weight(client, "/station/JR.Kanjo.Shinjukuhara?at=2026-11-24T07:30")
            #expect(station < 100_000, "\(station) bytes")
        }
    }

    @Test func badInputGetsAReadablePage() async throws {
        try await Self.withFixturePages { client in
            _ = try await Self.page(client, "/station/NoSuchStation", status: .notFound)
            _ = try await Self.page(client, "/station/Umi.Kaigan.Chuodori?at=tomorrow", status: .badRequest)
            _ = try await Self.page(client, "/train/NoSuchTrain", status: .notFound)
            _ = try await Self.page(client, "/timetable/Umi.Kaigan.Chuodori?date=2026-13-40", status: .badRequest)
            _ = try await Self.page(client, "/timetable/Umi.Kaigan.Chuodori?direction=Sideways", status: .notFound)
            let long = try await Self.page(client, "/search?q=" + String(repeating: "a", count: 80), status: .badRequest)
            #expect(long.contains("長すぎ"))   // in the page's language (issue 21)
            let hostile = try await Self.page(client, "/search?q=%3Cscript%3Ealert(1)%3C/script%3E")
            #expect(!hostile.contains("<script>alert"))
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
