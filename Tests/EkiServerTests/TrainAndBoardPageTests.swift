import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// A through train's page says its type where the rider boards and on each railway; a board
/// names its railway and direction; the home page's controls are real buttons; calendars read
/// as words in both languages. On the hand-written Tokyo (`TokyoFixture`).
@Suite struct TrainAndBoardPageTests {
    static let throughTrain = "/train/Umi.Kaigan.A0701.Weekday"

    /// The fixture with its 07:00 through train of three types, as real through trains change type
    /// at a railway's end: 急行 on the 海岸線, 準急 on the 副線, 各停 on the 北線. Its own database.
    static func threeTypes() throws -> Timetable {
        try TokyoFixture.timetable { data in
            for index in data.trains.indices {
                switch data.trains[index].id {
                case TokyoFixture.throughParts[1]: data.trains[index].typeId = "Metro.SemiExpress"
                case TokyoFixture.throughParts[2]: data.trains[index].typeId = "Kita.Local"
                default: break
                }
            }
        }
    }

    /// The fixture with the 銀線's eastbound direction named after where it goes, as Tokyo Metro
    /// names its directions (浅草方面): 表参方面. Its own database.
    static func namedDirection() throws -> Timetable {
        try TokyoFixture.timetable { data in
            let east = data.directions.firstIndex { $0.id == "Eastbound" }!
            data.directions[east].name = .init(ja: "表参方面", en: "For Omotesan")
        }
    }

    @Test func aThroughTrainIsHeadedWithItsTypeWhereTheRiderBoards() async throws {
        try await WebPageTests.withPages(Self.threeTypes()) { client in
            let page = try await WebPageTests.page(client, Self.throughTrain + "?from=Metro.Fuku.Shibuyazaka")
            #expect(page.contains("<h1><span class=\"badge c-semiExpress\" title=\"準急\">準</span> 準急 所沢野行</h1>"))
            let parts = page.matches(of: /<h2 class="part"><span class="chip[^"]*">([^<]*)<\/span><span class="badge c-(\w+)"[^>]*>.<\/span>([^<]*) </)
                .map { "\($0.output.1) \($0.output.2) \($0.output.3)" }
            #expect(parts == ["海岸線 express 急行", "副線 semiExpress 準急", "北線 local 各停"])
            // 渋谷坂 shows twice (arriving on the 海岸線 at 07:12, leaving on the 副線 at 07:13): both
            // marked, one anchor, at the stop the train leaves from.
            #expect(page.components(separatedBy: "id=\"mine\"").count == 2)
            #expect(page.contains("<li class=\"mine\" id=\"mine\"><time class=\"arr\"></time><time class=\"dep\">07:13</time><a href=\"/station/Metro.Fuku.Shibuyazaka"))
            #expect(page.contains("<li class=\"mine\"><time class=\"arr\">07:12</time>"))
            // On a day it runs, each stop links its station as it is when the train gets there
            // (issue 32, 16): at= that day and its time there. (Undated, the page is today's, and
            // carries a time only when the train's calendar runs today.)
            let dated = try await WebPageTests.page(client, Self.throughTrain + "?date=2026-11-24&from=Metro.Fuku.Shibuyazaka")
            #expect(dated.contains("<li class=\"mine\" id=\"mine\"><time class=\"arr\"></time><time class=\"dep\">07:13</time><a href=\"/station/Metro.Fuku.Shibuyazaka?at=2026-11-24T07:13\">"))
            #expect(dated.contains("<li class=\"mine\"><time class=\"arr\">07:12</time><time class=\"dep\"></time><a href=\"/station/Umi.Kaigan.Shibuyazaka?at=2026-11-24T07:12\">"))
            #expect(dated.contains("<a href=\"/station/Kita.Kita.Tokorozawano?at=2026-11-24T07:40\">所沢野</a>"))
            let station = try await WebPageTests.page(client, "/station/Kita.Kita.Tokorozawano?at=2026-11-24T07:40")
            // The moment named as one ("の時点"), the switch to now and from there back to it, and the
            // board and timetable keeping it.
            #expect(station.contains("&nbsp;· <span class=\"phrase\">07:40 の時点 · <a href=\"/station/Kita.Kita.Tokorozawano?was=2026-11-24T07:40\">今の時刻で見る</a></span></p>"))
            #expect(station.contains("href=\"/board/Kita.Kita.Tokorozawano?direction=Inbound&amp;at=2026-11-24T07:40\""))
            #expect(station.contains("href=\"/timetable/Kita.Kita.Tokorozawano?direction=Inbound&amp;date=2026-11-24\""))
            let now = try await WebPageTests.page(client, "/station/Kita.Kita.Tokorozawano?was=2026-11-24T07:40")
            #expect(now.contains(" · <a href=\"/station/Kita.Kita.Tokorozawano?at=2026-11-24T07:40\">07:40 の時刻で見る</a></span></p>"))
            #expect(!now.contains("の時点") && !now.contains("今の時刻で見る") && !now.contains("&amp;at="))
            #expect(!(try await WebPageTests.page(client, "/station/Kita.Kita.Tokorozawano")).contains("今の時刻で見る"))
            #expect(!(try await WebPageTests.page(client, "/station/Kita.Kita.Tokorozawano?was=07:40%3Cb%3E")).contains("の時刻で見る"))
            // Boarding at 池袋台 it is a 各停; without a station, the first part's type.
            let ikebukurodai = try await WebPageTests.page(client, Self.throughTrain + "?from=Kita.Kita.Ikebukurodai&lang=en")
            #expect(ikebukurodai.contains("<h1><span class=\"badge c-local\" title=\"Local\">各</span> Local for Tokorozawano</h1>"))
            let plain = try await WebPageTests.page(client, Self.throughTrain)
            #expect(plain.contains("</span> 急行 所沢野行</h1>") && !plain.contains("id=\"mine\""))
            // A Tokyo train's id names its calendar: no day line unless a day is asked for.
            #expect(!plain.contains("の運転</p>") && !plain.contains("運転しません"))
            // A weekday train on a Monday that is a holiday (勤労感謝の日) does not run.
            let holiday = try await WebPageTests.page(client, Self.throughTrain + "?date=2026-11-23")
            #expect(holiday.contains("<p class=\"meta notice\">2026-11-23 11月23日(月)は運転しません</p>"))
        }
    }

    @Test func theBoardNamesItsRailwayAndMarksLongDestinations() async throws {
        try await WebPageTests.withFixturePages { client in
            // The 環状線's outer loop from 渋谷坂: a whole lap ahead, signed for its major station ahead.
            let board = try await WebPageTests.page(client, "/board/JR.Kanjo.Shibuyazaka?direction=OuterLoop&at=2026-11-24T07:30&lang=en")
            #expect(board.contains("<p class=\"where\"><a class=\"back\" href=\"/station/JR.Kanjo.Shibuyazaka?lang=en\" aria-label=\"Back to the station\">←</a>"
                                   + "<span class=\"chip line-80c241\">Kanjo Line</span><span>Outer loop toward Shinjukuhara</span></p>"))
            #expect(board.components(separatedBy: "<li data-due=\"2026-11-24 ").count - 1 == BoardView.rows)
            // Too wide for the row at full size (16 columns): smaller type (and two lines), never an ellipsis.
            #expect(board.contains("<span class=\"dest long\">for Shinjukuhara</span>"))
            let japanese = try await WebPageTests.page(client, "/board/JR.Kanjo.Shibuyazaka?direction=OuterLoop&at=2026-11-24T07:30")
            #expect(japanese.contains("<span class=\"dest\">新宿原方面</span>"))
            // Board mode's rules are board.css, loaded by the board alone; app.css's .dest cuts with an
            // ellipsis, and board.css must undo it.
            #expect(WebPageTests.assets(of: board).contains { $0.hasPrefix("/assets/board.") && $0.hasSuffix(".css") })
            let css = String(decoding: try #require(WebFiles.shared.get().assets.first { $0.name == "board.css" }).body, as: UTF8.self)
            #expect(css.contains(".board .dest{white-space:normal;overflow:hidden;") && !css.contains("ellipsis"))   // as served: spaces gone
        }
        try await WebPageTests.withPages(Self.namedDirection()) { client in
            // A direction whose name says where it goes is not followed by the terminal again.
            let gin = try await WebPageTests.page(client, "/board/Metro.Gin.Shibuyazaka?direction=Eastbound&at=2026-11-24T07:30")
            #expect(gin.contains(">銀線</span><span>表参方面</span>"))
            // A way back to the station on a phone (issue 32, 4).
            #expect(gin.contains("<p class=\"where\"><a class=\"back\" href=\"/station/Metro.Gin.Shibuyazaka\" aria-label=\"駅のページへ戻る\">←</a>"))
        }
    }

    @Test func bookmarksCarryIdsAndBothLanguagesNames() async throws {
        try await WebPageTests.withFixturePages { client in
            let page = try await WebPageTests.page(client, "/station/Umi.Kaigan.Chuodori?at=2026-11-24T07:30&lang=en")
            let attribute = try #require(page.firstMatch(of: /data-direction="Inbound" data-bookmark="([^"]*)"/)?.output.1)
            let json = String(attribute).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            let bookmark = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(bookmark["station"] as? String == "Umi.Kaigan.Chuodori")
            #expect(bookmark["direction"] as? String == "Inbound")
            #expect(bookmark["railway"] as? String == "Umi.Kaigan")
            #expect(bookmark["color"] as? String == "#0070c0")
            let names = try #require(bookmark["names"] as? [String: [String: String]])
            #expect(names["station"] == ["ja": "中央通", "en": "Chuodori"])
            #expect(names["direction"] == ["ja": "上り", "en": "Inbound"])
            #expect(names["railway"] == ["ja": "海岸線", "en": "Kaigan Line"])
            #expect(names["toward"] == ["ja": "渋谷坂方面", "en": "toward Shibuyazaka"])
        }
    }

    @Test func homeControlsAreButtonsAndCalendarsReadAsWords() async throws {
        try await WebPageTests.withFixturePages { client in
            let home = try await WebPageTests.page(client, "/")
            // A <label> around a hidden input is not reachable by Tab: the import is a button.
            #expect(home.contains("<button type=\"button\" id=\"import-button\">読み込む</button>"))
            #expect(home.firstMatch(of: /<label[^>]*>[^<]*<input[^>]*hidden/) == nil)   // no label around a hidden input
            let saturday = try await WebPageTests.page(client, "/timetable/Umi.Kaigan.Chuodori?direction=Inbound&date=2026-11-28&lang=en")
            #expect(saturday.contains("2026-11-28 Saturday/holiday timetable (Saturday)"))
            #expect(!saturday.contains("SaturdayHoliday timetable"))
            let japanese = try await WebPageTests.page(client, "/station/Umi.Kaigan.Chuodori?at=2026-11-29T12:00")
            #expect(japanese.contains("2026-11-29 土休日ダイヤ（日曜日）"))
            let holiday = try await WebPageTests.page(client, "/station/Umi.Kaigan.Chuodori?at=2026-11-23T12:00")
            #expect(holiday.contains("2026-11-23 土休日ダイヤ（祝日: 勤労感謝の日）"))
            let weekday = try await WebPageTests.page(client, "/station/Umi.Kaigan.Chuodori?at=2026-11-24T12:00&lang=en")
            #expect(weekday.contains("2026-11-24 Weekday timetable (weekday)"))
        }
    }
}
