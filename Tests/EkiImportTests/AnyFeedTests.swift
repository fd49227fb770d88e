import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Feeds nobody here wrote (`FeedFixtures`), read as their own riders would: the feed's ids, its
/// language and words, directions by where trains go, the next day's trains under a line, a railway
/// that never sleeps, and a feed with nothing on rails.
@Suite struct AnyFeedTests {
    func shoreLine() throws -> Timetable { try FeedFixtures.imported("shoreLine").timetable }
    func subway() throws -> Timetable { try FeedFixtures.imported("nightSubway").timetable }

    func instant(_ text: String) throws -> ServiceInstant { try #require(ServiceInstant(parsing: text)) }

    /// "time trainId" of each board of the stations an id names, in the order asked.
    func board(_ timetable: Timetable, _ id: String, railway: String, direction: String, at text: String,
               limit: Int = 6) throws -> [String] {
        let station = try #require(try timetable.resolveStations(id).first { timetable.reference.railwayId(of: $0) == railway })
        let way = try #require(try timetable.resolveDirections(direction, at: [station]).first?.directions.first)
        return try timetable.nextDepartures(station: station, direction: way, at: instant(text), limit: limit)
            .rows.map { "\($0.departure.time.clock) \($0.departure.ids.publicId)" }
    }

    // MARK: - Ids

    @Test func theFeedsStopIdsNameItsStations() throws {
        let timetable = try shoreLine()
        // OSB is served by both railways: the id names the station of each, and reads back as OSB.
        let stations = try timetable.resolveStations("OSB")
        #expect(stations.map(\.publicId) == ["OSB", "OSB"])
        #expect(Set(stations.compactMap { timetable.reference.railwayId(of: $0) }) == ["SLE", "AT"])
        #expect(try timetable.resolveRailway("SLE").railway.id == "SLE")
        // No id riders read carries a prefix.
        #expect(timetable.reference.stations.values.allSatisfy { !$0.publicId.contains(":") })
    }

    @Test func platformAndParentStopIdsBothName() throws {
        let timetable = try subway()
        #expect(Set(try timetable.resolveStations("127").map { timetable.reference.railwayId(of: $0) }) == ["1", "2"])
        #expect(Set(try timetable.resolveStations("127N").map { timetable.reference.railwayId(of: $0) }) == ["1", "2"])
        #expect(try timetable.resolveStations("127S").map { timetable.reference.railwayId(of: $0) } == ["1"])
        #expect(try timetable.resolveStations("127S").map(\.publicId) == ["127"])
    }

    @Test func trainIdsAreTheFeedsTripIdsOnEveryCopy() throws {
        let timetable = try shoreLine()
        // Fri 5 July runs WKD and XTR together: WKD's trips are copies there, under their own trip_id.
        let friday = try board(timetable, "NHV", railway: "SLE", direction: "0", at: "2013-07-05T06:00", limit: 2)
        #expect(friday == ["06:10 SLE_1601WKD", "07:40 SLE_1603WKD"])
        let copy = try #require(try timetable.resolveTrain("SLE_1601WKD", on: CivilDate(iso: "2013-07-05")))
        let part = try #require(try timetable.trainPart(copy))
        #expect(part.ids.id != "SLE_1601WKD")   // the database's own id of the copy
        #expect(part.ids.publicId == "SLE_1601WKD")
        #expect(try timetable.resolveTrain("SLE_1601WKD", on: CivilDate(iso: "2013-07-08")).flatMap { try timetable.trainIds($0)?.id } == "SLE_1601WKD")
    }

    // MARK: - Language and words

    @Test func anAmericanFeedSpeaksEnglishAndAJapaneseOneJapanese() throws {
        #expect(try shoreLine().language == .en)        // no feed_lang, no agency_lang: America/New_York
        #expect(try subway().language == .en)           // feed_lang en
        #expect(try FeedFixtures.imported("minato").timetable.language == .ja)    // Asia/Tokyo
        #expect(try GTFSFixtureDatabase.imported().timetable.language == .ja)     // agency_lang ja, in Paris
        #expect(Language.of(declared: "en-US", timeZone: "Asia/Tokyo") == .en)
        #expect(Language.of(declared: "", timeZone: "Europe/Paris") == .en)
    }

    @Test func schedulesAreNamedByWhatTheyAre() throws {
        let reference = try shoreLine().reference
        #expect(reference.serviceNames["WKD"] == LocalizedName(ja: "平日ダイヤ", en: "Weekday service"))
        #expect(reference.serviceNames["WEH"] == LocalizedName(ja: "土休日ダイヤ", en: "Weekend service"))
        #expect(reference.serviceNames["ATD"] == LocalizedName(ja: "毎日", en: "Daily service"))
        #expect(reference.serviceNames["WKD+XTR"] == LocalizedName(ja: "平日ダイヤ＋特別ダイヤ", en: "Weekday service + Special service"))
    }

    @Test func trainKindsComeFromTheFeedNotFromJapan() throws {
        let shore = try shoreLine().reference
        let types = try #require(Set(shore.trainTypes.values.map(\.id)) == ["gtfs.rail"] ? shore.trainTypes[id: "gtfs.rail"] : nil)
        #expect(types.name == LocalizedName(ja: "列車", en: "Train"))
        #expect(!types.classified)
        #expect(try subway().reference.trainTypes[id: "gtfs.subway"]?.classified == false)
        #expect(shore.railways[id: "SLE"]?.shortName == "SLE")
        // A Japanese feed's own train types keep their categories.
        let minato = try FeedFixtures.imported("minato").timetable.reference
        #expect(minato.trainTypes.values.filter(\.classified).map(\.name.ja).sorted() == ["各停", "快速", "特急"])
        #expect(minato.trainTypes[id: "gtfs.type.快速"]?.category == .rapid)
        #expect(minato.trainTypes[id: "gtfs.type.特急"]?.category == .limited)
    }

    @Test func boardsShowTheTrainNumberAndHeadsignRidersSee() throws {
        let timetable = try shoreLine()
        let station = try #require(try timetable.resolveStations("OSB").first { timetable.reference.railwayId(of: $0) == "AT" })
        let way = try #require(try timetable.directions(at: station).first { $0.id == "AT:0" })
        let row = try #require(try timetable.nextDepartures(station: station, direction: way,
                                                            at: instant("2013-07-08T09:00"), limit: 1).rows.first)
        #expect(row.departure.ids.publicId == "AT_171")
        #expect(row.departure.number == "171")
        #expect(row.departure.headsign == LocalizedName(ja: "Boston", en: "Boston"))   // the feed's headsign, not the last stop
        #expect(!row.departure.classified)
    }

    @Test func directionsAreNamedByWhereTrainsGoNeverByTheStationHere() throws {
        let timetable = try shoreLine()
        let reference = timetable.reference
        let east = try #require(reference.directions[id: "SLE:0"])
        #expect(east.name.en == "toward Old Saybrook")            // most eastbound trains end there
        let osb = try #require(try timetable.resolveStations("OSB").first { timetable.reference.railwayId(of: $0) == "SLE" })
        let nhv = try #require(try timetable.resolveStations("NHV").first { timetable.reference.railwayId(of: $0) == "SLE" })
        #expect(reference.directionName(east, at: osb) == LocalizedName(ja: "New London方面", en: "toward New London"))
        #expect(reference.directionName(east, at: nhv).en == "toward Old Saybrook")
    }

    // MARK: - Days

    @Test func theNextDaysTrainsAreMarkedAsSuch() throws {
        let timetable = try shoreLine()
        let station = try #require(try timetable.resolveStations("OSB").first { timetable.reference.railwayId(of: $0) == "SLE" })
        let east = try #require(timetable.reference.directions[id: "SLE:0"])
        // Friday 23:30: nothing more eastbound from OSB; Saturday's 08:04 comes as Saturday's.
        let board = try timetable.nextDepartures(station: station, direction: east, at: instant("2013-07-05T23:30"), limit: 2)
        #expect(board.lastTrainGone)
        #expect(board.rows.map { "\($0.departure.time.clock) \($0.departure.ids.publicId) \($0.day.iso)" }
            == ["08:04 SLE_3629WEH 2013-07-06"])
        #expect(board.rows.first?.minutesUntil == 8 * 60 + 34)
    }

    @Test func aRailwayThatNeverSleepsShowsEveryTrainLeavingNow() throws {
        let timetable = try subway()
        // Tuesday 03:10 at Times Sq northbound: Monday's night trains (27:11 …) and Tuesday's first.
        #expect(try board(timetable, "127", railway: "1", direction: "0", at: "2024-12-03T03:10", limit: 4)
            == ["03:11 1_2700_N", "03:20 1_2709_N", "03:31 1_0320_N", "08:11 1_0800_N"])
        #expect(try board(timetable, "127", railway: "2", direction: "0", at: "2024-12-03T03:10", limit: 3)
            == ["03:14 2_2640_N", "03:23 2_2649_N", "03:34 2_0300_N"])
        // The trains of the day before keep their own service day.
        let station = try #require(try timetable.resolveStations("127").first { timetable.reference.railwayId(of: $0) == "1" })
        let north = try #require(timetable.reference.directions[id: "1:0"])
        let row = try #require(try timetable.nextDepartures(station: station, direction: north,
                                                            at: instant("2024-12-03T03:10"), limit: 1).rows.first)
        #expect(row.serviceDate.iso == "2024-12-02" && row.departure.time.serviceClock == "27:11" && row.minutesUntil == 1)
        #expect(row.day.iso == "2024-12-03")
    }

    @Test func nightTimesPast27AreKeptWithoutWarnings() throws {
        let report = try FeedFixtures.imported("nightSubway").report
        #expect(report.warningCounts["timeOutsideServiceDay"] == nil)
        #expect(try subway().trainPart("2_2649_N")?.stops.last?.arrival?.serviceClock == "28:07")
        // A whole day's timetable runs 03:00 to 03:00: Monday's 27:11 is Tuesday's 03:11.
        let timetable = try subway()
        let station = try #require(try timetable.resolveStations("127").first { timetable.reference.railwayId(of: $0) == "1" })
        let north = try #require(timetable.reference.directions[id: "1:0"])
        let tuesday = try #require(CivilDate(iso: "2024-12-03"))
        let day = try timetable.stationTimetable(station: station, direction: north, serviceDate: tuesday)
        #expect(day.rows.map { "\($0.departure.time.clock) \($0.departure.ids.publicId)" }
            == ["03:11 1_2700_N", "03:20 1_2709_N", "03:31 1_0320_N", "08:11 1_0800_N", "02:51 1_2640_N"])
    }

    @Test func routesAndTrackingTakeTheDayBeforesNightTrains() throws {
        let timetable = try subway()
        let tuesday = try #require(CivilDate(iso: "2024-12-03"))
        let running = try timetable.runningParts(on: tuesday)
        // Monday's five that still leave somewhere after 03:00, on Tuesday's clock (26:40 is 02:40).
        let night = running.filter { $0.dayOffset == -1 }
        #expect(night.count == 5)
        #expect(night.compactMap { $0.stops.first?.departure }.sorted() == [160, 160, 169, 180, 189])
    }

    // MARK: - Nothing to import

    @Test func aFeedWithNoRailFailsSayingWhatItHasAndKeepsTheDatabase() throws {
        let scratch = try FeedFixtures.write(FeedFixtures.busOnly)
        defer { scratch.remove() }
        try MalformedInputTests.expectFailure(scratch.file("feed"), scratch: scratch) { error in
            #expect(error == .nothingToImport("22 bus routes, no rail"))
            #expect(error.description == "nothing to import: 22 bus routes, no rail")
            return true
        }
    }

    @Test func railTripsThatNeverRunAreNothingToImport() throws {
        var files = FeedFixtures.minato
        files["calendar.txt"] = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n他,1,1,1,1,1,1,1,20260401,20270331\n"
        let scratch = try FeedFixtures.write(files)
        defer { scratch.remove() }
        try MalformedInputTests.expectFailure(scratch.file("feed"), scratch: scratch) { error in
            #expect(error == .nothingToImport("1 rail route, but none of their 5 trips runs on any day of calendar.txt or calendar_dates.txt"))
            return true
        }
    }

    // MARK: - Calendars and dates

    @Test func theFeedsCalendarAndExceptionsAreKept() throws {
        let reference = try shoreLine().reference
        #expect(reference.feedCalendars.map(\.id) == ["ATD", "WEH", "WKD", "XTR"])
        let weekday = try #require(reference.feedCalendars.first { $0.id == "WKD" })
        #expect(weekday.weekdays == [false, true, true, true, true, true, false])
        #expect(weekday.start == "2013-01-01" && weekday.end == "2013-12-31")
        #expect(weekday.exceptions.map { "\($0.date) \($0.added)" } == ["2013-07-04 false"])
        #expect(reference.feedCalendars.first { $0.id == "XTR" }?.weekdays == nil)
        #expect(reference.feedReasons(of: "WKD+XTR", on: try #require(CivilDate(iso: "2013-07-05")))
            == ["WKD: Mon Tue Wed Thu Fri, 2013-01-01 to 2013-12-31 (calendar.txt)", "XTR: added on 2013-07-05 (calendar_dates.txt)"])
    }

    @Test func snapshotDatesComeFromTheData() throws {
        #expect(try FeedFixtures.imported("shoreLine").report.snapshotDate == "2013-01-01")     // first calendar day
        #expect(try FeedFixtures.imported("nightSubway").report.snapshotDate == "2024-12-01")   // feed_info
    }

    @Test func aFetchRecordOrAGitCommitDatesAMiniTokyo3DFolder() throws {
        let folder = try MiniFolder(trains: #"[{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound", "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "a": "06:05"}]}]"#)
        defer { folder.remove() }
        let database = folder.scratch.file("out.sqlite")
        #expect(try Importer().run(folder: folder.url, database: database).snapshotDate == "unknown")
        try folder.scratch.write(".eki-fetch.json", #"{"source": "minitokyo3d", "baseURL": "https://example.com/data", "fetchedAt": "2026-03-01T16:30:00Z", "files": 9, "bytes": 1}"#)
        #expect(try Importer().run(folder: folder.url, database: database).snapshotDate == "2026-03-02")   // Tokyo's date
        try FileManager.default.removeItem(at: folder.scratch.file(".eki-fetch.json"))
        let git = { (arguments: [String]) throws -> Void in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder.url.path] + arguments
            process.environment = ["GIT_COMMITTER_DATE": "2025-08-14T10:00:00+09:00", "GIT_AUTHOR_DATE": "2025-08-14T10:00:00+09:00",
                                   "HOME": folder.url.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "data"])
        #expect(try Importer().run(folder: folder.url, database: database).snapshotDate == "2025-08-14")
    }

    // MARK: - An older snapshot with gaps

    @Test func aNullOriginInAnOlderSnapshotIsAWarningNotAFailure() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound", "os": [null],
              "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]},
             {"id": "Op.A.2.Weekday", "r": "Op.A", "n": "2", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "07:00"}, {"s": "Op.A.A3", "a": "07:06"}]}]
            """)
        defer { folder.remove() }
        let report = try Importer().run(folder: folder.url, database: folder.scratch.file("out.sqlite"))
        #expect(report.counts.trains == 2)
        #expect(report.warnings.filter { $0.kind == .badField }.map(\.message)
            == ["train-timetables/op-a.json [0].os[0]: expected a string, found null (train Op.A.1.Weekday); read as absent"])
    }
}
