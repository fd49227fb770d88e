import EkiTestSupport
import Foundation
import Testing

/// `eki route` as a rider runs it: build a route in a few commands, look at alternatives, swap,
/// share, start from a fastest route; every mistake a one-line message. On the hand-written Tokyo
/// (`TokyoFixtureFile`), its times worked out from the fixture's timetable: 海岸線's inbound locals
/// leave 港町 every 15 minutes from 05:00 and reach 渋谷坂 14 minutes later; the weekday 急行 leaving
/// 港町 at 08:00 runs on as 副線's from 渋谷坂 (08:13), at 新宿原 08:18 and 池袋台 08:24; 環状線's
/// 外回り leave 渋谷坂 every 10 minutes (新宿原 4, 上野森 12 minutes later), its 内回り 5 minutes
/// after (東京前 7, 上野森 13 minutes later); 銀線 leaves 渋谷坂 every 5 minutes, 3 to 表参. No
/// change has a figure in the data, so the rule's: 2 minutes between 海岸線 and 副線 (one platform
/// group at 渋谷坂), 5 through another operator's gates (海岸線 or 副線 to 環状線, 海岸線 to 銀線), 4
/// inside one operator's (副線 to 銀線). The real data's routes are in RealDataCLITests.
@Suite struct RouteCommandTests {
    static let morning = "2026-11-24T07:50"

    /// Runs eki with its own state file, so each test has its own route.
    static func eki(_ arguments: [String], state: URL) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", TokyoFixtureFile.url().path, "--state", state.path])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aRouteIsBuiltInTwoCommandsAndShownWithTheNextAction() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        // From 港町 at 07:50 to 新宿原: only the through trains go there, the next the 08:00.
        let first = try Self.eki(["route", "add", "--from", "みなとまち", "--to", "新宿原", "--at", Self.morning], state: state)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("次: 港町 08:00 発に乗車（あと10分）"), "\(first.stdout)")
        // On from 新宿原 without saying so: 環状線's 外回り to 上野森. Off at 08:18, 5 minutes to
        // change (the rule: another operator's gates): the 08:20 外回り, at 新宿原 08:24, 上野森 08:32.
        let second = try Self.eki(["route", "add", "--to", "上野森", "--direction", "外回り", "--at", Self.morning, "--json"], state: state)
        #expect(second.status == 0, "\(second.stderr)")
        let route = try Self.object(second.stdout)
        #expect(Set(route.keys) == ["id", "serviceDate", "departure", "arrival", "minutes", "feasible", "segments", "transfers"])
        #expect(route["serviceDate"] as? String == "2026-11-24")
        #expect(route["departure"] as? String == "08:00" && route["arrival"] as? String == "08:32")
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.count == 2)
        #expect((segments[0]["board"] as? [String: Any])?["id"] as? String == TokyoFixture.minatomachi)
        #expect((segments[0]["alight"] as? [String: Any])?["id"] as? String == TokyoFixture.fukuShinjukuhara)
        #expect(segments[0]["train"] as? String == "Umi.Kaigan.A0801.Weekday")
        #expect(segments[0]["category"] as? String == "express")
        #expect(segments[0]["parts"] as? [String] == ["Umi.Kaigan.A0801.Weekday", "Metro.Fuku.A0801.Weekday"])
        #expect((segments[1]["board"] as? [String: Any])?["id"] as? String == TokyoFixture.kanjoShinjukuhara)
        #expect(segments[1]["train"] as? String == "JR.Kanjo.J500.Weekday")
        #expect(segments[1]["departure"] as? String == "08:24" && segments[1]["arrival"] as? String == "08:32")
        let stops = try #require(segments[1]["stops"] as? [[String: Any]])
        #expect(stops.map { $0["station"] as? String } == [TokyoFixture.kanjoShinjukuhara, TokyoFixture.uenomori])
        #expect(segments[1]["stopsToRide"] as? Int == 1)
        let transfers = try #require(route["transfers"] as? [[String: Any]])
        #expect(transfers.first?["minutes"] as? Int == 6 && transfers.first?["place"] as? String == "sameStation")
        #expect(transfers.first?["impossible"] as? Bool == false && transfers.first?["tight"] as? Bool == false)

        // Shown again later in the morning: on the train, so many stops to go.
        let show = try Self.eki(["route", "--at", "2026-11-24T08:05", "--lang", "en"], state: state)
        #expect(show.status == 0)
        #expect(show.stdout.contains("Next: get off at Shinjukuhara in "), "\(show.stdout)")
        #expect(show.stdout.contains("Change: 6 min · "), "\(show.stdout)")
        // Off the train at 新宿原 08:18: the next train in 6 minutes, and the change it needs (5).
        let change = try Self.eki(["route", "--at", "2026-11-24T08:18"], state: state)
        #expect(change.stdout.contains("次: 新宿原 08:24 発に乗車（あと6分・乗換5分）"), "\(change.stdout)")
        // After 03:00 the next morning it is gone, said once.
        let expired = try Self.eki(["route", "show", "--at", "2026-11-25T03:00"], state: state)
        #expect(expired.stdout == "2026-11-24 のルートは運行日の終わり（03:00）で期限切れになりました\n")
        #expect(try Self.eki(["route", "show", "--at", "2026-11-25T03:00"], state: state).stdout.hasPrefix("ルートはありません"))
    }

    @Test func alternativesAreNumberedAndASwapByNumberChecksTheNextTrain() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        // 港町 10:00 → 渋谷坂 10:14, 5 minutes to 銀線 (the rule), its 10:20 to 表参 (10:23).
        let at = "2026-11-24T09:30"
        #expect(try Self.eki(["route", "add", "10:00", "--from", "港町", "--to", "渋谷坂", "--at", at], state: state).status == 0)
        #expect(try Self.eki(["route", "add", "10:20", "--to", "表参", "--at", at], state: state).status == 0)
        let alternatives = try Self.eki(["route", "alternatives", "1", "--at", at], state: state)
        #expect(alternatives.status == 0, "\(alternatives.stderr)")
        let lines = alternatives.stdout.split(separator: "\n").map(String.init)
        // The locals 30 minutes before and after, each 14 minutes to 渋谷坂.
        #expect(lines.contains { $0.hasPrefix("  -2  09:30 各 各停 渋谷坂行 → 渋谷坂 09:44") }, "\(alternatives.stdout)")
        #expect(lines.contains { $0.hasPrefix("  +2  10:30 各 各停 渋谷坂行 → 渋谷坂 10:44") })
        // The one rule the route page greys by (issue 29): a train that cannot be made says why; one
        // that can, nothing. The JSON says it as `change`.
        #expect(lines.contains { $0.hasPrefix("  +2  10:30") && $0.hasSuffix("  × 次の列車の発車（10:20）より後に着きます") }, "\(alternatives.stdout)")
        #expect(lines.contains { $0.hasPrefix("  -2  09:30") && $0.hasSuffix("・着-30分)") }, "\(alternatives.stdout)")
        let json = try Self.object(try Self.eki(["route", "alternatives", "1", "--at", at, "--json"], state: state).stdout)
        #expect((json["earlier"] as? [[String: Any]])?.map { $0["change"] as? String } == ["ok", "ok"])
        #expect((json["later"] as? [[String: Any]])?.map { $0["change"] as? String } == ["impossible", "impossible"])
        // The route's own train by the same rule: 6 minutes for the 5 the change needs, nothing said.
        #expect(json["chosenChange"] as? String == "ok")
        #expect(lines.contains { $0.hasPrefix("  ▶   10:00") && !$0.contains("⚠") && !$0.contains("×") }, "\(alternatives.stdout)")
        // The 10:30 arrives after the 10:20 leaves: the swap says so and proposes the train to take,
        // 銀線's first after 10:44 and the 5-minute change, the 10:50.
        let swap = try Self.eki(["route", "swap", "1", "+2", "--at", at, "--json"], state: state)
        #expect(swap.status == 0, "\(swap.stderr)")
        let answer = try Self.object(swap.stdout)
        let route = try #require(answer["route"] as? [String: Any])
        #expect(route["feasible"] as? Bool == false)
        #expect((route["transfers"] as? [[String: Any]])?.first?["minutes"] as? Int == -24)
        let proposal = try #require((answer["proposals"] as? [[String: Any]])?.first)
        #expect(proposal["segment"] as? Int == 2 && proposal["reason"] as? String == "missed")
        // The swapped-in 10:30 is the route's train now: its own line says it cannot be made, as
        // it said when it was +2 (issue 29: the ▶ row was never checked).
        let now = try Self.eki(["route", "alternatives", "1", "--at", at], state: state)
        #expect(now.stdout.split(separator: "\n").contains { $0.hasPrefix("  ▶   10:30") && $0.hasSuffix("  × 次の列車の発車（10:20）より後に着きます") },
                "\(now.stdout)")
        #expect(try Self.object(try Self.eki(["route", "alternatives", "1", "--at", at, "--json"], state: state).stdout)["chosenChange"] as? String
                == "impossible")
        let train = try #require(proposal["train"] as? [String: Any])
        #expect(train["departureMinute"] as? Int == 10 * 60 + 50)
        // Taking the proposal by its id makes the route work again.
        let id = try #require(train["train"] as? String)
        #expect(id == "Metro.Gin.G650.Weekday")
        let fixed = try Self.eki(["route", "swap", "2", id, "--at", at, "--json"], state: state)
        #expect((try Self.object(fixed.stdout)["route"] as? [String: Any])?["feasible"] as? Bool == true)
    }

    /// "（直通）" only where the ride itself goes on to another railway (issue 29's review): the 08:00
    /// through train ridden to 渋谷坂, where it goes on as the 副線, is one railway's ride; ridden on
    /// to 新宿原, it is through service.
    @Test func throughServiceIsSaidOnlyWhereTheRideRunsOn() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        let toShibuyazaka = try Self.eki(["route", "fastest", "港町", "渋谷坂", "--at", Self.morning], state: state)
        #expect(toShibuyazaka.stdout.contains("08:00  港町") && !toShibuyazaka.stdout.contains("（直通）"), "\(toShibuyazaka.stdout)")
        let toShinjukuhara = try Self.eki(["route", "fastest", "港町", "新宿原", "--at", Self.morning], state: state)
        #expect(toShinjukuhara.stdout.contains("08:00  港町") && toShinjukuhara.stdout.contains("（直通）"), "\(toShinjukuhara.stdout)")
    }

    @Test func theShareCardRendersWithJapaneseGlyphs() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        // The 08:00 through 急行 from 港町 to 新宿原.
        #expect(try Self.eki(["route", "add", "--from", "港町", "--to", "新宿原", "--at", Self.morning], state: state).status == 0)
        let svg = scratch.file("card.svg"), png = scratch.file("card.png")
        let share = try Self.eki(["route", "share", "--svg", svg.path, "--png", png.path, "--at", Self.morning], state: state)
        #expect(share.status == 0, "\(share.stderr)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains(">港町 → 新宿原</text>") && text.contains(">08:00</text>") && text.contains(">急</text>"), "\(text)")
        let picture = try PNGImage(data: Data(contentsOf: png))
        #expect(picture.width == 1440 && picture.height > 500)
        // Not blank: a white card this size compresses to a few kilobytes; text and lines take far more.
        #expect(picture.pixels.count > 40_000, "\(picture.pixels.count) bytes of image data")
        // Japanese glyphs need the font the card names; fontconfig must find it, not a fallback.
        let match = Process()
        match.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        match.arguments = ["--format=%{family}", "Noto Sans CJK JP"]
        let output = Pipe()
        match.standardOutput = output
        try match.run()
        let family = String(decoding: output.fileHandleForReading.readToEndOfFile(), as: UTF8.self)
        match.waitUntilExit()
        #expect(family.contains("Noto Sans CJK JP"), "fc-match found \(family): install fonts-noto-cjk")
    }

    /// A fresh process keeps the day's network in the cache folder and the next one reads it: the
    /// same answers built, read back, and after the file was damaged (built again).
    @Test func theDaysNetworkIsKeptForTheNextProcess() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite"), cache = scratch.file("cache")
        let database = try TokyoFixtureFile.url()
        func answers() throws -> [String] {
            try [["route", "fastest", "港町", "表参", "--at", Self.morning],
                 ["route", "last", "港町", "池袋台", "--date", "2026-11-24"]].map { arguments in
                let result = try EkiProcess.run(arguments + ["--db", database.path, "--state", state.path],
                                                environment: ["EKI_CACHE": cache.path])
                #expect(result.status == 0, "\(result.stderr)")
                return result.stdout
            }
        }
        let built = try answers()
        // The 08:00 through train to 渋谷坂 (08:12), 5 minutes to 銀線: its 08:20, at 表参 08:23.
        #expect(built[0].hasPrefix("[1] 最速\nルート 2026-11-24（平日） 港町 08:00"), "\(built[0])")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("route-network-") }
        #expect(names.count == 1 && names[0].hasSuffix("-2026-11-24.bin"), "\(names)")
        let file = cache.appendingPathComponent(try #require(names.first))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        // Every connection of a Tuesday (a train's stop to its next), 16 bytes each at least: the
        // two stations, two times and the train.
        let connections = TokyoFixture.dataset.trains.filter { $0.serviceId == "Weekday" }.reduce(0) { $0 + $1.stops.count - 1 }
        #expect(size >= 16 * connections, "\(size) bytes for \(connections) connections")
        #expect(try answers() == built)
        // Damaged: one departure time in the middle changed, then the file cut short.
        var bytes = try Data(contentsOf: file)
        bytes[size / 2] ^= 0x01
        try bytes.write(to: file)
        #expect(try answers() == built)
        try Data(bytes.prefix(1000)).write(to: file)
        #expect(try answers() == built)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == size)
        // A second database sharing the folder keeps a file of its own: neither replaces the other.
        let copy = scratch.file("copy.sqlite")
        try FileManager.default.copyItem(at: database, to: copy)
        let other = try EkiProcess.run(["route", "fastest", "港町", "表参", "--at", Self.morning, "--db", copy.path, "--state", state.path],
                                       environment: ["EKI_CACHE": cache.path])
        #expect(other.stdout == built[0])
        let both = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("route-network-") }
        #expect(both.count == 2 && both.contains(file.lastPathComponent), "\(both)")
    }

    @Test func fastestOffersOptionsAndOneBecomesTheRoute() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        let at = "2026-11-24T07:30"
        let result = try Self.eki(["route", "fastest", "港町", "池袋台", "--at", at, "--json"], state: state)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        let options = try #require(json["options"] as? [[String: Any]])
        #expect(options.map { $0["kind"] as? String } == ["fastest", "fewerTransfers", "later"])
        // The 07:30 local to 渋谷坂 (07:44), 2 minutes across to 副線 (one platform group): its 07:50,
        // at 池袋台 08:02. Without a change: the 08:00 through train, at 池袋台 08:24.
        let fastest = try #require(options[0]["route"] as? [String: Any])
        #expect(fastest["arrival"] as? String == "08:02")
        #expect((options[1]["route"] as? [String: Any])?["arrival"] as? String == "08:24" && options[1]["transfers"] as? Int == 0)
        let used = try Self.eki(["route", "fastest", "港町", "池袋台", "--at", at, "--use", "2", "--json"], state: state)
        #expect(used.status == 0)
        let shown = try Self.object(try Self.eki(["route", "show", "--at", at, "--json"], state: state).stdout)
        let kept = try #require(shown["route"] as? [String: Any])
        #expect(kept["arrival"] as? String == (options[1]["route"] as? [String: Any])?["arrival"] as? String)
        #expect((kept["segments"] as? [Any])?.count == (options[1]["transfers"] as? Int).map { $0 + 1 })
        // The pattern is remembered: suggested near 港町 the next morning, with that morning's
        // trains (the through trains run at 07:00 and 08:00 only): the 08:00.
        let suggest = try Self.eki(["route", "suggest", "--near", "35.4506,139.6358", "--at", "2026-11-25T07:40", "--json"], state: state)
        let suggestion = try #require((try Self.object(suggest.stdout)["suggestions"] as? [[String: Any]])?.first)
        #expect(suggestion["uses"] as? Int == 1)
        let filled = try #require(suggestion["route"] as? [String: Any])
        #expect((filled["segments"] as? [[String: Any]])?.first?["departureMinute"] as? Int == 8 * 60)
        #expect(filled["serviceDate"] as? String == "2026-11-25")
    }

    /// Issue 29: the rider's pace, kept with the bookmarks, changes the answer the expected way.
    /// 港町 → 上野森 from 10:00: the 10:00 local reaches 渋谷坂 at 10:14; the change to 環状線 is 5
    /// minutes at the standard pace (the rule), 4 in a hurry (three quarters, rounded up): both make
    /// the 10:20 外回り, at 上野森 10:32. Relaxed, 8 (one and a half): the 10:25 内回り, 10:38.
    @Test func aKeptPaceAndAnOverridePlanTheChanges() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        func arrival(_ extra: [String]) throws -> (pace: String?, arrival: String?) {
            let result = try Self.eki(["route", "fastest", "港町", "上野森", "--at", "2026-12-01T10:00", "--json"] + extra, state: state)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.object(result.stdout)
            let first = (json["options"] as? [[String: Any]])?.first?["route"] as? [String: Any]
            return (json["pace"] as? String, first?["arrival"] as? String)
        }
        let standard = try arrival([])
        #expect(standard.pace == "standard")
        let kept = try Self.eki(["route", "pace", "ゆっくり"], state: state)
        #expect(kept.status == 0 && kept.stdout == "乗換のペース: ゆっくり\n", "\(kept.stdout)")
        let relaxed = try arrival([])
        let hurry = try arrival(["--pace", "hurry"])
        #expect(relaxed.pace == "relaxed" && hurry.pace == "hurry")
        #expect([hurry, standard, relaxed].map { $0.arrival } == ["10:32", "10:32", "10:38"])
        // Back to standard: the preference is forgotten.
        #expect(try Self.eki(["route", "pace", "standard", "--json"], state: state).stdout == "{\"pace\":\"standard\"}\n")
        #expect(try arrival([]) == standard)
        let wrong = try Self.eki(["route", "fastest", "港町", "上野森", "--pace", "fast"], state: state)
        #expect(wrong.status == 64 && wrong.stderr.contains("--pace must be hurry, standard or relaxed"), "\(wrong.stderr)")
    }

    /// Every change of a station's complex with its minutes, kind and basis (issue 29). The fixture's
    /// data gives no figure, so every change is the rule's (see the suite's comment).
    @Test func transfersListAStationsChanges() throws {
        let database = ["--db", try TokyoFixtureFile.url().path]
        let result = try EkiProcess.run(["transfers", "渋谷坂", "--json"] + database)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // Every ordered pair of 渋谷坂's 4 stations; none across a platform (only the data says that).
        #expect(list.count == 4 * 3)
        #expect(!list.contains { $0["kind"] as? String == "cross-platform" || $0["arriving"] != nil })
        // The rule's, and so a rough figure (目安) as its words and the station page say.
        #expect(list.allSatisfy { $0["source"] as? String == "rule" && $0["estimate"] as? Bool == true })
        #expect(list.allSatisfy { ($0["words"] as? [String: String])?["ja"]?.contains("目安") == true })
        func change(_ from: String, _ to: String) -> (Int?, String?) {
            let found = list.first { $0["from"] as? String == from && $0["to"] as? String == to }
            return (found?["minutes"] as? Int, found?["kind"] as? String)
        }
        #expect(change(TokyoFixture.kaiganShibuyazaka, TokyoFixture.fukuShibuyazaka) == (2, "same-area"))
        #expect(change(TokyoFixture.kaiganShibuyazaka, TokyoFixture.kanjoShibuyazaka) == (5, "gates"))
        let gates = list.first { $0["from"] as? String == TokyoFixture.kaiganShibuyazaka && $0["to"] as? String == TokyoFixture.kanjoShibuyazaka }
        #expect(gates?["basis"] as? String == "rule: another platform group, another operator's gates, 5 min + 1 min per 70 m apart "
                + "beyond 50 m + 1 min at a station of 4 groups or more: 5 min")
        #expect(change(TokyoFixture.fukuShibuyazaka, TokyoFixture.ginShibuyazaka) == (4, "concourse"))
        // Without a station: every ordered pair of every complex (渋谷坂 12, 新宿原 2, 池袋台 2).
        let all = try #require(try JSONSerialization.jsonObject(with: Data(try EkiProcess.run(["transfers", "--json"] + database).stdout.utf8)) as? [[String: Any]])
        #expect(all.count == 12 + 2 + 2)
        #expect(all.filter { ($0["station"] as? [String: Any])?["ja"] as? String == "渋谷坂" }.count == 12)
        let text = try EkiProcess.run(["transfers", "池袋台"] + database)
        #expect(text.stdout == """
            池袋台
              北線 → 副線  2分  徒歩2分（同じ改札内）  規則
              副線 → 北線  2分  徒歩2分（同じ改札内）  規則

            """, "\(text.stdout)")
    }

    @Test func mistakesAreOneLineMessages() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        func error(_ arguments: [String]) throws -> (Int32, String) {
            let result = try Self.eki(arguments + ["--at", Self.morning], state: state)
            #expect(result.stdout.isEmpty)
            return (result.status, result.stderr)
        }
        #expect(try error(["route", "add", "--to", "渋谷坂"]) == (2, "eki: say where you board the first train with --from <station>\n"))
        #expect(try error(["route", "add", "Nope.1.Weekday", "--from", "港町", "--to", "渋谷坂"])
                == (2, "eki: no train \"Nope.1.Weekday\" (train ids look like Umi.Kaigan.K300.Weekday)\n"))
        #expect(try error(["route", "add", "--from", "港町", "--to", "みなと道"]).1.hasPrefix("eki: no station matches \"みなと道\""))
        #expect(try error(["route", "alternatives", "1"]) == (1, "eki: ルートはありません（eki route add <列車> --from <駅> --to <駅>）\n"))
        #expect(try Self.eki(["route", "add", "--from", "港町", "--to", "渋谷坂", "--at", Self.morning], state: state).status == 0)
        #expect(try error(["route", "swap", "3", "+1"]) == (2, "eki: no segment 3: the route has 1 (1–1)\n"))
        // A Saturday-and-holiday 海岸線 train from 渋谷坂 (its 06:10), on a Tuesday.
        #expect(try error(["route", "add", "Umi.Kaigan.HK370B.SaturdayHoliday", "--to", "港町"])
                == (2, "eki: train Umi.Kaigan.HK370B.SaturdayHoliday does not run on 2026-11-24: its railway runs the Weekday timetable that day\n"))
        #expect(try error(["route", "fastest", "渋谷坂", "しぶやざか"]) == (2, "eki: 渋谷坂 and しぶやざか are the same station\n"))
        let earlier = try Self.eki(["route", "add", "--from", "中央通", "--to", "渋谷坂", "--at", "2026-11-23T09:00"], state: state)
        #expect(earlier.status == 2 && earlier.stderr == "eki: the active route is for 2026-11-24; `eki route clear` first to plan another day\n")
        // The next service day the old route has expired: a new one starts, and the rider is told.
        let next = try Self.eki(["route", "add", "--from", "中央通", "--to", "渋谷坂", "--at", "2026-11-25T09:00"], state: state)
        #expect(next.status == 0 && next.stdout.hasPrefix("ルート 2026-11-25（平日） 中央通 "), "\(next.stdout)")
        #expect(next.stderr == "eki: the route of 2026-11-24 had expired; this starts a new one\n")
        #expect(try Self.eki(["route", "clear"], state: state).stdout == "route cleared\n")
    }
}

/// Just enough of PNG to look at a picture without decoding it: its size and its image data.
struct PNGImage {
    var width: Int
    var height: Int
    /// The concatenated IDAT chunks (compressed pixels).
    var pixels: Data

    init(data: Data) throws {
        let bytes = [UInt8](data)
        try #require(bytes.count > 33 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func int(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        width = int(16)
        height = int(20)
        var at = 8
        var idat = Data()
        while at + 8 <= bytes.count {
            let length = int(at)
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "IDAT" { idat.append(contentsOf: bytes[(at + 8)..<min(bytes.count, at + 8 + length)]) }
            at += 12 + length
        }
        pixels = idat
    }
}
