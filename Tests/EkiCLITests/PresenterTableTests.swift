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
                #expect(cli == json && json == page, "\(row.departure.trainId): CLI \(cli), JSON \(json), page \(page)", sourceLocation: sourceLocation)
                let said = BoardText(lang: lang, color: false, reference: reference).until(row.minutesUntil)
                #expect(said == Phrases.until(row.minutesUntil, lang: lang), "\(row.minutesUntil) min", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func tokyoTrainsReadTheSameEverywhere() throws {
        let timetable = try SharedData.imported().timetable
        // 馬車道 at 07:30 on a Tuesday: the 07:30 元町・中華街 train (0 min) and the 07:31 清瀬 (1 min).
        let rows = try Self.rows(timetable, "馬車道", "2026-11-24T07:30")
        let soon = try #require(rows.first { $0.minutesUntil == 0 })
        let next = try #require(rows.first { $0.minutesUntil == 1 })
        #expect(soon.departure.time.clock == "07:30" && next.departure.time.clock == "07:31")
        #expect(Words(.ja).until(0) == "まもなく" && Words(.en).until(0) == "now")
        #expect(Words(.ja).until(1) == "1分後" && Words(.en).until(75) == "in 1 h 15 min")
        // `eki next`'s {minutes} (a status bar's, without 後) keeps the same word under a minute.
        for lang in [Language.ja, .en] {
            let line = NextLine(lang: lang, reference: timetable.reference, template: "{minutes}")
            #expect(line.minutes(0) == Words(lang).until(0) && line.minutes(1) == (lang == .ja ? "1分" : "1 min"))
        }
        #expect(Set(rows.map { DepartureJSON($0, reference: timetable.reference).badge }) .isSuperset(of: ["各"]))
        Self.expectOneReading(rows, timetable.reference)
        // 渋谷: several operators and types (急 特 快 …).
        let shibuya = try Self.rows(timetable, "渋谷", "2026-11-24T08:00")
        #expect(Set(shibuya.compactMap { DepartureJSON($0, reference: timetable.reference).badge }).count >= 3)
        Self.expectOneReading(shibuya, timetable.reference)
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
