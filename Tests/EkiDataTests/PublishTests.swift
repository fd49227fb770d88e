import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing
import ZIPFoundation

/// `eki data publish`: the compressed database and a manifest that describes it truthfully.
@Suite struct PublishTests {
    @Test func publishesTheSharedDatabaseWithATruthfulManifest() throws {
        let shared = try SharedData.imported().timetable
        let info = try shared.info()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.file("out")
        let manifest = try DatasetPublisher(now: { PublishFixtures.monday }).publish(database: SharedData.databaseURL, to: folder)

        #expect(manifest.version == 20261123084500)
        #expect(manifest.created == "2026-11-23T08:45:00Z")
        #expect(manifest.schemaVersion == Schema.version)
        #expect(manifest.source == "minitokyo3d" && manifest.source == info.source)
        // The shared data is a bare copy of the files: no fetch record, no git history, so its date is unknown.
        #expect(manifest.snapshot == info.snapshotDate && manifest.snapshot == "unknown")
        #expect(manifest.description == "Tokyo timetables from minitokyo3d, snapshot \(info.snapshotDate)")
        #expect(manifest.databaseSize == info.sizeBytes)
        #expect(manifest.snapshotDigest == info.snapshotDigest && manifest.imported == info.importedAt)
        #expect(manifest.file == "timetable-20261123084500.sqlite.zip")

        // The manifest on disk is the one returned, and its size and SHA-512 are the archive's
        // (checked with coreutils, not with our own code).
        let archive = folder.appendingPathComponent(manifest.file)
        let onDisk = try DatasetManifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")), from: "test")
        #expect(onDisk == manifest)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber)
        #expect(manifest.size == size.int64Value)
        #expect(manifest.size < manifest.databaseSize / 2, "deflate should at least halve a timetable database")
        #expect(try Self.sha512sum(archive) == manifest.sha512)

        // The one entry is the database, byte for byte.
        let zip = try Archive(url: archive, accessMode: .read)
        #expect(zip.map(\.path) == ["timetable.sqlite"])
        var unpacked = Data()
        _ = try zip.extract(try #require(zip["timetable.sqlite"])) { unpacked.append($0) }
        #expect(unpacked == (try Data(contentsOf: SharedData.databaseURL)))
        // Nothing else left behind: no hidden work files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["manifest.json", manifest.file])
    }

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
