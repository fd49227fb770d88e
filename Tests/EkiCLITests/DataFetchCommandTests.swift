import EkiTestSupport
import Foundation
import Testing

/// `eki data fetch` as a user runs it, from local folders (file:// sources; the HTTP faults are
/// EkiDataTests' job): what it prints, that `eki import` takes the result, that a key never shows.
@Suite struct DataFetchCommandTests {
    @Test func aFetchedFolderIsImportedByTheCommandItPrints() throws {
        let source = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "05:00"}, {"s": "Op.A.A2", "a": "05:03"}]}]
            """)
        defer { source.remove() }
        try source.scratch.write("train-timetables/op-b.json", "[]")
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let target = scratch.file("fetched")
        let fetch = try EkiProcess.run(["data", "fetch", "--base-url", source.url.path, "--to", target.path])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let lines = fetch.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Fetched minitokyo3d into \(target.path): 9 files, ") == true)
        #expect(lines.last == "Next: eki import \(target.path)")
        let log = fetch.stderr.split(separator: "\n").map(String.init)
        #expect(log.count == 4, "\(fetch.stderr)")
        #expect(log.first?.hasPrefix("Downloaded 7 reference files (") == true)
        #expect(log.dropFirst().first?.hasPrefix("Downloaded 2 train timetables (") == true)
        #expect(log.dropFirst(2).first == "Verified 9 files: every one parses")
        #expect(log.last == "Moved into place: \(target.path)")

        let database = scratch.file("eki.sqlite")
        let imported = try EkiProcess.run(["import", target.path, "--db", database.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("railways 2, stations 5"), "\(imported.stdout)")
        #expect(imported.stdout.contains("trains 1, stop events 2"), "\(imported.stdout)")
    }

    @Test func odptNeedsTheKeyAndNeverPrintsIt() throws {
        let key = "cli-secret-key-42"
        let source = ScratchFolder(), scratch = ScratchFolder()
        defer { source.remove(); scratch.remove() }
        for type in ["Railway", "Station", "StationTimetable", "TrainTimetable", "TrainType", "RailDirection", "Calendar"] {
            try source.write("odpt:\(type).json", #"[{"@type": "odpt:\#(type)"}]"#)
        }
        let target = scratch.file("odpt")
        let arguments = ["data", "fetch", "--source", "odpt", "--base-url", source.url.absoluteString, "--to", target.path]

        let noKey = try EkiProcess.run(arguments, environment: ["ODPT_CONSUMER_KEY": ""])
        #expect(noKey.status == 1)
        #expect(noKey.stderr == "eki: fetch failed: the odpt source needs a consumer key: set ODPT_CONSUMER_KEY (register at developer.odpt.org)\n")

        // odpt:Operator is missing: the fetch fails, names the file, keeps nothing, shows no key.
        let missing = try EkiProcess.run(arguments, environment: ["ODPT_CONSUMER_KEY": key])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasSuffix("eki: fetch failed: odpt_Operator.json: no such file; \(target.path) was left as it was\n"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)

        try source.write("odpt:Operator.json", #"[{"@type": "odpt:Operator"}]"#)
        let fetched = try EkiProcess.run(arguments, environment: ["ODPT_CONSUMER_KEY": key])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout.hasPrefix("Fetched odpt into \(target.path): 8 files, "))
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("odpt_TrainTimetable.json").path))
        for output in [missing.stdout, missing.stderr, fetched.stdout, fetched.stderr] {
            #expect(!output.contains(key))
        }
    }

    @Test func theHelpSaysResumeWithinARunAndStartCleanAfterAFailure() throws {
        let (status, text) = try EkiProcess.help(["data", "fetch"])
        #expect(status == 0)
        #expect(text.contains("a dropped or stalled one (nothing for 30 s) resumes where it stopped with an HTTP Range request"), "\(text)")
        #expect(text.contains("A fetch that fails anyway is discarded whole: the next run starts clean."))
        #expect(text.contains("USAGE: eki data fetch [--source <source>] [--to <dir>] [--base-url <url>]"))
        #expect(text.contains("https://raw.githubusercontent.com/nagix/mini-tokyo-3d/master/data/ (minitokyo3d)"))
    }

    @Test func aBaseURLThatIsNeitherWebNorFolderIsRefused() throws {
        let result = try EkiProcess.run(["data", "fetch", "--base-url", "ftp://example.org/data/", "--to", "/tmp/never"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --base-url must be an http(s) URL or a folder, not ftp://example.org/data/"), "\(result.stderr)")
    }
}
