import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a process leaves in the cache folder (`DatabaseLocation.cacheFolder`) for the next one:
/// arrays of plain numbers one after another, after a key naming what they were made from, and
/// ending with a checksum of every byte. A reader takes a file only when its key is the one it
/// expects, every array is whole, the checksum matches and nothing follows; anything else is
/// built again and replaced. Used by the day's route network (EkiRouting) and search's index.
package enum CacheFile {
    /// Device, inode, size and modification time of the file at `path`, or nil when there is none:
    /// a database swapped (`eki data update`) or rewritten (`eki import`), or an eki built again,
    /// is another file.
    package static func identity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// Sixteen hex digits naming a database path in a cache file's name (FNV-1a of its bytes), so
    /// two databases sharing one cache folder (a test's, a second feed's) keep a file each instead
    /// of replacing each other's at every switch.
    package static func pathTag(_ path: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The running program's identity: what is laid out by code (search's folding rules) must not be
    /// read by another build of it. nil where the system does not say (no /proc).
    package static let programIdentity: String? = identity("/proc/self/exe")

    /// Makes the folder and any missing above it, as `mkdir -p`, the rider's own (0700); true when
    /// it is there. (Without Foundation's FileManager, whose first use was a twentieth of a fresh
    /// process's work.)
    static func makeFolder(_ path: String) -> Bool {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard parent != path, parent.count < path.count, makeFolder(parent) else { return false }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    /// Whether eki may write cache files in the folder at `path`: a folder (or a link to one) of
    /// this user's that no other user can write into. In a folder others can write, anyone could
    /// plant a file or a link where eki is about to write (issue 33); there eki keeps no cache.
    static func isOwnFolder(_ path: String) -> Bool {
        let folder = openOwnFolder(path)
        if folder >= 0 { close(folder) }
        return folder >= 0
    }

    /// The folder at `path` opened, when it is eki's own (as `isOwnFolder`), else -1. Every file
    /// is then made, read and renamed relative to this descriptor (`openat`, `renameat`): the
    /// folder checked is the folder used, even if the path is pointed elsewhere in between (a
    /// parent folder swapped after the check).
    static func openOwnFolder(_ path: String) -> Int32 {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return -1 }
        var info = stat()
        guard fstat(folder, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR),
              info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            close(folder)
            return -1
        }
        return folder
    }

    /// A new file at `path` for writing, never an existing one and never through a link: what is at
    /// that name (a run of this process id killed midway, or a planted link) is removed and the
    /// file made afresh. -1 when it cannot be made.
    static func createNew(_ path: String) -> Int32 {
        let url = URL(fileURLWithPath: path)
        let folder = openOwnFolder(url.deletingLastPathComponent().path)
        guard folder >= 0 else { return -1 }
        defer { close(folder) }
        return createNew(url.lastPathComponent, in: folder, shownAs: path)
    }

    /// The same, by name inside an open folder.
    static func createNew(_ name: String, in folder: Int32, shownAs path: String) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let descriptor = openat(folder, name, flags, 0o644)
        guard descriptor < 0, errno == EEXIST else { return descriptor }
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFLNK) {
            warn("eki: removed a link at \(path) in the cache folder instead of writing through it")
        }
        guard unlinkat(folder, name, 0) == 0 else { return -1 }
        return openat(folder, name, flags, 0o644)
    }

    /// One line on standard error (the cache is an aid: nothing stops for it).
    static func warn(_ line: String) {
        var text = Array((line + "\n").utf8)
        _ = text.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress!, $0.count) }
    }
}

/// A running hash of every byte written or read, in order and in the same pieces (one array each):
/// a file damaged anywhere is built again, never read. Four words at a time in four lanes, so
/// that the multiplications do not wait on each other: a 10 MB route network is checked in
/// about a quarter of the time of one lane.
package struct Checksum {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) =
        (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)

    package init() {}

    package var value: UInt64 {
        (lanes.0 &* 31 &+ lanes.1) &* 31 &+ (lanes.2 &* 31 &+ lanes.3)
    }

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let prime: UInt64 = 0x100_0000_01B3
        var offset = 0
        var (a, b, c, d) = lanes
        while offset + 32 <= bytes.count {
            a = (a ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            b = (b ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* prime
            c = (c ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* prime
            d = (d ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* prime
            offset += 32
        }
        while offset < bytes.count {
            a = (a ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        // Every piece moves the lanes along, so the same bytes cut otherwise hash otherwise.
        lanes = (b, c, d, a ^ UInt64(bytes.count))
    }
}

/// Arrays of plain numbers written one after another to a cache file under a temporary name,
/// then the checksum, then renamed over the old file: a reader never sees half a file. Straight
/// to the file, array by array: no copy of the whole in memory (a route network is ~10 MB).
package final class CacheFileWriter {
    private let name: String
    private let temporary: String
    /// The cache folder, checked once and used for every step after (`CacheFile.openOwnFolder`).
    private let folder: Int32
    private var descriptor: Int32
    private var checksum = Checksum()
    private var failed = false

    /// nil when the folder (made when missing) cannot be written, or is not this user's alone.
    package init?(_ file: URL) {
        name = file.lastPathComponent
        temporary = ".\(file.lastPathComponent).\(getpid())"
        let path = file.deletingLastPathComponent().path
        guard CacheFile.makeFolder(path) else { return nil }
        folder = CacheFile.openOwnFolder(path)
        guard folder >= 0 else {
            descriptor = -1
            return nil
        }
        descriptor = CacheFile.createNew(temporary, in: folder, shownAs: path + "/" + temporary)
        guard descriptor >= 0 else {
            close(folder)
            return nil
        }
    }

    /// An abandoned or failed file is removed.
    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlinkat(folder, temporary, 0)
        }
        if folder >= 0 { close(folder) }
    }

    package func put<T: FixedWidthInteger>(_ array: [T]) {
        array.withUnsafeBytes { raw in
            checksum.add(raw)
            write(raw)
        }
    }

    /// Writes the checksum and puts the file in place; false when any of it failed, and then
    /// nothing is left behind.
    package func finish() -> Bool {
        withUnsafeBytes(of: checksum.value) { write($0) }
        let closed = close(descriptor) == 0
        descriptor = -1
        guard closed, !failed, renameat(folder, temporary, folder, name) == 0 else {
            unlinkat(folder, temporary, 0)
            return false
        }
        return true
    }

    private func write(_ raw: UnsafeRawBufferPointer) {
        var done = 0
        while !failed, done < raw.count {
            let count = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { failed = true }
            done += max(count, 0)
        }
    }
}

/// Arrays of plain numbers, one after another, read from a file into the arrays themselves (no
/// copy of the whole file first: that doubled the pages a fresh process touched).
package struct CacheFileReader: ~Copyable {
    private let descriptor: Int32
    private var checksum = Checksum()
    /// Bytes of the file not read yet: no array is made larger than what is there.
    private var left: Int

    /// nil when there is no such file or it cannot be read, or it is not eki's to read: only a
    /// plain file (not a link planted at the name, not a pipe that would block) in a folder no
    /// other user can write into (issue 33).
    package init?(_ file: URL) {
        let folder = CacheFile.openOwnFolder(file.deletingLastPathComponent().path)
        guard folder >= 0 else { return nil }
        let opened = openat(folder, file.lastPathComponent, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        close(folder)
        guard opened >= 0 else { return nil }
        var info = stat()
        guard fstat(opened, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else {
            close(opened)
            return nil
        }
        descriptor = opened
        left = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// `count` values, or nil when the file ends first or cannot be read.
    package mutating func read<T: FixedWidthInteger>(_ type: T.Type, _ count: Int) -> [T]? {
        guard count > 0 else { return count == 0 ? [] : nil }
        guard count <= left / MemoryLayout<T>.stride else { return nil }   // a count the file cannot hold
        let size = count * MemoryLayout<T>.stride
        left -= size
        var complete = false
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            complete = fill(bytes.baseAddress!, size)
            initialized = complete ? count : 0
        }
        guard complete else { return nil }
        values.withUnsafeBytes { checksum.add($0) }
        return values
    }

    /// True when the checksum comes next, matches, and is the end of the file.
    package mutating func atChecksum() -> Bool {
        var stored: UInt64 = 0, extra: UInt8 = 0
        guard fill(&stored, 8) else { return false }
        return stored == checksum.value && Glibc.read(descriptor, &extra, 1) == 0
    }

    private func fill(_ start: UnsafeMutableRawPointer, _ size: Int) -> Bool {
        var done = 0
        while done < size {
            let count = Glibc.read(descriptor, start + done, size - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}
