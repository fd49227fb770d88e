import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Unreadable ODPT dumps stop the import with one line naming the file and what is wrong; data
/// quirks are counted warnings. An existing database always survives a failed import.
@Suite struct ODPTMalformedInputTests {
    static func expectFailure(_ fixture: ODPTFixture, _ expected: ImportError) throws {
        let database = fixture.scratch.file("existing.sqlite")
        let sentinel = Data("an existing database that must survive".utf8)
        try sentinel.write(to: database)
        #expect(throws: expected) { _ = try Importer().run(folder: fixture.url, database: database) }
        #expect(!expected.description.contains("\n"))
        #expect(try Data(contentsOf: database) == sentinel)
    }

    @Test func notJSONNamesTheFileLineAndColumn() throws {
        let fixture = try ODPTFixture(replacing: ["odpt_TrainTimetable.json": "<html>\n<body>502 Bad Gateway</body></html>"])
        defer { fixture.remove() }
        try Self.expectFailure(fixture, .malformed(file: "odpt_TrainTimetable.json", detail: "line 1, column 1: invalid JSON"))
    }

    @Test func anObjectInsteadOfAnArraySaysWhatWasExpected() throws {
        let fixture = try ODPTFixture(replacing: ["odpt_Railway.json": #"{"title": "Unauthorized", "detail": "invalid acl:consumerKey"}"#])
        defer { fixture.remove() }
        try Self.expectFailure(fixture, .malformed(
            file: "odpt_Railway.json",
            detail: "expected a JSON array of odpt:Railway objects, found an object (an API error reply saved as data?)"))
    }

    @Test func anObjectWithoutItsIdIsNamedByPosition() throws {
        let fixture = try ODPTFixture(replacing: ["odpt_Station.json": #"[{"dc:title": "渋谷", "odpt:railway": "odpt.Railway:Kita.Kita"}]"#])
        defer { fixture.remove() }
        try Self.expectFailure(fixture, .malformed(file: "odpt_Station.json", detail: "at [0].owl:sameAs: missing"))
    }

    /// A stop time is optional (a train may pass a station): one of the wrong type is read as
    /// absent, with a warning naming the file, the path and the train; the train is kept.
    @Test func aStopTimeOfTheWrongTypeIsAWarningNamedByPath() throws {
        let text = ODPTFixture.files["odpt_TrainTimetable.json"]!
            .replacingOccurrences(of: #""odpt:departureTime": "10:00""#, with: #""odpt:departureTime": 1000"#)
        let fixture = try ODPTFixture(replacing: ["odpt_TrainTimetable.json": text])
        defer { fixture.remove() }
        let report = try Importer().run(folder: fixture.url, database: fixture.scratch.file("eki.sqlite"))
        let warning = try #require(report.warnings.first { $0.kind == .badField })
        #expect(warning.message.hasPrefix("odpt_TrainTimetable.json [0].odpt:trainTimetableObject[0].odpt:departureTime: expected a string (train "))
        #expect(report.counts.trains == 6)
    }

    @Test func aTrainWithoutItsRailwayIsAnErrorNamedByPath() throws {
        let text = ODPTFixture.files["odpt_TrainTimetable.json"]!
            .replacingOccurrences(of: #""odpt:railway": "odpt.Railway:Kita.Kita""#, with: #""odpt:railway": null"#)
        let fixture = try ODPTFixture(replacing: ["odpt_TrainTimetable.json": text])
        defer { fixture.remove() }
        try Self.expectFailure(fixture, .malformed(file: "odpt_TrainTimetable.json",
                                                   detail: "at [0].odpt:railway: expected a string, found null"))
    }

    @Test func folderWithoutTrainTimetablesIsNotRecognised() throws {
        let fixture = try ODPTFixture(omitting: ["odpt_TrainTimetable.json"])
        defer { fixture.remove() }
        let error = #expect(throws: ImportError.self) {
            _ = try Importer().run(folder: fixture.url, database: fixture.scratch.file("eki.sqlite"))
        }
        #expect(error?.description.hasPrefix("not a timetable feed Eki reads: \(fixture.url.path)") == true)
        #expect(error?.description.contains("odpt_TrainTimetable.json") == true)
    }

    @Test func trainAtAnUnknownStationIsKeptWithACountedWarning() throws {
        let text = ODPTFixture.files["odpt_TrainTimetable.json"]!
            .replacingOccurrences(of: #""odpt:departureTime": "06:05", "odpt:departureStation": "odpt.Station:Kita.Kita.Ni""#,
                                  with: #""odpt:departureTime": "06:05", "odpt:departureStation": "odpt.Station:Kita.Kita.Nowhere""#)
        let fixture = try ODPTFixture(replacing: ["odpt_TrainTimetable.json": text])
        defer { fixture.remove() }
        let database = fixture.scratch.file("eki.sqlite")
        let report = try Importer().run(folder: fixture.url, database: database)
        #expect(report.warningCounts["unknownStation"] == 1)
        #expect(report.warnings.first { $0.kind == .unknownStation }?.ids == ["Kita.Kita.Nowhere", "Kita.Kita.201.Weekday"])
        let timetable = try Timetable(url: database)
        let train = try #require(try timetable.trainPart("Kita.Kita.201.Weekday"))
        #expect(timetable.reference.stationIds(train.stops.map(\.station)) == ["Kita.Kita.Minato", "Kita.Kita.Nowhere", "Kita.Kita.Ichi"])
    }

    @Test func unreadableTimesAndNamelessStopsAreWarningsNotFailures() throws {
        let text = ODPTFixture.files["odpt_TrainTimetable.json"]!
            .replacingOccurrences(of: #""odpt:departureTime": "07:05""#, with: #""odpt:departureTime": "7時5分""#)
            .replacingOccurrences(of: #"{"odpt:departureTime": "06:00", "odpt:departureStation": "odpt.Station:Kita.Kita.Minato"}"#,
                                  with: #"{"odpt:departureTime": "06:00"}"#)
        let fixture = try ODPTFixture(replacing: ["odpt_TrainTimetable.json": text])
        defer { fixture.remove() }
        let report = try Importer().run(folder: fixture.url, database: fixture.scratch.file("eki.sqlite"))
        #expect(report.warnings.first { $0.kind == .unreadableTime }?.message ==
                "train Kita.Kita.202.SaturdayHoliday at Kita.Kita.Ni: time \"7時5分\" is not HH:MM; ignored")
        #expect(report.warnings.first { $0.kind == .unknownStation }?.message == "train Kita.Kita.201.Weekday: stop 1 names no station; ignored")
        #expect(report.counts.trains == 6)
    }
}
