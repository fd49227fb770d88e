import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The GTFS importer on the fixture feed (`GTFSFeedFixture`): every rule, with exact values.
@Suite struct GTFSImportTests {
    var timetable: Timetable { get throws { try GTFSFixtureDatabase.imported().timetable } }

    func station(_ id: String) throws -> Reference.Station {
        try #require(try timetable.reference.stations[id: id])
    }

    func direction(_ id: String) throws -> Reference.Direction {
        try #require(try timetable.reference.directions[id: id])
    }

    /// (time, train id) of the next departures, on the feed's clock.
    func board(_ station: String, _ direction: String, at text: String, limit: Int = 5) throws -> [String] {
        let instant = try #require(ServiceInstant(parsing: text))
        return try timetable.nextDepartures(station: self.station(station), direction: self.direction(direction),
                                            at: instant, limit: limit)
            .rows.map { "\($0.departure.time.serviceClock) \($0.departure.ids.id)" }
    }

    @Test func onlyRailRoutesAreImportedAndTheBusIsCounted() throws {
        let report = try GTFSFixtureDatabase.imported().report
        #expect(report.source == "gtfs")
        #expect(report.counts.railways == 2)
        #expect(report.counts.stations == 6)
        #expect(report.counts.stationComplexes == 4)
        // RED: R1, R2, R3 in two service sets each, R9; BLUE: B1, 3 + 2 frequency runs.
        #expect(report.counts.trains == 13)
        #expect(report.warningCounts["notRail"] == 1)
        #expect(report.warnings.first { $0.kind == .notRail }?.message
            == "route BUS (99, route_type 3) is not rail; its 1 trips are skipped")
        #expect(try timetable.reference.stations.values.map(\.id).sorted()
            == ["BLUE:D", "BLUE:P_B", "BLUE:P_C", "RED:P_A", "RED:P_B", "RED:P_C"])
    }

    @Test func parentStationsAreComplexesAndSharedPlatformsArePlatformGroups() throws {
        let (redSouth, blueSouth) = (try station("RED:P_C"), try station("BLUE:P_C"))
        let (redMiddle, blueMiddle) = (try station("RED:P_B"), try station("BLUE:P_B"))
        // 南: both lines use platform C1 — one complex, one platform group.
        #expect(redSouth.complex == blueSouth.complex)
        #expect(redSouth.platformGroup == blueSouth.platformGroup)
        // 中央: RED at B1, BLUE at B2 — one complex, two platform groups.
        #expect(redMiddle.complex == blueMiddle.complex)
        #expect(redMiddle.platformGroup != blueMiddle.platformGroup)
        #expect(redMiddle.complex != redSouth.complex)
        // A parent's own position; a stop without a parent is its own complex.
        #expect(redSouth.coordinate == GeoPoint(latitude: 48.86, longitude: 2.345))
        #expect(try timetable.reference.stationIds(in: station("BLUE:D").complex) == ["BLUE:D"])
    }

    @Test func namesComeFromTranslationsAndReadings() throws {
        #expect(try station("RED:P_A").name == LocalizedName(ja: "北駅", en: "North"))       // record_id
        #expect(try station("RED:P_C").name == LocalizedName(ja: "南", en: "South"))         // field_value
        #expect(try station("RED:P_B").name == LocalizedName(ja: "中央", en: "Chuo"))         // ja-Hrkt reading
        #expect(try station("BLUE:D").name == LocalizedName(ja: "東", en: "東"))              // none
        let red = try #require(try timetable.reference.railways[id: "RED"])
        #expect(red.name == LocalizedName(ja: "赤線", en: "Red Line"))
        #expect(red.color == "#FF0000")
        #expect(red.operatorName == LocalizedName(ja: "北鉄道株式会社", en: #"Kita Railway, "Nord" Inc."#))
        #expect(try timetable.reference.stationIds(of: red) == ["RED:P_A", "RED:P_B", "RED:P_C"])
        #expect(try timetable.reference.railways[id: "BLUE"].map(timetable.reference.stationIds) == ["BLUE:P_C", "BLUE:P_B", "BLUE:D"])
    }

    @Test func directionsAreNamedByTheirMostCommonHeadsign() throws {
        #expect(try direction("RED:0").name == LocalizedName(ja: "南方面", en: "toward South"))
        #expect(try direction("RED:1").name == LocalizedName(ja: "北駅方面", en: "toward North"))
        #expect(try direction("BLUE:0").name == LocalizedName(ja: "東方面", en: "toward East"))
        let red = try #require(try timetable.reference.railways[id: "RED"])
        #expect(try timetable.reference.directionId(red.ascending) == "RED:0" && timetable.reference.directionId(red.descending) == "RED:1")
    }

    @Test func eachDistinctSetOfServicesIsOneExactServicePerRailway() throws {
        let reference = try timetable.reference
        func schedule(_ railway: String, _ date: String) throws -> String? {
            reference.service(ofRailwayId: railway, on: ScheduleDay(try #require(CivilDate(iso: date))))
        }
        #expect(reference.railways[id: "RED"]?.services.map(\.id) == ["EX+WK", "WK"])
        #expect(reference.railways[id: "RED"]?.services.allSatisfy { $0.kind == "dates" } == true)
        #expect(try schedule("RED", "2026-01-07") == "EX+WK")   // Wednesday with the extra service
        #expect(try schedule("RED", "2026-01-08") == "WK")
        #expect(try schedule("RED", "2026-01-10") == "EX+WK")   // Saturday, WK added by calendar_dates
        #expect(try schedule("RED", "2026-01-12") == nil)       // Monday, WK removed
        #expect(try schedule("RED", "2026-01-11") == nil)       // RED runs nothing on SA
        #expect(try schedule("RED", "2026-02-02") == nil)       // after end_date, whatever Japan's calendar says
        // BLUE's WK runs on the 7th and 10th too, so it is another service than RED's WK.
        #expect(try schedule("BLUE", "2026-01-07") == "WK#2")
        #expect(try schedule("BLUE", "2026-01-10") == "WK#2")   // SA removed that day
        #expect(try schedule("BLUE", "2026-01-11") == "SA")
    }

    @Test func overlappingServicesDuplicateTripsWithDerivedIds() throws {
        // Wednesday 7th runs EX+WK: WK's trips as derived copies, EX's own trip under its id.
        #expect(try board("RED:P_A", "RED:0", at: "2026-01-07T06:00")
            == ["07:00 R1@EX+WK", "12:00 R9", "24:50 R3@EX+WK", "07:00 R1", "24:50 R3"])
        let reference = try timetable.reference
        #expect(try timetable.trainPart("R1@EX+WK").flatMap { reference.serviceCode($0.service) } == "EX+WK")
        #expect(try timetable.trainPart("R1").flatMap { reference.serviceCode($0.service) } == "WK")
        #expect(try timetable.trainPart("R9@WK") == nil)
    }

    @Test func timesPast24AndUntimedStopsAreKept() throws {
        let late = try #require(try timetable.trainPart("R3"))
        #expect(late.stops.map { $0.departure?.serviceClock ?? "-" } == ["24:50", "25:00", "-"])
        #expect(late.stops.last?.arrival?.serviceClock == "25:10")
        // R2's 中央 has no times: interpolated halfway between 08:00 and 08:10.
        let back = try #require(try timetable.trainPart("R2"))
        #expect(back.stops.map { $0.departure?.serviceClock ?? "-" } == ["08:00", "08:05", "-"])
        // Arrival beside departure only where they differ.
        let r1 = try #require(try timetable.trainPart("R1"))
        #expect(r1.stops.map { $0.arrival?.serviceClock ?? "-" } == ["-", "07:04", "07:10"])
    }

    @Test func blocksBecomeThroughServiceOnTheSharedPlatform() throws {
        let r1 = try #require(try timetable.trainPart("R1"))
        #expect(try timetable.trainIds(r1.next) == ["B1"])
        #expect(try timetable.reference.stationIds(r1.destinations) == ["BLUE:D"])
        #expect(try timetable.trainPart("R1@EX+WK").map { try timetable.trainIds($0.next) } == ["B1"])
        #expect(try timetable.trainRun(r1.handle)?.map(\.ids.id) == ["R1", "B1"])
        // At 南 the RED train that ends there leaves again as BLUE's B1, as the platform shows.
        #expect(try board("RED:P_C", "RED:0", at: "2026-01-08T06:00", limit: 1) == ["07:15 B1"])
        #expect(try timetable.trainPart("R3")?.next == [])
    }

    @Test func frequenciesExpandToTrips() throws {
        // exact_times 1: 10:00–11:00 every 20 minutes; 中央 is 4 minutes in.
        #expect(try board("BLUE:P_B", "BLUE:0", at: "2026-01-11T09:00", limit: 3)
            == ["10:04 BF0~1000", "10:24 BF0~1020", "10:44 BF0~1040"])
        // exact_times 0: 14:00–14:30 every 15 minutes, shown as if exact; none on Monday 12th.
        #expect(try board("BLUE:D", "BLUE:1", at: "2026-01-11T09:00", limit: 3) == ["14:00 BF1~1400", "14:15 BF1~1415"])
    }

    @Test func theAgencyTimeZoneIsRecordedAndNowIsReadOnItsClock() throws {
        #expect(try timetable.timeZone.identifier == "Europe/Paris")
        #expect(try timetable.info().timeZone == "Europe/Paris")
        let winter = try timetable.now(Date(timeIntervalSince1970: 1_767_767_400))   // 2026-01-07T06:30:00Z
        #expect(winter.description == "2026-01-07T07:30")
        let summer = try timetable.now(Date(timeIntervalSince1970: 1_782_887_400))   // 2026-07-01T06:30:00Z
        #expect(summer.description == "2026-07-01T08:30")
        let night = try timetable.now(Date(timeIntervalSince1970: 1_767_832_200))    // 2026-01-08T00:30:00Z
        #expect(night.serviceDate.iso == "2026-01-07" && night.minute.value == 1530)  // 01:30 is 25:30
    }

    @Test func aZippedFeedImportsTheSame() throws {
        let fixture = try GTFSFeedFixture()
        defer { fixture.remove() }
        let database = fixture.scratch.file("zipped.sqlite")
        let report = try Importer().run(folder: fixture.zipped(), database: database)
        let folderReport = try GTFSFixtureDatabase.imported().report
        #expect(report.source == "gtfs")
        #expect(report.counts.trains == folderReport.counts.trains)
        #expect(report.counts.departures == folderReport.counts.departures)
        let zipped = try Timetable(url: database)
        #expect(zipped.timeZone.identifier == "Europe/Paris")
        #expect(try zipped.trainPart("R1").map { try zipped.trainIds($0.next) } == ["B1"])
    }

    @Test func gtfsJPStyleTranslationsGiveNames() throws {
        let fixture = try GTFSFeedFixture(["translations.txt": """
            trans_id,lang,translation
            北駅,en,North Station
            中央,ja-Hrkt,ちゅうおう
            中央,en,Central
            赤線,en,Red Line JP

            """])
        defer { fixture.remove() }
        let database = fixture.scratch.file("jp.sqlite")
        _ = try Importer().run(folder: fixture.folder, database: database)
        let timetable = try Timetable(url: database)
        #expect(timetable.reference.stations[id: "RED:P_A"]?.name == LocalizedName(ja: "北駅", en: "North Station"))
        #expect(timetable.reference.stations[id: "RED:P_B"]?.name == LocalizedName(ja: "中央", en: "Central"))
        #expect(timetable.reference.railways[id: "RED"]?.name == LocalizedName(ja: "赤線", en: "Red Line JP"))
        #expect(timetable.reference.stations[id: "RED:P_C"]?.name == LocalizedName(ja: "南", en: "南"))
    }

    /// A run leaving before 03:00 belongs to the service day before (00:30 on Wed 7th is 24:30 on
    /// Tue 6th), and its calendar moves with it: nothing runs in the night before Mon 12th's removal.
    @Test func runsBefore3AMBelongToThePreviousServiceDay() throws {
        var trips = GTFSFeedFixture.files["trips.txt"] ?? ""
        trips = trips.replacingOccurrences(of: "RED,WK,R3,南,0,\n", with: "RED,WK,R3,南,0,\nRED,WK,R0,南,0,\n")
        let stopTimes = (GTFSFeedFixture.files["stop_times.txt"] ?? "") + "R0,00:30:00,00:30:00,A1,1\r\nR0,00:40:00,00:40:00,C1,2\r\n"
        let fixture = try GTFSFeedFixture(["trips.txt": trips, "stop_times.txt": stopTimes])
        defer { fixture.remove() }
        let database = fixture.scratch.file("night.sqlite")
        _ = try Importer().run(folder: fixture.folder, database: database)
        let timetable = try Timetable(url: database)
        func day(_ date: String) throws -> [String] {
            let station = try #require(timetable.reference.stations[id: "RED:P_A"])
            let direction = try #require(timetable.reference.directions[id: "RED:0"])
            return try timetable.stationTimetable(station: station, direction: direction,
                                                  serviceDate: try #require(CivilDate(iso: date)))
                .rows.map { "\($0.departure.time.serviceClock) \($0.departure.ids.id.prefix(2))" }
        }
        #expect(try day("2026-01-06") == ["07:00 R1", "24:30 R0", "24:50 R3"])
        #expect(try day("2026-01-09") == ["07:00 R1", "24:30 R0", "24:50 R3"])   // WK added on Sat 10th
        #expect(try day("2026-01-11") == [])                                      // WK removed on Mon 12th
        #expect(try day("2026-01-12") == ["24:30 R0"])                            // only the night run for the 13th
        #expect(try timetable.trainPart("R0")?.stops.first?.departure?.serviceClock == "24:30")
    }
}
