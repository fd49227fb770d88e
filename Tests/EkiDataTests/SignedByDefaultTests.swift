import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Issue 33, 5: without `--trust`, unsigned and wrongly signed datasets installed; after a rollback,
/// an older signed dataset installed again and pushed the newer one out. Now an update needs the
/// publisher's signature (the key configured once beside the live database) unless told
/// `allowUnsigned`, never takes a wrong one, and refuses a version older than the newest ever
/// installed here unless told `allowDowngrade` — a rollback does not lower that version.
@Suite struct SignedByDefaultTests {
    /// A live database imported here (first train 06:00), nothing trusted yet.
    static func importedLive(_ scratch: ScratchFolder) throws -> LiveDatabase {
        let live = LiveDatabase(url: scratch.file("live/timetable.sqlite"))
        try PublishFixtures.database(at: live.url, departure: "06:00")
        return live
    }

    static func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func withNoKeyTrustedNothingIsReadOrWrittenUnlessUnsignedIsAllowed() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let live = try Self.importedLive(scratch)
        let (folder, manifest) = try PublishFixtures.published(in: scratch, departure: "07:10", at: PublishFixtures.monday, signedBy: nil)
        let before = try PublishFixtures.snapshot(live.folder)
        let fetched = Counter()
        let counting = UpdateTransport { url, file, limit in
            fetched.add()
            try await UpdateTransport.standard.fetch(url, file, limit)
        }
        await #expect(throws: UpdateError.noTrustedKey(database: live.url.path)) {
            _ = try await DatasetUpdater(transport: counting).update(from: UpdateSource(folder.path), live: live)
        }
        #expect(fetched.value == 0)   // not even the manifest
        #expect(try PublishFixtures.snapshot(live.folder) == before)
        #expect(!UpdateError.noTrustedKey(database: live.url.path).description.contains("\n"))
        #expect(UpdateError.noTrustedKey(database: live.url.path).description.contains("eki data trust PUBKEY"))

        // A first install into a folder that is not there yet: not made either.
        let elsewhere = LiveDatabase(url: scratch.file("new/place/timetable.sqlite"))
        await #expect(throws: UpdateError.noTrustedKey(database: elsewhere.url.path)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(folder.path), live: elsewhere)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("new").path))

        let warnings = Lines()
        var updater = DatasetUpdater(allowUnsigned: true)
        updater.warn = { warnings.add($0) }
        let outcome = try await updater.update(from: UpdateSource(folder.path), live: live)
        #expect(outcome == .installed(manifest, replaced: nil))
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
        #expect(warnings.all == ["no publisher key is trusted: \(manifest.summary) is installed without a signature check (--allow-unsigned)"])
        #expect(try live.newestVersion() == manifest.version)
    }

    @Test func anUnsignedDatasetIsRefusedUnderTheTrustedKeyUnlessAllowed() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let live = try Self.importedLive(scratch)
        try live.trust(PublishFixtures.publisher.publicKey)
        let (folder, manifest) = try PublishFixtures.published(in: scratch, departure: "07:10", at: PublishFixtures.monday, signedBy: nil)
        let before = try PublishFixtures.snapshot(live.folder)
        await #expect(throws: UpdateError.unsigned(folder.path)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(folder.path), live: live)
        }
        #expect(try PublishFixtures.snapshot(live.folder) == before)

        let warnings = Lines()
        var updater = DatasetUpdater(allowUnsigned: true)
        updater.warn = { warnings.add($0) }
        #expect(try await updater.update(from: UpdateSource(folder.path), live: live) == .installed(manifest, replaced: nil))
        #expect(warnings.all == ["\(folder.path) is not signed: \(manifest.summary) is installed all the same (--allow-unsigned)"])
    }

    /// A signature that is there and does not verify means another key or a changed manifest:
    /// worse than none, so `allowUnsigned` does not let it in. A new publisher key is trusted
    /// with `eki data trust`, not waved through.
    @Test func aWrongSignatureIsRefusedEvenWithUnsignedAllowed() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, _) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        let stranger = Ed25519.PrivateKey()
        let (other, _) = try PublishFixtures.published(in: scratch, departure: "08:20", at: PublishFixtures.monday.addingTimeInterval(3600),
                                                        as: "other", signedBy: stranger)
        let before = try PublishFixtures.snapshot(live.folder)
        for allowUnsigned in [false, true] {
            await #expect(throws: UpdateError.badSignature(other.path)) {
                _ = try await DatasetUpdater(allowUnsigned: allowUnsigned).update(from: UpdateSource(other.path), live: live)
            }
        }
        // Signed by the trusted key, then changed (a larger databaseSize): refused the same way.
        let (changed, _) = try PublishFixtures.published(in: scratch, departure: "08:20", at: PublishFixtures.monday.addingTimeInterval(3600),
                                                          as: "changed")
        let manifestURL = changed.appendingPathComponent("manifest.json")
        try Data(String(decoding: try Data(contentsOf: manifestURL), as: UTF8.self)
            .replacingOccurrences(of: "\"databaseSize\" : ", with: "\"databaseSize\" : 1").utf8).write(to: manifestURL)
        await #expect(throws: UpdateError.badSignature(changed.path)) {
            _ = try await DatasetUpdater(allowUnsigned: true, allowDowngrade: true).update(from: UpdateSource(changed.path), live: live)
        }
        #expect(try PublishFixtures.snapshot(live.folder) == before)
    }

    @Test func theKeyIsTrustedOnceAndAGivenKeyOverridesIt() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let live = try Self.importedLive(scratch)
        let stranger = Ed25519.PrivateKey().publicKey
        try live.trust(stranger)
        #expect(try live.trustedKey()?.rawRepresentation == stranger.rawRepresentation)
        let (v1, m1) = try PublishFixtures.published(in: scratch, departure: "07:10", at: PublishFixtures.monday, as: "v1")
        await #expect(throws: UpdateError.badSignature(v1.path)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(v1.path), live: live)
        }
        // --trust: this key for this update, the configured one left as it is.
        let given = PublishFixtures.publisher.publicKey
        #expect(try await DatasetUpdater(trustedKey: given).update(from: UpdateSource(v1.path), live: live) == .installed(m1, replaced: nil))
        #expect(try live.trustedKey()?.rawRepresentation == stranger.rawRepresentation)

        // Trusted again, once: every later update uses it.
        try live.trust(given)
        let (v2, m2) = try PublishFixtures.published(in: scratch, departure: "08:20", at: PublishFixtures.monday.addingTimeInterval(3600), as: "v2")
        #expect(try await DatasetUpdater().update(from: UpdateSource(v2.path), live: live) == .installed(m2, replaced: m1.version))
        #expect(try live.trustedKey()?.rawRepresentation == given.rawRepresentation)
        // A PEM file openssl reads, the owner's alone, and no work file left behind.
        let text = try String(contentsOf: live.trustedKeyFile, encoding: .utf8)
        #expect(text == DatasetSignature.pem(given))
        #expect(try Self.mode(live.trustedKeyFile) == 0o600)
        #expect(try Self.mode(live.newestVersionFile) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.folder.path).sorted()
                == (PublishFixtures.liveFiles + ["timetable.sqlite.previous.manifest.json"]).sorted())
    }

    /// What eki keeps beside the data is only believed when it is eki's own: not a link, not
    /// writable by others, not garbage. Each refusal names the file; nothing is installed.
    @Test func aTrustFileThatIsNotEkisOwnIsRefused() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let setup = try await UpdateFaultTests.Setup()
        defer { setup.scratch.remove() }
        let file = setup.live.trustedKeyFile
        let pem = try Data(contentsOf: file)
        let cases: [(String, () throws -> Void)] = [
            ("others may change it (mode 0666); `chmod 600` it", { try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file.path) }),
            ("a symbolic link, not eki's own file; remove it", {
                try pem.write(to: scratch.file("planted.pem"))
                try FileManager.default.removeItem(at: file)
                try FileManager.default.createSymbolicLink(at: file, withDestinationURL: scratch.file("planted.pem"))
            }),
            ("not a PEM public key; set it again with `eki data trust PUBKEY`", {
                try FileManager.default.removeItem(at: file)
                try StateWriter.write("not a key\n", to: file)
            }),
        ]
        for (why, spoil) in cases {
            try spoil()
            let before = try PublishFixtures.snapshot(setup.live.folder)
            await #expect(throws: UpdateError.badState(file.path, why)) {
                _ = try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: setup.live)
            }
            #expect(try PublishFixtures.snapshot(setup.live.folder) == before)
            #expect(try PublishFixtures.firstDeparture(setup.live.url) == "07:10")
            try FileManager.default.removeItem(at: file)
            try setup.live.trust(PublishFixtures.publisher.publicKey)   // made again: 0600, a file
            #expect(try Self.mode(file) == 0o600)
        }
        let outcome = try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: setup.live)
        #expect(outcome == .installed(setup.manifest, replaced: 20261123084500))
    }

    @Test func anOlderVersionIsRefusedAfterAnUpdateUnlessDowngradeIsAllowed() async throws {
        let setup = try await UpdateFaultTests.Setup()
        defer { setup.scratch.remove() }
        let live = setup.live
        let v1 = setup.scratch.file("v1")
        let v2 = setup.manifest
        #expect(try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: live) == .installed(v2, replaced: 20261123084500))
        let before = try PublishFixtures.snapshot(live.folder)
        let refusal = UpdateError.downgrade(v1.path, offered: 20261123084500, newest: v2.version)
        await #expect(throws: refusal) {
            _ = try await DatasetUpdater().update(from: UpdateSource(v1.path), live: live)
        }
        #expect(refusal.description == "\(v1.path) offers version 20261123084500, older than version 20261123094500 already installed here (--allow-downgrade installs it anyway); nothing installed")
        #expect(try PublishFixtures.snapshot(live.folder) == before)

        // Said so: installed, and the newest stays remembered.
        let m1 = try DatasetManifest.decode(Data(contentsOf: v1.appendingPathComponent("manifest.json")), from: "test")
        #expect(try await DatasetUpdater(allowDowngrade: true).update(from: UpdateSource(v1.path), live: live) == .installed(m1, replaced: v2.version))
        #expect(m1.version == 20261123084500)
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
        #expect(try live.newestVersion() == v2.version)
        #expect(try String(contentsOf: live.newestVersionFile, encoding: .utf8) == "\(v2.version)\n")
    }

    /// The finding: live v2 (v1 kept), rolled back to v1 (v2 kept as previous); a signed dataset
    /// older than v2 then went in, and the update made v1 the previous: v2 was gone.
    @Test func anOlderVersionIsRefusedAfterARollback() async throws {
        let setup = try await UpdateFaultTests.Setup()
        defer { setup.scratch.remove() }
        let live = setup.live
        let v2 = setup.manifest
        _ = try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: live)
        let back = try live.rollback()   // the operator's own act: still allowed
        #expect(back.manifest?.version == 20261123084500)
        #expect(try PublishFixtures.firstDeparture(live.previous) == "08:20")
        #expect(try live.newestVersion() == v2.version)

        // Half an hour after v1, half an hour before v2: properly signed, newer than what is live.
        let (between, _) = try PublishFixtures.published(in: setup.scratch, departure: "07:40",
                                                         at: PublishFixtures.monday.addingTimeInterval(1800), as: "between")
        let before = try PublishFixtures.snapshot(live.folder)
        await #expect(throws: UpdateError.downgrade(between.path, offered: 20261123091500, newest: v2.version)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(between.path), live: live)
        }
        #expect(try PublishFixtures.snapshot(live.folder) == before)
        #expect(try PublishFixtures.firstDeparture(live.previous) == "08:20")   // v2 is still there

        // Said so: installed; v2's manifest is gone from the folder, its version is not forgotten.
        _ = try await DatasetUpdater(allowDowngrade: true).update(from: UpdateSource(between.path), live: live)
        #expect(try PublishFixtures.firstDeparture(live.url) == "07:40")
        #expect(live.installedManifest()?.version == 20261123091500)
        #expect(try DatasetManifest.decode(Data(contentsOf: live.previousManifest), from: "test").version == 20261123084500)
        await #expect(throws: UpdateError.downgrade(setup.scratch.file("v1").path, offered: 20261123084500, newest: v2.version)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(setup.scratch.file("v1").path), live: live)
        }
        // v2 itself is no downgrade: offered again, it goes in.
        #expect(try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: live) == .installed(v2, replaced: 20261123091500))
    }

    /// A database imported here, updated to v1, rolled back to the import: an older dataset was
    /// "newer" than the import (which has no version) and went in over it, v1 dropped.
    @Test func anOlderVersionIsRefusedAfterRollingBackToAnImport() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, v1) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        try live.rollback()
        #expect(live.installedManifest() == nil)
        let (old, _) = try PublishFixtures.published(in: scratch, departure: "05:00", at: PublishFixtures.monday.addingTimeInterval(-86_400), as: "old")
        let before = try PublishFixtures.snapshot(live.folder)
        await #expect(throws: UpdateError.downgrade(old.path, offered: 20261122084500, newest: v1.version)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(old.path), live: live)
        }
        #expect(try PublishFixtures.snapshot(live.folder) == before)
        // Before this was remembered only the manifests beside the database said it: still taken into account.
        try FileManager.default.removeItem(at: live.newestVersionFile)
        #expect(try live.newestVersion() == v1.version)
        await #expect(throws: UpdateError.downgrade(old.path, offered: 20261122084500, newest: v1.version)) {
            _ = try await DatasetUpdater().update(from: UpdateSource(old.path), live: live)
        }
    }

    @Test func aNewestVersionRecordThatIsNotOneIsNotIgnored() async throws {
        let setup = try await UpdateFaultTests.Setup()
        defer { setup.scratch.remove() }
        let file = setup.live.newestVersionFile
        try FileManager.default.removeItem(at: file)
        try StateWriter.write("yesterday\n", to: file)
        let before = try PublishFixtures.snapshot(setup.live.folder)
        await #expect(throws: UpdateError.badState(file.path, "not a dataset version; remove it, or update once with --allow-downgrade to write it again")) {
            _ = try await DatasetUpdater().update(from: UpdateSource(setup.folder.path), live: setup.live)
        }
        #expect(try PublishFixtures.snapshot(setup.live.folder) == before)
        _ = try await DatasetUpdater(allowDowngrade: true).update(from: UpdateSource(setup.folder.path), live: setup.live)
        #expect(try String(contentsOf: file, encoding: .utf8) == "\(setup.manifest.version)\n")
    }

    /// A rollback keeps the newest version as it was, and writes it down when only the manifests knew it.
    @Test func aRollbackNeverLowersTheNewestVersion() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let (live, v1) = try await PublishFixtures.liveAfterOneUpdate(in: scratch)
        try FileManager.default.removeItem(at: live.newestVersionFile)
        try live.rollback()
        #expect(try String(contentsOf: live.newestVersionFile, encoding: .utf8) == "\(v1.version)\n")
        try live.rollback()
        try live.rollback()
        #expect(try String(contentsOf: live.newestVersionFile, encoding: .utf8) == "\(v1.version)\n")
    }
}

/// Collects the lines a closure is given, from any thread.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func add(_ line: String) { lock.withLock { lines.append(line) } }
}

/// A state file written the way an owner would, 0600 (`Data.write` makes 0644 under the usual umask).
enum StateWriter {
    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
