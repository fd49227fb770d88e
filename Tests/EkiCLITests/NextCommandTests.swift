import EkiTestSupport
import Foundation
import Testing

/// `eki next`: one status-bar line from the real timetable, exit status 0 even after the last train.
@Suite struct NextCommandTests {
    static func eki(_ arguments: [String]) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path])
    }

    @Test func theNextTrainIsOneLine() throws {
        let result = try Self.eki(["next", "馬車道", "--direction", "Inbound", "--at", "2026-11-24T07:30"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "馬車道 07:31 各 清瀬 1分\n")
        let en = try Self.eki(["next", "bashamichi", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(en.stdout == "Bashamichi 07:31 各 Kiyose 1 min\n")
    }

    @Test func theTemplateChoosesTheFields() throws {
        let result = try Self.eki(["next", "Minatomirai.Minatomirai.Bashamichi", "--direction", "Outbound",
                                   "--at", "2026-11-24T07:30", "--format", "{time} {badge}{type} → {destination} ({minutes}) {nope}"])
        #expect(result.status == 0, "\(result.stderr)")
        // Under a minute, the countdown's word (never "0分").
        #expect(result.stdout == "07:30 各各駅停車 → 元町・中華街 (まもなく) {nope}\n")
    }

    @Test func withoutADirectionTheSoonestTrainAnyWay() throws {
        let result = try Self.eki(["next", "馬車道", "--at", "2026-11-24T07:30", "--format", "{time} {direction}"])
        #expect(result.stdout == "07:30 下り\n")
    }

    @Test func afterTheLastTrainTheLineSaysSoAndExitsZero() throws {
        let result = try Self.eki(["next", "馬車道", "--direction", "Inbound", "--at", "2026-11-25T01:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "馬車道 終電後 · 始発 05:00\n")
        let bare = try Self.eki(["next", "馬車道", "--direction", "Inbound", "--at", "2026-11-25T01:00", "--format", "{time} {minutes}", "--lang", "en"])
        #expect(bare.stdout == "last train gone · first 05:00\n")
        // The rider's own text around the fields stays: the README's waybar line, a label, no train field.
        for (format, line) in [("🚃 {time} {badge} {destination} {minutes}", "🚃 終電後 · 始発 05:00"),
                               ("{station}: {destination} ({minutes})", "馬車道: 終電後 · 始発 05:00 ()"),
                               ("[{badge}{type}] {time}", "[終電後 · 始発 05:00]"),
                               ("{station} {direction}", "馬車道 上り 終電後 · 始発 05:00")] {
            let result = try Self.eki(["next", "馬車道", "--direction", "Inbound", "--at", "2026-11-25T01:00", "--format", format])
            #expect(result.stdout == line + "\n", "\(format)")
        }
    }

    @Test func aDayWithoutTrainsThisWayIsNotAnError() throws {
        // 西所沢's inbound trains run on weekends only: Friday night shows Saturday's first train.
        let friday = try Self.eki(["next", "Seibu.Sayama.NishiTokorozawa", "--direction", "Inbound", "--at", "2026-11-27T23:30"])
        #expect(friday.status == 0, "\(friday.stderr)")
        #expect(friday.stdout == "西所沢 本日の列車なし · 始発 16:41\n")
        let tuesday = try Self.eki(["next", "Seibu.Sayama.NishiTokorozawa", "--direction", "Inbound", "--at", "2026-11-24T07:30"])
        #expect(tuesday.status == 0, "\(tuesday.stderr)")
        #expect(tuesday.stdout == "西所沢 列車なし\n")
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
        _ = try SharedData.imported()
        let result = try EkiProcess.run(["next", "馬車道", "--direction", "Inbound", "--db", SharedData.databaseURL.path],
                                        environment: ["EKI_NOW": "2026-11-24T07:30+09:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "馬車道 07:31 各 清瀬 1分\n")
    }

    @Test func aServerSaysItsClockIsSet() throws {
        _ = try SharedData.imported()
        let server = try ServerProcess(["--db", SharedData.databaseURL.path], environment: ["EKI_NOW": "2026-11-24T07:30+09:00"])
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
