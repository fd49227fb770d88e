import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// `eki data rollback`: the previous database comes back in one rename, and a second rollback goes forward.
@Suite struct RollbackTests {
    @Test func rollbackRestoresThePreviousAndASecondGoesForward() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, v1) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        let restored = try live.rollback()
        #expect(try PublishFixtures.firstDeparture(live.url) == "06:00")
        #expect(restored.manifest == nil)
        #expect(restored.summary.hasPrefix("imported here at 20"))
        #expect(restored.summary.hasSuffix("(minitokyo3d snapshot \(v1.snapshot))"))
        #expect(live.installedManifest() == nil)
        #expect(try PublishFixtures.firstDeparture(live.previous) == "07:10")
        #expect(try DatasetManifest.decode(Data(contentsOf: live.previousManifest), from: "test") == v1)

        let forward = try live.rollback()
        #expect(forward.summary == "version 20261123084500 (minitokyo3d snapshot \(v1.snapshot))")
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
        #expect(live.installedManifest() == v1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.folder.path).sorted() == PublishFixtures.liveFiles)
    }

    @Test func withoutAPreviousNothingChanges() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let live = LiveDatabase(url: scratch.file("timetable.sqlite"))
        try PublishFixtures.database(at: live.url, departure: "06:00")
        let before = try PublishFixtures.snapshot(scratch.url)
        #expect(PublishFixtures.failure { try live.rollback() }
                == "no previous database to roll back to (\(live.previous.path) does not exist)")
        #expect(try PublishFixtures.snapshot(scratch.url) == before)
    }

    @Test func aBrokenPreviousIsNotPutBack() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, _) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        try FileManager.default.removeItem(at: live.previous)
        try Data("half a database".utf8).write(to: live.previous)
        let before = try PublishFixtures.snapshot(live.folder)
        #expect(PublishFixtures.failure { try live.rollback() }?
                .hasPrefix("the previous database cannot be used: \(live.previous.path) is not a readable timetable database") == true)
        #expect(try PublishFixtures.snapshot(live.folder) == before)
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
    }
}
