import EkiCore
import Foundation

/// Search's index kept in a file between processes: laying it out reads every station's search
/// keys and folds other spellings and operators' words (~2.5 ms, most of a fresh `eki search`);
/// reading it back is a few plain reads of ~250 KB (docs/PERFORMANCE.md, issue 19). The file names
/// the database file it was laid out from and the program that laid it out (device, inode, size,
/// modification time of each: the folding rules are code, so an eki built again lays it out
/// again) and the format, and ends with a checksum (`CacheFile`); any other file, a damaged or a
/// short one, is not read but laid out again and replaced. The railways themselves come from the
/// reference tables each time (they are read at open anyway).
extension Timetable {
    /// Keeps search's index in `folder` (the cache folder) from the first search of this process
    /// on, or reads it from there: for commands run as fresh processes. Call it right after opening,
    /// so the database file named is the one opened. A folder that cannot be written costs only
    /// the layout, as without it.
    public func keepSearchIndex(in folder: URL) {
        guard let path = url?.path, let database = CacheFile.identity(path) else { return }
        keptSearchIndex.withLock { $0 = SearchIndex.KeptFile(folder: folder, databasePath: path, database: database) }
    }
}

extension SearchIndex {
    /// Where one database's index is kept, and that database file's identity when it was opened.
    struct KeptFile: Sendable {
        let folder: URL
        let databasePath: String
        let database: String

        /// One file per database path (a test's, a second feed's), so they do not replace each
        /// other's: `search-index-<hash of the path>.bin`.
        var file: URL { folder.appendingPathComponent("search-index-" + CacheFile.pathTag(databasePath) + ".bin") }
    }

    /// Raised whenever what the file holds or how it is laid out changes.
    static let formatVersion = 1

    /// "EKISRCH1" as a little-endian number.
    static let magic: UInt64 = 0x3148_4352_5349_4B45

    /// How many databases' files a folder keeps (~250 KB each on the Tokyo data).
    static let keeping = 4

    /// The index of `reference` from `kept` when an earlier process left it there for this very
    /// database file and program, else laid out (and left there for the next process).
    static func kept(_ reference: Reference, in kept: KeptFile) -> SearchIndex {
        guard let program = CacheFile.programIdentity else { return SearchIndex(reference) }
        let key = "\(kept.database) \(program) v\(formatVersion)"
        let file = kept.file
        if let index = SearchIndex(file: file, key: key, reference: reference) { return index }
        let index = SearchIndex(reference, withWords: true)
        // An empty list is also what a read error gives: not worth keeping.
        if index.stationCount > 0, index.save(to: file, key: key) { removeAllButNewest(keeping, in: kept.folder) }
        return index
    }

    static func removeAllButNewest(_ count: Int, in folder: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let files = names.filter { $0.hasPrefix("search-index-") && $0.hasSuffix(".bin") }.map { folder.appendingPathComponent($0) }
        guard files.count > count else { return }
        let byAge = files.map { ($0, (try? manager.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
            .sorted { $0.1 > $1.1 }
        for (file, _) in byAge.dropFirst(count) { try? manager.removeItem(at: file) }
    }

    /// Written whole (the words too) to a temporary name, then renamed over the old file; false
    /// when the folder cannot be written.
    @discardableResult
    func save(to file: URL, key: String) -> Bool {
        let words = self.words
        let stations = stationNames.layout, railwayLayout = railwayNames.layout
        guard let out = CacheFileWriter(file) else { return false }
        let keyBytes = Array(key.utf8)
        out.put([Self.magic, UInt64(keyBytes.count)])
        out.put(keyBytes)
        out.put([stationCount, stationIds.count, stations.bytes.count, stations.keyEnds.count,
                 placeCount, placeMembers.count, railways.count, railwayLayout.bytes.count, railwayLayout.keyEnds.count,
                 words.count, words.bytes.count, words.railways.count].map(UInt64.init))
        out.put(railways.map(\.railway.handle.row))
        out.put(stationIds); out.put(stationIdEnds)
        out.put(stations.bytes); out.put(stations.keyEnds); out.put(stations.entries)
        var facts: [Int32] = []
        facts.reserveCapacity(stationCount * 3)
        for fact in stationFacts { facts.append(fact.place); facts.append(fact.railway); facts.append(fact.trains) }
        out.put(facts)
        out.put(placeComplexes); out.put(placeTrains); out.put(placeMemberEnds); out.put(placeMembers)
        out.put(railwayLayout.bytes); out.put(railwayLayout.keyEnds); out.put(railwayLayout.entries)
        out.put(words.bytes); out.put(words.ends); out.put(words.railwayEnds); out.put(words.railways)
        return out.finish()
    }

    /// nil unless `file` is a whole index file written for `key` over these very railways. Every
    /// index into another array is checked once here, so a damaged file can never make a search
    /// read out of bounds.
    convenience init?(file: URL, key: String, reference: Reference) {
        guard var reader = CacheFileReader(file) else { return nil }
        let keyBytes = Array(key.utf8)
        guard reader.read(UInt64.self, 2) == [Self.magic, UInt64(keyBytes.count)],
              reader.read(UInt8.self, keyBytes.count) == keyBytes,
              let counts = reader.read(UInt64.self, 12), counts.allSatisfy({ $0 < 1 << 28 }) else { return nil }
        let count = counts.map(Int.init)
        let (stations, idBytes, nameBytes, keyEnds, places, members, railways, railwayBytes, railwayKeyEnds) =
            (count[0], count[1], count[2], count[3], count[4], count[5], count[6], count[7], count[8])
        let (words, wordBytes, wordRailways) = (count[9], count[10], count[11])
        let railwayList = Self.railways(of: reference)
        guard railways == railwayList.count, reader.read(Int64.self, railways) == railwayList.map(\.railway.handle.row),
              let stationIds = reader.read(UInt8.self, idBytes), let stationIdEnds = reader.read(Int32.self, stations),
              let stationBytes = reader.read(UInt8.self, nameBytes), let stationKeyEnds = reader.read(Int32.self, keyEnds),
              let stationEntries = reader.read(Int32.self, stations * 4), let facts = reader.read(Int32.self, stations * 3),
              let placeComplexes = reader.read(Int64.self, places), let placeTrains = reader.read(Int64.self, places),
              let placeMemberEnds = reader.read(Int32.self, places), let placeMembers = reader.read(Int32.self, members),
              let railwayBytesRead = reader.read(UInt8.self, railwayBytes), let railwayKeyEndsRead = reader.read(Int32.self, railwayKeyEnds),
              let railwayEntries = reader.read(Int32.self, railways * 4),
              let wordBytesRead = reader.read(UInt8.self, wordBytes), let wordEnds = reader.read(Int32.self, words),
              let wordRailwayEnds = reader.read(Int32.self, words), let wordRailwaysRead = reader.read(Int32.self, wordRailways),
              reader.atChecksum() else { return nil }
        guard let stationNames = SearchNames(bytes: stationBytes, keyEnds: stationKeyEnds, entries: stationEntries),
              let railwayNames = SearchNames(bytes: railwayBytesRead, keyEnds: railwayKeyEndsRead, entries: railwayEntries),
              Self.areEnds(stationIdEnds, of: idBytes), Self.areEnds(placeMemberEnds, of: members),
              Self.areEnds(wordEnds, of: wordBytes), Self.areEnds(wordRailwayEnds, of: wordRailways),
              placeMembers.allSatisfy({ $0 >= 0 && Int($0) < stations }),
              wordRailwaysRead.allSatisfy({ $0 >= 0 && Int($0) < railways }) else { return nil }
        var stationFacts: [StationFacts] = []
        stationFacts.reserveCapacity(stations)
        for base in stride(from: 0, to: facts.count, by: 3) {
            let fact = StationFacts(place: facts[base], railway: facts[base + 1], trains: facts[base + 2])
            guard fact.place >= 0, Int(fact.place) < places, fact.railway >= -1, Int(fact.railway) < railways else { return nil }
            stationFacts.append(fact)
        }
        self.init(stationIds: stationIds, stationIdEnds: stationIdEnds, stationNames: stationNames, stationFacts: stationFacts,
                  placeComplexes: placeComplexes, placeTrains: placeTrains, placeMemberEnds: placeMemberEnds, placeMembers: placeMembers,
                  railways: railwayList, railwayNames: railwayNames,
                  words: Words(bytes: wordBytesRead, ends: wordEnds, railwayEnds: wordRailwayEnds, railways: wordRailwaysRead))
    }

    /// Whether `ends` are the ends of consecutive pieces of `total` things, from the start to the end.
    private static func areEnds(_ ends: [Int32], of total: Int) -> Bool {
        var previous: Int32 = 0
        for end in ends {
            guard end >= previous else { return false }
            previous = end
        }
        return Int(previous) == total
    }
}
