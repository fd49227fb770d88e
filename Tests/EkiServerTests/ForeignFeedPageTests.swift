import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// The web pages on feeds nobody here wrote: an American commuter feed reads in English (its
/// riders' language) and a Japanese GTFS-JP feed in Japanese, either switchable; the feed's own
/// stop and trip ids in every link; the line's short name as the badge where the feed has no
/// Japanese train types; the next day's trains under a line saying so; the day a trip ran; the
/// nearest station when none is near.
@Suite struct ForeignFeedPageTests {
    static func withPages(_ feed: String, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let timetable = try FeedFixtures.imported(feed).timetable
        let router = Router()
        try WebPages.register(on: router, timetable: timetable)
        try await Application(router: router).test(.router) { client in try await body(client) }
    }

    /// What a rider reads of a page: its links and its text (not the data attributes and JSON its
    /// scripts read, which may hold the database's own ids).
    static func readable(_ page: String) -> [String] {
        let shown = page.replacing(/<script[^>]*>[^<]*<\/script>/, with: "")
        return shown.matches(of: /href="([^"]*)"/).map { String($0.output.1) } + shown.matches(of: />([^<]+)</).map { String($0.output.1) }
    }

    /// Friday 5 July 2013 at 23:30 in New York: Shore Line East's last train toward New London has
    /// gone, and the next one is Saturday's 08:04.
    static let fridayNight = "at=2013-07-05T23:30"

    @Test func anAmericanFeedsBoardReadsInEnglishWithTheNextDaysLine() async throws {
        try await Self.withPages("shoreLine") { client in
            let board = try await WebPageTests.page(client, "/board/OSB?railway=SLE&direction=0&" + Self.fridayNight)
            #expect(board.contains("<html lang=\"en\">"))
            #expect(board.contains("<span>toward New London</span>"), "the direction is not named after Old Saybrook itself")
            #expect(board.contains("<li class=\"next-day\">Next day, Sat 6 Jul</li>\n<li data-due=\"2013-07-06 484\"><time>08:04</time>"))
            #expect(board.contains("<span class=\"badge c-line line-0b3b8c\" title=\"Shore Line East\">SLE</span><span class=\"dest\">New London</span>"))
            #expect(board.contains("<span class=\"until\">in 8 h 34 min</span>"))
            #expect(Self.readable(board).allSatisfy { !$0.contains("SLE:") }, "no database-internal id in a link or a text")
            #expect(!board.contains("方面") && !board.contains("各"))
            // The rider's switch wins: the same board in Japanese, and its links keep the switch.
            let japanese = try await WebPageTests.page(client, "/board/OSB?railway=SLE&direction=0&lang=ja&" + Self.fridayNight)
            #expect(japanese.contains("<html lang=\"ja\">"))
            #expect(japanese.contains("<li class=\"next-day\">翌日 7月6日(土)</li>"))
            #expect(japanese.contains("<a class=\"lang\" href=\"/board/OSB?railway=SLE&amp;direction=0\" hreflang=\"en\">"))
        }
    }

    /// Issue 18's leftovers: hours without Tokyo's rush words on a feed elsewhere, and the offline
    /// shell keeping home in the feed's language (/) and the other one (?lang=ja), not /?lang=en.
    @Test func aFeedsStationPageAndOfflineShellFollowItsOwnLanguage() async throws {
        try await Self.withPages("shoreLine") { client in
            let page = try await WebPageTests.page(client, "/station/OSB?railway=SLE&at=2013-07-08T09:00")
            #expect(page.contains("<tr><th>7–10</th>") && page.contains("<tr><th>16–20</th>"), "neutral hours")
            #expect(!page.contains("rush"))
            let script = String(buffer: try await client.execute(uri: "/sw.js", method: .get).body)
            let line = try #require(script.split(separator: "\n").first)
            let json = line.dropFirst("self.ekiManifest = ".count).dropLast()
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(manifest["lang"] as? String == "en")
            #expect((manifest["shell"] as? [String])?.starts(with: ["/", "/?lang=ja", "/ticket", "/ticket?lang=ja"]) == true)
        }
    }

    @Test func theStationPageLinksByTheFeedsIds() async throws {
        try await Self.withPages("shoreLine") { client in
            let page = try await WebPageTests.page(client, "/station/OSB?railway=SLE&" + Self.fridayNight)
            #expect(page.contains("<html lang=\"en\">"))
            // The schedule by its names, the feed's service_ids as the detail (an extra service runs that Friday).
            // Asked for a moment (at=), the page offers the same station now (issue 32, 16).
            #expect(page.contains("<p class=\"meta\">2013-07-05 Weekday service + Special service (WKD+XTR)&nbsp;· <span class=\"phrase\">as of 23:30 · <a href=\"/station/OSB?railway=SLE&amp;was=2013-07-05T23:30\">show now</a></span></p>"))
            // Saturday's first train toward New London, under the next day's line, linked by its trip_id and day.
            #expect(page.contains("<li class=\"next-day\">Next day, Sat 6 Jul</li><li data-due=\"2013-07-06 484\"><a href=\"/train/SLE_3629WEH?date=2013-07-06&amp;from=OSB\"><time>08:04</time>"))
            // New London is a stop of Shore Line East and of Amtrak: its stop_id, and the railway meant.
            #expect(page.contains("<a class=\"stop\" href=\"/station/NLC?railway=SLE\">New London</a>"))
            #expect(Self.readable(page).allSatisfy { !$0.contains("SLE:") && !$0.contains("AT:") }, "\(Self.readable(page))")
            // The feed's stop_id names the station in the address too, and a name works as well.
            let byName = try await WebPageTests.page(client, "/station/Old%20Saybrook?railway=SLE&" + Self.fridayNight)
            #expect(byName.contains("<h1>Old Saybrook"))
        }
    }

    @Test func aTimetableLinksEachTripForItsDay() async throws {
        try await Self.withPages("shoreLine") { client in
            let page = try await WebPageTests.page(client, "/timetable/OSB?railway=SLE&direction=0&date=2013-07-05")
            #expect(page.contains("<p class=\"meta\">2013-07-05 Weekday service + Special service (WKD+XTR)</p>"))
            let tabs = page.matches(of: /<nav class="tabs" data-swipe>(.*)<\/nav>/).first.map { String($0.output.1) } ?? ""
            #expect(tabs.contains("<a href=\"/timetable/OSB?railway=SLE&amp;direction=1&amp;date=2013-07-05\">toward New Haven</a>"), "\(tabs)")
            let trains = page.matches(of: /<a href="\/train\/([^"]*)"><time>([^<]*)<\/time><b class="c-line line-0b3b8c">SLE<\/b><span>([^<]*)</)
                .map { "\($0.output.2) \($0.output.1) \($0.output.3)" }
            // Of Friday's trains toward New London only the 1603 leaves Old Saybrook: the 1601, 1699 and 1605 end there.
            #expect(trains == ["08:28 SLE_1603WKD?date=2013-07-05 New London"])
        }
    }

    @Test func aRoutesTrainLinkIsTheTripForTheRoutesDay() async throws {
        try await Self.withPages("shoreLine") { client in
            let page = try await WebPageTests.page(client, "/route?date=2013-07-05&segments=SLE_1603WKD~NHV~OSB")
            #expect(page.contains("href=\"/train/SLE_1603WKD?date=2013-07-05&amp;from=NHV\""), "\(page)")
            #expect(page.contains("<span class=\"badge c-line line-0b3b8c\" title=\"Shore Line East\">SLE</span>"))
            #expect(Self.readable(page).allSatisfy { !$0.contains("SLE:") }, "\(Self.readable(page).filter { $0.contains("SLE:") })")
        }
    }

    @Test func aTripsPageSaysTheDayItRuns() async throws {
        try await Self.withPages("shoreLine") { client in
            let friday = try await WebPageTests.page(client, "/train/SLE_1601WKD?date=2013-07-05&from=OSB")
            #expect(friday.contains("<p class=\"meta\">Running on Fri 5 Jul 2013</p>"))
            #expect(friday.contains("Train 1601"))
            #expect(friday.contains("toward Old Saybrook</h1>"))
            #expect(friday.contains("<li class=\"mine\" id=\"mine\"><time class=\"arr\">06:58</time>"))
            let saturday = try await WebPageTests.page(client, "/train/SLE_1601WKD?date=2013-07-06")
            #expect(saturday.contains("<p class=\"meta notice\">Not running on Sat 6 Jul 2013</p>"))
            _ = try await WebPageTests.page(client, "/train/SLE:NOPE", status: .notFound)
        }
    }

    @Test func theFormsGiveTheFeedsOwnStationsAsExamples() async throws {
        try await Self.withPages("shoreLine") { client in
            let home = try await WebPageTests.page(client, "/")
            #expect(home.contains("placeholder=\"Station (New Haven Union Station)\""))
            #expect(home.contains("placeholder=\"New Haven Union Station\"") && home.contains("placeholder=\"New London\""))
            #expect(!home.contains("Bashamichi") && !home.contains("shibuya"))
        }
    }

    @Test func nearbyNamesTheNearestStationWhenNoneIsNear() async throws {
        try await Self.withPages("shoreLine") { client in
            let page = try await WebPageTests.page(client, "/nearby?lat=41.40&lon=-72.30")
            #expect(page.contains("No station within 1500 m; the nearest is Old Saybrook (12.8 km, 160 min walk)"), "\(page)")
            #expect(page.contains("<a href=\"/station/OSB"))
        }
    }

    @Test func anAllNightSubwaysBoardHasYesterdaysNightTrains() async throws {
        try await Self.withPages("nightSubway") { client in
            // At 03:10 the 03:11 and 03:20 are the day before's service (27:11, 27:20 in GTFS time).
            let board = try await WebPageTests.page(client, "/board/127N?railway=1&direction=0&at=2024-12-03T03:10")
            #expect(board.matches(of: /<li data-due="[^"]*"><time>(\d\d:\d\d)<\/time>/).prefix(3).map { String($0.output.1) } == ["03:11", "03:20", "03:31"])
            #expect(board.contains(">1</span><span class=\"dest long\">Van Cortlandt Park-242 St</span><span class=\"until\">in 1 min</span>"))
            // Days change at 03:00: the 02:51 after midnight is still Tuesday's; Wednesday's 03:11 comes
            // under the line that says so.
            let rows = board.matches(of: /<li( class="next-day")?(?: data-due="[^"]*")?>(<time>)?([^<]*)/).map { String($0.output.3) }
            #expect(rows == ["03:11", "03:20", "03:31", "08:11", "02:51", "Next day, Wed 4 Dec", "03:11"])
        }
    }

    @Test func aJapaneseFeedReadsInJapaneseWithItsCategories() async throws {
        try await Self.withPages("minato") { client in
            let board = try await WebPageTests.page(client, "/board/M01?direction=0&at=2026-04-06T06:50")
            #expect(board.contains("<html lang=\"ja\">"))
            let badges = board.matches(of: /<span class="badge c-(\w+)" title="[^"]*">(.)<\/span>/).map { "\($0.output.1) \($0.output.2)" }
            #expect(Array(badges.prefix(3)) == ["local 各", "rapid 快", "limited 特"])
            let english = try await WebPageTests.page(client, "/board/M01?direction=0&at=2026-04-06T06:50&lang=en")
            #expect(english.contains("<html lang=\"en\">") && english.contains("in 1"))
            let station = try await WebPageTests.page(client, "/station/M01?at=2026-04-06T06:50")
            #expect(station.contains("平日ダイヤ"))
        }
    }
}
