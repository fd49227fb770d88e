import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// A GTFS feed that cannot be read stops the import with one line naming the file and the line,
/// and leaves any existing database as it was; harmless encodings (BOM, CRLF, quotes) are read.
@Suite struct GTFSMalformedFeedTests {
    static func expectFailure(_ changes: [String: String?], _ expected: ImportError) throws {
        let fixture = try GTFSFeedFixture(changes)
        defer { fixture.remove() }
        try MalformedInputTests.expectFailure(fixture.folder, scratch: fixture.scratch) { error in
            #expect(error == expected)
            return error == expected
        }
    }

    static func replacing(_ file: String, _ old: String, with new: String) -> [String: String?] {
        let text = GTFSFeedFixture.files[file] ?? ""
        #expect(text.contains(old), "the fixture's \(file) has no \(old)")
        return [file: text.replacingOccurrences(of: old, with: new)]
    }

    @Test func missingRequiredFileIsNamed() throws {
        try Self.expectFailure(["stop_times.txt": nil],
                               .unreadable(file: "stop_times.txt", reason: "the feed has no such file, and GTFS requires it"))
        #expect(ImportError.unreadable(file: "stop_times.txt", reason: "the feed has no such file, and GTFS requires it").description
            == "cannot read stop_times.txt: the feed has no such file, and GTFS requires it")
    }

    @Test func missingCalendarIsNamed() throws {
        try Self.expectFailure(["calendar.txt": nil, "calendar_dates.txt": nil],
                               .unreadable(file: "calendar.txt", reason: "the feed has neither calendar.txt nor calendar_dates.txt"))
    }

    @Test func timeWithoutTwoDigitsIsRejectedWithItsLine() throws {
        try Self.expectFailure(Self.replacing("stop_times.txt", "R1,07:00:00,07:00:00,A1,1", with: "R1,7:5,7:5,A1,1"),
                               .badRecord(file: "stop_times.txt", line: 2,
                                          detail: #"arrival_time "7:5" is not a time like 07:05:00 or 25:10:00"#))
        #expect(ImportError.badRecord(file: "stop_times.txt", line: 2, detail: "x").description == "stop_times.txt line 2: x")
    }

    @Test func minute61IsRejected() throws {
        try Self.expectFailure(Self.replacing("stop_times.txt", "R3,25:00:00,25:00:00,B1,2", with: "R3,25:61:00,25:61:00,B1,2"),
                               .badRecord(file: "stop_times.txt", line: 12,
                                          detail: #"arrival_time "25:61:00" is not a time like 07:05:00 or 25:10:00"#))
    }

    @Test func tripOfAnUnknownRouteIsRejected() throws {
        try Self.expectFailure(Self.replacing("trips.txt", "RED,WK,R2,", with: "NOPE,WK,R2,"),
                               .badRecord(file: "trips.txt", line: 4,
                                          detail: "trip R2 names route_id NOPE, which is not in routes.txt"))
    }

    @Test func stopTimeAtAnUnknownStopIsRejected() throws {
        try Self.expectFailure(Self.replacing("stop_times.txt", "R9,12:05:00,12:05:00,B1,2", with: "R9,12:05:00,12:05:00,ZZ,2"),
                               .badRecord(file: "stop_times.txt", line: 15,
                                          detail: "trip R9 stops at stop_id ZZ, which is not in stops.txt"))
    }

    @Test func stopTimeOfAnUnknownTripIsRejected() throws {
        try Self.expectFailure(Self.replacing("stop_times.txt", "X1,09:10:00", with: "X9,09:10:00"),
                               .badRecord(file: "stop_times.txt", line: 24,
                                          detail: "stop time names trip_id X9, which is not in trips.txt"))
    }

    @Test func unclosedQuoteIsRejected() throws {
        try Self.expectFailure(Self.replacing("routes.txt", "RED,AG,R,赤線", with: "RED,AG,\"R,赤線"),
                               .badRecord(file: "routes.txt", line: 2, detail: "a quoted field is never closed"))
    }

    @Test func unknownTimeZoneIsRejected() throws {
        try Self.expectFailure(Self.replacing("agency.txt", "Europe/Paris", with: "Mars/Olympus"),
                               .badRecord(file: "agency.txt", line: 2,
                                          detail: #"agency_timezone "Mars/Olympus" is not a time zone name like Asia/Tokyo"#))
    }

    /// BOM (stops.txt), CRLF (stop_times.txt), and a quoted agency name with a comma and doubled
    /// quotes are all in the fixture; here each is checked on its own as well, with LF and no BOM.
    @Test func bomCRLFAndQuotedFieldsAreRead() throws {
        let report = try GTFSFixtureDatabase.imported().report
        #expect(report.warnings.filter { $0.kind != .notRail }.map(\.message) == [])
        #expect(try GTFSFixtureDatabase.imported().timetable.info().attribution
            == #"Timetable data: Kita Railway, "Nord" Inc. (GTFS)"#)
        var changes = Self.replacing("stops.txt", "\u{FEFF}", with: "")
        changes["stop_times.txt"] = (GTFSFeedFixture.files["stop_times.txt"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        changes["agency.txt"] = "\u{FEFF}agency_id,agency_name,agency_url,agency_timezone\r\nAG,\"A \"\"B\"\", C\",https://x,Europe/Paris\r\n"
        let fixture = try GTFSFeedFixture(changes)
        defer { fixture.remove() }
        let database = fixture.scratch.file("plain.sqlite")
        let plain = try Importer().run(folder: fixture.folder, database: database)
        #expect(plain.counts.trains == report.counts.trains)
        #expect(try Timetable(url: database).info().attribution == #"Timetable data: A "B", C (GTFS)"#)
    }
}
