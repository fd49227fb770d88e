import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Each data quirk DESIGN.md lists, in a folder small enough to read in the test.
@Suite struct FixtureImportTests {
    static func importing(_ folder: MiniFolder) throws -> (Timetable, Importer.Report) {
        let database = folder.scratch.file("out/eki.sqlite")
        let report = try Importer().run(folder: folder.url, database: database)
        return (try Timetable(url: database), report)
    }

    @Test func midnightWrittenEitherWayLandsOnMinute1455() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "23:58"}, {"s": "Op.A.A2", "a": "24:15", "d": "00:15"}, {"s": "Op.A.A3", "a": "00:20"}]}]
            """)
        defer { folder.remove() }
        let (timetable, report) = try Self.importing(folder)
        let train = try #require(try timetable.trainPart("Op.A.1.Weekday"))
        #expect(train.stops.map { $0.arrival?.value } == [nil, 1455, 1460])
        #expect(train.stops.map { $0.departure?.value } == [1438, 1455, nil])
        #expect(train.stops[1].departure?.clock == "00:15")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }

    @Test func arrivalOnlyStopIsKeptButIsNotADeparture() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.2.Weekday", "r": "Op.A", "n": "2", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "10:00"}, {"s": "Op.A.A2", "a": "10:05"}]}]
            """)
        defer { folder.remove() }
        let (timetable, report) = try Self.importing(folder)
        let train = try #require(try timetable.trainPart("Op.A.2.Weekday"))
        let a2 = try #require(timetable.reference.stations[id: "Op.A.A2"]).handle
        #expect(train.stops.last == .init(station: a2, arrival: .init(605), departure: nil))
        #expect(report.counts.departures == 1)
    }

    @Test func throughServiceFromTheSamePlatformGroupDepartsAtTheJunction() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.3.Weekday", "r": "Op.A", "n": "3", "y": "Op.Local", "d": "Outbound", "ds": ["Op.B.B2"],
              "nt": ["Op.B.3.Weekday"], "tt": [{"s": "Op.A.A2", "d": "11:00"}, {"s": "Op.A.A3", "a": "11:04"}]},
             {"id": "Op.B.3.Weekday", "r": "Op.B", "n": "3", "y": "Op.Local", "d": "Outbound", "ds": ["Op.B.B2"],
              "pt": ["Op.A.3.Weekday"], "tt": [{"s": "Op.B.B1", "d": "11:05"}, {"s": "Op.B.B2", "a": "11:09"}]}]
            """)
        defer { folder.remove() }
        let (timetable, report) = try Self.importing(folder)
        // A2 and B1 by their own stops, A3 by through service.
        #expect(report.counts.departures == 3)
        #expect(report.counts.throughDepartures == 1)
        let part = try #require(try timetable.trainPart("Op.A.3.Weekday"))
        #expect(try timetable.trainIds(part.next) == ["Op.B.3.Weekday"])
        #expect(try timetable.trainPart("Op.B.3.Weekday").map { try timetable.trainIds($0.previous) } == ["Op.A.3.Weekday"])
    }

    @Test func stationWithoutCoordinatesIsImportedWithAWarning() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.4.Weekday", "r": "Op.A", "n": "4", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "12:00"}, {"s": "Op.A.A2", "a": "12:03"}]}]
            """, omitCoordinatesOf: ["Op.A.A2"])
        defer { folder.remove() }
        let (_, report) = try Self.importing(folder)
        #expect(report.warnings.map(\.kind) == [.stationWithoutCoordinates])
        #expect(report.warnings.first?.ids == ["Op.A.A2"])
        #expect(report.counts.stations == 5)
    }

    @Test func danglingThroughServiceIsDroppedWithAWarning() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.5.Weekday", "r": "Op.A", "n": "5", "y": "Op.Local", "d": "Outbound",
              "nt": ["Op.B.999.Weekday"], "tt": [{"s": "Op.A.A1", "d": "13:00"}, {"s": "Op.A.A3", "a": "13:06"}]}]
            """)
        defer { folder.remove() }
        let (timetable, report) = try Self.importing(folder)
        #expect(report.warnings.map(\.kind) == [.danglingThroughService])
        #expect(report.warnings.first?.ids == ["Op.A.5.Weekday", "Op.B.999.Weekday"])
        #expect(try timetable.trainPart("Op.A.5.Weekday")?.next == [])
    }

    @Test func timesGoingBackwardsOrOutsideTheServiceDayAreReported() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.6.Weekday", "r": "Op.A", "n": "6", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "14:10"}, {"s": "Op.A.A2", "d": "14:05"}, {"s": "Op.A.A3", "a": "27:30"}]}]
            """)
        defer { folder.remove() }
        let (_, report) = try Self.importing(folder)
        #expect(report.warnings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.timeBackwards, .timeOutsideServiceDay])
        #expect(report.warnings.allSatisfy { $0.ids.first == "Op.A.6.Weekday" })
    }

    @Test func unknownStationsTypesAndRailwaysAreMendedOrLeftOut() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.7.Weekday", "r": "Op.A", "n": "7", "y": "Op.RapidExpress", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "15:00"}, {"s": "Op.A.Nowhere", "d": "15:03"}, {"s": "Op.A.A3", "a": "15:06"}]},
             {"id": "Op.Z.8.Weekday", "r": "Op.Z", "n": "8", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "15:00"}, {"s": "Op.A.A2", "a": "15:03"}]}]
            """)
        defer { folder.remove() }
        let (timetable, report) = try Self.importing(folder)
        let kinds = Set(report.warnings.map(\.kind))
        #expect(kinds == [.unknownTrainType, .unknownStation, .unknownRailway, .railwayStationMismatch])
        #expect(try timetable.trainPart("Op.A.7.Weekday").map { timetable.reference.stationIds($0.stops.map(\.station)) }
                == ["Op.A.A1", "Op.A.Nowhere", "Op.A.A3"])
        #expect(try timetable.trainPart("Op.Z.8.Weekday") == nil)
        #expect(report.counts.trains == 1)
    }
}
