import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// A through train's page says its type where the rider boards and on each railway; a board
/// names its railway and direction; the home page's controls are real buttons; calendars read
/// as words in both languages.
@Suite struct TrainAndBoardPageTests {
    static let saturdayExpress = "/train/Tokyu.Toyoko.057151.SaturdayHoliday"

    @Test func aThroughTrainIsHeadedWithItsTypeWhereTheRiderBoards() async throws {
        try await WebPageTests.withPages { client in
            // 普通 on the Tobu Tojo and Fukutoshin lines, 急行 from 渋谷 on the Toyoko, 各駅停車 on Sotetsu.
            let page = try await WebPageTests.page(client, Self.saturdayExpress + "?from=Tokyu.Toyoko.Shibuya")
            #expect(page.contains("<h1><span class=\"badge c-express\" title=\"急行\">急</span> 急行 湘南台行</h1>"))
            let parts = page.matches(of: /<h2 class="part"><span class="chip[^"]*">([^<]*)<\/span><span class="badge c-(\w+)"[^>]*>.<\/span>([^<]*) </)
                .map { "\($0.output.1) \($0.output.2) \($0.output.3)" }
            #expect(parts == ["東上線 local 普通", "副都心線 local 普通", "東横線 express 急行", "東急新横浜線 express 急行",
                              "相鉄新横浜線 local 各駅停車", "相鉄本線 local 各駅停車", "いずみ野線 local 各駅停車"])
            // 渋谷 shows twice (arriving on the Fukutoshin, leaving on the Toyoko): both marked,
            // one anchor, at the stop the train leaves from.
            #expect(page.components(separatedBy: "id=\"mine\"").count == 2)
            #expect(page.contains("<li class=\"mine\" id=\"mine\"><time class=\"arr\"></time><time class=\"dep\">15:17</time><a href=\"/station/Tokyu.Toyoko.Shibuya\">"))
            #expect(page.contains("<li class=\"mine\"><time class=\"arr\">15:16</time>"))
            // Boarding at 川越 it is a 普通; without a station, the first part's type.
            let kawagoe = try await WebPageTests.page(client, Self.saturdayExpress + "?from=Tobu.Tojo.Kawagoe&lang=en")
            #expect(kawagoe.contains("<h1><span class=\"badge c-local\""))
            let plain = try await WebPageTests.page(client, Self.saturdayExpress)
            #expect(plain.contains("</span> 普通 湘南台行</h1>") && !plain.contains("id=\"mine\""))
            // A Tokyo train's id names its calendar: no day line unless a day is asked for.
            #expect(!plain.contains("の運転</p>") && !plain.contains("運転しません"))
            let weekday = try await WebPageTests.page(client, Self.saturdayExpress + "?date=2026-11-24")
            #expect(weekday.contains("<p class=\"meta notice\">2026-11-24 11月24日(火)は運転しません</p>"))
        }
    }

    @Test func theBoardNamesItsRailwayAndMarksLongDestinations() async throws {
        try await WebPageTests.withPages { client in
            let board = try await WebPageTests.page(client, "/board/Tokyu.Toyoko.Shibuya?direction=Outbound&at=2026-11-24T07:30&lang=en")
            #expect(board.contains("<p class=\"where\"><a class=\"back\" href=\"/station/Tokyu.Toyoko.Shibuya?lang=en\" aria-label=\"Back to the station\">←</a>"
                                   + "<span class=\"chip line-da0442\">Toyoko Line</span><span>Outbound toward Yokohama</span></p>"))
            #expect(board.components(separatedBy: "<li data-due=\"2026-11-24 ").count - 1 == BoardView.rows)
            // Too wide for the row at full size: smaller type (and two lines), never an ellipsis.
            #expect(board.contains("<span class=\"dest long\">Motomachi-Chukagai</span>"))
            let japanese = try await WebPageTests.page(client, "/board/Tokyu.Toyoko.Shibuya?direction=Outbound&at=2026-11-24T07:30")
            #expect(japanese.contains("<span class=\"dest\">元町・中華街</span>"))
            // A direction whose name says where it goes is not followed by the terminal again.
            let hanzomon = try await WebPageTests.page(client, "/board/TokyoMetro.Hanzomon.Shibuya?direction=TokyoMetro.Oshiage&at=2026-11-24T07:30")
            #expect(hanzomon.contains(">半蔵門線</span><span>押上方面</span>"))
            // A way back to the station on a phone (issue 32, 4).
            #expect(hanzomon.contains("<p class=\"where\"><a class=\"back\" href=\"/station/TokyoMetro.Hanzomon.Shibuya\" aria-label=\"駅のページへ戻る\">←</a>"))
            // Board mode's rules are board.css, loaded by the board alone; app.css's .dest cuts with an
            // ellipsis, and board.css must undo it.
            #expect(WebPageTests.assets(of: board).contains { $0.hasPrefix("/assets/board.") && $0.hasSuffix(".css") })
            let css = String(decoding: try #require(WebFiles.shared.get().assets.first { $0.name == "board.css" }).body, as: UTF8.self)
            #expect(css.contains(".board .dest{white-space:normal;overflow:hidden;") && !css.contains("ellipsis"))   // as served: spaces gone
        }
    }

    @Test func bookmarksCarryIdsAndBothLanguagesNames() async throws {
        try await WebPageTests.withPages { client in
            let page = try await WebPageTests.page(client, "/station/Minatomirai.Minatomirai.Bashamichi?at=2026-11-24T07:30&lang=en")
            let attribute = try #require(page.firstMatch(of: /data-direction="Inbound" data-bookmark="([^"]*)"/)?.output.1)
            let json = String(attribute).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            let bookmark = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(bookmark["station"] as? String == "Minatomirai.Minatomirai.Bashamichi")
            #expect(bookmark["direction"] as? String == "Inbound")
            #expect(bookmark["railway"] as? String == "Minatomirai.Minatomirai")
            #expect(bookmark["color"] as? String == "#09357F")
            let names = try #require(bookmark["names"] as? [String: [String: String]])
            #expect(names["station"] == ["ja": "馬車道", "en": "Bashamichi"])
            #expect(names["direction"] == ["ja": "上り", "en": "Inbound"])
            #expect(names["railway"] == ["ja": "みなとみらい線", "en": "Minatomirai Line"])
            #expect(names["toward"] == ["ja": "横浜方面", "en": "toward Yokohama"])
        }
    }

    @Test func homeControlsAreButtonsAndCalendarsReadAsWords() async throws {
        try await WebPageTests.withPages { client in
            let home = try await WebPageTests.page(client, "/")
            // A <label> around a hidden input is not reachable by Tab: the import is a button.
            #expect(home.contains("<button type=\"button\" id=\"import-button\">読み込む</button>"))
            #expect(home.firstMatch(of: /<label[^>]*>[^<]*<input[^>]*hidden/) == nil)   // no label around a hidden input
            let saturday = try await WebPageTests.page(client, "/timetable/Tokyu.Toyoko.Shibuya?direction=Outbound&date=2026-11-28&lang=en")
            #expect(saturday.contains("2026-11-28 Saturday/holiday timetable (Saturday)"))
            #expect(!saturday.contains("SaturdayHoliday timetable"))
            let japanese = try await WebPageTests.page(client, "/station/Tokyu.Toyoko.Shibuya?at=2026-11-29T12:00")
            #expect(japanese.contains("2026-11-29 土休日ダイヤ（日曜日）"))
            let weekday = try await WebPageTests.page(client, "/station/Tokyu.Toyoko.Shibuya?at=2026-11-24T12:00&lang=en")
            #expect(weekday.contains("2026-11-24 Weekday timetable (weekday)"))
        }
    }
}
