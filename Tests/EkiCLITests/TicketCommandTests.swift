import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// `eki ticket` as a rider runs it: scan a screenshot, type a ticket in, the countdown, leave-by on the
/// network, the departures after arrival; every mistake one line. On the hand-written Tokyo
/// (`TokyoFixture`), where a trip's stations are named for the Shinkansen's (`withShinkansenNames`);
/// the real 新横浜 and a real leave-by are in RealDataCLITests.
@Suite struct TicketCommandTests {
    static func eki(_ arguments: [String], state: URL, database: URL? = nil) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--state", state.path], environment: ["EKI_DB": (try database ?? TokyoFixtureFile.url()).path])
    }

    /// The fixture with two stations renamed for the Shinkansen stations a ticket names, so that the
    /// trip meets the timetable (the ticket's stations are looked up by their Japanese names):
    /// 港町 as 新横浜 (Shin-Yokohama), where 海岸線's inbound locals start every 15 minutes, and
    /// 東京前 as 東京 (Tokyo), 7 minutes from 渋谷坂 on 環状線's 内回り. Written into `scratch`.
    static func withShinkansenNames(in scratch: ScratchFolder) throws -> URL {
        var data = TokyoFixture.dataset
        for (index, station) in data.stations.enumerated() {
            if station.id == TokyoFixture.minatomachi { data.stations[index].name = .init(ja: "新横浜", en: "Shin-Yokohama") }
            if station.id == TokyoFixture.tokyomae { data.stations[index].name = .init(ja: "東京", en: "Tokyo") }
        }
        let url = scratch.file("shinkansen-names.sqlite")
        try TokyoFixtureFile.write(data, to: url)
        return url
    }

    @Test func aScreenshotBecomesTheTrip() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/ticket_render.py")
        let render = try EkiProcess.runTool("/usr/bin/env", ["python3", script.path, scratch.url.path, "--count", "1", "--kinds", "ekinet", "--langs", "ja", "--seed", "7"])
        #expect(render == 0)
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("0000-ekinet-ja-screen.json"))) as? [String: Any])
        let expected = try #require(truth["ticket"] as? [String: Any])
        let scan = try Self.eki(["ticket", "scan", scratch.file("0000-ekinet-ja-screen.png").path, "--today", truth["today"] as! String, "--json"],
                                state: scratch.file("state.sqlite"))
        #expect(scan.status == 0, "\(scan.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        #expect(Set(answer.keys) == ["ticket", "confidence", "unsure", "legs", "image", "words"])
        let ticket = try #require(answer["ticket"] as? [String: Any])
        #expect(Set(ticket.keys) == ["source", "language", "date", "train", "from", "to", "departure", "arrival", "car", "seat", "seatClass", "reserved"])
        for key in ["source", "language", "date", "departure", "arrival", "seat", "seatClass"] {
            #expect(ticket[key] as? String == expected[key] as? String, "\(key)")
        }
        #expect(ticket["car"] as? Int == expected["car"] as? Int)
        #expect((ticket["train"] as? [String: Any])?["number"] as? Int == (expected["train"] as? [String: Any])?["number"] as? Int)
        #expect((ticket["to"] as? [String: Any])?["nameEn"] as? String == (expected["to"] as? [String: Any])?["nameEn"] as? String)
        let word = try #require((answer["words"] as? [[String: Any]])?.first)
        #expect(Set(word.keys) == ["text", "x", "y", "width", "height", "confidence", "model", "line"])
        // Kept as the trip: `eki ticket` at departure day's morning counts down to it.
        let departure = try #require(expected["departure"] as? String), date = try #require(expected["date"] as? String)
        let show = try Self.eki(["ticket", "--at", "\(date)T00:00", "--json"], state: scratch.file("state.sqlite"))
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("\"phase\" : \"beforeDeparture\""), "\(show.stdout)")
        #expect(show.stdout.contains("\(departure)発まで"), "\(show.stdout)")
    }

    @Test func aTypedTicketCountsDownLeavesByAndShowsTheConnections() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite"), database = try Self.withShinkansenNames(in: scratch)
        // Tuesday 2030-01-08: a weekday; far enough ahead that the trip has not ended when the test runs.
        for (field, value) in [("train", "のぞみ225"), ("date", "2030-01-08"), ("from", "東京"), ("to", "新横浜"),
                               ("departure", "10:30"), ("arrival", "10:48"), ("car", "8"), ("seat", "12E")] {
            let set = try Self.eki(["ticket", "set", field, value], state: state, database: database)
            #expect(set.status == 0, "\(field): \(set.stderr)")
        }
        let before = try Self.eki(["ticket", "--at", "2030-01-08T10:07"], state: state, database: database)
        #expect(before.stdout.hasPrefix("のぞみ225号 10:30発まで23分 · 8号車 12E\n"), "\(before.stdout)")
        let onBoard = try Self.eki(["ticket", "--at", "2030-01-08T10:39", "--lang", "en"], state: state, database: database)
        #expect(onBoard.stdout.hasPrefix("Shin-Yokohama 10:48 in 9 min\nTokyo ━━━━━━━━━━"), "\(onBoard.stdout)")
        // 新横浜 (the fixture's 港町) is in the timetable: after an 8-minute walk (10:56) the next three
        // 海岸線 locals leaving it inbound, 11:00, 11:15 and 11:30 (its outbound ones end there).
        #expect(onBoard.stdout.contains("""
            At Shin-Yokohama, after a walk of about 8 min (from 10:56):
              11:00 各 Kaigan Line Shibuyazaka  +12 min
              11:15 各 Kaigan Line Shibuyazaka  +27 min
              11:30 各 Kaigan Line Shibuyazaka  +42 min

            """), "\(onBoard.stdout)")
        // Leave by: the latest trip from 中央通 that reaches 東京 (東京前) by 10:15. The 09:45 local from
        // 港町 passes 中央通 at 09:51 and reaches 渋谷坂 at 09:59; 5 minutes to 環状線 (another operator's
        // gates, the rule) make the 内回り leaving at 10:05, at 東京前 10:12. The 10:00 local (渋谷坂
        // 10:14) would make only the 10:25 (10:32).
        let leave = try Self.eki(["ticket", "leave-by", "中央通", "--margin", "15", "--at", "2030-01-08T08:00"], state: state, database: database)
        #expect(leave.status == 0, "\(leave.stderr)")
        #expect(leave.stdout.hasPrefix("東京 10:15着（発車15分前）に間に合う最終: 中央通 09:51発"), "\(leave.stdout)")
        let cleared = try Self.eki(["ticket", "clear"], state: state, database: database)
        #expect(cleared.stdout == "trip cleared\n")
    }

    /// Review finding 3: a scan that reads no ticket, a look after the trip ended and a date corrected
    /// into the past all keep the trip as it was; finding 9: leave-by from a place counts the walk.
    @Test func nothingLosesTheTripAndLeaveByFromHereCountsTheWalk() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite"), database = try Self.withShinkansenNames(in: scratch)
        for (field, value) in [("train", "のぞみ225"), ("date", "2030-01-08"), ("from", "東京"), ("to", "新横浜"), ("departure", "10:30"), ("arrival", "10:48")] {
            #expect(try Self.eki(["ticket", "set", field, value], state: state, database: database).status == 0)
        }
        let pixel = scratch.file("pixel.png").path
        #expect(try EkiProcess.runTool("/usr/bin/env", ["python3", "-c", "from PIL import Image; Image.new('RGB', (1, 1)).save('\(pixel)')"]) == 0)
        let scan = try Self.eki(["ticket", "scan", pixel], state: state, database: database)
        #expect(scan.status == 1 && scan.stderr.hasSuffix("no Shinkansen ticket read (0 of date, train, stations and times); your trip is unchanged\n"), "\(scan.stderr)")
        let ended = try Self.eki(["ticket", "--at", "2030-01-08T12:00"], state: state, database: database)
        #expect(ended.stdout.hasPrefix("旅程は終了しました（のぞみ225号）"), "\(ended.stdout)")
        let before = try Self.eki(["ticket", "--at", "2030-01-08T10:07"], state: state, database: database)
        #expect(before.stdout.hasPrefix("のぞみ225号 10:30発まで23分"), "looking after the end kept it: \(before.stdout)")
        #expect(try Self.eki(["ticket", "set", "date", "2020-01-01"], state: state, database: database).status == 0)
        let moved = try Self.eki(["ticket", "--at", "2019-12-31T10:00"], state: state, database: database)
        #expect(moved.stdout.contains("東京 → 新横浜") && moved.stdout.contains("日付 2020-01-01  発 10:30  着 10:48"), "\(moved.stdout)")
        #expect(try Self.eki(["ticket", "set", "date", "2030-01-08"], state: state, database: database).status == 0)
        // 45 m from 表参 (a minute's walk): 銀線's 09:57 reaches 渋谷坂 at 10:00, 5 minutes to 環状線
        // (the rule) make the 10:05 内回り, at 東京 (東京前) 10:12; the 10:02 would be 5 minutes late.
        let near = try Self.eki(["ticket", "leave-by", "--near", "35.6654,139.7121", "--margin", "15", "--at", "2030-01-08T08:00"],
                                state: state, database: database)
        #expect(near.stdout.hasPrefix("東京 10:15着（発車15分前）に間に合う最終: 表参 09:57発（09:56に出発、徒歩1分）"), "\(near.stdout)")
    }

    @Test func mistakesAreOneLineMessages() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        try scratch.write("notes.txt", "not an image")
        try scratch.write("empty.png", "")
        let cases: [([String], String, Int32)] = [
            (["ticket", "scan", scratch.file("missing.jpg").path], "no such file", 1),
            (["ticket", "scan", scratch.file("notes.txt").path], "is not a JPEG, PNG or WebP image", 1),
            (["ticket", "scan", scratch.file("empty.png").path], "is empty", 1),
            (["ticket", "scan", scratch.file("notes.txt").path, "--today", "18 March"], "--today must be a date like 2025-03-18", 64),
            (["ticket", "set", "car", "42"], "car: '42' is not a car number 1–17", 2),
            (["ticket", "set", "platform", "14"], "no ticket field 'platform'", 2),
            (["ticket", "leave-by", "中央通"], "no trip", 1),
        ]
        for (arguments, message, status) in cases {
            let result = try Self.eki(arguments, state: state)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 || status == 64, "\(arguments): \(result.stderr)")
        }
    }
}

extension EkiProcess {
    /// Runs another tool to the end; its exit status.
    static func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
