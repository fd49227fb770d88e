import EkiTestSupport
import Foundation
import Testing

/// `eki next`: one status-bar line, exit status 0 even after the last train — on the hand-written
/// Tokyo (`TokyoFixture`) written to a file. 海岸線's inbound locals leave 港町 every 15 minutes from
/// 05:00 on weekdays and pass 中央通 6 minutes later (05:06, 05:21, …, the 24:30's 24:36 the last);
/// its outbound locals leave 渋谷坂 every 15 minutes from 05:10 and pass 中央通 8 minutes later
/// (05:18, …, 07:33, 07:48, …).
@Suite struct NextCommandTests {
    static func eki(_ arguments: [String], database: URL? = nil) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", (try database ?? TokyoFixtureFile.url()).path])
    }

    @Test func theNextTrainIsOneLine() throws {
        // From 07:30 on a Tuesday, the 07:30 local from 港町 at 07:36, bound for 渋谷坂.
        let result = try Self.eki(["next", "中央通", "--direction", "Inbound", "--at", "2026-11-24T07:30"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "中央通 07:36 各 渋谷坂 6分\n")
        let en = try Self.eki(["next", "chuodori", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(en.stdout == "Chuodori 07:36 各 Shibuyazaka 6 min\n")
    }

    @Test func theTemplateChoosesTheFields() throws {
        // At 07:33 itself, the outbound local leaving then (its type 各停, bound for 港町).
        let result = try Self.eki(["next", "Umi.Kaigan.Chuodori", "--direction", "Outbound",
                                   "--at", "2026-11-24T07:33", "--format", "{time} {badge}{type} → {destination} ({minutes}) {nope}"])
        #expect(result.status == 0, "\(result.stderr)")
        // Under a minute, the countdown's word (never "0分").
        #expect(result.stdout == "07:33 各各停 → 港町 (まもなく) {nope}\n")
    }

    @Test func withoutADirectionTheSoonestTrainAnyWay() throws {
        // From 07:30: outbound 07:33 before inbound 07:36.
        let result = try Self.eki(["next", "中央通", "--at", "2026-11-24T07:30", "--format", "{time} {direction}"])
        #expect(result.stdout == "07:33 下り\n")
    }

    @Test func afterTheLastTrainTheLineSaysSoAndExitsZero() throws {
        // 01:00 on Wednesday: Tuesday's 24:36 has gone; Wednesday's first is the 05:06.
        let result = try Self.eki(["next", "中央通", "--direction", "Inbound", "--at", "2026-11-25T01:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "中央通 終電後 · 始発 05:06\n")
        let bare = try Self.eki(["next", "中央通", "--direction", "Inbound", "--at", "2026-11-25T01:00", "--format", "{time} {minutes}", "--lang", "en"])
        #expect(bare.stdout == "last train gone · first 05:06\n")
        // The rider's own text around the fields stays: the README's waybar line, a label, no train field.
        for (format, line) in [("🚃 {time} {badge} {destination} {minutes}", "🚃 終電後 · 始発 05:06"),
                               ("{station}: {destination} ({minutes})", "中央通: 終電後 · 始発 05:06 ()"),
                               ("[{badge}{type}] {time}", "[終電後 · 始発 05:06]"),
                               ("{station} {direction}", "中央通 上り 終電後 · 始発 05:06")] {
            let result = try Self.eki(["next", "中央通", "--direction", "Inbound", "--at", "2026-11-25T01:00", "--format", format])
            #expect(result.stdout == line + "\n", "\(format)")
        }
    }

    @Test func aDayWithoutTrainsThisWayIsNotAnError() throws {
        // Inbound trains leave 海岸線's 渋谷坂 only as the weekday through expresses to 所沢野 (the
        // locals end there): Sunday night shows Monday's first, the 07:00 from 港町, leaving 渋谷坂 as
        // its 副線 part at 07:13.
        let sunday = try Self.eki(["next", TokyoFixture.kaiganShibuyazaka, "--direction", "Inbound", "--at", "2026-11-29T23:30"])
        #expect(sunday.status == 0, "\(sunday.stderr)")
        #expect(sunday.stdout == "渋谷坂 本日の列車なし · 始発 07:13\n")
        let saturday = try Self.eki(["next", TokyoFixture.kaiganShibuyazaka, "--direction", "Inbound", "--at", "2026-11-28T07:30"])
        #expect(saturday.status == 0, "\(saturday.stderr)")
        #expect(saturday.stdout == "渋谷坂 列車なし\n")
    }

    @Test func anUnknownStationIsAOneLineError() throws {
        let result = try Self.eki(["next", "nowhere-station-xyz"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

/// The clock tests give eki (`EKI_NOW`): a command without `--at` answers at that moment, a server
/// names it in its start line, and a value that is not a moment stops both binaries at once.
@Suite struct TestClockTests {
    @Test func aCommandWithoutATimeAnswersAtTheClockItWasGiven() throws {
        let result = try EkiProcess.run(["next", "中央通", "--direction", "Inbound", "--db", try TokyoFixtureFile.url().path],
                                        environment: ["EKI_NOW": "2026-11-24T07:30+09:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "中央通 07:36 各 渋谷坂 6分\n")
    }

    @Test func aServerSaysItsClockIsSet() throws {
        let server = try ServerProcess(["--db", try TokyoFixtureFile.url().path], environment: ["EKI_NOW": "2026-11-24T07:30+09:00"])
        defer { server.stop() }
        #expect(server.startLine.contains(", its clock set by EKI_NOW to 2026-11-24T07:30+09:00 (for tests only), on http://127.0.0.1:\(server.port)"),
                "\(server.startLine)")
    }

    @Test(arguments: [["next", "馬車道"], ["serve", "--port", "0"], ["import", "--help"]])
    func aClockThatIsNotAMomentStopsAtOnce(arguments: [String]) throws {
        let result = try EkiProcess.run(arguments, environment: ["EKI_NOW": "2026-11-24 07:30"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "eki: EKI_NOW must be a moment like 2026-11-24T07:30+09:00 (it sets the clock, for tests), got \"2026-11-24 07:30\"\n")
    }
}
