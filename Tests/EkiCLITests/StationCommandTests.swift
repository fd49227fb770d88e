import EkiTestSupport
import Foundation
import Testing

/// `eki station` and `eki bookmark` as a rider runs them.
@Suite struct StationCommandTests {
    static func eki(_ arguments: [String], state: URL? = nil) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path],
                                  environment: state.map { ["EKI_STATE": $0.path] } ?? [:])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theTextDrawsTheDiagramAndBothDirections() throws {
        let result = try Self.eki(["station", "馬車道", "--at", "2026-11-24T07:30"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("横浜 ┄┄ みなとみらい ━━ ◉ 馬車道 ━━ 日本大通り ━━ 元町・中華街"), "\(result.stdout)")
        let heading = try #require(lines.first { $0.hasPrefix("← 上り（横浜方面）") })
        #expect(heading.hasSuffix("下り（元町・中華街方面） →"))
        let first = try #require(lines.first { $0.hasPrefix("07:31 各 清瀬") })
        #expect(first.contains("07:30 各 元町・中華街  まもなく"))   // the outbound column beside it, as the page says it
    }

    @Test func theJSONCarriesEverySection() throws {
        let result = try Self.eki(["station", "shibuya", "--railway", "東横線", "--at", "2026-11-24T07:30", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        #expect(json["station"] as? String == "Tokyu.Toyoko.Shibuya")
        #expect((json["railway"] as? [String: Any])?["id"] as? String == "Tokyu.Toyoko")
        #expect(json["at"] as? String == "2026-11-24T07:30")
        #expect(json["schedule"] as? String == "Weekday")
        #expect(json["loop"] as? Bool == false)
        let sides = try #require(json["sides"] as? [[String: Any]])
        #expect(sides.map { $0["direction"] as? String } == ["Inbound", "Outbound"])
        let outbound = sides[1]
        #expect((outbound["neighbour"] as? [String: Any])?["id"] as? String == "Tokyu.Toyoko.DaikanYama")
        #expect((outbound["terminal"] as? [String: Any])?["id"] as? String == "Tokyu.Toyoko.Yokohama")
        #expect(outbound["link"] as? String == "dotted")
        #expect((outbound["next"] as? [Any])?.count == 6)
        #expect(((sides[0]["throughRailway"] as? [String: Any])?["id"]) as? String == "TokyoMetro.Fukutoshin")
        for key in ["lastTrains", "lastByDestination", "destinations", "frequency"] {
            #expect((outbound[key] as? [Any])?.isEmpty == false, "\(key)")
        }
        #expect((outbound["frequency"] as? [[String: Any]])?.map { $0["period"] as? String }
                == ["early", "morningRush", "midday", "eveningRush", "evening"])
        #expect((json["trainTypes"] as? [[String: Any]])?.contains { $0["category"] as? String == "express" } == true)
        let connections = try #require(json["connections"] as? [[String: Any]])
        #expect(connections.first?["station"] as? String == "TokyoMetro.Fukutoshin.Shibuya")
        #expect(connections.first?["samePlatform"] as? Bool == false)
        #expect(connections.first?["minutes"] as? Int == 2 && connections.first?["kind"] as? String == "same-area")
        #expect(connections.first?["source"] as? String == "table")
    }

    @Test func aWrongRailwaySaysWhichAreThere() throws {
        let result = try Self.eki(["station", "馬車道", "--railway", "山手線"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("eki: no railway \"山手線\" at Bashamichi; valid: Minatomirai.Minatomirai"), "\(result.stderr)")
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theThroughSideIsDrawnToTheAdjacentStationOnTheThroughRailway() throws {
        // The day's first through train from 熱海 toward Tokyo is a limited express stopping next at 横浜.
        let atami = try Self.eki(["station", "JR-Central.Tokaido.Atami", "--at", "2026-11-24T07:30"])
        #expect(atami.status == 0, "\(atami.stderr)")
        #expect(Self.lines(atami.stdout).contains("東海道線直通 ┄┄ 湯河原 ━━ ◉ 熱海 ━━ 函南 ┄┄ 沼津"), "\(atami.stdout)")
        // 和光市: the same neighbour on a weekday and a Saturday, whichever train type leaves first.
        for date in ["2026-11-24", "2026-11-28"] {
            let json = try Self.object(try Self.eki(["station", "TokyoMetro.Fukutoshin.Wakoshi", "--at", date + "T07:30", "--json"]).stdout)
            let sides = try #require(json["sides"] as? [[String: Any]])
            let through = try #require(sides.first { $0["throughRailway"] != nil })
            #expect((through["neighbour"] as? [String: Any])?["id"] as? String == "Tobu.Tojo.Asaka", "\(date)")
            #expect(through["terminal"] == nil && through["link"] == nil)
        }
    }

    @Test func aDirectionWithoutTrainsThatDaySaysSo() throws {
        // 西所沢's inbound trains (through to the Ikebukuro line) run on weekends only.
        let ja = try Self.eki(["station", "Seibu.Sayama.NishiTokorozawa", "--at", "2026-11-24T07:30"])
        #expect(ja.status == 0, "\(ja.stderr)")
        let lines = Self.lines(ja.stdout)
        #expect(lines.contains("◉ 西所沢 ━━ 下山口 ━━ 西武球場前"), "\(ja.stdout)")   // no dangling ━━ on the left
        #expect(lines.contains { $0.hasPrefix("この日はこの方面の列車はありません") })
        #expect(!ja.stdout.contains("本日の運転終了"))
        let en = try Self.eki(["station", "Seibu.Sayama.NishiTokorozawa", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(en.stdout.contains("No trains this way on this day"))
        #expect(!en.stdout.contains("No more trains"))
        let json = try Self.object(try Self.eki(["station", "Seibu.Sayama.NishiTokorozawa", "--at", "2026-11-24T07:30", "--json"]).stdout)
        let sides = try #require(json["sides"] as? [[String: Any]])
        #expect(sides.map { $0["noTrainsThisDay"] as? Bool } == [true, false])
    }

    @Test func aStationNoTrainLeavesFromIsNamedAsSuch() throws {
        for query in ["いわき", "JR-East.Joban.Iwaki"] {
            let result = try Self.eki(["station", query])
            #expect(result.status == 2)
            #expect(result.stderr == "eki: いわき (JR-East.Joban.Iwaki) is in the data but no train leaves from it\n", "\(result.stderr)")
        }
    }

    @Test func afterMidnightTheHeaderKeepsTheServiceDaysClock() throws {
        // 00:30 on the 25th is the 24th's service: its date goes with 24:30, not 00:30.
        let ja = try Self.eki(["station", "馬車道", "--at", "2026-11-25T00:30"])
        #expect(Self.lines(ja.stdout).dropFirst().first == "2026-11-24 平日ダイヤ（平日） 24:30 から", "\(ja.stdout)")
        let en = try Self.eki(["station", "馬車道", "--at", "2026-11-25T00:30", "--lang", "en"])
        #expect(Self.lines(en.stdout).dropFirst().first == "2026-11-24 Weekday timetable (weekday) from 24:30", "\(en.stdout)")
    }

    @Test func lateYamanoteTrainsShowWhereTheyEnd() throws {
        let result = try Self.eki(["station", "JR-East.Yamanote.Shinagawa", "--at", "2026-11-24T23:50", "--lang", "en"])
        let lines = Self.lines(result.stdout)
        // The outer loop is the right-hand column.
        #expect(lines.contains { $0.hasSuffix("23:59 各 Ikebukuro  in 9 min") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasSuffix("00:20 各 Ikebukuro") })   // its last train there
    }

    @Test func bookmarksAreAddedListedShownAndRemoved() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["bookmark", "list", "--lang", "en"], state: state).stdout.hasPrefix("no bookmarks yet"))

        let add = try Self.eki(["bookmark", "add", "馬車道", "--direction", "上り"], state: state)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "★ 馬車道 Bashamichi · 上り Inbound\n")
        // 渋谷 has an Inbound on several railways: the rider must say which.
        let ambiguous = try Self.eki(["bookmark", "add", "渋谷", "--direction", "Inbound"], state: state)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("add --railway"))
        #expect(try Self.eki(["bookmark", "add", "渋谷", "--direction", "Inbound", "--railway", "toyoko"], state: state).status == 0)

        let list = try Self.object(try Self.eki(["bookmark", "list", "--json", "--at", "2026-11-24T07:30"], state: state).stdout)
        let bookmarks = try #require(list["bookmarks"] as? [[String: Any]])
        #expect(bookmarks.map { $0["station"] as? String } == ["Minatomirai.Minatomirai.Bashamichi", "Tokyu.Toyoko.Shibuya"])
        let first = try #require((bookmarks[0]["departures"] as? [String: Any])?["departures"] as? [[String: Any]])
        #expect(first.map { $0["time"] as? String } == ["07:31", "07:34"])

        // The station detail marks the bookmarked side.
        let detail = try Self.object(try Self.eki(["station", "Minatomirai.Minatomirai.Bashamichi", "--json"], state: state).stdout)
        let sides = try #require(detail["sides"] as? [[String: Any]])
        #expect(sides.map { $0["bookmarked"] as? Bool } == [true, false])

        #expect(try Self.eki(["bookmark", "remove", "bashamichi", "--direction", "Inbound"], state: state).status == 0)
        let again = try Self.eki(["bookmark", "remove", "bashamichi", "--direction", "Inbound"], state: state)
        #expect(again.status == 1)
        #expect(again.stderr == "eki: Minatomirai.Minatomirai.Bashamichi Inbound is not bookmarked\n")
    }
}
