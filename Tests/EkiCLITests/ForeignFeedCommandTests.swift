import EkiTestSupport
import Foundation
import Testing

/// The commands on feeds nobody here wrote, read as their own riders would: an English US commuter
/// feed (`FeedFixtures.shoreLine`), a subway that never sleeps, a Japanese GTFS-JP feed, and a feed
/// with nothing on rails.
@Suite struct ForeignFeedCommandTests {
    /// A fixture imported by `eki import` into a database of its own.
    static func imported(_ files: [String: String]) throws -> (scratch: ScratchFolder, database: String) {
        let scratch = try FeedFixtures.write(files)
        let database = scratch.file("feed.sqlite").path
        let result = try EkiProcess.run(["import", scratch.file("feed").path, "--db", database])
        #expect(result.status == 0, "\(result.stderr)")
        return (scratch, database)
    }

    @Test func anAmericanFeedReadsLikeItsRidersExpect() throws {
        let (scratch, database) = try Self.imported(FeedFixtures.shoreLine)
        defer { scratch.remove() }
        // The feed's own stop_id; Friday night after the last train; English by default.
        let friday = try EkiProcess.run(["departures", "OSB", "--railway", "SLE", "--at", "2013-07-05T23:30", "--db", database])
        #expect(friday.status == 0, "\(friday.stderr)")
        #expect(friday.stdout == """
            Old Saybrook  Shore Line East  (OSB)
            2013-07-05 Weekday service + Special service (WKD+XTR)

            toward New London
              No more trains today.
              ── Next day, Sat 6 Jul ──
              08:04  SLE Train  New London  in 8 h 34 min  Train 3629

            toward New Haven
              No more trains today.
              ── Next day, Sat 6 Jul ──
              09:22  SLE Train  New Haven  in 9 h 52 min  Train 3630

            """)
        // Amtrak: the train number and the headsign the train shows; no Japanese badge anywhere.
        let amtrak = try EkiProcess.run(["departures", "OSB", "--railway", "AT", "--direction", "Boston", "--at", "2013-07-08T09:00",
                                         "--limit", "1", "--db", database])
        #expect(amtrak.stdout.hasSuffix("toward Boston\n  09:48  Train  Boston  in 48 min  Train 171\n"), "\(amtrak.stdout)")
        #expect(!friday.stdout.contains("各") && !friday.stdout.contains("方面") && !amtrak.stdout.contains("各"))
        // --lang still wins.
        let ja = try EkiProcess.run(["departures", "OSB", "--railway", "SLE", "--direction", "0", "--at", "2013-07-05T23:30",
                                     "--lang", "ja", "--db", database])
        #expect(ja.stdout.contains("2013-07-05 平日ダイヤ＋特別ダイヤ（WKD+XTR）\n\nNew London方面\n  本日の運転は終了しました。\n  ── 翌日 7月6日(土) ──\n  08:04  SLE 列車  New London  8時間34分後  3629号"),
                "\(ja.stdout)")

        // The JSON gives the feed's ids back as the feed writes them.
        let json = try EkiProcess.run(["departures", "OSB", "--railway", "SLE", "--direction", "0", "--at", "2013-07-05T23:30",
                                       "--json", "--db", database])
        let board = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(board?["station"] as? String == "OSB")
        #expect((board?["scheduleName"] as? [String: String])?["en"] == "Weekday service + Special service")
        let departure = (board?["departures"] as? [[String: Any]])?.first
        #expect(departure?["trainId"] as? String == "SLE_3629WEH")
        #expect(departure?["trainNumber"] as? String == "3629")
        #expect(departure?["nextDay"] as? Bool == true)
        #expect(departure?["badge"] as? String == "SLE")
        #expect(departure?["category"] == nil)
        #expect(departure?["destination"] as? [String] == ["NLC"])
    }

    @Test func aTripThatRunsUnderTwoCalendarsKeepsItsTripId() throws {
        let (scratch, database) = try Self.imported(FeedFixtures.shoreLine)
        defer { scratch.remove() }
        let train = try EkiProcess.run(["train", "SLE_1601WKD", "--date", "2013-07-05", "--db", database])
        #expect(train.status == 0, "\(train.stderr)")
        #expect(train.stdout.hasPrefix("Shore Line East  SLE Train  Train 1601  toward Old Saybrook  SLE_1601WKD  Weekday service + Special service (WKD+XTR)\n"),
                "\(train.stdout)")
        #expect(train.stdout.hasSuffix("\nRunning on Fri 5 Jul 2013\n"), "\(train.stdout)")
        let saturday = try EkiProcess.run(["train", "SLE_1601WKD", "--date", "2013-07-06", "--db", database])
        #expect(saturday.stdout.hasSuffix("\nNot running on Sat 6 Jul 2013\n"), "\(saturday.stdout)")
        let json = try EkiProcess.run(["train", "SLE_1601WKD", "--date", "2013-07-05", "--json", "--db", database])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["trainId"] as? String == "SLE_1601WKD")
        #expect(object?["serviceDate"] as? String == "2013-07-05" && object?["runs"] as? Bool == true)
        let part = (object?["parts"] as? [[String: Any]])?.first
        #expect(part?["schedule"] as? String == "WKD+XTR")
        #expect((part?["stops"] as? [[String: Any]])?.first?["station"] as? String == "NHV")
    }

    @Test func aFeedsCalendarAndScheduleAreItsOwn() throws {
        let (scratch, database) = try Self.imported(FeedFixtures.shoreLine)
        defer { scratch.remove() }
        let calendar = try EkiProcess.run(["calendar", "2013", "--db", database])
        #expect(calendar.stdout == """
            2013: the feed's own service days (calendar.txt, calendar_dates.txt)
              ATD  Daily service    every day   2013-01-01 – 2013-12-31  365 days
              WEH  Weekend service  Sat, Sun    2013-01-01 – 2013-12-31  105 days
              WKD  Weekday service  Mon–Fri     2013-01-01 – 2013-12-31  260 days
              XTR  Special service  dates only                           1 day
            Exceptions (calendar_dates.txt):
              2013-07-04  Thu 4 Jul  WEH added, WKD removed
              2013-07-05  Fri 5 Jul  XTR added

            """, "\(calendar.stdout)")
        #expect(!calendar.stdout.contains("祝日") && !calendar.stdout.contains("Marine Day"))
        let schedule = try EkiProcess.run(["schedule", "2013-07-04", "--db", database])
        #expect(schedule.stdout.contains("  WEH (Weekend service / 土休日ダイヤ): 1 railway — Shore Line East\n    WEH: added on 2013-07-04 (calendar_dates.txt)\n"),
                "\(schedule.stdout)")
        // Without a database, the calendar is Japan's holidays as before.
        let holidays = try EkiProcess.run(["calendar", "2026", "--db", scratch.file("none.sqlite").path])
        #expect(holidays.stdout.hasPrefix("2026-01-01 (木)  元日"))
    }

    @Test func aSubwayThatNeverSleepsShowsEveryTrainLeavingNow() throws {
        let (scratch, database) = try Self.imported(FeedFixtures.nightSubway)
        defer { scratch.remove() }
        let board = try EkiProcess.run(["departures", "127N", "--railway", "1", "--direction", "0", "--at", "2024-12-03T03:10",
                                        "--limit", "3", "--db", database])
        #expect(board.stdout == """
            Times Sq-42 St  Broadway - 7 Avenue Local  (127)
            2024-12-03 Weekday service (Weekday)

            toward Van Cortlandt Park-242 St
              03:11  1 Subway  Van Cortlandt Park-242 St  in 1 min
              03:20  1 Subway  Van Cortlandt Park-242 St  in 10 min
              03:31  1 Subway  Van Cortlandt Park-242 St  in 21 min

            """, "\(board.stdout)")
        let imported = try EkiProcess.run(["info", "--db", database])
        #expect(imported.stdout.contains("snapshot 2024-12-01"))
        #expect(imported.stdout.contains("Time zone  America/New_York, language en"))
    }

    /// Issue 32, 12: the id on a platform's sign (127S: Times Sq-42 St, downtown) gives that
    /// platform's trains, not the whole station; the station's own id (127) gives both ways.
    @Test func aPlatformsOwnIdGivesThatPlatform() throws {
        let (scratch, database) = try Self.imported(FeedFixtures.nightSubway)
        defer { scratch.remove() }
        func board(_ id: String) throws -> String {
            let result = try EkiProcess.run(["departures", id, "--railway", "1", "--at", "2024-12-03T03:10", "--limit", "1", "--db", database])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let downtown = try board("127S"), uptown = try board("127N"), both = try board("127")
        #expect(downtown.contains("toward South Ferry\n  03:29") && !downtown.contains("Van Cortlandt"), "\(downtown)")
        #expect(uptown.contains("toward Van Cortlandt Park-242 St\n  03:11") && !uptown.contains("South Ferry"), "\(uptown)")
        #expect(both.contains("toward South Ferry") && both.contains("toward Van Cortlandt Park-242 St"), "\(both)")
        // Asked for the other way, the platform's id still answers what was asked.
        let asked = try EkiProcess.run(["departures", "127N", "--railway", "1", "--direction", "1", "--at", "2024-12-03T03:10", "--db", database])
        #expect(asked.stdout.contains("toward South Ferry"), "\(asked.stdout)")
        // The JSON API the same: one board for 127S, two for 127.
        let json = try EkiProcess.run(["departures", "127S", "--at", "2024-12-03T03:10", "--json", "--db", database])
        #expect(json.stdout.contains("South Ferry") && !json.stdout.contains("Van Cortlandt"), "\(json.stdout)")
    }

    @Test func aJapaneseFeedKeepsItsTrainTypes() throws {
        let (scratch, database) = try Self.imported(FeedFixtures.minato)
        defer { scratch.remove() }
        let board = try EkiProcess.run(["departures", "港町", "--at", "2026-04-06T06:50", "--limit", "3", "--db", database])
        #expect(board.stdout == """
            港町  みなと線  (M01)
            2026-04-06 平日ダイヤ（平日）

            山手方面
              07:00  各 各停  山手  10分後
              07:10  快 快速  山手  20分後
              07:30  特 特急  山手  40分後

            """, "\(board.stdout)")
    }

    @Test func aFeedWithNothingOnRailsIsAnErrorAndTheDatabaseStays() throws {
        let scratch = try FeedFixtures.write(FeedFixtures.busOnly)
        defer { scratch.remove() }
        let database = scratch.file("keep.sqlite")
        try Data("keep me".utf8).write(to: database)
        let result = try EkiProcess.run(["import", scratch.file("feed").path, "--db", database.path])
        #expect(result.status == 1)
        #expect(result.stderr == "eki: nothing to import: 22 bus routes, no rail\n")
        #expect(try Data(contentsOf: database) == Data("keep me".utf8))
    }
}
