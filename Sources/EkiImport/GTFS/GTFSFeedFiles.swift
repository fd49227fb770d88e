import EkiCore
import Foundation
import ZIPFoundation

/// The files of a GTFS feed, from a folder or straight out of a .zip (never unpacked to disk).
/// A zip may hold the files at its root or in one folder inside it; either is read.
struct GTFSFeedFiles {
    let location: URL
    /// File name → bytes, for a zip (read once); nil for a folder.
    private var zipped: [String: Data]?
    /// Every file read so far, for the snapshot digest.
    private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325

    static func isZip(_ url: URL) -> Bool { url.pathExtension.lowercased() == "zip" }

    /// Names of the .txt files present (for recognising a feed without reading it).
    static func names(at url: URL) -> Set<String> {
        if isZip(url) {
            guard let archive = try? Archive(url: url, accessMode: .read, pathEncoding: nil) else { return [] }
            return Set(archive.filter { $0.type == .file }.map { ($0.path as NSString).lastPathComponent })
        }
        return Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
    }

    init(_ url: URL) throws {
        location = url
        guard Self.isZip(url) else { return }
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read, pathEncoding: nil)
        } catch {
            throw ImportError.unreadable(file: url.lastPathComponent, reason: "not a readable zip archive")
        }
        var files: [String: Data] = [:]
        for entry in archive where entry.type == .file {
            let name = (entry.path as NSString).lastPathComponent
            guard name.hasSuffix(".txt"), files[name] == nil else { continue }
            var data = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            } catch {
                throw ImportError.unreadable(file: "\(url.lastPathComponent): \(entry.path)", reason: "cannot unzip it (\(error))")
            }
            files[name] = data
        }
        zipped = files
    }

    /// The bytes of `name`, nil when the feed has no such file.
    mutating func read(_ name: String) throws -> Data? {
        let data: Data
        if let zipped {
            guard let found = zipped[name] else { return nil }
            data = found
        } else {
            let url = location.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw ImportError.unreadable(file: name, reason: error.localizedDescription)
            }
        }
        digest = JSONFileReader.fnv1a(Array(name.utf8), seed: digest)
        digest = JSONFileReader.fnv1a(data.prefix(1 << 20), seed: digest) ^ UInt64(data.count)
        return data
    }

    /// A file the feed must have, as a table.
    mutating func table(_ name: String) throws -> GTFSTable {
        guard let data = try read(name) else {
            throw ImportError.unreadable(file: name, reason: "the feed has no such file, and GTFS requires it")
        }
        return try GTFSTable(file: name, data: data)
    }

    /// A file the feed may have.
    mutating func optionalTable(_ name: String) throws -> GTFSTable? {
        try read(name).map { try GTFSTable(file: name, data: $0) }
    }
}
