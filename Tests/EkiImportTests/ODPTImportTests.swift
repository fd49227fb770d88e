import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The hand-written ODPT dump (`ODPTFixture`): exact departures, through service, the night train,
/// the date-list calendar, station complexes and the one station timetable disagreement.
@Suite struct ODPTImportTests {
    static func importing(_ fixture: ODPTFixture) throws -> (Timetable, Importer.Report) {
        let database = fixture.scratch.file("out/eki.sqlite")
        let report = try Importer().run(folder: fixture.url, database: database)
        return (try Timetable(url: database), report)
    }

    @Test func folderIsRecognisedAsODPTWithNamesInBothLanguages() throws {
        let fixture = try ODPTFixture()
        defer { fixture.remove() }
        let (timetable, report) = try Self.importing(fixture)
        #expect(report.source == "odpt")
        #expect(report.snapshotDate == "2026-11-21")
        #expect(report.counts.railways == 2)
        #expect(report.counts.stations == 6)
        #expect(report.counts.trains == 6)
        let kita = try #require(timetable.reference.railways[id: "Kita.Kita"])
        #expect(kita.name == LocalizedName(ja: "北線", en: "Kita Line"))
        #expect(kita.color == "#00A0E9")
        #expect(kita.operatorName == LocalizedName(ja: "北鉄道", en: "Kita Railway"))
        // Station order by odpt:index, not by position in the array.
        #expect(timetable.reference.stationIds(of: kita) == ["Kita.Kita.Ichi", "Kita.Kita.Ni", "Kita.Kita.Minato"])
        #expect((timetable.reference.directionId(kita.ascending), timetable.reference.directionId(kita.descending)) == ("Outbound", "Inbound"))
        #expect(timetable.reference.stations[id: "Kita.Kita.Ni"]?.name == LocalizedName(ja: "二番町", en: "Niban-cho"))
        #expect(timetable.reference.stations[id: "Kita.Kita.Ni"]?.coordinate == GeoPoint(latitude: 35.6, longitude: 139.71))
        #expect(timetable.reference.directions[id: "Inbound"]?.name == LocalizedName(ja: "上り", en: "Inbound"))
        #expect(timetable.reference.trainTypes[id: "Kita.Express"]?.category == .express)
        #expect(timetable.reference.trainTypes[id: "Kita.Express"]?.name.ja == "急行")
        let info = try timetable.info()
        #expect(info.source == "odpt")
        #expect(info.attribution.contains("ODPT"))
    }

    @Test func departuresAreExactIncludingAfterMidnight() throws {
        let fixture = try ODPTFixture()
        defer { fixture.remove() }
        let (timetable, _) = try Self.importing(fixture)
        let ni = try timetable.departures(station: "Kita.Kita.Ni", direction: "Outbound", service: "Weekday")
        #expect(ni.map(\.time.serviceClock) == ["10:05", "24:02"])
        #expect(ni.map(\.ids.id) == ["Kita.Kita.101.Weekday", "Kita.Kita.102.Weekday"])
        #expect(ni.last?.names == [LocalizedName(ja: "みなと", en: "Minato")])
        let night = try #require(try timetable.trainPart("Kita.Kita.102.Weekday"))
        #expect(night.stops.map { $0.arrival?.value } == [nil, 1441, 1448])
        #expect(night.stops.map { $0.departure?.value } == [1435, 1442, nil])
        #expect(night.number == "102")
        // Inbound trains: one with odpt:railDirection, one whose direction comes from its run.
        let inbound = try timetable.departures(station: "Kita.Kita.Ni", direction: "Inbound", service: "Weekday")
        #expect(inbound.map(\.time.serviceClock) == ["06:05"])
        #expect(try timetable.trainPart("Kita.Kita.202.SaturdayHoliday").flatMap { timetable.reference.directionId($0.direction) } == "Inbound")
    }

    @Test func throughServiceDepartsFromTheSharedPlatform() throws {
        let fixture = try ODPTFixture()
        defer { fixture.remove() }
        let (timetable, report) = try Self.importing(fixture)
        let kita = try #require(try timetable.trainPart("Kita.Kita.101.Weekday"))
        #expect(try timetable.trainIds(kita.next) == ["Minami.Minami.101.Weekday"])
        #expect(timetable.reference.stationIds(kita.destinations) == ["Minami.Minami.Umi"])
        #expect(try timetable.trainPart("Minami.Minami.101.Weekday").map { try timetable.trainIds($0.previous) } == ["Kita.Kita.101.Weekday"])
        // Kita 101 arrives at 港 and leaves it at 10:12 as Minami 101: the Kita platform shows it.
        let minato = try timetable.departures(station: "Kita.Kita.Minato", direction: "Outbound", service: "Weekday")
        #expect(minato.map(\.ids.id) == ["Minami.Minami.101.Weekday"])
        #expect(minato.map(\.time.serviceClock) == ["10:12"])
        #expect(minato.first.map { timetable.reference.stationIds($0.destinations) } == ["Minami.Minami.Umi"])
        #expect(report.counts.throughDepartures == 1)
        let run = try timetable.trainRun("Kita.Kita.101.Weekday")?.map(\.ids.id)
        #expect(run == ["Kita.Kita.101.Weekday", "Minami.Minami.101.Weekday"])
    }

    @Test func complexesBySameNameNearbyAndConnectingStation() throws {
        let fixture = try ODPTFixture()
        defer { fixture.remove() }
        let (timetable, report) = try Self.importing(fixture)
        let stations = timetable.reference.stations
        let (kitaMinato, minamiMinato) = (try #require(stations[id: "Kita.Kita.Minato"]), try #require(stations[id: "Minami.Minami.Minato"]))
        #expect(kitaMinato.complex == minamiMinato.complex)
        #expect(kitaMinato.platformGroup == minamiMinato.platformGroup)
        // 海 lists 二番町 as a connecting station: one complex, separate platforms.
        let (ni, umi) = (try #require(stations[id: "Kita.Kita.Ni"]), try #require(stations[id: "Minami.Minami.Umi"]))
        #expect(ni.complex == umi.complex)
        #expect(ni.platformGroup != umi.platformGroup)
        // Two 一番町 3 km apart are two places.
        #expect(stations[id: "Kita.Kita.Ichi"]?.complex != stations[id: "Minami.Minami.Ichi"]?.complex)
        #expect(report.counts.stationComplexes == 4)
    }

    @Test func dateListCalendarRunsOnItsDaysOnly() throws {
        let fixture = try ODPTFixture()
        defer { fixture.remove() }
        let (timetable, _) = try Self.importing(fixture)
        let eve = try #require(CivilDate(iso: "2026-12-31")), dayBefore = try #require(CivilDate(iso: "2026-12-30"))
        #expect(timetable.reference.service(ofRailwayId: "Kita.Kita", on: ScheduleDay(eve)) == "Specific.Kita.NewYearsEve")
        #expect(timetable.reference.service(ofRailwayId: "Kita.Kita", on: ScheduleDay(dayBefore)) == "SaturdayHoliday")
        let departures = try timetable.departures(station: "Kita.Kita.Ichi", direction: "Outbound", service: "Specific.Kita.NewYearsEve")
        #expect(departures.map(\.time.serviceClock) == ["25:30"])
    }

    @Test func stationTimetableDisagreementIsOneCountedWarning() throws {
        let fixture = try ODPTFixture()
        defer { fixture.remove() }
        let (_, report) = try Self.importing(fixture)
        #expect(report.warnings.map(\.kind) == [.stationTimetableDisagrees], "\(report.warnings)")
        #expect(report.warnings.first?.message ==
                "一番町 (Kita.Kita.Ichi) toward Outbound, Weekday: 23:55 is in the train timetables but not in the station timetable")
        #expect(report.warningCounts["stationTimetableDisagrees"] == 1)
    }

    @Test func manyDisagreementsAreListedUpToTheCapAndCounted() throws {
        // A station timetable of 150 departures no train makes: 100 lines, then one counting the rest.
        let entries = (0..<150).map { #"{"odpt:departureTime": "\#(String(format: "%02d:%02d", 5 + $0 / 60, $0 % 60))"}"# }
        let fixture = try ODPTFixture(replacing: ["odpt_StationTimetable.json": #"""
            [{"owl:sameAs": "odpt.StationTimetable:Kita.Kita.Ni.Inbound.Weekday", "odpt:station": "odpt.Station:Kita.Kita.Ni",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:railDirection": "odpt.RailDirection:Inbound",
              "odpt:calendar": "odpt.Calendar:Weekday", "odpt:stationTimetableObject": [\#(entries.joined(separator: ","))]}]
            """#])
        defer { fixture.remove() }
        let (_, report) = try Self.importing(fixture)
        let disagreements = report.warnings.filter { $0.kind == .stationTimetableDisagrees }
        #expect(disagreements.count == 101)
        // 06:05 is train 201's: the other 149 are in the station timetable only.
        #expect(disagreements.last?.message == "… and 49 more station timetable disagreements (149 in all; only the first 100 are listed)")
    }

    @Test func loopLineIsClosedAndItsDirectionsNamedWithoutADirectionFile() throws {
        // ODPT lists a loop's stations once; its directions are the loop ones.
        let railways = ODPTFixture.files["odpt_Railway.json"]!.dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
            .dropLast() + #"""
            }, {"owl:sameAs": "odpt.Railway:Kita.Loop", "odpt:railwayTitle": {"ja": "環状線", "en": "Loop Line"},
              "odpt:ascendingRailDirection": "odpt.RailDirection:OuterLoop",
              "odpt:descendingRailDirection": "odpt.RailDirection:InnerLoop",
              "odpt:stationOrder": [{"odpt:index": 1, "odpt:station": "odpt.Station:Kita.Loop.A", "odpt:stationTitle": {"ja": "甲", "en": "Ko"}},
                                    {"odpt:index": 2, "odpt:station": "odpt.Station:Kita.Loop.B", "odpt:stationTitle": {"ja": "乙", "en": "Otsu"}},
                                    {"odpt:index": 3, "odpt:station": "odpt.Station:Kita.Loop.C", "odpt:stationTitle": {"ja": "丙", "en": "Hei"}}]}]
            """#
        let fixture = try ODPTFixture(replacing: ["odpt_Railway.json": String(railways)], omitting: ["odpt_RailDirection.json"])
        defer { fixture.remove() }
        let (timetable, _) = try Self.importing(fixture)
        let loop = try #require(timetable.reference.railways[id: "Kita.Loop"])
        #expect(loop.isLoop)
        #expect(timetable.reference.stationIds(of: loop) == ["Kita.Loop.A", "Kita.Loop.B", "Kita.Loop.C", "Kita.Loop.A"])
        // Stations only the station order names are kept, with their titles.
        #expect(timetable.reference.stations[id: "Kita.Loop.B"]?.name == LocalizedName(ja: "乙", en: "Otsu"))
        #expect(timetable.reference.directions[id: "OuterLoop"]?.name == LocalizedName(ja: "外回り", en: "Outer Loop"))
    }

    @Test func withoutOptionalFilesNamesComeFromTheIds() throws {
        let fixture = try ODPTFixture(omitting: ["odpt_RailDirection.json", "odpt_TrainType.json", "odpt_Calendar.json",
                                                 "odpt_Operator.json", "odpt_StationTimetable.json"])
        defer { fixture.remove() }
        let (timetable, report) = try Self.importing(fixture)
        #expect(report.warningCounts["missingFile"] == 5)
        #expect(timetable.reference.directions[id: "Outbound"]?.name == LocalizedName(ja: "下り", en: "Outbound"))
        #expect(timetable.reference.trainTypes[id: "Kita.Express"]?.name == LocalizedName(ja: "急行", en: "Express"))
        #expect(timetable.reference.trainTypes[id: "Kita.Express"]?.category == .express)
        // Without its dates the New Year's Eve calendar is kept but never chosen.
        #expect(report.warningCounts["unknownCalendar"] == 1)
        let eve = try #require(CivilDate(iso: "2026-12-31"))
        #expect(timetable.reference.service(ofRailwayId: "Kita.Kita", on: ScheduleDay(eve)) == "SaturdayHoliday")
        #expect(try timetable.departures(station: "Kita.Kita.Ni", direction: "Outbound", service: "Weekday").count == 2)
    }
}
