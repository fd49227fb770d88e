import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an update trusts, kept beside the live database with its manifests (the live folder is
/// where eki keeps its state about the data: issue 33, 5):
///
/// - `timetable.sqlite.trusted-key`: the publisher's Ed25519 public key (PEM, as `openssl pkey
///   -pubout` writes it), set once with `eki data trust KEY`. Updates install only what it signed.
/// - `timetable.sqlite.newest-version`: the newest dataset version ever installed here. An update
///   offering an older one is refused (a replayed old signature is still a valid signature), and a
///   rollback does not lower it, so an older dataset cannot push out the newer one rolled back from.
///
/// Both are written 0600 through a work file made with O_EXCL|O_NOFOLLOW and renamed into place,
/// and read with O_NOFOLLOW: a file another user could write, or a link, is refused, not trusted.
extension LiveDatabase {
    public var trustedKeyFile: URL { sibling(".trusted-key") }
    public var newestVersionFile: URL { sibling(".newest-version") }

    /// The publisher key configured with `eki data trust`; nil when none is.
    public func trustedKey() throws -> Ed25519.PublicKey? {
        guard let data = try StateFile.load(trustedKeyFile) else { return nil }
        guard let der = DatasetSignature.pemBody(String(decoding: data, as: UTF8.self), label: "PUBLIC KEY"),
              let key = DatasetSignature.publicKey(der: der) else {
            throw UpdateError.badState(trustedKeyFile.path, "not a PEM public key; set it again with `eki data trust PUBKEY`")
        }
        return key
    }

    /// Makes `key` the trusted publisher key for this database (replacing any other), atomically.
    public func trust(_ key: Ed25519.PublicKey) throws {
        try prepareFolder()
        try StateFile.save(Data(DatasetSignature.pem(key).utf8), to: trustedKeyFile, through: workFile("trusted-key"))
    }

    /// The newest dataset version installed here: the one remembered, or any manifest still beside
    /// the live database (an eki from before this was remembered left only those); nil when none.
    public func newestVersion() throws -> Int64? {
        try newestVersion(recorded: recordedNewestVersion())
    }

    private func newestVersion(recorded: Int64?) -> Int64? {
        var newest = recorded
        for url in [manifest, previousManifest] {
            if let version = Self.manifest(at: url)?.version { newest = max(newest ?? version, version) }
        }
        return newest
    }

    func recordedNewestVersion() throws -> Int64? {
        guard let data = try StateFile.load(newestVersionFile) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let version = Int64(text), version >= DatasetManifest.earliestVersion else {
            throw UpdateError.badState(newestVersionFile.path,
                                       "not a dataset version; remove it, or update once with --allow-downgrade to write it again")
        }
        return version
    }

    /// Remembers `version` as installed, unless a newer one is already remembered: never lowered.
    /// A record that cannot be read (only an update with --allow-downgrade gets here with one) is
    /// written again.
    func rememberInstalled(_ version: Int64) throws {
        let recorded = try? recordedNewestVersion()
        let newest = max(version, newestVersion(recorded: recorded) ?? version)
        if recorded == newest { return }
        try StateFile.save(Data("\(newest)\n".utf8), to: newestVersionFile, through: workFile("newest-version"))
    }

    /// Puts back what `recordedNewestVersion` said before an update that then failed to swap.
    func restoreRecordedNewestVersion(_ recorded: Int64?) {
        if let recorded {
            try? StateFile.save(Data("\(recorded)\n".utf8), to: newestVersionFile, through: workFile("newest-version"))
        } else {
            try? FileManager.default.removeItem(at: newestVersionFile)
        }
    }

    private func prepareFolder() throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw UpdateError.writeFailed(folder.path, UpdateDisk.describe(error))
        }
    }
}

/// Small state files only their owner may change, replaced whole.
enum StateFile {
    static let maximumBytes = 4096

    /// The file's bytes, or nil when there is none. Refused: a link, something other than a file,
    /// a file that a group or anyone may write (what it says could be anyone's), one over 4 KB.
    static func load(_ url: URL) throws -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw UpdateError.badState(url.path, "a symbolic link, not eki's own file; remove it") }
            throw UpdateError.badState(url.path, String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw UpdateError.badState(url.path, FileSwap.lastError()) }
        guard info.st_mode & 0o170000 == 0o100000 else { throw UpdateError.badState(url.path, "not a regular file") }
        guard info.st_mode & 0o022 == 0 else {
            throw UpdateError.badState(url.path, String(format: "others may change it (mode %04o); `chmod 600` it", info.st_mode & 0o7777))
        }
        guard info.st_size <= maximumBytes else { throw UpdateError.badState(url.path, "over \(maximumBytes) bytes, not eki's") }
        var data = Data(count: Int(info.st_size))
        let count = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == Int(info.st_size) else { throw UpdateError.badState(url.path, "cannot read it") }
        return data
    }

    /// Writes `data` to `work` (made here, 0600, never through a link), flushes it, and renames it
    /// over `url`: a reader sees the old file or the new one, a crash leaves one of them.
    static func save(_ data: Data, to url: URL, through work: URL) throws {
        let descriptor = open(work.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw UpdateError.writeFailed(url.path, FileSwap.lastError()) }
        var failure: String?
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written != data.count { failure = written < 0 ? FileSwap.lastError() : "short write" }
        if failure == nil, fchmod(descriptor, 0o600) != 0 || fsync(descriptor) != 0 { failure = FileSwap.lastError() }
        close(descriptor)
        if failure == nil, rename(work.path, url.path) != 0 { failure = FileSwap.lastError() }
        if let failure {
            unlink(work.path)
            throw UpdateError.writeFailed(url.path, failure)
        }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)   // the rename itself survives a power cut
            close(folder)
        }
    }
}
