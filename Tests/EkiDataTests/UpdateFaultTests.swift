import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing
import ZIPFoundation

/// Every way an update can go wrong leaves the live database and its previous copy byte for byte
/// as they were, leaves no work file behind, and says why in one line.
@Suite struct UpdateFaultTests {
    /// A live folder after one update, and version 2 (first train 08:20) published beside it.
    struct Setup {
        let scratch = ScratchFolder()
        var live: LiveDatabase
        var folder: URL
        var manifest: DatasetManifest
        var before: [String: Data]

        init() async throws {
            live = try await PublishFixtures.liveAfterOneUpdate(in: scratch).live
            (folder, manifest) = try PublishFixtures.published(in: scratch, departure: "08:20",
                                                               at: PublishFixtures.monday.addingTimeInterval(3600), as: "v2")
            before = try PublishFixtures.snapshot(live.folder)
        }

        var archive: URL { folder.appendingPathComponent(manifest.file) }

        /// Runs the update, expects it to fail with `message`, and checks nothing changed.
        func expectRefusal(_ updater: DatasetUpdater = DatasetUpdater(), _ message: String,
                           sourceLocation: SourceLocation = #_sourceLocation) async throws {
            do {
                let outcome = try await updater.update(from: UpdateSource(folder.path), live: live)
                Issue.record("expected a refusal, got \(outcome)", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)" == message, sourceLocation: sourceLocation)
                #expect(!"\(error)".contains("\n"), sourceLocation: sourceLocation)
            }
            #expect(try PublishFixtures.snapshot(live.folder) == before, "live folder changed", sourceLocation: sourceLocation)
            #expect(try PublishFixtures.firstDeparture(live.url) == "07:10", sourceLocation: sourceLocation)
        }

        /// Changes the published manifest and signs it again, as a publisher with a wrong manifest would.
        func editManifest(_ edit: (inout [String: Any]) -> Void) throws {
            let url = folder.appendingPathComponent("manifest.json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            edit(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: url)
            try PublishFixtures.sign(folder)
        }
    }

    @Test func aChangedByteFailsTheHash() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        var bytes = try Data(contentsOf: setup.archive)
        bytes[bytes.count / 2] ^= 0x5A
        try bytes.write(to: setup.archive)
        try await setup.expectRefusal(DatasetUpdater(), "\(setup.manifest.file) does not match the manifest's SHA-512 (corrupted or changed); nothing installed")
    }

    @Test func aTruncatedDownloadIsRefused() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        let bytes = try Data(contentsOf: setup.archive)
        try bytes.prefix(bytes.count / 3).write(to: setup.archive)
        try await setup.expectRefusal(DatasetUpdater(),
            "\(setup.manifest.file) is \(bytes.count / 3) bytes, the manifest says \(setup.manifest.size): truncated download; nothing installed")
    }

    @Test func aDatasetForANewerSchemaAsksToUpdateEki() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        try setup.editManifest { $0["schemaVersion"] = Schema.version + 1 }
        try await setup.expectRefusal(DatasetUpdater(), "this eki reads schema \(Schema.version), the dataset needs \(Schema.version + 1): update eki")
    }

    @Test func tooLittleFreeSpaceIsRefusedBeforeDownloading() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        let fetched = Counter()
        let transport = UpdateTransport { url, file in
            fetched.add()
            try await UpdateTransport.standard.fetch(url, file, .max)
        }
        let disk = UpdateDisk(freeBytes: { _ in 300_000 }, write: UpdateDisk.system.write)
        let needed = setup.manifest.size + setup.manifest.databaseSize + (1 << 20)
        try await setup.expectRefusal(DatasetUpdater(transport: transport, disk: disk),
            String(format: "not enough free space in %@: the update needs %.1f MB, 0.3 MB free; nothing installed",
                   setup.live.folder.path, Double(needed) / 1_000_000))
        #expect(fetched.value == 2)   // the manifest and its signature, never the archive
    }

    @Test func aDiskThatFillsUpWhileDecompressingLeavesNothing() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        let written = Counter()
        let disk = UpdateDisk(freeBytes: UpdateDisk.system.freeBytes) { handle, chunk in
            guard written.add(chunk.count) <= 64 * 1024 else { throw POSIXError(.ENOSPC) }
            try handle.write(contentsOf: chunk)
        }
        try await setup.expectRefusal(DatasetUpdater(disk: disk),
            "cannot write \(setup.live.folder.path): No space left on device; nothing installed")
        #expect(written.value > 64 * 1024)
    }

    @Test func aManifestThatIsNotOneIsNamed() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        try Data("<html>not found</html>".utf8).write(to: setup.folder.appendingPathComponent("manifest.json"))
        try await setup.expectRefusal(DatasetUpdater(), "\(setup.folder.path) is not a dataset manifest: not JSON")
    }

    @Test func anArchiveHoldingSomethingElseIsRefusedAfterItsChecks() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        // A well-formed archive whose one entry is not a timetable database, with a truthful size and hash.
        let text = setup.scratch.file("timetable.sqlite")
        try Data(repeating: 0x41, count: 50_000).write(to: text)
        let zip = setup.folder.appendingPathComponent("other.sqlite.zip")
        try Archive(url: zip, accessMode: .create).addEntry(with: "timetable.sqlite", fileURL: text, compressionMethod: .deflate)
        let archive = zip
        let size = try #require(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber).int64Value
        let hash = try PublishTests.sha512sum(archive)
        try setup.editManifest { $0["file"] = "other.sqlite.zip"; $0["size"] = size; $0["sha512"] = hash; $0["databaseSize"] = 50_000 }
        let detail = "is not a readable timetable database"
        do {
            _ = try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: setup.live)
            Issue.record("expected a refusal")
        } catch {
            #expect("\(error)".hasPrefix("other.sqlite.zip is not a usable dataset archive: "))
            #expect("\(error)".contains(detail) && "\(error)".hasSuffix("; nothing installed"))
        }
        #expect(try PublishFixtures.snapshot(setup.live.folder) == setup.before)
    }
}

extension UpdateFaultTests {
    /// A killed update runs no `defer`: `eki data update` removes its work files on a signal, these
    /// and no others (another update's, the live files).
    @Test func anInterruptedUpdateRemovesItsOwnWorkFiles() async throws {
        let setup = try await Setup()
        defer { setup.scratch.remove() }
        let live = setup.live
        let stranger = live.folder.appendingPathComponent(".timetable.sqlite.download.someone-else")
        try Data("another update's".utf8).write(to: stranger)
        let seenDuringDownload = Counter()
        let archiveName = setup.manifest.file
        let transport = UpdateTransport { url, file in
            try await UpdateTransport.standard.fetch(url, file, .max)
            guard url.lastPathComponent == archiveName else { return }
            try Data("half".utf8).write(to: file.appendingPathExtension("part"))
            seenDuringDownload.add(try FileManager.default.contentsOfDirectory(atPath: live.folder.path).count)
            live.removeWorkFiles()   // what the signal handler does
            throw CancellationError()
        }
        _ = try? await DatasetUpdater(transport: transport).update(from: UpdateSource(setup.folder.path), live: live)
        #expect(seenDuringDownload.value == setup.before.count + 3)   // the stranger, the download and its .part
        try FileManager.default.removeItem(at: stranger)
        #expect(try PublishFixtures.snapshot(live.folder) == setup.before)
    }
}

/// A thread-safe running total for the injected doubles.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    var value: Int { lock.withLock { total } }
    @discardableResult func add(_ amount: Int = 1) -> Int { lock.withLock { total += amount; return total } }
}
