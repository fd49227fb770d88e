import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// `eki import` and `eki info` run as processes: exit codes, one-line errors, untouched databases —
/// on `MiniFolder` for what is imported and the hand-written Tokyo (`TokyoFixtureFile`) for what is
/// described; the real data's import and description are in RealDataCLITests.
@Suite struct ImportCommandTests {
    @Test func importOfAnEmptyFolderFailsCleanlyAndKeepsTheDatabase() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.file("empty"), withIntermediateDirectories: true)
        let database = scratch.file("eki.sqlite")
        try Data("keep me".utf8).write(to: database)
        let result = try EkiProcess.run(["import", scratch.file("empty").path, "--db", database.path])
        #expect(result.status == 1)
        #expect(result.stderr == "eki: not a timetable feed Eki reads: \(scratch.file("empty").path) (expected a Mini Tokyo 3D folder with railways.json, stations.json and train-timetables/, ODPT dumps (odpt_Railway.json, odpt_Station.json, odpt_TrainTimetable.json), or a GTFS feed (folder or .zip) with agency.txt, stops.txt, routes.txt, trips.txt, stop_times.txt)\n")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: database) == Data("keep me".utf8))
    }

    @Test func malformedTrainFileIsNamedWithItsPosition() throws {
        let folder = try MiniFolder(trains: "[{\"id\": \"Op.A.1.Weekday\", \"r\": ")
        defer { folder.remove() }
        let database = folder.scratch.file("eki.sqlite")
        let result = try EkiProcess.run(["import", folder.url.path, "--db", database.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("eki: malformed JSON in train-timetables/op-a.json: line 1, column "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: database.path))
    }

    @Test func importWritesTheDatabaseAndTheReportFromEKI_DB() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound", "nt": ["Op.A.404.Weekday"],
              "tt": [{"s": "Op.A.A1", "d": "05:00"}, {"s": "Op.A.A2", "a": "05:03"}]}]
            """)
        defer { folder.remove() }
        let database = folder.scratch.file("from-env/eki.sqlite")
        let report = folder.scratch.file("report.json")
        let result = try EkiProcess.run(["import", folder.url.path, "--report", report.path], environment: ["EKI_DB": database.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("trains 1, stop events 2, departures 1"))
        #expect(result.stdout.contains("danglingThroughService: 1"))
        #expect(FileManager.default.fileExists(atPath: database.path))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as! [String: Any]
        let warnings = json["warnings"] as! [[String: Any]]
        #expect(warnings.map { $0["kind"] as! String } == ["danglingThroughService"])
        #expect(warnings.first?["ids"] as? [String] == ["Op.A.1.Weekday", "Op.A.404.Weekday"])
    }

    /// `eki info` on the hand-written Tokyo: every count is the fixture's own, counted here from the
    /// dataset it was written from (5 railways, 14 stations, …), the size the file's on disk.
    @Test func infoDescribesTheDatabase() throws {
        let database = try TokyoFixtureFile.url()
        let data = TokyoFixture.dataset
        let result = try EkiProcess.run(["info", "--json", "--db", database.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts["railways"] == data.railways.count && data.railways.count == 5)
        #expect(counts["stations"] == data.stations.count && data.stations.count == 14)
        #expect(counts["trains"] == data.trains.count)
        #expect(counts["stopEvents"] == data.trains.reduce(0) { $0 + $1.stops.count })
        #expect(counts["services"] == 2 && counts["trainTypes"] == data.trainTypes.count)
        #expect(json["source"] as? String == "fixture" && json["snapshotDate"] as? String == "2026-11-01")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int)
        #expect(json["sizeBytes"] as? Int == size)

        let text = try EkiProcess.run(["info", "--db", database.path])
        #expect(text.stdout.contains("\nRailways   5\n"), "\(text.stdout)")
        #expect(text.stdout.contains("Source     fixture, snapshot 2026-11-01 (fixture-1)"), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("\nEki test fixture\n"), "\(text.stdout)")
    }

    @Test func infoWithoutADatabaseSaysHowToMakeOne() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let result = try EkiProcess.run(["info", "--db", scratch.file("none.sqlite").path])
        #expect(result.status == 1)
        #expect(result.stderr == "eki: no timetable database at \(scratch.file("none.sqlite").path): run `eki import <data-dir>` first\n")
    }

    @Test func infoOnSomethingElseRefusesIt() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try Data("not sqlite at all, just text".utf8).write(to: scratch.file("text.sqlite"))
        let result = try EkiProcess.run(["info", "--db", scratch.file("text.sqlite").path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("eki: \(scratch.file("text.sqlite").path) is not a readable timetable database"))
    }

    @Test func defaultLocationFollowsXDG() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let result = try EkiProcess.run(["info"], environment: ["XDG_DATA_HOME": scratch.url.path])
        #expect(result.stderr.contains("\(scratch.url.path)/eki/timetable.sqlite"))
    }

    @Test func importHelpNamesItsOptions() throws {
        let result = try EkiProcess.run(["import", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: eki import <data-dir> [--db <path>] [--report <file>]"))
    }
}
