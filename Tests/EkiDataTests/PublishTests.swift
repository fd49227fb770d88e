import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing
import ZIPFoundation

/// `eki data publish`: the compressed database and a manifest that describes it truthfully.
@Suite struct PublishTests {
    @Test func versionsAreTheUTCTimeAsDigitsAndAlwaysGrow() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let database = scratch.file("mini.sqlite")
        try PublishFixtures.database(at: database, departure: "06:00")
        let folder = scratch.file("out")
        let publisher = DatasetPublisher(now: { PublishFixtures.monday })
        let first = try publisher.publish(database: database, to: folder, description: "first")
        let second = try publisher.publish(database: database, to: folder)   // the same second
        let third = try publisher.publish(database: database, to: folder)
        #expect(first.version == 20261123084500 && first.description == "first")
        #expect(second.version == 20261123084501 && third.version == 20261123084502)
        // The archive the previous manifest named stays for a download under way; older ones go.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["manifest.json", second.file, third.file].sorted())
        let later = try DatasetPublisher(now: { PublishFixtures.monday.addingTimeInterval(86_400 + 3_661) })
            .publish(database: database, to: folder)
        #expect(later.version == 20261124094601)
        #expect(DatasetManifest.version(at: PublishFixtures.monday, after: 20301231235959) == 20301231235960)
    }

    @Test func refusesAFileThatIsNotAnEkiDatabase() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("notes.sqlite", "these are not timetables\n")
        let folder = scratch.file("out")
        let notes = PublishFixtures.failure { try DatasetPublisher().publish(database: scratch.file("notes.sqlite"), to: folder) }
        #expect(notes?.hasPrefix("\(scratch.file("notes.sqlite").path) is not a readable timetable database") == true, "\(notes ?? "")")
        let missing = PublishFixtures.failure { try DatasetPublisher().publish(database: scratch.file("missing.sqlite"), to: folder) }
        #expect(missing == "no timetable database at \(scratch.file("missing.sqlite").path): run `eki import <data-dir>` first")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    static func sha512sum(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha512sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
