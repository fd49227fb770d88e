import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls that make swaps atomic, with errors that name the file.
enum FileSwap {
    /// rename(2): replaces `target` in one step when both are on one file system.
    static func move(_ source: URL, over target: URL) throws {
        guard rename(source.path, target.path) == 0 else {
            throw UpdateError.swapFailed("rename \(source.lastPathComponent) to \(target.path): \(lastError())")
        }
    }

    /// link(2): a second name for the same bytes, so keeping the live file as "previous" copies nothing.
    static func hardLink(_ source: URL, as target: URL) throws {
        guard link(source.path, target.path) == 0 else {
            throw UpdateError.swapFailed("link \(source.path) as \(target.lastPathComponent): \(lastError())")
        }
    }

    /// Free bytes for an unprivileged writer in the folder holding `url`.
    static func freeBytes(in folder: URL) throws -> Int64 {
        var stats = statvfs()
        guard statvfs(folder.path, &stats) == 0 else {
            throw UpdateError.writeFailed(folder.path, lastError())
        }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
