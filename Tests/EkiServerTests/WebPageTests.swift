import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// The web pages over the real data: each page's real content, both languages, bad input.
@Suite struct WebPageTests {
    /// Runs `body` against an application serving only the web pages.
    static func withPages(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let timetable = try SharedData.imported().timetable
        let router = Router()
        try WebPages.register(on: router, timetable: timetable)
        try await Application(router: router).test(.router) { client in try await body(client) }
    }

    static func page(_ client: any TestClientProtocol, _ uri: String, status: HTTPResponse.Status = .ok) async throws -> String {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == status, "\(uri)")
        return String(buffer: response.body)
    }

    @Test func stationPageShowsTheDiagramAndBothDirections() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/station/Minatomirai.Minatomirai.Bashamichi?at=2026-11-24T07:30")
            #expect(page.contains("<span class=\"stop here\">馬車道</span>"))
            #expect(page.contains(">みなとみらい</a><span class=\"link solid\""))
            #expect(page.contains("<span class=\"link dotted\" title=\"1 駅\"></span><a class=\"stop\" href=\"/station/Minatomirai.Minatomirai.Yokohama\">横浜</a>") || page.contains(">横浜</a><span class=\"link dotted\""))
            #expect(page.contains("<time>07:31</time><span class=\"badge c-local\""))
            #expect(page.contains("清瀬"))
            #expect(page.contains("data-direction=\"Inbound\"") && page.contains("data-direction=\"Outbound\""))
            #expect(page.contains("公共交通オープンデータセンター"))
            let english = try await Self.page(client, "/station/bashamichi?at=2026-11-24T07:30&lang=en")
            #expect(english.contains("<span class=\"stop here\">Bashamichi</span>"))
            #expect(english.contains("Kiyose") && english.contains("<html lang=\"en\">"))
            // The countdown says what `eki station 馬車道 --at 2026-11-24T07:30` says
            // (StationCommandTests): the 07:30 元町・中華街 train is まもなく / now, never "0分後".
            #expect(page.contains("<span class=\"dest\">元町・中華街</span><span class=\"until\">まもなく</span>"))
            #expect(!page.contains("0分後<") && english.contains("<span class=\"until\">now</span>"))
        }
    }

    @Test func aSharedNameListsTheComplex() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/station/%E6%B8%8B%E8%B0%B7")   // 渋谷
            #expect(page.contains("href=\"/station/Tokyu.Toyoko.Shibuya\""))
            #expect(page.contains("href=\"/station/JR-East.Yamanote.Shibuya\""))
        }
    }

    /// A station's 乗換 list says how long each change takes and what it is (issue 29's table).
    @Test func aStationPageListsItsChangesWithTheirMinutes() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/station/Tokyu.Toyoko.Shibuya")
            let changes = page.components(separatedBy: "<ul class=\"connections\">").last?.components(separatedBy: "</ul>").first ?? ""
            let ginza = try #require(changes.components(separatedBy: "<li>").first { $0.contains("/station/TokyoMetro.Ginza.Shibuya") })
            // The table's 8 minutes here are reasoned from the layout, not measured: a 目安.
            #expect(ginza.contains("徒歩8分（地下深いホーム・目安）"), "\(ginza)")
            let english = try await Self.page(client, "/station/Tokyu.Toyoko.Shibuya?lang=en")
            #expect(english.contains("8 min walk (deep underground; estimated)"))
        }
    }

    @Test func railwayPageDrawsTheLineAndListsItsStations() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/railway/Minatomirai.Minatomirai")
            #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(!page.contains("<?xml"))   // the declaration is not allowed inside HTML
            let listed = page.components(separatedBy: "<ol class=\"stations\">").last?.components(separatedBy: "</ol>").first ?? ""
            let names = listed.matches(of: /<li><a href="[^"]*">([^<]*)<\/a>/).map { String($0.output.1) }
            #expect(names == ["横浜", "新高島", "みなとみらい", "馬車道", "日本大通り", "元町・中華街"])
            #expect(page.contains("→ <a href=\"/station/Minatomirai.Minatomirai.MotomachiChukagai\">元町・中華街</a>"))
            #expect(page.contains("href=\"/railway/Tokyu.Toyoko\""))   // through service
            let english = try await Self.page(client, "/railway/%E3%81%BF%E3%81%AA%E3%81%A8%E3%81%BF%E3%82%89%E3%81%84?lang=en")   // みなとみらい
            #expect(english.contains(">Motomachi-Chukagai</a>") && english.contains("<html lang=\"en\">"))
            _ = try await Self.page(client, "/railway/zzqqxx", status: .notFound)
        }
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

    /// The busiest timetable in the data (北千住, Tobu Skytree Line inbound, 438 weekday departures)
    /// with the CSS and JS a first visit loads: at most 100 KB, and nothing from another host.
    @Test func theHeaviestPageStaysUnder100KB() async throws {
        let timetable = try SharedData.imported().timetable
        let station = try #require(timetable.reference.stations[id: "Tobu.TobuSkytree.KitaSenju"])
        let inbound = try #require(try timetable.directions(at: station).first { $0.id == "Inbound" })
        let day = try timetable.stationTimetable(station: station, direction: inbound, serviceDate: try #require(CivilDate(year: 2026, month: 11, day: 24)))
        try await Self.withPages { client in
            let uri = "/timetable/Tobu.TobuSkytree.KitaSenju?direction=Inbound&date=2026-11-24"
            let page = try await Self.page(client, uri)
            #expect(page.components(separatedBy: "<li><a href=\"/train/").count - 1 == day.rows.count)
            #expect(day.rows.count >= 400)
            #expect(Self.assets(of: page).count == 3)   // app.css, lines.css, app.js: no home.js, board.js or board.css
            let japanese = try await Self.weight(client, uri)
            #expect(japanese <= 100_000, "\(japanese) bytes")
            // English names run longer than Japanese ones.
            let english = try await Self.weight(client, uri + "&lang=en")
            #expect(english <= 100_000, "English: \(english) bytes")
            // The route page loads route.js besides.
            let route = try await Self.weight(client, "/route?date=2026-11-24&segments=" + OpenAPITests.route)
            #expect(route <= 100_000, "route: \(route) bytes")
            for text in [page] + (try await Self.assets(of: page).asyncMap { try await Self.page(client, $0) }) {
                #expect(text.firstMatch(of: /(src|href)="(https?:)?\/\//) == nil)
                #expect(!text.contains("url(http") && !text.contains("@import"))
            }
        }
    }

    /// The service worker's shell comes from the asset manifest the pages link with: every file of
    /// it is served (one missing file would make the whole install fail), under the names the
    /// pages use, and its version changes with them.
    @Test func serviceWorkerShellIsServed() async throws {
        try await Self.withPages { client in
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
            // what a bookmark's board loads (its page is kept for offline).
            #expect(shell.count == 17 && shell.starts(with: ["/", "/?lang=en", "/ticket", "/ticket?lang=en"]))
            let home = try await Self.page(client, "/"), ticket = try await Self.page(client, "/ticket")
            let board = try await Self.page(client, "/board/Tokyu.Toyoko.Shibuya?direction=Outbound")
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

    @Test func timetableMarksNowAndSwitchesDirections() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/timetable/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&date=2026-11-24&at=2026-11-24T07:30")
            // Rows link to the train alone; app.js adds the boarding station (the list's data-from) on the way.
            #expect(page.contains("<ol class=\"day\" data-from=\"Minatomirai.Minatomirai.Bashamichi\">"))
            #expect(page.contains("<li id=\"now\" class=\"now\"><a href=\"/train/Minatomirai.Minatomirai.006072.Weekday\"><time>07:31</time>"))
            // Each tab says where it goes, as the station page's side does (issue 32, 11).
            #expect(page.contains("aria-current=\"page\" class=\"current\">上り <small>横浜方面</small></a>"))
            #expect(page.contains("href=\"/timetable/Minatomirai.Minatomirai.Bashamichi?direction=Outbound&amp;date=2026-11-24\">下り <small>元町・中華街方面</small></a>"))
            // At a railway's end, by where its trains go on; a loop by its next major stations; a
            // direction already named after where it goes, by its name alone.
            let toyoko = try await Self.page(client, "/timetable/Tokyu.Toyoko.Shibuya?direction=Inbound&date=2026-11-24")
            #expect(toyoko.contains(">上り <small>副都心線直通</small></a>") && toyoko.contains(">下り <small>横浜方面</small></a>"))
            let yamanote = try await Self.page(client, "/timetable/JR-East.Yamanote.Shibuya?direction=InnerLoop&date=2026-11-24")
            #expect(yamanote.contains(">内回り <small>品川・東京方面</small></a>") && yamanote.contains(">外回り <small>新宿・池袋方面</small></a>"))
            let ginza = try await Self.page(client, "/timetable/TokyoMetro.Ginza.Shibuya?direction=TokyoMetro.Asakusa&date=2026-11-24")
            #expect(ginza.contains("class=\"current\">浅草方面</a>"))
            // Every row has a destination; the day starts 05:00 and ends 00:22 (shown as 00:22).
            #expect(page.contains("<time>05:00</time>") && page.contains("<time>00:22</time>"))
            #expect(page.components(separatedBy: "<span class=\"dest\"></span>").count == 1)
        }
    }

    /// The hour × minutes grid as a printed timetable: a letter for each destination but the usual
    /// one, with its key; the next train boxed and scrolled to, the ones gone greyed (issue 32, 6).
    @Test func theGridMarksDestinationsAndNow() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/timetable/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&date=2026-11-24&at=2026-11-24T07:30&view=grid")
            let key = try #require(page.firstMatch(of: /<ul class="legend marks" aria-label="行先">(.*?)<\/ul>/)?.output.1)
            #expect(key.hasPrefix("<li><span class=\"dim\">無印</span> 渋谷</li><li><sup>和</sup> 和光市</li>"), "\(key)")
            #expect(key.contains("<li><sup>池</sup> 池袋</li>") && key.contains("<li><sup>森</sup> 森林公園</li>"))
            // The 07:31 to 清瀬 is the next train; the 07:27 to 和光市 has gone.
            #expect(page.contains("class=\"c-local-text now\" id=\"now\" title=\"各駅停車 清瀬\">31<sup>清</sup></a>"))
            #expect(page.contains("class=\"c-limited-text gone\" title=\"特急 和光市\">27<sup>和</sup></a>"))
            #expect(page.components(separatedBy: " now\"").count == 2)
            // Another day than today: nothing marked as gone or next.
            let other = try await Self.page(client, "/timetable/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&date=2026-11-25&at=2026-11-24T07:30&view=grid")
            #expect(!other.contains(" gone") && !other.contains("id=\"now\""))
        }
        // Marks stay short: one letter, two where one is shared, else the letter and a number.
        let marks = TimetableView.destinationMarks(["池袋", "池袋", "和光市", "新宿三丁目", "新木場", "Shinjuku", "Shinrin-koen", "Shiki"])
        #expect(marks.map { "\($0.mark ?? "-") \($0.name)" } == ["- 池袋", "S1 Shiki", "S2 Shinjuku", "S3 Shinrin-koen", "和 和光市", "新宿 新宿三丁目", "新木 新木場"])
    }

    @Test func trainPageFollowsThroughServiceAndHighlightsTheRider() async throws {
        try await Self.withPages { client in
            let page = try await Self.page(client, "/train/Tokyu.Toyoko.026054.Weekday?from=Tokyu.Toyoko.Shibuya")
            #expect(page.contains("清瀬行"))
            for railway in ["みなとみらい線", "東横線", "副都心線"] { #expect(page.contains(railway), "\(railway)") }
            #expect(page.contains("<li class=\"mine\" id=\"mine\">"))
        }
    }

    @Test func boardSearchHomeAndAssets() async throws {
        try await Self.withPages { client in
            let board = try await Self.page(client, "/board/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&at=2026-11-24T07:30")
            #expect(board.contains("board-mode") && board.contains("<time>07:31</time>"))
            // Asked for 07:30, the board is a snapshot: its clock says 07:30 and app.js leaves it be.
            #expect(board.contains("data-pinned") && board.contains("<span class=\"clock\">07:30</span>"))
            let live = try await Self.page(client, "/board/Minatomirai.Minatomirai.Bashamichi?direction=Inbound")
            #expect(!live.contains("data-pinned"))
            let search = try await Self.page(client, "/search?q=%E3%81%97%E3%81%B6%E3%82%84")   // しぶや
            #expect(search.contains("<span class=\"title\">渋谷</span>"))
            let fragment = try await Self.page(client, "/search?fragment=1&q=toyoko")
            #expect(!fragment.contains("<html") && fragment.contains("東横線"))
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
            let englishStation = try await Self.page(client, "/station/TokyoMetro.Ginza.Shibuya?lang=en")
            #expect(englishStation.contains("<details class=\"menu\"><summary aria-label=\"Menu\">☰</summary><nav><a href=\"/route?lang=en\">Route</a><a href=\"/route/last?lang=en\">Last train</a><a href=\"/ride?lang=en\">On the train</a><a href=\"/ticket?lang=en\">Shinkansen ticket</a></nav></details>"))
            #expect(try await Self.page(client, "/ride").contains("<h1 class=\"visually-hidden\">乗車中</h1>"))
            // A side named after its terminal does not name it twice (issue 32, 8); one that is not
            // keeps its terminals beside it.
            let ginza = try await Self.page(client, "/station/TokyoMetro.Ginza.Shibuya")
            #expect(ginza.contains("<h2>浅草方面</h2>") && !ginza.contains("<small>浅草方面</small>"))
            let ginzaEnglish = try await Self.page(client, "/station/TokyoMetro.Ginza.Shibuya?lang=en")
            #expect(ginzaEnglish.contains("<h2>For Asakusa</h2>"))
            let bashamichi = try await Self.page(client, "/station/Minatomirai.Minatomirai.Bashamichi")
            #expect(bashamichi.contains("<h2>上り <small>横浜方面</small></h2>"))
            let css = try await client.execute(uri: "/assets/app.css", method: .get)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            // The page budget: a page and its assets stay well under 100 KB.
            let station = try await Self.weight(client, "/station/JR-East.Yamanote.Shinjuku?at=2026-11-24T07:30")
            #expect(station < 100_000, "\(station) bytes")
        }
    }

    @Test func badInputGetsAReadablePage() async throws {
        try await Self.withPages { client in
            _ = try await Self.page(client, "/station/NoSuchStation", status: .notFound)
            _ = try await Self.page(client, "/station/Minatomirai.Minatomirai.Bashamichi?at=tomorrow", status: .badRequest)
            _ = try await Self.page(client, "/train/NoSuchTrain", status: .notFound)
            _ = try await Self.page(client, "/timetable/Minatomirai.Minatomirai.Bashamichi?date=2026-13-40", status: .badRequest)
            _ = try await Self.page(client, "/timetable/Minatomirai.Minatomirai.Bashamichi?direction=Sideways", status: .notFound)
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
