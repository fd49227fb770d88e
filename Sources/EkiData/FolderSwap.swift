import Foundation

/// Puts a finished staging folder in the target's place, all or nothing.
///
/// The staging folder sits beside the target (`.<name>.fetching`), so the final move is a rename on
/// one file system. An existing target is first renamed aside (`.<name>.previous`), and only deleted
/// once the new folder is in place; if that rename fails, the old one is renamed back.
/// Only a folder an earlier fetch made (it holds `marker`) or an empty one is ever replaced, so a
/// mistyped `--to ~` cannot swap a home directory away.
struct FolderSwap {
    let target: URL
    let staging: URL
    let previous: URL
    let marker: String

    init(target: URL, marker: String) throws {
        let target = target.standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        guard !name.isEmpty, name != "/", target.path != parent.path else {
            throw FetchError.target("\(target.path) cannot be a fetch target; name a folder inside it")
        }
        self.target = target
        self.staging = Self.staging(for: target)
        self.previous = parent.appendingPathComponent(".\(name).previous", isDirectory: true)
        self.marker = marker
    }

    static func staging(for target: URL) -> URL {
        let target = target.standardizedFileURL
        return target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).fetching", isDirectory: true)
    }

    /// Undoes what a killed run left: its staging folder, and an old folder set aside but not yet
    /// replaced (the target is then missing), which goes back into place.
    func recover() {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: staging)
        if !fileManager.fileExists(atPath: target.path), fileManager.fileExists(atPath: previous.path) {
            try? Self.rename(previous, to: target)
        } else if fileManager.fileExists(atPath: previous.path) {
            try? fileManager.removeItem(at: previous)
        }
    }

    /// The target may be absent, an empty folder, or a folder an earlier fetch made.
    func checkTarget() throws {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw FetchError.target("\(target.path) is a file, not a folder")
        }
        let contents = (try? fileManager.contentsOfDirectory(atPath: target.path)) ?? []
        guard contents.isEmpty || contents.contains(marker) else {
            throw FetchError.target("\(target.path) holds files that eki data fetch did not put there; choose another --to or empty it")
        }
    }

    /// An empty staging folder (a leftover from a killed run went in `recover`: a new run starts clean).
    func prepareStaging() throws {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw FetchError.target("cannot make the staging folder \(staging.path): \(error.localizedDescription)")
        }
    }

    /// Moves staging into place; true when an earlier folder was replaced.
    func install() throws -> Bool {
        try checkTarget()
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: target.path) else {
            try Self.rename(staging, to: target)
            return false
        }
        if fileManager.fileExists(atPath: previous.path) { try? fileManager.removeItem(at: previous) }
        try Self.rename(target, to: previous)
        do {
            try Self.rename(staging, to: target)
        } catch {
            try? Self.rename(previous, to: target)
            throw error
        }
        // The new folder is in place; the old one is only clutter now, so failing to delete it is no failure.
        try? fileManager.removeItem(at: previous)
        return true
    }

    func discardStaging() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// rename(2) itself: atomic on one file system, never a silent copy.
    private static func rename(_ from: URL, to destination: URL) throws {
        guard Foundation.rename(from.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw FetchError.target("cannot move \(from.lastPathComponent) to \(destination.path): \(reason)")
        }
    }
}

/// One fetch at a time per parent folder: a second run would clear the first one's staging folder
/// as a leftover. An advisory lock on the folder itself, so nothing is left behind; the kernel
/// releases it when the process ends, however it ends.
final class FolderLock {
    private let descriptor: Int32

    init(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FetchError.target("cannot make \(folder.path): \(error.localizedDescription)")
        }
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else {
            throw FetchError.target("cannot open \(folder.path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw FetchError.target("another eki data fetch is writing into \(folder.path); try again when it has finished")
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
