import EkiStore
import Foundation
import ZIPFoundation

/// Brings a published dataset in as the live database, or does nothing and says why.
///
/// Order matters: the manifest is judged first (version, schema, free space), then the archive is
/// downloaded next to the live file, checked (size, SHA-512), decompressed there (CRC-32), opened
/// as a timetable, and only then renamed over the live path (`LiveDatabase.install`). Any failure
/// before that rename removes the work files and leaves the live database and its previous copy as
/// they were.
///
/// Nothing the publisher's server says is trusted further than needed: the manifest may be 64 KB at
/// most, the archive and the database no larger than the manifest says nor than `maximumDatabaseBytes`
/// (a zip bomb stops there), the whole update ends by `deadline` (a server trickling a byte a second
/// defeats the downloader's stall timeout). Work files are named by process; those of killed runs
/// are removed first.
///
/// Signed by default (issue 33, 5): the manifest must carry the Ed25519 signature of the trusted
/// publisher key — `trustedKey`, else the one configured beside the live database (`eki data
/// trust`) — and with no key at all nothing is even read, unless `allowUnsigned`. That lets an
/// unsigned dataset in, never a wrongly signed one. A version older than the newest ever installed
/// here (`LiveDatabase.newestVersion`, which rollbacks do not lower) is refused unless
/// `allowDowngrade`: an old dataset keeps its valid signature for ever, so a signature alone does not
/// stop a server from offering it again.
public struct DatasetUpdater: Sendable {
    public var transport: UpdateTransport
    public var disk: UpdateDisk
    /// One line per step, for a person watching ("downloading …").
    public var report: @Sendable (String) -> Void
    /// The publisher's public key (`--trust`); nil: the one configured beside the live database.
    public var trustedKey: Ed25519.PublicKey?
    /// Install a dataset without a signature (`--allow-unsigned`): when no key is trusted, or the
    /// dataset has no signature. A signature that is there and wrong is refused all the same.
    public var allowUnsigned: Bool
    /// Install a version older than the newest installed here (`--allow-downgrade`).
    public var allowDowngrade: Bool
    /// The whole update, manifest to swap.
    public var deadline: Duration
    /// What a person must hear even when not watching: an unsigned dataset going in.
    public var warn: @Sendable (String) -> Void = { _ in }

    /// A manifest is a few hundred bytes; anything past this is not one.
    public static let maximumManifestBytes: Int64 = 64 * 1024
    /// No timetable database comes near this (the Tokyo one is ~50 MB); a manifest saying more is refused.
    public static let maximumDatabaseBytes: Int64 = 1 << 30
    public static let maximumSignatureBytes: Int64 = 1024

    public init(transport: UpdateTransport = .standard, disk: UpdateDisk = .system, trustedKey: Ed25519.PublicKey? = nil,
                allowUnsigned: Bool = false, allowDowngrade: Bool = false,
                deadline: Duration = .seconds(1800), report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.transport = transport
        self.disk = disk
        self.trustedKey = trustedKey
        self.allowUnsigned = allowUnsigned
        self.allowDowngrade = allowDowngrade
        self.deadline = deadline
        self.report = report
    }

    public enum Outcome: Sendable, Equatable {
        /// Nothing to do: the source offers `offered`, not newer than the installed version (nil: none).
        case upToDate(installed: Int64?, offered: DatasetManifest)
        /// `installed` is live now; `replaced` is the version kept as previous (nil: imported here or none).
        case installed(DatasetManifest, replaced: Int64?)
    }

    public func update(from source: UpdateSource, live: LiveDatabase) async throws -> Outcome {
        try await beforeDeadline { try await self.updateNow(from: source, live: live) }
    }

    /// What `check` finds: whether `update` would install the dataset the source offers.
    public enum Check: Sendable, Equatable {
        /// The source offers `offered`, newer than the live one (`installed`; nil: imported here).
        case newer(installed: Int64?, offered: DatasetManifest)
        /// The source offers nothing newer than `installed` (nil: imported here, and the source
        /// offers a version older than the newest ever installed here).
        case upToDate(installed: Int64?, offered: DatasetManifest)
    }

    /// Whether a newer dataset is published, without downloading or installing it: the manifest
    /// read and its signature checked as `update` checks them (so "newer" is what it would install),
    /// the live database left as it is.
    public func check(from source: UpdateSource, live: LiveDatabase) async throws -> Check {
        try await beforeDeadline {
            let key = try self.trustedKey ?? live.trustedKey()
            guard key != nil || self.allowUnsigned else { throw UpdateError.noTrustedKey(database: live.url.path) }
            do {
                try FileManager.default.createDirectory(at: live.folder, withIntermediateDirectories: true)
            } catch {
                throw UpdateError.writeFailed(live.folder.path, UpdateDisk.describe(error))
            }
            let (manifest, _) = try await self.readManifest(source, live: live, key: key)
            let installed = live.installedManifest()?.version
            let newest = self.allowDowngrade ? nil : try live.newestVersion()
            // A publication of the very database that is live (imported here, then published) is
            // not newer, whatever its version: the same snapshot, imported at the same moment.
            let isLive = (try? Timetable(url: live.url).info()).map { LiveDatabase.describes(manifest, $0) } ?? false
            let isNewer = !isLive && manifest.version != installed && (installed.map { manifest.version > $0 } ?? true)
                && (newest.map { manifest.version >= $0 } ?? true)
            return isNewer ? .newer(installed: installed, offered: manifest) : .upToDate(installed: installed, offered: manifest)
        }
    }

    /// `work` raced against the deadline; the loser is cancelled, and the group waits for it, so
    /// its work files are gone before this returns.
    private func beforeDeadline<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let deadline = self.deadline
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let outcome = first else {
                throw UpdateError.deadline(seconds: Int(deadline.components.seconds))
            }
            return outcome
        }
    }

    private func updateNow(from source: UpdateSource, live: LiveDatabase) async throws -> Outcome {
        do {
            return try await perform(from: source, live: live)
        } catch let error as UpdateError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            // Anything else is the file system's (a read or a write in the live folder).
            throw UpdateError.writeFailed(live.folder.path, "\(UpdateDisk.describe(error)); nothing installed")
        }
    }

    private func perform(from source: UpdateSource, live: LiveDatabase) async throws -> Outcome {
        let fileManager = FileManager.default
        // What may be installed is settled before anything is read or written.
        let key = try trustedKey ?? live.trustedKey()
        guard key != nil || allowUnsigned else { throw UpdateError.noTrustedKey(database: live.url.path) }
        let newest = allowDowngrade ? nil : try live.newestVersion()
        do {
            try fileManager.createDirectory(at: live.folder, withIntermediateDirectories: true)
        } catch {
            throw UpdateError.writeFailed(live.folder.path, UpdateDisk.describe(error))
        }
        live.removeStaleWorkFiles()
        let (manifest, signed) = try await readManifest(source, live: live, key: key)
        let installed = live.installedManifest()
        if let installed, manifest.version == installed.version, fileManager.fileExists(atPath: live.url.path) {
            return .upToDate(installed: installed.version, offered: manifest)
        }
        // Older than the newest installed here: also after a rollback, when the live one is older
        // still, and installing would push the newer one out of `previous` (issue 33, 5).
        if let newest, manifest.version < newest {
            throw UpdateError.downgrade(source.name, offered: manifest.version, newest: newest)
        }
        if manifest.schemaVersion > Schema.version { throw UpdateError.schemaTooNew(reads: Schema.version, needs: manifest.schemaVersion) }
        if manifest.schemaVersion < Schema.version { throw UpdateError.schemaTooOld(reads: Schema.version, has: manifest.schemaVersion) }
        for (field, value) in [("size", manifest.size), ("databaseSize", manifest.databaseSize)] where value > Self.maximumDatabaseBytes {
            throw UpdateError.badManifest(source.name, "\(field) \(value) is over the \(Self.maximumDatabaseBytes) bytes this eki takes")
        }
        // The archive and the database sit side by side until the swap; keep a little slack.
        let needed = manifest.size + manifest.databaseSize + (1 << 20)
        let free = try disk.freeBytes(live.folder)
        guard free >= needed else { throw UpdateError.diskFull(folder: live.folder.path, needed: needed, free: free) }

        let archive = live.workFile("download")
        let database = live.workFile("new")
        defer {
            try? fileManager.removeItem(at: archive)
            try? fileManager.removeItem(at: database)
        }
        report("downloading \(manifest.file) (\(UpdateError.megabytes(manifest.size)), \(manifest.summary))")
        do {
            try await transport.fetch(source.file(manifest.file), archive, manifest.size)
        } catch UpdateError.unreachable(let what, let why) {
            throw UpdateError.unreachable(what, "\(why); nothing installed")
        } catch let error as UpdateError {
            throw error
        } catch {
            throw UpdateError.unreachable(manifest.file, "\(error); nothing installed")
        }
        let got = FileDigest.size(of: archive) ?? 0
        guard got == manifest.size else { throw UpdateError.sizeMismatch(file: manifest.file, got: got, expected: manifest.size) }
        guard try FileDigest.sha512(of: archive) == manifest.sha512.lowercased() else {
            throw UpdateError.hashMismatch(file: manifest.file)
        }
        report("decompressing beside \(live.url.path)")
        try decompress(archive, named: manifest.file, into: database, expectedBytes: manifest.databaseSize)
        do {
            let info = try Timetable(url: database).info()   // the final check: it opens as a timetable
            guard info.schemaVersion == manifest.schemaVersion else {
                throw UpdateError.badArchive(manifest.file, "the database inside has schema \(info.schemaVersion), the manifest says \(manifest.schemaVersion)")
            }
        } catch let error as StoreError {
            throw UpdateError.badArchive(manifest.file, error.description)
        }
        if !signed {
            warn(key == nil ? "no publisher key is trusted: \(manifest.summary) is installed without a signature check (--allow-unsigned)"
                            : "\(source.name) is not signed: \(manifest.summary) is installed all the same (--allow-unsigned)")
        }
        // Remembered before the swap, so a dataset is never live without it; put back if the swap fails.
        let recorded = try? live.recordedNewestVersion()
        try live.rememberInstalled(manifest.version)
        do {
            try live.install(database, manifest: manifest)
        } catch {
            live.restoreRecordedNewestVersion(recorded)
            throw error
        }
        return .installed(manifest, replaced: installed?.version)
    }

    /// The manifest, read into the live folder as a work file (removed on any exit, or by the next
    /// run if this one is killed), 64 KB at most; its signature checked against `key` (nil only
    /// with `allowUnsigned`). With `allowUnsigned`, a missing signature is said and let through.
    func readManifest(_ source: UpdateSource, live: LiveDatabase,
                      key: Ed25519.PublicKey?) async throws -> (manifest: DatasetManifest, signed: Bool) {
        let data = try await fetchSmall(source.manifestURL, named: source.name, into: live.workFile("manifest"),
                                        limit: Self.maximumManifestBytes, what: "manifest")
        let manifest = try DatasetManifest.decode(data, from: source.name)
        if let trustedKey = key {
            let name = DatasetSignature.fileName(version: manifest.version)
            let signature: Data
            do {
                signature = try await fetchSmall(source.file(name), named: name, into: live.workFile("signature"),
                                                 limit: Self.maximumSignatureBytes, what: "signature")
            } catch UpdateError.unreachable(_, let why) where Self.isMissing(why) {
                // Only a signature that is not there makes a dataset unsigned; one too large, or a
                // broken connection, is said as it is (review of issue 20, 10).
                guard allowUnsigned else { throw UpdateError.unsigned(source.name) }
                return (manifest, false)
            }
            guard DatasetSignature.verify(data, signature: signature, key: trustedKey) else { throw UpdateError.badSignature(source.name) }
            return (manifest, true)
        }
        return (manifest, false)
    }

    /// Whether a transport's reason says the file is not there (HTTP 404 or 410, no such file).
    static func isMissing(_ why: String) -> Bool {
        why.hasPrefix("HTTP 404") || why.hasPrefix("HTTP 410") || why.hasPrefix("no such file")
    }

    /// A small file's bytes through the transport, refused past `limit`.
    private func fetchSmall(_ url: URL, named name: String, into file: URL, limit: Int64, what: String) async throws -> Data {
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try await transport.fetch(url, file, limit)
        } catch UpdateError.unreachable(_, let why) {
            throw UpdateError.unreachable(name, why)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw UpdateError.unreachable(name, "\(error)")
        }
        let size = FileDigest.size(of: file) ?? 0
        guard size <= limit else { throw UpdateError.badManifest(name, "the \(what) is over \(limit / 1024) KB") }
        guard let data = try? Data(contentsOf: file) else { throw UpdateError.unreachable(name, "no \(what)") }
        return data
    }

    /// Writes the archive's one database entry to `target` through `disk`, checking its CRC-32.
    /// Stops as soon as it would write more than `expectedBytes` (the manifest's databaseSize): a
    /// small archive that inflates to gigabytes never reaches the disk.
    func decompress(_ archiveURL: URL, named name: String, into target: URL, expectedBytes: Int64) throws {
        let archive: Archive
        do {
            archive = try Archive(url: archiveURL, accessMode: .read)
        } catch {
            throw UpdateError.badArchive(name, "not a zip archive")
        }
        guard let entry = archive[DatasetPublisher.entryName] ?? archive.first(where: { $0.type == .file }) else {
            throw UpdateError.badArchive(name, "no database inside")
        }
        let tooLarge = UpdateError.badArchive(name, "it decompresses to more than the manifest's databaseSize of \(expectedBytes) bytes")
        // The entry's own word first (it can lie: the count below is what holds).
        guard Int64(clamping: entry.uncompressedSize) <= expectedBytes else { throw tooLarge }
        guard FileManager.default.createFile(atPath: target.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: target) else {
            throw UpdateError.writeFailed(target.path, FileSwap.lastError())
        }
        defer { try? handle.close() }
        var writeFailure: (any Error)?
        var written: Int64 = 0
        var overflowed = false
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry) { chunk in
                written += Int64(chunk.count)
                guard written <= expectedBytes else {
                    overflowed = true
                    throw tooLarge
                }
                do {
                    try disk.write(handle, chunk)
                } catch {
                    writeFailure = error
                    throw error
                }
            }
        } catch {
            if overflowed { throw tooLarge }
            if let writeFailure { throw UpdateError.writeFailed(target.deletingLastPathComponent().path, UpdateDisk.describe(writeFailure)) }
            throw UpdateError.badArchive(name, "cannot decompress (\(error))")
        }
        guard checksum == entry.checksum else { throw UpdateError.badArchive(name, "CRC-32 mismatch") }
        guard written == expectedBytes else {
            throw UpdateError.badArchive(name, "it decompresses to \(written) bytes, the manifest's databaseSize says \(expectedBytes)")
        }
    }
}
