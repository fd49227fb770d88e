import Foundation

/// Symbolic links that point at themselves (or round a circle of links) look like missing files
/// to `fileExists`; a person needs to hear what they are.
enum SymbolicLinks {
    /// Whether `path` is a link that cannot be followed because it loops (ELOOP).
    static func loops(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return false }
        return stat(path, &info) != 0 && errno == ELOOP
    }

    /// The first looping link among `folder` itself and the entries directly in it, if any.
    static func firstLoop(in folder: URL) -> String? {
        if loops(folder.path) { return folder.path }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().first { loops(folder.appendingPathComponent($0).path) }
    }
}
