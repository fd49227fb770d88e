import EkiCore
@testable import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Station search on the hand-written Tokyo (`TokyoFixture`): what riders type, in every script, finds
/// the right complex and railway, ranked by how it matched and how busy the place is. The fixture's
/// names: 港町 Minatomachi, 中央通 Chuodori, 渋谷坂 Shibuyazaka (four railways), 新宿原 Shinjukuhara,
/// 池袋台 Ikebukurodai, 所沢野 Tokorozawano, 上野森 Uenomori, 東京前 Tokyomae, 表参 Omotesan; railways
/// 海岸線 Kaigan Line (海鉄 Umi Railway), 副線 Fuku Line and 銀線 Gin Line (メトロ Metro), 北線 Kita
/// Line (北鉄 Kita Railway), 環状線 Kanjo Line (JR). The real names riders type: `RealDataStoreTests`.
@Suite struct SearchTests {
    static func search(_ query: String, limit: Int = 10) throws -> [SearchResult] {
        try TokyoFixture.timetable().search(query, limit: limit)
    }

    /// The station ids of each station result, in order (railways as nil).
    static func stationIds(_ results: [SearchResult]) -> [[String]?] {
        results.map { result in
            if case .station(let station) = result { return station.stations.map(\.id) }
            return nil
        }
    }

    static func railwayIds(_ results: [SearchResult]) -> [String] {
        results.compactMap { result in
            if case .railway(let railway) = result { return railway.railway.id }
            return nil
        }
    }

    /// (query, a station of the complex expected first). The English names fold to the keys every
    /// script reaches: kana read as romaji, full-width and half-width forms, case.
    static let expectations: [(String, String)] = [
        ("渋谷坂", TokyoFixture.kaiganShibuyazaka), ("shibuyazaka", TokyoFixture.ginShibuyazaka),
        ("Shibuyazaka", TokyoFixture.kanjoShibuyazaka), ("ＳＨＩＢＵＹＡＺＡＫＡ", TokyoFixture.fukuShibuyazaka),
        ("しぶやざか", TokyoFixture.kaiganShibuyazaka), ("シブヤザカ", TokyoFixture.kaiganShibuyazaka),
        ("ｼﾌﾞﾔｻﾞｶ", TokyoFixture.kaiganShibuyazaka), ("minatomachi", TokyoFixture.minatomachi),
        ("みなとまち", TokyoFixture.minatomachi), ("港町", TokyoFixture.minatomachi), ("ikebukurodai", TokyoFixture.kitaIkebukurodai),
        ("いけぶくろだい", TokyoFixture.fukuIkebukurodai), ("所沢野", TokyoFixture.tokorozawano), ("uenomori", TokyoFixture.uenomori),
        ("東京前", TokyoFixture.tokyomae), ("omotesan", TokyoFixture.omotesan), ("新宿原", TokyoFixture.kanjoShinjukuhara),
        ("渋谷坂駅", TokyoFixture.kaiganShibuyazaka), ("shibuyazaka station", TokyoFixture.kaiganShibuyazaka),
        (TokyoFixture.chuodori, TokyoFixture.chuodori),
    ]

    @Test(arguments: expectations)
    func findsTheStation(query: String, station: String) throws {
        let ids = Self.stationIds(try Self.search(query, limit: 1))
        #expect(ids.first??.contains(station) == true, "\(query) → \(ids)")
    }

    @Test func aResultIsOneComplexListingItsRailways() throws {
        let results = try Self.search("渋谷坂")
        guard case .station(let shibuyazaka) = try #require(results.first) else { Issue.record("no station first"); return }
        #expect(shibuyazaka.title.name == LocalizedName(ja: "渋谷坂", en: "Shibuyazaka"))
        #expect(shibuyazaka.match == .exact)
        #expect(Set(shibuyazaka.stations.compactMap { try? TokyoFixture.timetable().reference.railwayId(of: $0) }) == ["Umi.Kaigan", "Metro.Fuku", "JR.Kanjo", "Metro.Gin"])
        // One 渋谷坂, not one per railway.
        let titled = results.filter { if case .station(let s) = $0 { return s.title.name.ja == "渋谷坂" }; return false }
        #expect(titled.count == 1)
    }

    @Test func ranksExactThenPrefixThenSubstring() throws {
        // "shi": the start of Shibuyazaka and Shinjukuhara; 渋谷坂 (four railways) is the busier.
        let shi = try Self.search("shi", limit: 100)
        #expect(shi.map(\.match) == [.prefix, .prefix])
        #expect(Self.stationIds(shi).map { $0?.contains(TokyoFixture.kanjoShibuyazaka) } == [true, false])
        #expect(Self.stationIds(shi).last??.contains(TokyoFixture.kanjoShinjukuhara) == true)
        // "o": the start of Omotesan, inside Chuodori, Ikebukurodai, Minatomachi, Tokorozawano,
        // Tokyomae, Uenomori (and the railways' names).
        let results = try Self.search("o", limit: 100)
        #expect(results.map(\.match) == results.map(\.match).sorted())
        guard case .station(let first) = try #require(results.first) else { Issue.record("no station first"); return }
        #expect(first.stations.map(\.id) == [TokyoFixture.omotesan])
        #expect(first.match == .prefix)
        // Within one match, bigger stations first.
        let substring = results.compactMap { result -> SearchResult.StationResult? in
            if case .station(let s) = result, s.match == .substring { return s }
            return nil
        }
        #expect(Set(substring.map(\.title.name.ja)).isSuperset(of: ["中央通", "池袋台", "港町", "所沢野", "東京前", "上野森"]))
        #expect(substring.map(\.trains) == substring.map(\.trains).sorted(by: >))
        // The whole name is an exact match, before the start of another.
        #expect(try Self.search("渋谷坂", limit: 1).first?.match == .exact)
    }

    @Test func findsRailways() throws {
        func firstRailway(_ query: String) throws -> String? { Self.railwayIds(try Self.search(query, limit: 3)).first }
        #expect(try firstRailway("海岸") == "Umi.Kaigan")
        #expect(try firstRailway("kaigan") == "Umi.Kaigan")
        #expect(try firstRailway("kaigan line") == "Umi.Kaigan")
        #expect(try firstRailway("海岸線") == "Umi.Kaigan")
        #expect(try firstRailway("海鉄海岸線") == "Umi.Kaigan")
        #expect(try firstRailway("環状線") == "JR.Kanjo")
        #expect(try firstRailway("fuku line") == "Metro.Fuku")
        // 海岸 names no station: the railway comes first.
        guard case .railway = try #require(try Self.search("海岸").first) else { Issue.record("海岸 not a railway first"); return }
    }

    /// Kunrei and Nihon-shiki spellings (school books, many signs) and one slipped letter (issue 21).
    static let forgiving: [(String, String)] = [
        ("sibuyazaka", TokyoFixture.kaiganShibuyazaka), ("sinjukuhara", TokyoFixture.fukuShinjukuhara),
        ("sinzyukuhara", TokyoFixture.fukuShinjukuhara), ("shinjyukuhara", TokyoFixture.fukuShinjukuhara),
        ("minatomati", TokyoFixture.minatomachi), ("tyuodori", TokyoFixture.chuodori), ("tyuuoodori", TokyoFixture.chuodori),
        ("ikebukrodai", TokyoFixture.kitaIkebukurodai), ("tokorozawani", TokyoFixture.tokorozawano),
        ("uenomroi", TokyoFixture.uenomori), ("tookyoumae", TokyoFixture.tokyomae), ("omotesann", TokyoFixture.omotesan),
    ]

    @Test(arguments: forgiving)
    func forgivesSpellingsAndOneSlip(query: String, station: String) throws {
        let ids = Self.stationIds(try Self.search(query, limit: 3))
        #expect(ids.contains { $0?.contains(station) == true }, "\(query) → \(ids)")
    }

    @Test func nothingMatchesNonsenseOrNothing() throws {
        #expect(try Self.search("").isEmpty)
        #expect(try Self.search("   ").isEmpty)
        #expect(try Self.search("・ー-").isEmpty)
        #expect(try Self.search("qqqqzz").isEmpty)
        #expect(try Self.search("🚃").isEmpty)
    }

    @Test func rejectsLongOrBinaryText() throws {
        #expect(throws: SearchError.tooLong(characters: 65)) { try Self.search(String(repeating: "あ", count: 65)) }
        #expect(try Self.search(String(repeating: "あ", count: 64)).isEmpty)
        // One Character, 50,001 scalars: counted as what it costs to fold.
        let accents = "a" + String(repeating: "\u{301}", count: 50_000)
        #expect(accents.count == 1)
        #expect(throws: SearchError.tooLong(characters: 50_001)) { try Self.search(accents) }
        // Bytes that were not UTF-8 arrive as U+FFFD.
        #expect(throws: SearchError.notUTF8) { try Self.search(String(decoding: [0xFF, 0xFE], as: UTF8.self)) }
        #expect(throws: SearchError.controlCharacters) { try Self.search("shibu\u{0}yazaka") }
        #expect(throws: SearchError.controlCharacters) { try Self.search("\u{1B}[2J") }
    }

    @Test func leavesOutStationsNoTrainLeavesFrom() throws {
        // 秩父山, past 所沢野 on 北線, where no train runs (`TokyoFixture.withUnservedStation`).
        let timetable = try TokyoFixture.timetable { $0 = TokyoFixture.withUnservedStation }
        #expect(timetable.reference.stations[id: TokyoFixture.unserved]?.departures == 0)
        for query in ["chichibuyama", "秩父山", "chichibu"] {
            #expect(Self.stationIds(try timetable.search(query)).allSatisfy { $0?.contains(TokyoFixture.unserved) != true }, "\(query)")
        }
        // Its railway is still found, and the stations trains leave from.
        #expect(Self.railwayIds(try timetable.search("北線", limit: 1)) == ["Kita.Kita"])
        #expect(Self.stationIds(try timetable.search("tokorozawano", limit: 1)) == [[TokyoFixture.tokorozawano]])
    }

    /// A railway or operator typed beside a station narrows the place to that railway's stations.
    @Test func anOperatorOrRailwayBesideAStationNarrowsIt() throws {
        func firstStations(_ query: String) throws -> [String] {
            guard case .station(let place) = try #require(try Self.search(query, limit: 1).first) else { return [] }
            return place.stations.map(\.id)
        }
        #expect(try firstStations("JR渋谷坂") == [TokyoFixture.kanjoShibuyazaka])
        #expect(Set(try firstStations("メトロ 渋谷坂")) == [TokyoFixture.fukuShibuyazaka, TokyoFixture.ginShibuyazaka])
        #expect(try firstStations("海鉄渋谷坂") == [TokyoFixture.kaiganShibuyazaka])
        #expect(try firstStations("shibuyazaka kaigan") == [TokyoFixture.kaiganShibuyazaka])
        #expect(try firstStations("gin sen shibuyazaka") == [TokyoFixture.ginShibuyazaka])
        #expect(try firstStations("shinjukuhara fuku") == [TokyoFixture.fukuShinjukuhara])
        // A name alone lists the whole place; the railway words alone find the railway.
        #expect(try firstStations("渋谷坂").count == 4)
        guard case .railway(let kaigan) = try #require(try Self.search("umi kaigan", limit: 1).first) else {
            Issue.record("umi kaigan is not a railway first"); return
        }
        #expect(kaigan.railway.id == "Umi.Kaigan")
    }

    /// 線 typed as せん or "sen", attached or apart, is the line: the railway comes first.
    @Test(arguments: [
        ("kaigansen", "Umi.Kaigan"), ("kaigan sen", "Umi.Kaigan"), ("かいがんせん", "Umi.Kaigan"), ("カイガンセン", "Umi.Kaigan"),
        ("海岸線", "Umi.Kaigan"), ("kaigan line", "Umi.Kaigan"), ("jr kanjo", "JR.Kanjo"), ("かんじょうせん", "JR.Kanjo"),
        ("ginsen", "Metro.Gin"), ("kita sen", "Kita.Kita"),
    ])
    func findsRailwaysWithTheirLineWord(query: String, railway: String) throws {
        guard case .railway(let found) = try #require(try Self.search(query, limit: 1).first) else {
            Issue.record("\(query): not a railway first"); return
        }
        #expect(found.railway.id == railway, "\(query)")
    }

    /// `--railway` on boards takes the same words: かいがんせん, メトロ, kaigan.
    @Test func boardsNarrowByAnyWordForTheRailway() throws {
        let timetable = try TokyoFixture.timetable()
        let shibuyazaka = try timetable.resolveStations("渋谷坂")
        #expect(try timetable.narrow(shibuyazaka, toRailway: "かいがんせん").map(\.id) == [TokyoFixture.kaiganShibuyazaka])
        #expect(try timetable.narrow(shibuyazaka, toRailway: "kaigan sen").map(\.id) == [TokyoFixture.kaiganShibuyazaka])
        #expect(try timetable.narrow(shibuyazaka, toRailway: "環状線").map(\.id) == [TokyoFixture.kanjoShibuyazaka])
        #expect(Set(try timetable.narrow(shibuyazaka, toRailway: "メトロ").map(\.id)) == [TokyoFixture.fukuShibuyazaka, TokyoFixture.ginShibuyazaka])
        #expect(throws: ResolveError.self) { try timetable.narrow(shibuyazaka, toRailway: "北線") }   // not at 渋谷坂
        #expect(throws: ResolveError.self) { try timetable.narrow(shibuyazaka, toRailway: "keikyu") }
    }

    @Test func operatorNamesFindTheirRailways() throws {
        // メトロ runs 副線 and 銀線, and names no station.
        let results = try Self.search("メトロ", limit: 20)
        let ids = Self.railwayIds(results)
        #expect(ids.count == results.count)
        #expect(Set(ids) == ["Metro.Fuku", "Metro.Gin"])
        #expect(Set(try Self.search("めとろ", limit: 20).map(\.trains)) == Set(results.map(\.trains)))
        #expect(Set(Self.railwayIds(try Self.search("海鉄", limit: 20))) == ["Umi.Kaigan"])
    }

    /// Only the best `limit` are kept as they come; they must be the first of a full ranking of
    /// every complex, made here by brute force from the same index.
    @Test(arguments: ["a", "n", "o", "し", "渋", "原", "ka", "sh", "shi", "tok", "JR渋谷坂", "メトロ渋谷坂"])
    func keepsTheBestOfAFullRanking(query: String) throws {
        let timetable = try TokyoFixture.timetable()
        let index = timetable.searchIndex
        let parsed = SearchQuery(query).splitting { index.words.railways(named: $0) != nil }
        var narrowing = RailwayNarrowing(parsed, index: index)
        // Best station of each complex, brute force.
        var best: [Int: (rank: SearchRank, trains: Int, station: Int)] = [:]
        for position in 0 ..< index.stationCount {
            let facts = index.stationFacts[position]
            var rank = index.stationNames.rank(parsed, name: position)
            if let narrowed = narrowing.rank(position, railway: Int(facts.railway), in: index.stationNames),
               rank.map({ narrowed < $0 }) ?? true { rank = narrowed }
            guard let rank else { continue }
            let place = Int(facts.place), trains = Int(facts.trains)
            if let current = best[place], (current.rank, -current.trains) <= (rank, -trains) { continue }
            best[place] = (rank, trains, position)
        }
        // Then the whole ranking: match, the complex's trains, the data's order.
        let ranked = best.map { place, found in
            (found.rank.value, -Int(index.placeTrains[place]), found.station, index.stationId(found.station))
        }.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }

        let results = try Self.search(query, limit: 100)
        let stations = results.compactMap { result -> SearchResult.StationResult? in
            if case .station(let station) = result { return station }
            return nil
        }
        #expect(!stations.isEmpty, "\(query)")
        #expect(stations.map(\.title.id) == ranked.prefix(stations.count).map(\.3), "\(query)")
        // Stations and railways together in rank order, and a smaller limit is the start of a larger.
        let keys = results.map { ($0.rank.value, -$0.trains) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }, "\(query)")
        let three = try Self.search(query, limit: 3)
        #expect(three.map(\.rank) == results.prefix(3).map(\.rank))
        #expect(Self.stationIds(three) == Self.stationIds(Array(results.prefix(3))))
    }

    @Test func limitsTheResults() throws {
        // "o" is in seven station names and more railway names.
        #expect(try Self.search("o", limit: 100).count > 4)
        #expect(try Self.search("o", limit: 4).count == 4)
        #expect(try Self.search("o", limit: 0).isEmpty)
    }
}
