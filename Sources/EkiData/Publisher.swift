import EkiStore
import Foundation
import ZIPFoundation

/// Publishes a built database for other machines: `<folder>/timetable-<version>.sqlite.zip` (one
/// deflated entry, `timetable.sqlite`) and `<folder>/manifest.json` describing it.
///
/// The archive is complete before the manifest names it, and the manifest is replaced by a rename,
/// so a machine updating at the same moment reads either the old dataset or the new one, never half.
/// The archive the previous manifest named is kept (a download of it may be under way); older ones go.
public struct DatasetPublisher: Sendable {
    public static let entryName = "timetable.sqlite"
    var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }

    /// `signingKey`: the publisher's Ed25519 key; the manifest's signature is written beside it as
    /// `manifest-<version>.sig` (before the manifest that names that version).
    @discardableResult
    public func publish(database: URL, to folder: URL, description: String? = nil,
                        signingKey: Ed25519.PrivateKey? = nil) throws -> DatasetManifest {
        do {
            return try perform(database: database, to: folder, description: description, signingKey: signingKey)
        } catch let error as UpdateError {
            throw error
        } catch {
            throw UpdateError.writeFailed(folder.path, UpdateDisk.describe(error))
        }
    }

    private func perform(database: URL, to folder: URL, description: String?,
                         signingKey: Ed25519.PrivateKey?) throws -> DatasetManifest {
        let info: DatabaseInfo
        do {
            info = try Timetable(url: database).info()
        } catch let error as StoreError {
            throw UpdateError.notADatabase(error.description)
        }
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw UpdateError.writeFailed(folder.path, "cannot create the folder")
        }
        let manifestURL = folder.appendingPathComponent(DatasetManifest.fileName)
        let previous = (try? Data(contentsOf: manifestURL)).flatMap { try? DatasetManifest.decode($0, from: manifestURL.path) }
        let publishedAt = now()
        let version = DatasetManifest.version(at: publishedAt, after: previous?.version)
        let fileName = "timetable-\(version).sqlite.zip"
        let archiveURL = folder.appendingPathComponent(fileName)

        // Work files are hidden and removed on any failure: a failed publish leaves the folder as it was.
        let temporaryArchive = folder.appendingPathComponent(".\(fileName).\(UUID().uuidString)")
        let temporaryManifest = folder.appendingPathComponent(".manifest.json.\(UUID().uuidString)")
        let temporarySignature = folder.appendingPathComponent(".signature.\(UUID().uuidString)")
        defer {
            try? fileManager.removeItem(at: temporaryArchive)
            try? fileManager.removeItem(at: temporaryManifest)
            try? fileManager.removeItem(at: temporarySignature)
        }
        do {
            let archive = try Archive(url: temporaryArchive, accessMode: .create)
            try archive.addEntry(with: Self.entryName, fileURL: database, compressionMethod: .deflate)
        } catch {
            throw UpdateError.writeFailed(archiveURL.path, "\(error)")
        }
        let manifest = DatasetManifest(
            version: version,
            created: ISO8601DateFormatter().string(from: publishedAt),
            schemaVersion: info.schemaVersion,
            file: fileName,
            sha512: try FileDigest.sha512(of: temporaryArchive),
            size: FileDigest.size(of: temporaryArchive) ?? 0,
            databaseSize: info.sizeBytes,
            source: info.source,
            snapshot: info.snapshotDate,
            snapshotDigest: info.snapshotDigest,
            imported: info.importedAt,
            description: description.flatMap { $0.isEmpty ? nil : $0 }
                ?? "Tokyo timetables from \(info.source), snapshot \(info.snapshotDate)")
        do {
            let manifestBytes = try manifest.encoded()
            try manifestBytes.write(to: temporaryManifest)
            try FileSwap.move(temporaryArchive, over: archiveURL)
            if let signingKey {
                // The signature covers these exact bytes; it is in place before the manifest is.
                try DatasetSignature.sign(manifestBytes, with: signingKey).write(to: temporarySignature)
                try FileSwap.move(temporarySignature, over: folder.appendingPathComponent(DatasetSignature.fileName(version: version)))
            }
            try FileSwap.move(temporaryManifest, over: manifestURL)
        } catch let error as UpdateError {
            throw error
        } catch {
            throw UpdateError.writeFailed(manifestURL.path, error.localizedDescription)
        }
        let versions = [version, previous?.version].compactMap { $0 }
        removeStale(in: folder, keeping: [fileName, previous?.file].compactMap { $0 } + versions.map(DatasetSignature.fileName))
        return manifest
    }

    /// Archives and signatures of versions before the previous one (a download of it may be under way).
    private func removeStale(in folder: URL, keeping: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where !keeping.contains(name)
            && ((name.hasPrefix("timetable-") && name.hasSuffix(".sqlite.zip")) || (name.hasPrefix("manifest-") && name.hasSuffix(".sig"))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
