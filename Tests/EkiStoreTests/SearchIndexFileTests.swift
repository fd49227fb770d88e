import EkiCore
@testable import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Search's index kept in the cache folder between processes (`SearchIndex+File`): read back, it
/// answers exactly as one laid out afresh; a damaged, short or foreign file, or one left for
/// another database file, is laid out again and replaced, never read. On the hand-written Tokyo
/// written to a file (`TokyoFixtureFile`); the real data's index, four hundred times the size, is
/// read back the same way in RealDataStoreTests.
@Suite struct SearchIndexFileTests {
    /// Everything a result says, in order: a changed rank, count, title or station shows.
    static func describe(_ results: [SearchResult]) -> [String] {
        results.map { result in
            switch result {
            case .station(let station):
                "station \(station.rank.value) \(station.trains) \(station.complex.handle.row) \(station.title.id) \(station.stations.map(\.id))"
            case .railway(let railway):
                "railway \(railway.rank.value) \(railway.railway.trains) \(railway.railway.id)"
            }
        }
    }

    static func indexFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("search-index-") && $0.hasSuffix(".bin") }.map { folder.appendingPathComponent($0) }
    }

    static func inode(_ file: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    /// A database opened as a fresh `eki` opens it, keeping its index in `folder`.
    static func opened(_ database: URL, keepingIn folder: URL) throws -> Timetable {
        let timetable = try Timetable(url: database)
        timetable.keepSearchIndex(in: folder)
        return timetable
    }

    /// What riders type, in every script and length, from the names in `timetable`: stations' names
    /// whole and begun (of every `every`th station), railways' names and ids, and the awkward ones.
    static func queries(_ timetable: Timetable, every: Int = 1) -> [String] {
        var queries = ["しぶや", "shinjuku", "新宿", "tiba", "四谷", "yotsuya", "ryutsu", "JR渋谷", "東急 渋谷", "shinjku",
                       "山手線", "tokyu", "東横", "JR-East.Yamanote.Osaki", "Tokyu.Toyoko", "", "a", "し", "東", "xqzv",
                       "渋谷駅", "Shibuya Station", " 新宿 ", "toyoko sen", "jr yamanote", "東急渋谷", "メトロ", "ginza",
                       "お茶の水", "霞ヶ関", "sibuya", "basyamiti", "ｼﾌﾞﾔ", "渋谷坂", "sibuyazaka", "環状", "kaigan sen",
                       "JR.Kanjo.Uenomori", "Metro.Gin"]
        let searchable = timetable.reference.searchable
        for entry in stride(from: 0, to: searchable.count, by: every).map({ searchable[$0] }) {
            guard let name = timetable.reference.stations[entry.station]?.name else { continue }
            queries += [name.ja, name.en, String(name.ja.prefix(2)), String(name.en.lowercased().prefix(4))]
        }
        for railway in timetable.reference.railways.values.sorted(by: { $0.id < $1.id }) {
            queries += [railway.name.ja, railway.name.en.lowercased()]
        }
        return queries
    }

    /// What a kept index of `database` showed, for the caller's checks on its size.
    struct Kept {
        var fileSize: Int
        var stationCount: Int
        var queries: Int
        var first: Timetable
    }

    /// Opens `database` as a first process does, which lays its index out and leaves it in a
    /// folder, then as the next does, which reads it: the read index is the laid-out one
    /// (`laidOut`, the same database opened with no folder) field for field, answers every query
    /// as it does, and the file is read, not laid out and replaced.
    static func keptIndexAnswersAsLaidOut(_ database: URL, laidOut: Timetable, queriesEvery every: Int = 1) throws -> Kept {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let first = try opened(database, keepingIn: scratch.url)
        #expect(describe(try first.search("しぶや")) == describe(try laidOut.search("しぶや")))
        let file = try #require(indexFiles(in: scratch.url).first)
        #expect(indexFiles(in: scratch.url).count == 1)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        let inode = Self.inode(file)

        let next = try opened(database, keepingIn: scratch.url)
        let read = next.searchIndex, built = laidOut.searchIndex
        #expect(Self.inode(file) == inode)   // read, not laid out and replaced
        #expect(read.stationCount == built.stationCount)
        #expect(read.stationIds == built.stationIds && read.stationIdEnds == built.stationIdEnds)
        #expect(read.stationFacts == built.stationFacts)
        #expect(read.placeComplexes == built.placeComplexes && read.placeTrains == built.placeTrains)
        #expect(read.placeMemberEnds == built.placeMemberEnds && read.placeMembers == built.placeMembers)
        #expect(read.stationNames.layout == built.stationNames.layout)
        #expect(read.railwayNames.layout == built.railwayNames.layout)
        #expect(read.railways.map(\.railway.id) == built.railways.map(\.railway.id))
        #expect(read.timetabledRailways == built.timetabledRailways && read.railwaysById == built.railwaysById)
        #expect(read.words.bytes == built.words.bytes && read.words.railways == built.words.railways)
        #expect(read.words.ends == built.words.ends && read.words.railwayEnds == built.words.railwayEnds)

        let queries = Self.queries(laidOut, every: every)
        var differing: [String] = []
        for query in queries {
            let kept = try? next.search(query, limit: 100), fresh = try? laidOut.search(query, limit: 100)
            if kept.map(describe) != fresh.map(describe) { differing.append(query) }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(Self.inode(file) == inode)
        return Kept(fileSize: size, stationCount: read.stationCount, queries: queries.count, first: next)
    }

    /// The fixture's 14 stations: every name, begun name and railway asked, and the railway a name
    /// resolves to through search too.
    @Test func aKeptIndexAnswersAsOneLaidOutAfresh() throws {
        let database = try TokyoFixtureFile.url()
        let kept = try Self.keptIndexAnswersAsLaidOut(database, laidOut: try Timetable(url: database))
        #expect(kept.stationCount == 14)
        #expect(kept.fileSize > 2_000, "\(kept.fileSize)")
        #expect(kept.queries == 39 + 4 * 14 + 2 * 5)
        #expect(try kept.first.resolveRailway("環状線").railway.id == "JR.Kanjo")
        #expect(try kept.first.resolveRailway("gin").railway.id == "Metro.Gin")
    }

    @Test func aDamagedShortOrForeignFileIsLaidOutAgain() throws {
        let database = try TokyoFixtureFile.url()
        let timetable = try Timetable(url: database)
        let built = timetable.searchIndex
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let file = scratch.file("index.bin")
        #expect(built.save(to: file, key: "this database, this eki"))
        let whole = try Data(contentsOf: file)
        func reads(_ bytes: Data, key: String = "this database, this eki") throws -> Bool {
            try bytes.write(to: file)
            return SearchIndex(file: file, key: key, reference: timetable.reference) != nil
        }
        #expect(try reads(whole))
        #expect(try !reads(whole, key: "another database, this eki"))
        // One bit changed anywhere: in the header, a name, a number, the checksum.
        for position in [10, 120, whole.count / 3, whole.count / 2, whole.count - 40, whole.count - 1] {
            var damaged = whole
            damaged[position] ^= 0x04
            #expect(try !reads(damaged), "bit flipped at \(position)")
        }
        #expect(try !reads(whole.prefix(whole.count / 2)))
        #expect(try !reads(whole.dropLast()))
        #expect(try !reads(whole + Data([0])))
        #expect(try !reads(Data()))
        try FileManager.default.removeItem(at: file)
        #expect(SearchIndex(file: file, key: "this database, this eki", reference: timetable.reference) == nil)

        // A whole file, checksum and all, whose numbers point outside its arrays.
        let broken = SearchIndex(stationIds: built.stationIds, stationIdEnds: built.stationIdEnds, stationNames: built.stationNames,
                                 stationFacts: built.stationFacts, placeComplexes: built.placeComplexes, placeTrains: built.placeTrains,
                                 placeMemberEnds: built.placeMemberEnds, placeMembers: [99_999] + built.placeMembers.dropFirst(),
                                 railways: built.railways, railwayNames: built.railwayNames, words: built.words)
        #expect(broken.save(to: file, key: "k"))
        #expect(SearchIndex(file: file, key: "k", reference: timetable.reference) == nil)
        let layout = built.stationNames.layout
        #expect(SearchNames(bytes: layout.bytes, keyEnds: layout.keyEnds, entries: layout.entries) != nil)
        #expect(SearchNames(bytes: Array(layout.bytes.dropLast(100)), keyEnds: layout.keyEnds, entries: layout.entries) == nil)
        #expect(SearchNames(bytes: layout.bytes, keyEnds: layout.keyEnds.map { $0 + 1_000 }, entries: layout.entries) == nil)

        // Through a fresh process's path: the damaged file is laid out again, byte for byte as before.
        let folder = scratch.file("cache")
        _ = try Self.opened(database, keepingIn: folder).search("渋谷坂")
        let kept = try #require(Self.indexFiles(in: folder).first)
        let original = try Data(contentsOf: kept)
        for damage in [{ (data: Data) -> Data in var data = data; data[data.count / 2] ^= 0x01; return data },
                       { $0.prefix($0.count / 2) }] {
            try damage(original).write(to: kept)
            let damagedInode = Self.inode(kept)
            let again = try Self.opened(database, keepingIn: folder)
            let answer = try again.search("海岸 渋谷坂")
            #expect(!answer.isEmpty)
            #expect(Self.describe(answer) == Self.describe(try timetable.search("海岸 渋谷坂")))
            #expect(Self.inode(kept) != damagedInode)
            #expect(try Data(contentsOf: kept) == original)
        }
    }

    /// A database swapped under the same path (`eki data update`, `eki import` again) is another
    /// file: the index left for the old one is not read.
    @Test func anotherDatabaseAtTheSamePathLaysItOutAgain() throws {
        let tokyo = try Timetable(url: TokyoFixtureFile.url())
        let gtfs = try GTFSFixtureDatabase.imported().timetable
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let live = scratch.file("timetable.sqlite"), folder = scratch.file("cache")
        try FileManager.default.copyItem(at: try #require(tokyo.url), to: live)
        let before = try Self.opened(live, keepingIn: folder)
        #expect(!(try tokyo.search("渋谷坂")).isEmpty)
        #expect(Self.describe(try before.search("渋谷坂")) == Self.describe(try tokyo.search("渋谷坂")))
        let file = try #require(Self.indexFiles(in: folder).first)
        let tokyoInode = Self.inode(file)

        // Swapped as an update does: written beside, renamed over.
        try FileManager.default.copyItem(at: try #require(gtfs.url), to: scratch.file("new.sqlite"))
        #expect(rename(scratch.file("new.sqlite").path, live.path) == 0)
        let after = try Self.opened(live, keepingIn: folder)
        let name = try #require(gtfs.reference.searchable.first.flatMap { gtfs.reference.stations[$0.station]?.name.en })
        #expect(!(try gtfs.search(name)).isEmpty)
        #expect(Self.describe(try after.search(name)) == Self.describe(try gtfs.search(name)))
        #expect(try after.search("渋谷坂").isEmpty)
        #expect(Self.indexFiles(in: folder) == [file])   // one file per database path, replaced
        #expect(Self.inode(file) != tokyoInode)
        #expect(after.searchIndex.stationCount == gtfs.searchIndex.stationCount)
    }

    /// A folder that cannot be made costs only the layout: the same answers, nothing written.
    @Test func aFolderThatCannotBeWrittenStillAnswers() throws {
        let database = try TokyoFixtureFile.url()
        let timetable = try Timetable(url: database)
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("plain-file", "not a folder")
        let folder = scratch.file("plain-file/cache")
        let fresh = try Self.opened(database, keepingIn: folder)
        #expect(!(try timetable.search("uenomori")).isEmpty)
        #expect(Self.describe(try fresh.search("uenomori")) == Self.describe(try timetable.search("uenomori")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["plain-file"])
    }

    /// The search text's white space trimmed without Foundation, exactly as Foundation trims it.
    @Test func whiteSpaceIsTrimmedAsFoundationTrimsIt() {
        let values = Array(0 ... 0x3FF) + Array(0x1600 ... 0x1700) + Array(0x1800 ... 0x1810) + Array(0x2000 ... 0x2070)
            + Array(0x3000 ... 0x3010) + [0xFEFF, 0xFF10, 0x1F600]
        var differing: [String] = []
        for scalar in values.compactMap(Unicode.Scalar.init) {
            for text in ["\(scalar)渋谷\(scalar)", "\(scalar)\(scalar)a", "b\(scalar)", "\(scalar)"]
            where Timetable.trimmingWhitespace(text) != text.trimmingCharacters(in: .whitespaces) {
                differing.append("U+\(String(scalar.value, radix: 16))")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(Timetable.trimmingWhitespace("\u{3000} 新宿\t") == "新宿")
    }
}
