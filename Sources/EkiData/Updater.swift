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
public struct DatasetUpdater: Sendable {
    public var transport: UpdateTransport
    public var disk: UpdateDisk
    /// One line per step, for a person watching ("downloading …").
    public var report: @Sendable (String) -> Void

    public init(transport: UpdateTransport = .standard, disk: UpdateDisk = .system,
                report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.transport = transport
        self.disk = disk
        self.report = report
    }

    public enum Outcome: Sendable, Equatable {
        /// Nothing to do: the source offers `offered`, not newer than the installed version (nil: none).
        case upToDate(installed: Int64?, offered: DatasetManifest)
        /// `installed` is live now; `replaced` is the version kept as previous (nil: imported here or none).
        case installed(DatasetManifest, replaced: Int64?)
    }

    public func update(from source: UpdateSource, live: LiveDatabase) async throws -> Outcome {
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
        let manifest = try await readManifest(source, live: live)
        let installed = live.installedManifest()
        if let installed, manifest.version <= installed.version, fileManager.fileExists(atPath: live.url.path) {
            return .upToDate(installed: installed.version, offered: manifest)
        }
        if manifest.schemaVersion > Schema.version { throw UpdateError.schemaTooNew(reads: Schema.version, needs: manifest.schemaVersion) }
        if manifest.schemaVersion < Schema.version { throw UpdateError.schemaTooOld(reads: Schema.version, has: manifest.schemaVersion) }

        do {
            try fileManager.createDirectory(at: live.folder, withIntermediateDirectories: true)
        } catch {
            throw UpdateError.writeFailed(live.folder.path, UpdateDisk.describe(error))
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
            try await transport.fetch(source.file(manifest.file), archive)
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
        try decompress(archive, named: manifest.file, into: database)
        do {
            let info = try Timetable(url: database).info()   // the final check: it opens as a timetable
            guard info.schemaVersion == manifest.schemaVersion else {
                throw UpdateError.badArchive(manifest.file, "the database inside has schema \(info.schemaVersion), the manifest says \(manifest.schemaVersion)")
            }
        } catch let error as StoreError {
            throw UpdateError.badArchive(manifest.file, error.description)
        }
        try live.install(database, manifest: manifest)
        return .installed(manifest, replaced: installed?.version)
    }

    func readManifest(_ source: UpdateSource, live: LiveDatabase) async throws -> DatasetManifest {
        let fileManager = FileManager.default
        // The manifest is small; it goes to the system's temporary folder, not beside the live database.
        let file = fileManager.temporaryDirectory.appendingPathComponent("eki-manifest-\(UUID().uuidString).json")
        defer { try? fileManager.removeItem(at: file) }
        do {
            try await transport.fetch(source.manifestURL, file)
        } catch UpdateError.unreachable(_, let why) {
            throw UpdateError.unreachable(source.name, why)
        } catch {
            throw UpdateError.unreachable(source.name, "\(error)")
        }
        guard let data = try? Data(contentsOf: file) else { throw UpdateError.unreachable(source.name, "no manifest") }
        return try DatasetManifest.decode(data, from: source.name)
    }

    /// Writes the archive's one database entry to `target` through `disk`, checking its CRC-32.
    func decompress(_ archiveURL: URL, named name: String, into target: URL) throws {
        let archive: Archive
        do {
            archive = try Archive(url: archiveURL, accessMode: .read)
        } catch {
            throw UpdateError.badArchive(name, "not a zip archive")
        }
        guard let entry = archive[DatasetPublisher.entryName] ?? archive.first(where: { $0.type == .file }) else {
            throw UpdateError.badArchive(name, "no database inside")
        }
        guard FileManager.default.createFile(atPath: target.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: target) else {
            throw UpdateError.writeFailed(target.path, FileSwap.lastError())
        }
        defer { try? handle.close() }
        var writeFailure: (any Error)?
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry) { chunk in
                do {
                    try disk.write(handle, chunk)
                } catch {
                    writeFailure = error
                    throw error
                }
            }
        } catch {
            if let writeFailure { throw UpdateError.writeFailed(target.deletingLastPathComponent().path, UpdateDisk.describe(writeFailure)) }
            throw UpdateError.badArchive(name, "cannot decompress (\(error))")
        }
        guard checksum == entry.checksum else { throw UpdateError.badArchive(name, "CRC-32 mismatch") }
    }
}
