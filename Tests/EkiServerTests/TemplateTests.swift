import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// The page layer's files: every word a template uses is in words.json in both languages (and
/// every word there is used), text reaches a page only escaped (the one raw insertion is the
/// railway map, and the route's JSON written for a script element), and no page carries inline
/// script or style that the Content-Security-Policy would refuse.
@Suite struct TemplateTests {
    static func templates() throws -> [String: String] {
        let folder = try WebFiles.shared.get().folder.appendingPathComponent("templates")
        return try Dictionary(uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: folder.path).map { file in
            (file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        })
    }

    @Test func everyWordIsInBothLanguagesAndEveryWordIsUsed() throws {
        let web = try WebFiles.shared.get()
        let used = Set(try Self.templates().values.flatMap { $0.matches(of: /\{\{[#^\/]?t\.([A-Za-z]+)\}\}/).map { String($0.output.1) } })
        #expect(used.count > 60)
        for language in [PageLanguage.ja, .en] {
            let words = try #require(web.words[language])
            #expect(used.subtracting(words.keys).isEmpty, "missing in \(language): \(used.subtracting(words.keys).sorted())")
            #expect(Set(words.keys).subtracting(used).isEmpty, "unused: \(Set(words.keys).subtracting(used).sorted())")
        }
        #expect(web.words[.ja]?["getOff"] == "降りる" && web.words[.en]?["getOff"] == "Get off")
    }

    @Test func onlyTheMapAndTheRoutesJSONAreInsertedRaw() throws {
        let raw = try Self.templates().flatMap { file, text in
            text.matches(of: /\{\{(\{|&)\s*([\w.]+)/).map { "\(file): \($0.output.2)" }
        }
        #expect(raw.sorted() == ["railway.mustache: map", "route.mustache: json"])
    }

    /// The hand-written Tokyo with 表参 named as the real data names 明治神宮前〈原宿〉 —
    /// Omotesan<Hills> in English — so its names carry < and > (and 〈〉) onto every page.
    static func withAngledNames() throws -> Timetable {
        try TokyoFixture.timetable { data in
            let index = data.stations.firstIndex { $0.id == TokyoFixture.omotesan }!
            data.stations[index].name = .init(ja: "表参〈丘〉", en: "Omotesan<Hills>")
        }
    }

    /// The weekday 07:15 local 港町 → 渋谷坂, then 銀線's 07:35 to 表参 (HostileInputTests.route).
    static let route = "/route?date=2026-11-24&segments=" + HostileInputTests.route

    /// Station names with < and > in them and what a rider types.
    @Test func textIsEscapedWhereverItGoes() async throws {
        try await WebPageTests.withPages(Self.withAngledNames()) { client in
            let station = try await WebPageTests.page(client, "/station/Metro.Gin.Omotesan?lang=en&at=2026-11-24T07:30")
            #expect(station.contains("<h1>Omotesan&lt;Hills&gt; <small>表参〈丘〉</small></h1>"))
            #expect(!station.contains("Omotesan<Hills>"))
            // 銀線's eastbound trains go to 表参: the board names their destination.
            let board = try await WebPageTests.page(client, "/board/Metro.Gin.Shibuyazaka?direction=Eastbound&at=2026-11-24T07:30&lang=en")
            #expect(board.contains("Omotesan&lt;Hills&gt;") && !board.contains("Omotesan<Hills>"))
            let search = try await WebPageTests.page(client, "/search?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&lang=en")
            #expect(search.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;") && !search.contains("<img"))
            // The route's JSON inside its script element cannot close it, though the route ends at
            // a station whose name has < and > in it.
            let route = try await WebPageTests.page(client, Self.route + "&lang=en")
            let data = try #require(route.firstMatch(of: /<script type="application\/json" id="route-data">(.*?)<\/script>/)?.output.1)
            let json = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
            #expect(!data.contains("<") && json?["segments"] != nil)
            let last = (json?["segments"] as? [[String: Any]])?.last?["alight"] as? [String: Any]
            #expect((last?["title"] as? [String: Any])?["en"] as? String == "Omotesan<Hills>")
        }
    }

    /// A page of each kind on the hand-written Tokyo.
    static let pages = [
        "/", "/?lang=en", "/search?q=shibuyazaka", "/station/Metro.Fuku.Shibuyazaka?at=2026-11-24T07:30",
        "/timetable/Umi.Kaigan.Chuodori?direction=Inbound&date=2026-11-24",
        "/timetable/minatomachi?direction=Inbound&date=2026-11-24", "/board/Metro.Fuku.Shibuyazaka?direction=Northbound&at=2026-11-24T07:30",
        "/train/Kita.Kita.HL10.SaturdayHoliday?from=Kita.Kita.Ikebukurodai", "/railway/Metro.Fuku", Self.route,
        "/route", "/route/fastest?from=%E6%B8%AF%E7%94%BA&to=omotesan&at=2026-11-24T07:30", "/ride", "/ticket", "/ticket?lang=en",
        "/nearby?lat=35.658&lon=139.7016&at=2026-11-24T07:30", "/station/Nowhere",
    ]

    /// What the CSP refuses would break a page silently: script only from files, style only from
    /// stylesheets (railway colours are classes of lines.css), no event-handler attributes.
    @Test func noPageHasInlineScriptOrStyle() async throws {
        try await WebPageTests.withPages(APIClient.fixture()) { client in
            for uri in Self.pages {
                let response = try await client.execute(uri: uri, method: .get)
                let page = String(buffer: response.body)
                #expect(page.hasPrefix("<!doctype html>"), "\(uri)")
                for tag in page.matches(of: /<script[^>]*>/) {
                    #expect(tag.output.contains(/\ src="\/assets\/[a-z]+\.[0-9a-f]{10}\.js"/) || tag.output == "<script type=\"application/json\" id=\"route-data\">",
                            "\(uri): \(tag.output)")
                }
                #expect(!page.contains("style=") && !page.contains("<style"), "\(uri)")
                #expect(page.firstMatch(of: /<[^>]+\son[a-z]+=/) == nil, "\(uri)")
                #expect(page.firstMatch(of: /href="javascript:/) == nil, "\(uri)")
            }
        }
    }

    /// Railway colours: lines.css has a class per colour of the database, and pages use them. The
    /// hand-written Tokyo's five railways have five colours; the 海岸線's is #0070c0.
    @Test func railwayColoursAreClassesOfLinesCSS() async throws {
        let timetable = try APIClient.fixture()
        try await WebPageTests.withPages(timetable) { client in
            let page = try await WebPageTests.page(client, "/board/Umi.Kaigan.Chuodori?direction=Inbound&at=2026-11-24T07:30")
            #expect(page.contains("<section class=\"board line-0070c0\""))
            let link = try #require(WebPageTests.assets(of: page).first { $0.hasPrefix("/assets/lines.") })
            let css = try await WebPageTests.page(client, link)
            #expect(css.contains(".line-0070c0{--line:#0070c0}"))
            let colours = Set(timetable.reference.railways.values.compactMap(\.color))
            #expect(colours == ["#0070c0", "#9c5e31", "#2e8b57", "#80c241", "#ff9500"])
            #expect(css.components(separatedBy: "{--line:").count - 1 == colours.count)
        }
    }

    /// What a phone downloads of a stylesheet: no comments, no spaces beside { } ; , > — but a
    /// quoted string, calc()'s + and a descendant selector's space before a colon stay, and so do
    /// the line numbers.
    @Test func stylesheetsAreServedWithoutTheSpacesAReaderWants() {
        let css = """
        /* the key's words,
           in English */
        :lang(en) .day b + span::before { content:"Semi-Express, Local > {x}"; }
          .a > .b, .c :first-child { width:calc(100% + 1rem) ; }
        """
        #expect(WebFiles.withoutComments(css, in: "app.css") == """


        :lang(en) .day b + span::before{content:"Semi-Express, Local > {x}"}
        .a>.b,.c :first-child{width:calc(100% + 1rem)}
        """)
    }
}
