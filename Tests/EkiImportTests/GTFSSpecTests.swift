import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// GTFS as the specification writes it, each rule on a small feed written here
/// (`FeedFixtures.small`, one line A → B → C, changed file by file).
@Suite struct GTFSSpecTests {
    static let monday = "2026-03-02T07:00"

    /// "HH:MM trip" of the line's first direction at a stop on Monday 2 March 2026.
    func times(_ timetable: Timetable, at stop: String, _ at: String = monday) throws -> [String] {
        let station = try #require(try timetable.resolveStations(stop).first)
        let direction = try #require(try timetable.directions(at: station).first)
        return try timetable.nextDepartures(station: station, direction: direction,
                                            at: #require(ServiceInstant(parsing: at)), limit: 5)
            .rows.filter { $0.day.iso == "2026-03-02" }.map { "\($0.departure.time.serviceClock) \($0.departure.ids.publicId)" }
    }

    @Test func aByteOrderMarkAndCRLFLineEndsAreRead() throws {
        let stops = "\u{FEFF}" + FeedFixtures.small["stops.txt"]!.replacingOccurrences(of: "\n", with: "\r\n")
        let times = FeedFixtures.small["stop_times.txt"]!.replacingOccurrences(of: "\n", with: "\r\n")
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["stops.txt": stops, "stop_times.txt": times])
        defer { scratch.remove() }
        #expect(try self.times(timetable, at: "A") == ["08:00 T1"])
        #expect(try timetable.resolveStations("A").first?.name.en == "Alpha")   // stop_id, not "\u{FEFF}stop_id"
    }

    @Test func quotedFieldsMayHoldCommasQuotesAndLineBreaks() throws {
        let stops = "stop_id,stop_name,stop_lat,stop_lon\nA,\"Alpha, \"\"Old\"\" Town\nNorth Hall\",52.50,13.40\nB,Beta,52.51,13.41\nC,Gamma,52.52,13.42\n"
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["stops.txt": stops])
        defer { scratch.remove() }
        #expect(try timetable.resolveStations("A").first?.name.en == "Alpha, \"Old\" Town\nNorth Hall")
        #expect(try self.times(timetable, at: "B") == ["08:05 T1"])   // the line break inside quotes is no new record
    }

    @Test func extraAndReorderedColumnsAreRead() throws {
        let times = """
            stop_sequence,pickup_type,stop_id,drop_off_type,departure_time,trip_id,arrival_time,stop_headsign,timepoint
            1,0,A,0,08:00:00,T1,08:00:00,,1
            2,0,B,0,08:05:00,T1,08:05:00,Gamma,1
            3,0,C,0,08:10:00,T1,08:10:00,,1

            """
        let routes = "route_type,route_desc,route_id,route_long_name,route_url,route_short_name\n2,,L,Line One,http://x,L1\n"
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["stop_times.txt": times, "routes.txt": routes])
        defer { scratch.remove() }
        #expect(try self.times(timetable, at: "A") == ["08:00 T1"])
        #expect(timetable.reference.railways[id: "L"]?.name.en == "Line One")
    }

    @Test func hoursPast24AndSingleDigitHoursAreTimes() throws {
        let times = """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T1,7:05:00,7:05:00,A,1
            T1,7:15:00,7:15:00,B,2
            T1,7:20:00,7:20:00,C,3
            T2,25:10:00,25:10:00,A,1
            T2,25:20:00,25:20:00,B,2
            T2,25:30:00,25:30:00,C,3

            """
        let trips = "route_id,service_id,trip_id,trip_headsign\nL,WK,T1,Gamma\nL,WK,T2,Gamma\n"
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["stop_times.txt": times, "trips.txt": trips])
        defer { scratch.remove() }
        #expect(try self.times(timetable, at: "A") == ["07:05 T1", "25:10 T2"])
    }

    @Test func calendarDatesAloneAreACalendar() throws {
        let dates = "service_id,date,exception_type\nWK,20260302,1\nWK,20260304,1\n"
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["calendar.txt": nil, "calendar_dates.txt": dates])
        defer { scratch.remove() }
        #expect(try self.times(timetable, at: "A") == ["08:00 T1"])
        let station = try #require(try timetable.resolveStations("A").first)
        let direction = try #require(try timetable.directions(at: station).first)
        #expect(try timetable.stationTimetable(station: station, direction: direction,
                                               serviceDate: #require(CivilDate(iso: "2026-03-03"))).rows.isEmpty)
        #expect(timetable.reference.feedCalendars.first?.weekdays == nil)
        #expect(timetable.reference.feedCalendars.first?.exceptions.map(\.date) == ["2026-03-02", "2026-03-04"])
    }

    @Test func stopsThatAreNoTimepointsNeedNoTimes() throws {
        let times = """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence,timepoint,shape_dist_traveled
            T1,08:00:00,08:00:00,A,1,1,0
            T1,,,B,2,0,3000
            T1,08:10:00,08:10:00,C,3,1,4000

            """
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["stop_times.txt": times])
        defer { scratch.remove() }
        // 3 km of 4 km: three quarters of the way in time, 08:07:30, shown to the minute.
        #expect(try self.times(timetable, at: "B") == ["08:07 T1"])
    }

    @Test func frequenciesRunEveryHeadwayExactOrNot() throws {
        let trips = "route_id,service_id,trip_id,trip_headsign\nL,WK,T1,Gamma\nL,WK,F0,Gamma\n"
        let times = FeedFixtures.small["stop_times.txt"]! + "F0,10:00:00,10:00:00,A,1\nF0,10:05:00,10:05:00,B,2\nF0,10:10:00,10:10:00,C,3\n"
        let frequencies = "trip_id,start_time,end_time,headway_secs,exact_times\nT1,08:00:00,08:30:00,900,1\nF0,10:00:00,10:20:00,600,0\n"
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["trips.txt": trips, "stop_times.txt": times,
                                                                   "frequencies.txt": frequencies])
        defer { scratch.remove() }
        #expect(try self.times(timetable, at: "B") == ["08:05 T1", "08:20 T1", "10:05 F0", "10:15 F0"])
    }

    @Test func aStopWithoutAParentIsAStationOfItsOwn() throws {
        let (timetable, _, scratch) = try FeedFixtures.importFeed([:])
        defer { scratch.remove() }
        let b = try #require(try timetable.resolveStations("B").first)
        #expect(b.publicId == "B")
        #expect(timetable.reference.stationIds(in: b.complex) == [b.id])
    }

    @Test func aStopServedBySeveralRoutesIsOneNameForEach() throws {
        let routes = FeedFixtures.small["routes.txt"]! + "M,M2,Line Two,2\n"
        let trips = FeedFixtures.small["trips.txt"]! + "M,WK,U1,Gamma\n"
        let times = FeedFixtures.small["stop_times.txt"]! + "U1,09:00:00,09:00:00,B,1\nU1,09:07:00,09:07:00,C,2\n"
        let (timetable, _, scratch) = try FeedFixtures.importFeed(["routes.txt": routes, "trips.txt": trips, "stop_times.txt": times])
        defer { scratch.remove() }
        let stations = try timetable.resolveStations("B")
        #expect(stations.map(\.publicId) == ["B", "B"])
        #expect(Set(stations.compactMap { timetable.reference.railwayId(of: $0) }) == ["L", "M"])
        #expect(Set(stations.map(\.complex)).count == 1)
        #expect(Set(stations.map(\.platformGroup)).count == 1)   // one stop_id: one platform
    }

    @Test func aFeedZippedInsideAFolderIsRead() throws {
        let scratch = try FeedFixtures.write(FeedFixtures.small.mapValues { $0 })
        defer { scratch.remove() }
        let zip = try FeedFixtures.zip(scratch, as: "line.zip", inside: "line-one-2026")
        let report = try Importer().run(folder: zip, database: scratch.file("zip.sqlite"))
        #expect(report.source == "gtfs" && report.counts.trains == 1)
        #expect(try self.times(Timetable(url: scratch.file("zip.sqlite")), at: "A") == ["08:00 T1"])
    }
}
