import EkiTestSupport
import Foundation
import Testing

/// `eki station` and `eki bookmark` as a rider runs them, on the hand-written Tokyo (`TokyoFixture`)
/// written to a file. 海岸線 runs 港町 ━━ 中央通 ━━ 渋谷坂: its inbound locals leave 港町 every 15
/// minutes from 05:00 on weekdays and pass 中央通 6 minutes later (the 24:30's 24:36 the last), its
/// outbound locals leave 渋谷坂 every 15 minutes from 05:10 and pass 中央通 8 minutes later; the
/// weekday through 急行 go on at 渋谷坂 as 副線 trains (07:13 and 08:13). (A real line's dotted link,
/// real through sides, a place with one direction on several railways: `RealDataCLITests`.)
@Suite struct StationCommandTests {
    static func eki(_ arguments: [String], state: URL? = nil, database: URL? = nil) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", (try database ?? TokyoFixtureFile.url()).path],
                           environment: state.map { ["EKI_STATE": $0.path] } ?? [:])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theTextDrawsTheDiagramAndBothDirections() throws {
        let result = try Self.eki(["station", "中央通", "--at", "2026-11-24T07:30"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("港町 ━━ ◉ 中央通 ━━ 渋谷坂"), "\(result.stdout)")
        // Toward the railway's first station (下り, 港町) on the left, its last (上り, 渋谷坂) on the right.
        let heading = try #require(lines.first { $0.hasPrefix("← 下り（港町方面）") })
        #expect(heading.hasSuffix("上り（渋谷坂方面） →"))
        // From 07:30: outbound 07:33, inbound 07:36 (the 07:30 from 港町), side by side.
        let first = try #require(lines.first { $0.hasPrefix("07:33 各 港町  3分後") })
        #expect(first.hasSuffix("07:36 各 渋谷坂  6分後"))
        // The 08:00 express comes before the 08:00 local, bound for 所沢野.
        #expect(lines.contains { $0.hasPrefix("08:03 各 港町") && $0.hasSuffix("08:05 急 所沢野  35分後") }, "\(result.stdout)")
    }

    @Test func theJSONCarriesEverySection() throws {
        let result = try Self.eki(["station", "shibuyazaka", "--railway", "かいがんせん", "--at", "2026-11-24T07:30", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        #expect(json["station"] as? String == TokyoFixture.kaiganShibuyazaka)
        #expect((json["railway"] as? [String: Any])?["id"] as? String == "Umi.Kaigan")
        #expect(json["at"] as? String == "2026-11-24T07:30")
        #expect(json["schedule"] as? String == "Weekday")
        #expect(json["loop"] as? Bool == false)
        let sides = try #require(json["sides"] as? [[String: Any]])
        #expect(sides.map { $0["direction"] as? String } == ["Outbound", "Inbound"])
        let outbound = sides[0]
        #expect((outbound["neighbour"] as? [String: Any])?["id"] as? String == TokyoFixture.chuodori)
        #expect((outbound["terminal"] as? [String: Any])?["id"] as? String == TokyoFixture.minatomachi)
        #expect(outbound["link"] as? String == "solid")   // 中央通 is next to 港町
        #expect((outbound["next"] as? [Any])?.count == 6)
        // 海岸線 ends here; its inbound expresses go on as 副線 trains, 新宿原 next.
        #expect(((sides[1]["throughRailway"] as? [String: Any])?["id"]) as? String == "Metro.Fuku")
        #expect(((sides[1]["neighbour"] as? [String: Any])?["id"]) as? String == TokyoFixture.fukuShinjukuhara)
        #expect(sides[1]["terminal"] == nil && sides[1]["link"] == nil)
        for key in ["lastTrains", "destinations", "frequency"] {
            #expect((outbound[key] as? [Any])?.isEmpty == false, "\(key)")
        }
        #expect((outbound["lastByDestination"] as? [Any])?.isEmpty == true)   // every outbound train goes to 港町
        #expect((outbound["frequency"] as? [[String: Any]])?.map { $0["period"] as? String }
                == ["early", "morningRush", "midday", "eveningRush", "evening"])
        // The locals toward 港町 (76 on a weekday) and the through expresses leaving as 副線's 急行 (2).
        let types = try #require(json["trainTypes"] as? [[String: Any]])
        #expect(types.map { $0["id"] as? String } == ["Umi.Local", "Metro.Express"])
        #expect(types.map { $0["trains"] as? Int } == [76, 2])
        // No figures in the fixture: the rule's changes, 副線 on the same island first (2 minutes).
        let connections = try #require(json["connections"] as? [[String: Any]])
        #expect(connections.first?["station"] as? String == TokyoFixture.fukuShibuyazaka)
        #expect(connections.first?["samePlatform"] as? Bool == false)
        #expect(connections.first?["minutes"] as? Int == 2 && connections.first?["kind"] as? String == "same-area")
        #expect(connections.map { $0["source"] as? String } == ["rule", "rule", "rule"])
        #expect(Set(connections.dropFirst().map { "\($0["station"]!) \($0["minutes"]!) \($0["kind"]!)" })
                == ["JR.Kanjo.Shibuyazaka 5 gates", "Metro.Gin.Shibuyazaka 5 gates"])
    }

    @Test func aWrongRailwaySaysWhichAreThere() throws {
        let result = try Self.eki(["station", "中央通", "--railway", "環状線"])
        #expect(result.status == 2)
        #expect(result.stderr == "eki: no railway \"環状線\" at Chuodori; valid: Umi.Kaigan (海岸線)\n", "\(result.stderr)")
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theThroughSideIsDrawnToTheAdjacentStationOnTheThroughRailway() throws {
        // 海岸線's 渋谷坂: 港町 ━━ 中央通 on its own line, 新宿原 next on 副線 where its trains run on.
        let shibuyazaka = try Self.eki(["station", TokyoFixture.kaiganShibuyazaka, "--at", "2026-11-24T07:30"])
        #expect(shibuyazaka.status == 0, "\(shibuyazaka.stderr)")
        #expect(Self.lines(shibuyazaka.stdout).contains("港町 ━━ 中央通 ━━ ◉ 渋谷坂 ━━ 新宿原 ┄┄ 副線直通"), "\(shibuyazaka.stdout)")
        // 副線's 池袋台: 所沢野 next on 北線.
        let json = try Self.object(try Self.eki(["station", TokyoFixture.fukuIkebukurodai, "--at", "2026-11-24T07:30", "--json"]).stdout)
        let sides = try #require(json["sides"] as? [[String: Any]])
        let through = try #require(sides.first { $0["throughRailway"] != nil })
        #expect((through["throughRailway"] as? [String: Any])?["id"] as? String == "Kita.Kita")
        #expect((through["neighbour"] as? [String: Any])?["id"] as? String == TokyoFixture.tokorozawano)
        #expect(through["terminal"] == nil && through["link"] == nil)
    }

    @Test func aDirectionWithoutTrainsThatDaySaysSo() throws {
        // Inbound trains leave 海岸線's 渋谷坂 only as the weekday through expresses: none on a Saturday.
        let ja = try Self.eki(["station", TokyoFixture.kaiganShibuyazaka, "--at", "2026-11-28T07:30"])
        #expect(ja.status == 0, "\(ja.stderr)")
        let lines = Self.lines(ja.stdout)
        #expect(lines.contains("港町 ━━ 中央通 ━━ ◉ 渋谷坂"), "\(ja.stdout)")   // no dangling ━━ on the right
        #expect(lines.contains { $0.hasSuffix("この日はこの方面の列車はありません") })
        #expect(!ja.stdout.contains("本日の運転終了"))
        let en = try Self.eki(["station", TokyoFixture.kaiganShibuyazaka, "--at", "2026-11-28T07:30", "--lang", "en"])
        #expect(en.stdout.contains("No trains this way on this day"))
        #expect(!en.stdout.contains("No more trains"))
        let json = try Self.object(try Self.eki(["station", TokyoFixture.kaiganShibuyazaka, "--at", "2026-11-28T07:30", "--json"]).stdout)
        let sides = try #require(json["sides"] as? [[String: Any]])
        #expect(sides.map { $0["noTrainsThisDay"] as? Bool } == [false, true])
    }

    @Test func aStationNoTrainLeavesFromIsNamedAsSuch() throws {
        // 秩父山, past 所沢野 on 北線, where no train runs (`TokyoFixture.withUnservedStation`).
        for query in ["秩父山", TokyoFixture.unserved] {
            let result = try Self.eki(["station", query], database: try TokyoFixtureFile.unservedURL())
            #expect(result.status == 2)
            #expect(result.stderr == "eki: 秩父山 (Kita.Kita.Chichibuyama) is in the data but no train leaves from it\n", "\(result.stderr)")
        }
    }

    @Test func afterMidnightTheHeaderKeepsTheServiceDaysClock() throws {
        // 00:30 on the 25th is the 24th's service: its date goes with 24:30, not 00:30.
        let ja = try Self.eki(["station", "中央通", "--at", "2026-11-25T00:30"])
        #expect(Self.lines(ja.stdout).dropFirst().first == "2026-11-24 平日ダイヤ（平日） 24:30 から", "\(ja.stdout)")
        let en = try Self.eki(["station", "中央通", "--at", "2026-11-25T00:30", "--lang", "en"])
        #expect(Self.lines(en.stdout).dropFirst().first == "2026-11-24 Weekday timetable (weekday) from 24:30", "\(en.stdout)")
    }

    @Test func loopTrainsShowWhereTheyEnd() throws {
        // From 新宿原 every 環状線 train ends at 渋谷坂 less than a lap on: the outer loop's 23:50
        // (at 23:54) and its last, the 24:00 (at 24:04), are signed for Shibuyazaka.
        let result = try Self.eki(["station", TokyoFixture.kanjoShinjukuhara, "--at", "2026-11-24T23:50", "--lang", "en"])
        let lines = Self.lines(result.stdout)
        // The outer loop is the right-hand column.
        #expect(lines.contains { $0.hasSuffix("23:54 各 Shibuyazaka  in 4 min") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasSuffix("00:04 各 Shibuyazaka") })   // its last train
        #expect(!result.stdout.contains("for Shinjukuhara"))
    }

    @Test func bookmarksAreAddedListedShownAndRemoved() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["bookmark", "list", "--lang", "en"], state: state).stdout.hasPrefix("no bookmarks yet"))

        let add = try Self.eki(["bookmark", "add", "中央通", "--direction", "上り"], state: state)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "★ 中央通 Chuodori · 上り Inbound\n")
        // 渋谷坂 has one Inbound, 海岸線's: no railway to name. (A place with one direction on
        // several railways, which must be named: RealDataCLITests.)
        #expect(try Self.eki(["bookmark", "add", "渋谷坂", "--direction", "Inbound"], state: state).status == 0)

        let list = try Self.object(try Self.eki(["bookmark", "list", "--json", "--at", "2026-11-24T07:30"], state: state).stdout)
        let bookmarks = try #require(list["bookmarks"] as? [[String: Any]])
        #expect(bookmarks.map { $0["station"] as? String } == [TokyoFixture.chuodori, TokyoFixture.kaiganShibuyazaka])
        let first = try #require((bookmarks[0]["departures"] as? [String: Any])?["departures"] as? [[String: Any]])
        #expect(first.map { $0["time"] as? String } == ["07:36", "07:51"])

        // The station detail marks the bookmarked side (上り, on the right).
        let detail = try Self.object(try Self.eki(["station", TokyoFixture.chuodori, "--json"], state: state).stdout)
        let sides = try #require(detail["sides"] as? [[String: Any]])
        #expect(sides.map { $0["bookmarked"] as? Bool } == [false, true])

        #expect(try Self.eki(["bookmark", "remove", "chuodori", "--direction", "Inbound"], state: state).status == 0)
        let again = try Self.eki(["bookmark", "remove", "chuodori", "--direction", "Inbound"], state: state)
        #expect(again.status == 1)
        #expect(again.stderr == "eki: Umi.Kaigan.Chuodori Inbound is not bookmarked\n")
    }
}
