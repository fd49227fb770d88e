@testable import EkiStore
import EkiTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Cache files cannot be aimed (issue 33): the route-network and search-index writers make their
/// work file new, never through a link planted at its name, and only in a folder of this user's
/// that no one else can write into; a reader does not follow a link at the file's name either.
@Suite struct CacheFileSafetyTests {
    /// Writes one small cache file, as the route network and search index do.
    static func write(_ file: URL) -> Bool {
        guard let out = CacheFileWriter(file) else { return false }
        out.put([UInt64(42), 7])
        return out.finish()
    }

    /// A cache folder of the test's own, 0700 whatever the umask.
    static func cacheFolder(in scratch: ScratchFolder) throws -> URL {
        let folder = scratch.file("cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return folder
    }

    static func opens(_ file: URL) -> Bool {
        if let _ = CacheFileReader(file) { return true }
        return false
    }

    @Test func aLinkPlantedAtTheWorkFilesNameIsRemovedNotWrittenThrough() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("victim.txt", "someone else's file\n")
        let folder = try Self.cacheFolder(in: scratch)
        let file = folder.appendingPathComponent("route-network-test.bin")
        // The work file's name is known: the file's name and the process id.
        let planted = folder.appendingPathComponent(".route-network-test.bin.\(getpid())")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: scratch.file("victim.txt"))

        #expect(Self.write(file))
        #expect(try String(contentsOf: scratch.file("victim.txt"), encoding: .utf8) == "someone else's file\n")
        #expect(!FileManager.default.fileExists(atPath: planted.path))
        guard var reader = CacheFileReader(file) else {
            Issue.record("the cache file written is not read back")
            return
        }
        #expect(reader.read(UInt64.self, 2) == [42, 7] && reader.atChecksum())
    }

    /// The folder checked is the folder written: pointing the cache path at another folder after
    /// the check (a link swapped in for the folder) does not move the file there (issue 33, 3: the
    /// check and the use were two look-ups of the path).
    @Test func theFolderCheckedIsTheFolderWritten() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = try Self.cacheFolder(in: scratch)
        let elsewhere = scratch.file("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent("route-network-test.bin")
        let out = try #require(CacheFileWriter(file))
        out.put([UInt64(42), 7])
        // Between the check and the rename: the cache path now leads to `elsewhere`.
        let moved = scratch.file("cache-was")
        try FileManager.default.moveItem(at: folder, to: moved)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        #expect(out.finish())
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("route-network-test.bin").path))
        #expect(FileManager.default.fileExists(atPath: moved.appendingPathComponent("route-network-test.bin").path))
    }

    @Test func aLinkAtTheCacheFilesNameIsNotRead() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = try Self.cacheFolder(in: scratch)
        let real = folder.appendingPathComponent("elsewhere.bin")
        #expect(Self.write(real))
        let link = folder.appendingPathComponent("route-network-test.bin")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(!Self.opens(link))
        #expect(Self.opens(real))
    }

    /// A pipe at the name does not block the reader; a file claiming more than it holds is not
    /// read into a huge array; a cache file in a folder others can write into is not read.
    @Test func whatIsAtTheNameMustBeAPlainFileOfEkisOwnFolder() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = try Self.cacheFolder(in: scratch)
        let pipe = folder.appendingPathComponent("route-network-pipe.bin")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(!Self.opens(pipe))
        let claim = folder.appendingPathComponent("route-network-claim.bin")
        #expect(Self.write(claim))   // 16 bytes of numbers and the checksum
        if var reader = CacheFileReader(claim) {
            #expect(reader.read(UInt64.self, 1 << 27) == nil)
        } else {
            Issue.record("the file written is not opened")
        }
        #expect(chmod(folder.path, 0o777) == 0)
        #expect(!Self.opens(claim))
    }

    @Test func aFolderOthersCanWriteIntoKeepsNoCache() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let shared = scratch.file("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        #expect(chmod(shared.path, 0o777) == 0)
        #expect(!Self.write(shared.appendingPathComponent("route-network-test.bin")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).isEmpty)
        // A folder eki makes is the rider's alone.
        let made = scratch.file("made/eki")
        #expect(Self.write(made.appendingPathComponent("route-network-test.bin")))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: made.path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o700)
    }
}
