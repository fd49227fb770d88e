import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Unreadable input stops the import with one clear line and never touches an existing database.
@Suite struct MalformedInputTests {
    static let goodTrain = """
        [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
          "tt": [{"s": "Op.A.A1", "d": "10:00"}, {"s": "Op.A.A2", "a": "10:05"}]}]
        """

    /// Imports `folder` over an existing database and checks the failure and that the database survived.
    static func expectFailure(_ folder: URL, scratch: ScratchFolder, matching check: (ImportError) -> Bool) throws {
        let database = scratch.file("existing.sqlite")
        let sentinel = Data("an existing database that must survive".utf8)
        try sentinel.write(to: database)
        do {
            _ = try Importer().run(folder: folder, database: database)
            Issue.record("import of \(folder.path) should have failed")
        } catch let error as ImportError {
            #expect(check(error), "unexpected error: \(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(try Data(contentsOf: database) == sentinel)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains("importing") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test func truncatedJSONNamesTheFileAndPosition() throws {
        let folder = try MiniFolder(trains: String(Self.goodTrain.prefix(80)))
        defer { folder.remove() }
        try Self.expectFailure(folder.url, scratch: folder.scratch) { error in
            guard case .malformed(let file, let detail) = error else { return false }
            return file == "train-timetables/op-a.json" && detail.contains("line") && detail.contains("column")
        }
    }

    /// A required field of the wrong type stops the import with the path inside the file; an
    /// optional one (a stop time) is read as absent with a warning naming the same path.
    @Test func wrongTypeNamesThePathInsideTheFile() throws {
        let folder = try MiniFolder(trains: Self.goodTrain.replacingOccurrences(of: #""s": "Op.A.A2""#, with: #""s": 2"#))
        defer { folder.remove() }
        try Self.expectFailure(folder.url, scratch: folder.scratch) { error in
            error == .malformed(file: "train-timetables/op-a.json", detail: "at [0].tt[1].s: expected a string")
        }
        let optional = try MiniFolder(trains: Self.goodTrain.replacingOccurrences(of: #""d": "10:00""#, with: #""d": 1000"#))
        defer { optional.remove() }
        let report = try Importer().run(folder: optional.url, database: optional.scratch.file("out.sqlite"))
        #expect(report.warnings.first?.message
            == "train-timetables/op-a.json [0].tt[0].d: expected a string (train Op.A.1.Weekday); read as absent")
    }

    @Test func missingRequiredFieldIsNamed() throws {
        let folder = try MiniFolder(trains: Self.goodTrain.replacingOccurrences(of: #""r": "Op.A", "#, with: ""))
        defer { folder.remove() }
        try Self.expectFailure(folder.url, scratch: folder.scratch) { error in
            error == .malformed(file: "train-timetables/op-a.json", detail: "at [0].r: missing")
        }
    }

    @Test func brokenReferenceFileIsFatalToo() throws {
        let folder = try MiniFolder(trains: Self.goodTrain)
        defer { folder.remove() }
        try folder.scratch.write("stations.json", "[{\"id\": \"Op.A.A1\", \"title\": ")
        try Self.expectFailure(folder.url, scratch: folder.scratch) { error in
            guard case .malformed(let file, _) = error else { return false }
            return file == "stations.json"
        }
    }

    @Test func emptyFolderIsNotRecognised() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let empty = scratch.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Self.expectFailure(empty, scratch: scratch) { error in
            error.description.hasPrefix("not a timetable feed Eki reads: \(empty.path)")
        }
    }

    @Test func folderOfSomethingElseIsNotRecognised() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("other/notes.txt", "stop_id,stop_name\n1,Shibuya\n")
        try Self.expectFailure(scratch.file("other"), scratch: scratch) { error in
            if case .notRecognised = error { return true }
            return false
        }
    }

    /// A folder with some GTFS tables is taken as a GTFS feed, and the first missing table is named.
    @Test func partialGTFSFeedNamesTheMissingFile() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("gtfs-like/stops.txt", "stop_id,stop_name\n1,Shibuya\n")
        try Self.expectFailure(scratch.file("gtfs-like"), scratch: scratch) { error in
            error.description == "cannot read agency.txt: the feed has no such file, and GTFS requires it"
        }
    }

    @Test func missingFolderSaysSo() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try Self.expectFailure(scratch.file("no-such-folder"), scratch: scratch) { error in
            error == .noSuchFolder(scratch.file("no-such-folder").path)
        }
    }
}
