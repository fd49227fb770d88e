import EkiCore
import EkiStore
import EkiTestSupport
import Testing
@testable import EkiCLI
@testable import EkiJSON
@testable import EkiServer

/// One presenter (issue 28): the same departures, read by the CLI's board, the JSON answer (the API
/// and `--json`, which app.js draws) and the pages, get the same badge and the same countdown —
/// Japanese train types and a GTFS feed's lines, trains 0 and 1 minute away and later, both languages.
/// On the hand-written Tokyo and the GTFS fixture; the real data's many types are in RealDataCLITests.
@Suite struct PresenterTableTests {
    /// Every direction's board at `station` at `at`.
    static func rows(_ timetable: Timetable, _ station: String, _ at: String) throws -> [Board.Row] {
        let instant = try #require(ServiceInstant(parsing: at))
        let stations = try Resolve.stations(station, in: timetable)
        return try Resolve.directions(nil, at: stations, in: timetable).flatMap { station, directions in
            try directions.flatMap { try timetable.nextDepartures(station: station, direction: $0, at: instant, limit: 6).rows }
        }
    }

    static func expectOneReading(_ rows: [Board.Row], _ reference: Reference, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            let cli = BoardText(lang: .ja, color: false, reference: reference).badgeText(row)
            let json = DepartureJSON(row, reference: reference).badge ?? ""
            for lang in [Language.ja, .en] {
                let page = Badge(row.departure, reference: reference, lang: lang)?.letter ?? ""
                #expect(cli == json && json == page, "\(row.departure.ids.id): CLI \(cli), JSON \(json), page \(page)", sourceLocation: sourceLocation)
                let said = BoardText(lang: lang, color: false, reference: reference).until(row.minutesUntil)
                #expect(said == Phrases.until(row.minutesUntil, lang: lang), "\(row.minutesUntil) min", sourceLocation: sourceLocation)
            }
        }
    }

    /// On the hand-written Tokyo (`TokyoFixture`), whose five categories are each some train's.
    @Test func tokyoTrainsReadTheSameEverywhere() throws {
        let timetable = try TokyoFixture.timetable()
        // 新宿原 at 07:25 on a Tuesday: 副線's 07:20 local from 渋谷坂 passes 5 minutes later (0 min),
        // the 環状線 内回り that left 渋谷坂 at 07:05 comes round 21 minutes later (1 min). Later on
        // these boards: the 08:00 外回り, 快速, at 08:04; the 08:00 through train, 副線's 急行, at 08:18.
        let rows = try Self.rows(timetable, "新宿原", "2026-11-24T07:25")
        let soon = try #require(rows.first { $0.minutesUntil == 0 })
        let next = try #require(rows.first { $0.minutesUntil == 1 })
        #expect(soon.departure.time.clock == "07:25" && next.departure.time.clock == "07:26")
        #expect(soon.departure.ids.id == "Metro.Fuku.F440.Weekday" && next.departure.ids.id == "JR.Kanjo.J420B.Weekday")
        #expect(Words(.ja).until(0) == "まもなく" && Words(.en).until(0) == "now")
        #expect(Words(.ja).until(1) == "1分後" && Words(.en).until(75) == "in 1 h 15 min")
        // `eki next`'s {minutes} (a status bar's, without 後) keeps the same word under a minute.
        for lang in [Language.ja, .en] {
            let line = NextLine(lang: lang, reference: timetable.reference, template: "{minutes}")
            #expect(line.minutes(0) == Words(lang).until(0) && line.minutes(1) == (lang == .ja ? "1分" : "1 min"))
        }
        #expect(Set(rows.compactMap { DepartureJSON($0, reference: timetable.reference).badge }) == ["各", "急", "快"])
        Self.expectOneReading(rows, timetable.reference)
        // 渋谷坂 at 08:00: the 08:00 外回り is 快速, the 08:00 through train leaves as 副線's 急行 at
        // 08:13, the rest are locals; 副線's 準急 run from 09:07, 北線's 特急 from 池袋台 at 10:30.
        let shibuyazaka = try Self.rows(timetable, "渋谷坂", "2026-11-24T08:00")
        #expect(Set(shibuyazaka.compactMap { DepartureJSON($0, reference: timetable.reference).badge }) == ["各", "急", "快"])
        Self.expectOneReading(shibuyazaka, timetable.reference)
        let semi = try Self.rows(timetable, "渋谷坂", "2026-11-24T09:00")
        #expect(semi.contains { DepartureJSON($0, reference: timetable.reference).badge == "準" })
        Self.expectOneReading(semi, timetable.reference)
        let limited = try Self.rows(timetable, "池袋台", "2026-11-24T10:00")
        #expect(limited.contains { DepartureJSON($0, reference: timetable.reference).badge == "特" })
        Self.expectOneReading(limited, timetable.reference)
    }

    @Test func aFeedsLinesReadTheSameEverywhere() throws {
        let timetable = try GTFSFixtureDatabase.imported().timetable
        let rows = try Self.rows(timetable, "中央", "2026-01-08T06:00")
        #expect(!rows.isEmpty)
        // A feed without Japanese train types: the line's short name, never 各.
        #expect(!rows.contains { DepartureJSON($0, reference: timetable.reference).badge == "各" })
        Self.expectOneReading(rows, timetable.reference)
    }
}
