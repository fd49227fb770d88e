import EkiTestSupport
import Foundation
import Testing

/// `eki departures`, `timetable`, `train`, `calendar`, `schedule` as a rider runs them, on the
/// hand-written Tokyo (`TokyoFixture`) written to a file. 海岸線's inbound locals leave 港町 every 15
/// minutes from 05:00 on weekdays and pass 中央通 6 minutes later (07:36, 07:51, …; the 24:30's 24:36
/// the last); the through 急行 leave 港町 at 07:00 and 08:00 and run on to 所沢野.
@Suite struct DeparturesCommandTests {
    static func eki(_ arguments: [String]) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", try TokyoFixtureFile.url().path])
    }

    @Test func departuresJSONFollowsTheContract() throws {
        let result = try Self.eki(["departures", TokyoFixture.chuodori, "--direction", "Inbound",
                                   "--at", "2026-11-24T07:30", "--limit", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(json["station"] as? String == TokyoFixture.chuodori)
        #expect(json["serviceDate"] as? String == "2026-11-24")
        #expect(json["schedule"] as? String == "Weekday")
        let departures = json["departures"] as! [[String: Any]]
        #expect(departures.map { $0["time"] as! String } == ["07:36", "07:51"])
        #expect(departures[0]["serviceMinute"] as? Int == 456)   // 7 × 60 + 36
        #expect(departures[0]["trainId"] as? String == "Umi.Kaigan.K450.Weekday")   // left 港町 at minute 450, 07:30
        #expect(departures[0]["railway"] as? String == "Umi.Kaigan")
        #expect(departures[0]["direction"] as? String == "Inbound")
        #expect(departures[0]["trainType"] as? String == "Umi.Local")
        #expect(departures[0]["category"] as? String == "local")
        #expect(departures[0]["destination"] as? [String] == [TokyoFixture.kaiganShibuyazaka])
        #expect(departures[0]["names"] as? [Any] != nil)
    }

    @Test func theBoardIsInJapaneseByDefaultAndEnglishOnRequest() throws {
        let ja = try Self.eki(["departures", "中央通", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--limit", "1"])
        #expect(ja.stdout.contains("07:36  各 各停  渋谷坂  6分後"), "\(ja.stdout)")
        #expect(ja.stdout.contains("上り（渋谷坂方面）"))
        let en = try Self.eki(["departures", "chuodori", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--limit", "1", "--lang", "en"])
        #expect(en.stdout.contains("07:36  各 Local  Shibuyazaka  in 6 min"), "\(en.stdout)")
    }

    @Test func aDirectionWithoutTrainsThatDayIsNotAServiceThatEnded() throws {
        // Inbound trains leave 海岸線's 渋谷坂 only as the weekday through expresses (the locals end
        // there): on a Saturday there are none, and none has "ended".
        let saturday = try Self.eki(["departures", TokyoFixture.kaiganShibuyazaka, "--direction", "Inbound",
                                     "--at", "2026-11-28T07:30", "--limit", "2"])
        #expect(saturday.status == 0, "\(saturday.stderr)")
        #expect(saturday.stdout.contains("\n上り\n  この日はこの方面の列車はありません"), "\(saturday.stdout)")
        #expect(!saturday.stdout.contains("本日の運転は終了"))
        // Sunday night: still none that day, then Monday's first, the 07:00 express, leaving at 07:13.
        let sunday = try Self.eki(["departures", TokyoFixture.kaiganShibuyazaka, "--direction", "Inbound",
                                   "--at", "2026-11-29T23:30", "--limit", "1", "--lang", "en"])
        #expect(sunday.stdout.contains("  No trains this way on this day\n  ── Next day, Mon 30 Nov ──\n  07:13"), "\(sunday.stdout)")
        // A day whose trains have gone (Monday's last, the 08:00 express, at 08:13) still says so.
        let monday = try Self.eki(["departures", TokyoFixture.kaiganShibuyazaka, "--direction", "Inbound",
                                   "--at", "2026-11-30T23:50", "--limit", "1", "--lang", "en"])
        #expect(monday.stdout.contains("  No more trains today.\n  ── Next day, Tue 1 Dec ──\n"), "\(monday.stdout)")
    }

    @Test func aSharedNameShowsEveryRailwayAtTheComplex() throws {
        // 渋谷坂: 海岸線, 副線, 環状線 and 銀線.
        let result = try Self.eki(["departures", "渋谷坂", "--at", "2026-11-24T12:00", "--limit", "1", "--json"])
        let boards = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        let railways = Set(boards.compactMap { $0["railway"] as? String })
        #expect(railways == ["Umi.Kaigan", "Metro.Fuku", "JR.Kanjo", "Metro.Gin"])
    }

    @Test func badInputSaysWhatWasExpected() throws {
        let unknown = try Self.eki(["departures", "Chuodor"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("eki: no station matches \"Chuodor\"; did you mean: 中央通 Chuodori"), "\(unknown.stderr)")
        let direction = try Self.eki(["departures", "中央通", "--direction", "Up"])
        #expect(direction.status == 2)
        // 海岸線's ascending direction (上り Inbound) first.
        #expect(direction.stderr == "eki: no direction \"Up\" at Umi.Kaigan.Chuodori; valid: Inbound (上り), Outbound (下り)\n")
        let time = try Self.eki(["departures", "中央通", "--at", "2026-02-30T10:00"])
        #expect(time.status == 2)
        #expect(time.stderr.contains("--at expects Tokyo local time as YYYY-MM-DDTHH:MM"))
        let date = try Self.eki(["timetable", "中央通", "--direction", "Inbound", "--date", "24/11/2026"])
        #expect(date.status == 2)
        #expect(date.stderr.contains("--date expects a date as YYYY-MM-DD"))
        let train = try Self.eki(["train", "No.Such.Train"])
        #expect(train.status == 2)
        #expect(!(unknown.stderr + direction.stderr + time.stderr + date.stderr + train.stderr).contains("Fatal"))
    }

    @Test func timetableListsTheWholeDay() throws {
        // The weekday's first, the 05:00 from 港町 (05:06), to its last, the 24:30 (24:36, minute 1476).
        let result = try Self.eki(["timetable", TokyoFixture.chuodori, "--direction", "Inbound", "--date", "2026-11-24", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let departures = json["departures"] as! [[String: Any]]
        #expect(departures.first?["time"] as? String == "05:06")
        #expect(departures.last?["time"] as? String == "00:36")
        #expect(departures.last?["serviceMinute"] as? Int == 1476)
        #expect(departures.count == 79)   // 77 locals and the 07:05 and 08:05 expresses
    }

    @Test func trainJSONFollowsThroughService() throws {
        // The 07:00 express from 港町: 海岸線, 副線 from 渋谷坂, 北線 from 池袋台, at 所沢野 at 07:40.
        let result = try Self.eki(["train", TokyoFixture.throughParts[0], "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let parts = json["parts"] as! [[String: Any]]
        #expect(parts.map { $0["railway"] as! String } == ["Umi.Kaigan", "Metro.Fuku", "Kita.Kita"])
        let lastStop = (parts.last!["stops"] as! [[String: Any]]).last!
        #expect(lastStop["station"] as? String == TokyoFixture.tokorozawano)
        #expect(lastStop["arrival"] as? String == "07:40")
        #expect(lastStop["departure"] is NSNull)
    }

    @Test func calendarAndSchedule() throws {
        let calendar = try EkiProcess.run(["calendar", "2026", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(calendar.stdout.utf8)) as! [String: Any]
        let holidays = json["holidays"] as! [[String: String]]
        #expect(holidays.contains(["date": "2026-11-23", "name": "勤労感謝の日", "nameEn": "Labor Thanksgiving Day"]))
        #expect(holidays.count == 18)
        // Every fixture railway runs its SaturdayHoliday timetable on the holiday, Weekday the day after.
        let schedule = try Self.eki(["schedule", "2026-11-23"])
        #expect(schedule.stdout.hasPrefix("2026-11-23: holiday schedule — holiday: Labor Thanksgiving Day / 祝日: 勤労感謝の日"))
        #expect(schedule.stdout.contains("SaturdayHoliday"), "\(schedule.stdout)")
        #expect(schedule.stdout.contains("5 railways"), "\(schedule.stdout)")
        let weekday = try Self.eki(["schedule", "2026-11-24"])
        #expect(weekday.stdout.contains("Weekday"), "\(weekday.stdout)")
        #expect(weekday.stdout.contains("5 railways"), "\(weekday.stdout)")
        #expect(!weekday.stdout.contains("(no service)"), "\(weekday.stdout)")
    }

    /// Dates outside the years the holiday calendar covers are one line and exit 2 in every
    /// command that takes one — 4652-03-01 used to abort the process on an impossible equinox.
    @Test func datesOutsideTheSupportedYearsAreRefused() throws {
        let range = "between 1949-01-01 and 2099-12-31 (the years the holiday calendar covers)"
        let runs: [([String], String)] = [
            (["schedule", "4652-03-01"], "--date must be \(range), got \"4652-03-01\""),
            (["schedule", "1948-12-31"], "--date must be \(range), got \"1948-12-31\""),
            (["timetable", "中央通", "--direction", "Inbound", "--date", "9999-12-31"], "--date must be \(range)"),
            (["departures", "中央通", "--at", "9999-12-31T23:59"], "--at must be \(range), got \"9999-12-31T23:59\""),
            (["departures", "中央通", "--at", "0001-01-01T12:00"], "--at must be \(range)"),
            (["station", "中央通", "--at", "4652-03-20T12:00"], "--at must be \(range)"),
            (["nearby", "35.6600,139.7050", "--at", "2100-01-01T12:00"], "--at must be \(range)"),
        ]
        for (arguments, message) in runs {
            let result = try Self.eki(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("eki: " + message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty, "\(arguments)")
        }
        let last = try Self.eki(["schedule", "2099-12-31"])
        #expect(last.status == 0 && last.stdout.hasPrefix("2099-12-31: holiday schedule"))
    }
}
