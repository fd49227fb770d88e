import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names right now: device and inode (a rename over the path changes them), plus
/// modification time and size (for a file rewritten in place). One stat(2), a few microseconds.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var modifiedNanoseconds: Int64
    var size: Int64

    init?(path: String) {
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
}
