import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names right now: device and inode (a rename over the path changes them), plus
/// modification time and size (for a file rewritten in place). One stat(2), about a microsecond:
/// cheap enough to take twice per request (`LiveResponder`) and around each route network build.
///
/// Not the change time: `eki data update` hard-links the served file as the previous one just before
/// it renames the new one over it, which changes the served file's ctime but not a byte of it. A
/// writer changes the modification time to now while it writes (`cp`, an editor; `cp -p` sets it back
/// only to its source's time, which is not the served file's), and that is what matters here.
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var modifiedNanoseconds: Int64
    package var size: Int64

    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        size = Int64(info.st_size)
    }

    /// Whether this (the path now) is `served` written over in place: the same file with other bytes
    /// or another time. Pages read from it through a connection opened on `served` may then belong to
    /// two databases. A new file renamed over the path is not that: the served one stays whole on
    /// disk for as long as it is open.
    package func isRewrite(of served: FileIdentity) -> Bool {
        device == served.device && inode == served.inode
            && (size != served.size || modifiedNanoseconds != served.modifiedNanoseconds)
    }

    /// Whether the file at `path` is `served` written over in place (false when the path names no
    /// file or another one: `served` itself is then intact).
    package static func isRewritten(_ path: String, since served: FileIdentity) -> Bool {
        FileIdentity(path: path)?.isRewrite(of: served) ?? false
    }
}

/// The database file was written over in place while it was read (`cp` over it): what was read may
/// mix two files. `StoreError.isUnreadableDatabase` recognises it, so a server answers 503.
public struct DatabaseRewritten: Error, CustomStringConvertible {
    public let path: String
    package init(path: String) { self.path = path }
    public var description: String { "\(path) was written over in place while it was read" }
}
