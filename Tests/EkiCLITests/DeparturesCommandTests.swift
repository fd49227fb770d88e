import EkiTestSupport
import Foundation
import Testing

/// `eki departures`, `timetable`, `train`, `calendar`, `schedule` as a rider runs them.
@Suite struct DeparturesCommandTests {
    static func eki(_ arguments: [String]) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path])
    }

    @Test func departuresJSONFollowsTheContract() throws {
        let result = try Self.eki(["departures", "Minatomirai.Minatomirai.Bashamichi", "--direction", "Inbound",
                                   "--at", "2026-11-24T07:30", "--limit", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(json["station"] as? String == "Minatomirai.Minatomirai.Bashamichi")
        #expect(json["serviceDate"] as? String == "2026-11-24")
        #expect(json["schedule"] as? String == "Weekday")
        let departures = json["departures"] as! [[String: Any]]
        #expect(departures.map { $0["time"] as! String } == ["07:31", "07:34"])
        #expect(departures[0]["serviceMinute"] as? Int == 451)
        #expect(departures[0]["trainId"] as? String == "Minatomirai.Minatomirai.006072.Weekday")
        #expect(departures[0]["railway"] as? String == "Minatomirai.Minatomirai")
        #expect(departures[0]["direction"] as? String == "Inbound")
        #expect(departures[0]["trainType"] as? String == "Minatomirai.Local")
        #expect(departures[0]["category"] as? String == "local")
        #expect(departures[0]["destination"] as? [String] == ["Seibu.Ikebukuro.Kiyose"])
        #expect(departures[0]["names"] as? [Any] != nil)
    }

    @Test func theBoardIsInJapaneseByDefaultAndEnglishOnRequest() throws {
        let ja = try Self.eki(["departures", "馬車道", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--limit", "1"])
        #expect(ja.stdout.contains("07:31  各 各駅停車  清瀬  1分後"), "\(ja.stdout)")
        #expect(ja.stdout.contains("上り（横浜方面）"))
        let en = try Self.eki(["departures", "bashamichi", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--limit", "1", "--lang", "en"])
        #expect(en.stdout.contains("07:31  各 Local  Kiyose  in 1 min"), "\(en.stdout)")
    }

    @Test func aDirectionWithoutTrainsThatDayIsNotAServiceThatEnded() throws {
        // 西所沢's inbound trains run on weekends only: on a Tuesday there are none, none has "ended".
        let tuesday = try Self.eki(["departures", "Seibu.Sayama.NishiTokorozawa", "--direction", "Inbound",
                                    "--at", "2026-11-24T07:30", "--limit", "2"])
        #expect(tuesday.status == 0, "\(tuesday.stderr)")
        #expect(tuesday.stdout.contains("\n上り\n  この日はこの方面の列車はありません"), "\(tuesday.stdout)")   // not "toward 西所沢"
        #expect(!tuesday.stdout.contains("本日の運転は終了"))
        // Friday night: still none that day, then Saturday's first trains.
        let friday = try Self.eki(["departures", "Seibu.Sayama.NishiTokorozawa", "--direction", "Inbound",
                                   "--at", "2026-11-27T23:30", "--limit", "1", "--lang", "en"])
        #expect(friday.stdout.contains("  No trains this way on this day\n  ── Next day, Sat 28 Nov ──\n  16:41"), "\(friday.stdout)")
        // A day whose trains have gone still says so.
        let saturday = try Self.eki(["departures", "Seibu.Sayama.NishiTokorozawa", "--direction", "Inbound",
                                     "--at", "2026-11-28T23:50", "--limit", "1", "--lang", "en"])
        #expect(saturday.stdout.contains("  No more trains today.\n  ── Next day, Sun 29 Nov ──\n"), "\(saturday.stdout)")
    }

    @Test func aSharedNameShowsEveryRailwayAtTheComplex() throws {
        let result = try Self.eki(["departures", "渋谷", "--at", "2026-11-24T12:00", "--limit", "1", "--json"])
        let boards = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        let railways = Set(boards.compactMap { $0["railway"] as? String })
        #expect(railways.isSuperset(of: ["JR-East.Yamanote", "Tokyu.Toyoko", "TokyoMetro.Ginza"]))
    }

    @Test func badInputSaysWhatWasExpected() throws {
        let unknown = try Self.eki(["departures", "Bashamich"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("eki: no station matches \"Bashamich\"; did you mean: 馬車道 Bashamichi"))
        let direction = try Self.eki(["departures", "馬車道", "--direction", "Up"])
        #expect(direction.status == 2)
        #expect(direction.stderr == "eki: no direction \"Up\" at Minatomirai.Minatomirai.Bashamichi; valid: Outbound (下り), Inbound (上り)\n")
        let time = try Self.eki(["departures", "馬車道", "--at", "2026-02-30T10:00"])
        #expect(time.status == 2)
        #expect(time.stderr.contains("--at expects Tokyo local time as YYYY-MM-DDTHH:MM"))
        let date = try Self.eki(["timetable", "馬車道", "--direction", "Inbound", "--date", "24/11/2026"])
        #expect(date.status == 2)
        #expect(date.stderr.contains("--date expects a date as YYYY-MM-DD"))
        let train = try Self.eki(["train", "No.Such.Train"])
        #expect(train.status == 2)
        #expect(!(unknown.stderr + direction.stderr + time.stderr + date.stderr + train.stderr).contains("Fatal"))
    }

    @Test func timetableListsTheWholeDay() throws {
        let result = try Self.eki(["timetable", "Minatomirai.Minatomirai.Bashamichi", "--direction", "Inbound", "--date", "2026-11-24", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let departures = json["departures"] as! [[String: Any]]
        #expect(departures.first?["time"] as? String == "05:00")
        #expect(departures.last?["time"] as? String == "00:22")
        #expect(departures.last?["serviceMinute"] as? Int == 1462)
    }

    @Test func trainJSONFollowsThroughService() throws {
        let result = try Self.eki(["train", "Minatomirai.Minatomirai.026054.Weekday", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let parts = json["parts"] as! [[String: Any]]
        #expect(parts.map { $0["railway"] as! String } == ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "TokyoMetro.Fukutoshin",
                                                           "Seibu.SeibuYurakucho", "Seibu.Ikebukuro"])
        let lastStop = (parts.last!["stops"] as! [[String: Any]]).last!
        #expect(lastStop["station"] as? String == "Seibu.Ikebukuro.Kiyose")
        #expect(lastStop["arrival"] as? String == "07:39")
        #expect(lastStop["departure"] is NSNull)
    }

    @Test func calendarAndSchedule() throws {
        let calendar = try EkiProcess.run(["calendar", "2026", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(calendar.stdout.utf8)) as! [String: Any]
        let holidays = json["holidays"] as! [[String: String]]
        #expect(holidays.contains(["date": "2026-11-23", "name": "勤労感謝の日", "nameEn": "Labor Thanksgiving Day"]))
        #expect(holidays.count == 18)
        let schedule = try Self.eki(["schedule", "2026-11-23"])
        #expect(schedule.stdout.hasPrefix("2026-11-23: holiday schedule — holiday: Labor Thanksgiving Day / 祝日: 勤労感謝の日"))
        #expect(schedule.stdout.contains("Holiday (Sunday/holiday timetable / 休日ダイヤ): 1 railway — 東京さくらトラム（都電荒川線）"),
                "\(schedule.stdout)")
        // A name several railways share carries its id, and a railway without service that day
        // says when it runs: the S-TRAIN's weekend route was a bare "池袋線" under no service (issue 32, 11).
        let weekday = try Self.eki(["schedule", "2026-11-24"])
        #expect(weekday.stdout.contains("  (no service): 2 railways — 池袋線 (Seibu.S-Fukutoshin; runs on Saturday/holiday timetable)、"
                                        + "西武秩父線 (Seibu.SeibuChichibuBranch; runs on Saturday/holiday timetable)\n"), "\(weekday.stdout)")
    }

    /// Dates outside the years the holiday calendar covers are one line and exit 2 in every
    /// command that takes one — 4652-03-01 used to abort the process on an impossible equinox.
    @Test func datesOutsideTheSupportedYearsAreRefused() throws {
        let range = "between 1949-01-01 and 2099-12-31 (the years the holiday calendar covers)"
        let runs: [([String], String)] = [
            (["schedule", "4652-03-01"], "--date must be \(range), got \"4652-03-01\""),
            (["schedule", "1948-12-31"], "--date must be \(range), got \"1948-12-31\""),
            (["timetable", "馬車道", "--direction", "Inbound", "--date", "9999-12-31"], "--date must be \(range)"),
            (["departures", "馬車道", "--at", "9999-12-31T23:59"], "--at must be \(range), got \"9999-12-31T23:59\""),
            (["departures", "馬車道", "--at", "0001-01-01T12:00"], "--at must be \(range)"),
            (["station", "馬車道", "--at", "4652-03-20T12:00"], "--at must be \(range)"),
            (["nearby", "35.4505,139.6337", "--at", "2100-01-01T12:00"], "--at must be \(range)"),
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
