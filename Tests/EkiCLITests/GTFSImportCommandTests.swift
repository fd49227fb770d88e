import EkiTestSupport
import Foundation
import Testing

/// `eki import FEED.zip` as a user runs it, then the commands on the GTFS database it wrote.
@Suite struct GTFSImportCommandTests {
    @Test func importsAZippedFeedAndAnswersOnItsClock() throws {
        let fixture = try GTFSFeedFixture()
        defer { fixture.remove() }
        let database = fixture.scratch.file("cli.sqlite")
        let imported = try EkiProcess.run(["import", fixture.zipped().path, "--db", database.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported gtfs snapshot"))
        #expect(imported.stdout.contains("railways 2, stations 6 in 4 complexes"))
        #expect(imported.stdout.contains("notRail: 1, e.g. route BUS (99, route_type 3) is not rail; its 1 trips are skipped"))

        // --at is the feed's local time (Paris); 06:30 there: R1 in 30 minutes.
        let board = try EkiProcess.run(["departures", "RED:P_A", "--direction", "RED:0", "--at", "2026-01-08T06:30",
                                        "--limit", "1", "--lang", "en", "--json", "--db", database.path])
        #expect(board.status == 0, "\(board.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(board.stdout.utf8)) as? [String: Any]
        let first = (json?["departures"] as? [[String: Any]])?.first
        #expect(first?["trainId"] as? String == "R1")
        #expect(first?["minutesUntil"] as? Int == 30)

        let schedule = try EkiProcess.run(["schedule", "2026-01-12", "--db", database.path])
        #expect(schedule.stdout.hasPrefix("2026-01-12: dates schedule — the feed's own calendar"))
        #expect(schedule.stdout.contains("(no service): 2 railways"))
    }

    @Test func aMalformedFeedFailsWithOneLineAndKeepsTheDatabase() throws {
        let text = (GTFSFeedFixture.files["stop_times.txt"] ?? "").replacingOccurrences(of: "R1,07:00:00", with: "R1,7:5")
        let fixture = try GTFSFeedFixture(["stop_times.txt": text])
        defer { fixture.remove() }
        let database = fixture.scratch.file("keep.sqlite")
        try Data("keep me".utf8).write(to: database)
        let result = try EkiProcess.run(["import", fixture.folder.path, "--db", database.path])
        #expect(result.status == 1)
        #expect(result.stderr == "eki: stop_times.txt line 2: arrival_time \"7:5\" is not a time like 07:05:00 or 25:10:00\n")
        #expect(try Data(contentsOf: database) == Data("keep me".utf8))
    }
}
