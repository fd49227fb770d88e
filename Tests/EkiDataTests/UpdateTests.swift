import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// `eki data update` from a folder: a newer dataset becomes live, the old one is kept, nothing else is left.
@Suite struct UpdateTests {
    @Test func aNewerDatasetBecomesLiveAndTheOldOneIsKept() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, v1) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
        #expect(try PublishFixtures.firstDeparture(live.previous) == "06:00")
        #expect(live.installedManifest() == v1)
        #expect(!FileManager.default.fileExists(atPath: live.previousManifest.path))   // the previous was imported here
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.folder.path).sorted() == PublishFixtures.liveFiles)

        // A second update: version 1 becomes the previous, with its manifest.
        let (folder, v2) = try PublishFixtures.published(in: scratch, departure: "08:20", at: PublishFixtures.monday.addingTimeInterval(3600), as: "v2")
        let outcome = try await DatasetUpdater().update(from: UpdateSource("file://" + folder.path + "/"), live: live)
        #expect(outcome == .installed(v2, replaced: v1.version))
        #expect(try PublishFixtures.firstDeparture(live.url) == "08:20")
        #expect(try PublishFixtures.firstDeparture(live.previous) == "07:10")
        #expect(live.installedManifest() == v2)
        #expect(try DatasetManifest.decode(Data(contentsOf: live.previousManifest), from: "test") == v1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.folder.path).count == 6)
        #expect(try live.newestVersion() == v2.version)
        #expect(try live.liveVersion().summary == "version \(v2.version) (minitokyo3d snapshot \(v2.snapshot))")
    }

    /// The same version again changes nothing; an older one is refused as a downgrade (issue 33, 5:
    /// it was "up to date", which a rollback then turned into an install: SignedByDefaultTests).
    @Test func theSameVersionChangesNothingAndAnOlderOneIsRefused() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, v1) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        let before = try PublishFixtures.snapshot(live.folder)
        let same = try await DatasetUpdater().update(from: UpdateSource(scratch.file("v1").path), live: live)
        #expect(same == .upToDate(installed: v1.version, offered: v1))
        let (older, old) = try PublishFixtures.published(in: scratch, departure: "05:00", at: PublishFixtures.monday.addingTimeInterval(-86_400), as: "old")
        let source = older.appendingPathComponent("manifest.json").path
        await #expect(throws: UpdateError.downgrade(source, offered: 20261122084500, newest: 20261123084500)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(source), live: live)
        }
        #expect(old.version == 20261122084500)
        #expect(try PublishFixtures.snapshot(live.folder) == before)
    }

    @Test func aLocalImportOverAnInstalledDatasetIsNotTakenForIt() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, v1) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        try PublishFixtures.database(at: live.url, departure: "05:55")   // `eki import` over it; same size
        #expect(live.installedManifest() == nil)
        let outcome = try await DatasetUpdater().update(from: UpdateSource(scratch.file("v1").path), live: live)
        #expect(outcome == .installed(v1, replaced: nil))
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
        #expect(try PublishFixtures.firstDeparture(live.previous) == "05:55")
    }

    @Test func aFirstInstallMakesTheFolderAndKeepsNoPrevious() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (folder, manifest) = try PublishFixtures.published(in: scratch, departure: "09:30", at: PublishFixtures.monday)
        let live = LiveDatabase(url: scratch.file("new/place/timetable.sqlite"))
        let outcome = try await DatasetUpdater(trustedKey: PublishFixtures.publisher.publicKey).update(from: UpdateSource(folder.path), live: live)
        #expect(outcome == .installed(manifest, replaced: nil))
        #expect(try PublishFixtures.firstDeparture(live.url) == "09:30")
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.folder.path).sorted()
                == ["timetable.sqlite", "timetable.sqlite.manifest.json", "timetable.sqlite.newest-version"])
    }

    @Test func sourcesAreURLsOrFolders() throws {
        #expect(try UpdateSource("http://192.0.2.1:8080/data/").manifestURL.absoluteString == "http://192.0.2.1:8080/data/manifest.json")
        #expect(try UpdateSource("https://example.org/eki/manifest.json").manifestURL.absoluteString == "https://example.org/eki/manifest.json")
        #expect(try UpdateSource("file:///srv/eki").manifestURL.path == "/srv/eki/manifest.json")
        #expect(try UpdateSource("/srv/eki/").manifestURL.path == "/srv/eki/manifest.json")
        #expect(try UpdateSource("https://example.org/m.json?key=secret").name == "https://example.org/m.json")
        #expect(PublishFixtures.failure { try UpdateSource("ftp://example.org/data") }
                == "cannot read ftp://example.org/data: only http://, https://, file:// or a folder path")
    }
}
