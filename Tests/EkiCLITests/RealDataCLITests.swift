import EkiTestSupport
import Foundation
import Testing

/// The commands proved on the real thing (../shared, imported once per test process): what only the
/// real data can show a rider — a real board and schedule, a real place of many railways, a line
/// long enough for a dotted link, the reviewed interchange table, a name two railways share, real
/// names drawn with < and >, what riders type for real names, a real coast's nearest station. The
/// commands' logic is tested on the hand-written Tokyo (`TokyoFixture`) in the suites beside this
/// one; every test here is skipped, and says so, where the real data is not there.
@Suite struct RealDataCLITests {
    static func eki(_ arguments: [String], state: URL? = nil) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path],
                                  environment: state.map { ["EKI_STATE": $0.path] } ?? [:])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - Boards, trains, schedules

    @Test func aRealBoardAndItsNextLine() throws {
        let json = try Self.object(try Self.eki(["departures", "Minatomirai.Minatomirai.Bashamichi", "--direction", "Inbound",
                                                 "--at", "2026-11-24T07:30", "--limit", "2", "--json"]).stdout)
        let departures = try #require(json["departures"] as? [[String: Any]])
        #expect(departures.map { $0["time"] as? String } == ["07:31", "07:34"])
        #expect(departures[0]["trainId"] as? String == "Minatomirai.Minatomirai.006072.Weekday")
        #expect(departures[0]["destination"] as? [String] == ["Seibu.Ikebukuro.Kiyose"])
        let next = try Self.eki(["next", "馬車道", "--direction", "Inbound", "--at", "2026-11-24T07:30"])
        #expect(next.status == 0 && next.stdout == "馬車道 07:31 各 清瀬 1分\n", "\(next.stdout)\(next.stderr)")
        // 渋谷: a name shared by many railways shows each.
        let boards = try JSONSerialization.jsonObject(with: Data(try Self.eki(["departures", "渋谷", "--at", "2026-11-24T12:00",
                                                                               "--limit", "1", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(Set((boards ?? []).compactMap { $0["railway"] as? String }).isSuperset(of: ["JR-East.Yamanote", "Tokyu.Toyoko", "TokyoMetro.Ginza"]))
    }

    @Test func aTrainAcrossFiveRailways() throws {
        let json = try Self.object(try Self.eki(["train", "Minatomirai.Minatomirai.026054.Weekday", "--json"]).stdout)
        let parts = try #require(json["parts"] as? [[String: Any]])
        #expect(parts.map { $0["railway"] as? String } == ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "TokyoMetro.Fukutoshin",
                                                           "Seibu.SeibuYurakucho", "Seibu.Ikebukuro"])
        let lastStop = try #require((parts.last?["stops"] as? [[String: Any]])?.last)
        #expect(lastStop["station"] as? String == "Seibu.Ikebukuro.Kiyose")
        #expect(lastStop["arrival"] as? String == "07:39")
    }

    @Test func theRealSchedulesOfAHolidayAndAWeekday() throws {
        // Only 荒川線 publishes a Holiday calendar of its own; the S-TRAIN's weekend route runs no weekday.
        let schedule = try Self.eki(["schedule", "2026-11-23"])
        #expect(schedule.stdout.contains("Holiday (Sunday/holiday timetable / 休日ダイヤ): 1 railway — 東京さくらトラム（都電荒川線）"),
                "\(schedule.stdout)")
        let weekday = try Self.eki(["schedule", "2026-11-24"])
        #expect(weekday.stdout.contains("  (no service): 2 railways — 池袋線 (Seibu.S-Fukutoshin; runs on Saturday/holiday timetable)、"
                                        + "西武秩父線 (Seibu.SeibuChichibuBranch; runs on Saturday/holiday timetable)\n"), "\(weekday.stdout)")
    }

    // MARK: - Stations and bookmarks

    @Test func realDiagramsDrawDottedLinksAndThroughSides() throws {
        let bashamichi = try Self.eki(["station", "馬車道", "--at", "2026-11-24T07:30"])
        #expect(Self.lines(bashamichi.stdout).contains("横浜 ┄┄ みなとみらい ━━ ◉ 馬車道 ━━ 日本大通り ━━ 元町・中華街"), "\(bashamichi.stdout)")
        // The day's first through train from 熱海 toward Tokyo is a limited express stopping next at 横浜.
        let atami = try Self.eki(["station", "JR-Central.Tokaido.Atami", "--at", "2026-11-24T07:30"])
        #expect(Self.lines(atami.stdout).contains("東海道線直通 ┄┄ 湯河原 ━━ ◉ 熱海 ━━ 函南 ┄┄ 沼津"), "\(atami.stdout)")
    }

    @Test func theReviewedTableSaysHowToChangeAtShibuya() throws {
        let json = try Self.object(try Self.eki(["station", "shibuya", "--railway", "東横線", "--at", "2026-11-24T07:30", "--json"]).stdout)
        #expect(json["station"] as? String == "Tokyu.Toyoko.Shibuya")
        let connections = try #require(json["connections"] as? [[String: Any]])
        #expect(connections.first?["station"] as? String == "TokyoMetro.Fukutoshin.Shibuya")
        #expect(connections.first?["minutes"] as? Int == 2 && connections.first?["kind"] as? String == "same-area")
        #expect(connections.first?["source"] as? String == "table")
    }

    @Test func aDirectionOnSeveralRailwaysMustBeNamedToBookmark() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        // 渋谷 has an Inbound on several railways: the rider must say which.
        let ambiguous = try Self.eki(["bookmark", "add", "渋谷", "--direction", "Inbound"], state: state)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("add --railway"), "\(ambiguous.stderr)")
        #expect(try Self.eki(["bookmark", "add", "渋谷", "--direction", "Inbound", "--railway", "toyoko"], state: state).status == 0)
        let list = try Self.object(try Self.eki(["bookmark", "list", "--json"], state: state).stdout)
        #expect((list["bookmarks"] as? [[String: Any]])?.map { $0["station"] as? String } == ["Tokyu.Toyoko.Shibuya"])
    }

    // MARK: - Railways

    @Test func aSharedNameShowsTheBusierRailwayAndNamesTheOther() throws {
        let result = try Self.eki(["railway", "新宿線", "--json"])
        #expect(result.status == 0)
        #expect(try Self.object(result.stdout)["id"] as? String == "Seibu.Shinjuku")
        #expect(result.stderr == "eki: \"新宿線\" also matches Toei.Shinjuku (都営 Toei); showing Seibu.Shinjuku (西武 Seibu)\n")
        // An id is never ambiguous.
        let toei = try Self.eki(["railway", "Toei.Shinjuku", "--json"])
        #expect(try Self.object(toei.stdout)["id"] as? String == "Toei.Shinjuku")
        #expect(toei.stderr.isEmpty)
    }

    @Test func aRealLineIsDrawnWithItsShapeAndEveryName() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let svg = scratch.file("chiyoda.svg")
        let result = try Self.eki(["railway", "TokyoMetro.Chiyoda", "--json", "--lang", "en", "--svg", svg.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        let shape = try #require(json["shape"] as? [[[Double]]])
        #expect(!shape.isEmpty && shape.allSatisfy { $0.count > 1 && $0.allSatisfy { $0.count == 2 } })
        let names = Set((json["stations"] as? [[String: Any]] ?? []).compactMap { ($0["title"] as? [String: String])?["en"] })
        let picture = try SVGTexts(url: svg)
        #expect(picture.wellFormed, "\(picture.error ?? "")")
        // Every name as drawn text, including those with < and > (Meiji-jingumae<Harajuku>).
        #expect(names.subtracting(picture.texts).isEmpty, "missing: \(names.subtracting(picture.texts))")
        #expect(picture.texts.contains("Meiji-jingumae<Harajuku>"))
    }

    // MARK: - Search and nearby

    @Test func whatRidersTypeForRealNames() throws {
        let search = try Self.object(try Self.eki(["search", "しぶや", "--json", "--limit", "3"]).stdout)
        let first = try #require((search["results"] as? [[String: Any]])?.first)
        #expect(first["title"] as? [String: String] == ["ja": "渋谷", "en": "Shibuya"])
        let oosaki = try Self.eki(["search", "oosaki", "--limit", "2"])
        #expect(oosaki.stdout.hasPrefix("大崎  Osaki") && oosaki.stdout.contains("りんかい線"), "\(oosaki.stdout)")
        let mixed = try Self.eki(["search", "しんじゅく三丁目", "--limit", "1"])
        #expect(mixed.stdout.hasPrefix("新宿三丁目  Shinjuku-sanchome"), "\(mixed.stdout)")
        let line = try Self.eki(["search", "とうよこせん", "--limit", "1", "--lang", "en"])
        #expect(line.stdout.hasPrefix("Toyoko Line  東横線"), "\(line.stdout)")
    }

    @Test func nearARealExitAndFarFromAnyStation() throws {
        let board = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "1", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(board.stdout.hasPrefix("Bashamichi  馬車道  154 m · 2 min walk\n"), "\(board.stdout)")
        #expect(board.stdout.contains("Inbound 07:31 各 Kiyose in 1 min"))
        let far = try Self.eki(["nearby", "35.2,139.1", "--radius", "500", "--lang", "en"])
        #expect(far.stdout == "No station within 500 m; the nearest is Nebukawa (3.5 km, 44 min walk)\n", "\(far.stdout)")
    }
}
