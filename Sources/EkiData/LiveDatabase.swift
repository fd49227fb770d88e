import EkiStore
import Foundation

/// The live database and the files kept beside it on the same file system:
/// `timetable.sqlite` (live), `timetable.sqlite.previous` (the one it replaced), and the manifests
/// they were installed from (`….manifest.json`, `….previous.manifest.json`; none for a database
/// made here by `eki import`), and what updates trust (`….trusted-key`, `….newest-version`:
/// UpdateTrust.swift).
///
/// Every change is a rename(2) over the live path, so a reader (or a running `eki serve`) sees the
/// old database or the new one, never a mix; readers that opened the old file keep reading it.
public struct LiveDatabase: Sendable {
    public let url: URL
    /// This value's work files (`WorkFiles`: named as an import names its own), so an interrupted
    /// run can remove its own and only its own, and a later run those of processes that are gone.
    private let work: WorkFiles

    public init(url: URL) {
        self.url = url
        work = WorkFiles(for: url)
    }

    public var folder: URL { url.deletingLastPathComponent() }
    public var previous: URL { sibling(".previous") }
    public var manifest: URL { sibling(".manifest.json") }
    public var previousManifest: URL { sibling(".previous.manifest.json") }

    func sibling(_ suffix: String) -> URL { folder.appendingPathComponent(url.lastPathComponent + suffix) }

    /// A hidden work file in the live folder (same file system, so the final rename is atomic).
    func workFile(_ name: String) -> URL { work.file(name) }

    /// Removes this value's work files (and a download's `.part`): for an update interrupted by a signal.
    public func removeWorkFiles() { work.removeOwn() }

    /// Removes work files left by runs (updates or imports) whose process no longer exists.
    public func removeStaleWorkFiles() { work.removeStale() }

    /// The manifest the live database was installed from; nil when it was imported here (also when
    /// an `eki import` replaced an installed database: the manifest left beside it names another one).
    public func installedManifest() -> DatasetManifest? {
        guard let installed = Self.manifest(at: manifest), let info = try? Timetable(url: url).info() else { return nil }
        return Self.describes(installed, info) ? installed : nil
    }

    static func describes(_ manifest: DatasetManifest, _ info: DatabaseInfo) -> Bool {
        manifest.snapshotDigest == info.snapshotDigest && manifest.imported == info.importedAt
    }

    static func manifest(at url: URL) -> DatasetManifest? {
        (try? Data(contentsOf: url)).flatMap { try? DatasetManifest.decode($0, from: url.path) }
    }

    /// Makes `newDatabase` (already verified, in `folder`) live, keeping the live one as previous.
    func install(_ newDatabase: URL, manifest installed: DatasetManifest) throws {
        let fileManager = FileManager.default
        let newManifest = workFile("manifest")
        let keptDatabase = workFile("previous")
        let keptManifest = workFile("previous-manifest")
        defer { for file in [newManifest, keptDatabase, keptManifest] { try? fileManager.removeItem(at: file) } }
        do {
            try installed.encoded().write(to: newManifest)
        } catch {
            throw UpdateError.writeFailed(manifest.path, UpdateDisk.describe(error))
        }
        if fileManager.fileExists(atPath: url.path) {
            try FileSwap.hardLink(url, as: keptDatabase)
            if fileManager.fileExists(atPath: manifest.path) { try FileSwap.hardLink(manifest, as: keptManifest) }
            try FileSwap.move(keptDatabase, over: previous)
            if fileManager.fileExists(atPath: keptManifest.path) {
                try FileSwap.move(keptManifest, over: previousManifest)
            } else {
                try? fileManager.removeItem(at: previousManifest)
            }
        }
        try FileSwap.move(newDatabase, over: url)   // the moment the new data is live
        try FileSwap.move(newManifest, over: manifest)
    }

    /// Puts the previous database back (checked to open first); the one it replaces becomes the
    /// previous, so a second rollback goes forward again. Returns what is live now. The newest
    /// version installed (`newestVersion`) stays as it was: a rollback is the operator's own act,
    /// and no later update may take it as leave to install something older.
    @discardableResult
    public func rollback() throws -> LiveVersion {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: previous.path) else { throw UpdateError.noPrevious(previous.path) }
        let restored: DatabaseInfo
        do {
            restored = try Timetable(url: previous).info()
        } catch let error as StoreError {
            throw UpdateError.notADatabase("the previous database cannot be used: \(error.description)")
        }
        let keptDatabase = workFile("rollback")
        let keptManifest = workFile("rollback-manifest")
        let restoredManifest = workFile("restored-manifest")
        defer { for file in [keptDatabase, keptManifest, restoredManifest] { try? fileManager.removeItem(at: file) } }
        // Both manifests stay known as installed: the rollback does not lower the newest version,
        // so an update cannot then install an older one over what was rolled back from (issue 33, 5).
        if let newest = try? newestVersion() { try? rememberInstalled(newest) }
        let liveExists = fileManager.fileExists(atPath: url.path)
        if liveExists { try FileSwap.hardLink(url, as: keptDatabase) }
        if fileManager.fileExists(atPath: manifest.path) { try FileSwap.hardLink(manifest, as: keptManifest) }
        if fileManager.fileExists(atPath: previousManifest.path) { try FileSwap.hardLink(previousManifest, as: restoredManifest) }

        try FileSwap.move(previous, over: url)   // the moment the previous data is live again
        if fileManager.fileExists(atPath: restoredManifest.path) {
            try FileSwap.move(restoredManifest, over: manifest)
        } else {
            try? fileManager.removeItem(at: manifest)
        }
        if liveExists { try FileSwap.move(keptDatabase, over: previous) }
        if fileManager.fileExists(atPath: keptManifest.path) {
            try FileSwap.move(keptManifest, over: previousManifest)
        } else {
            try? fileManager.removeItem(at: previousManifest)
        }
        return LiveVersion(manifest: Self.manifest(at: manifest).flatMap { Self.describes($0, restored) ? $0 : nil }, info: restored)
    }

    /// What is live now, for messages.
    public func liveVersion() throws -> LiveVersion {
        do {
            let info = try Timetable(url: url).info()
            return LiveVersion(manifest: Self.manifest(at: manifest).flatMap { Self.describes($0, info) ? $0 : nil }, info: info)
        } catch let error as StoreError {
            throw UpdateError.notADatabase(error.description)
        }
    }
}

/// The live database, as a person would name it.
public struct LiveVersion: Sendable, Equatable {
    public var manifest: DatasetManifest?
    public var info: DatabaseInfo

    public var summary: String {
        if let manifest { return manifest.summary }
        return "imported here at \(info.importedAt) (\(info.source) snapshot \(info.snapshotDate))"
    }
}
