import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Station search over the real data: what riders type, in every script, finds the right complex.
@Suite struct SearchTests {
    static func search(_ query: String, limit: Int = 10) throws -> [SearchResult] {
        try SharedData.imported().timetable.search(query, limit: limit)
    }

    /// The station ids of each station result, in order (railways as nil).
    static func stationIds(_ results: [SearchResult]) -> [[String]?] {
        results.map { result in
            if case .station(let station) = result { return station.stations.map(\.id) }
            return nil
        }
    }

    /// (query, a station of the complex expected, how high it must rank). Top 3 only where the
    /// name is shared (霞ケ関 in Tokyo and 霞ヶ関 on the Tobu Tojo line, the two 浅草).
    static let expectations: [(String, String, Int)] = [
        // The examples of the issue.
        ("しぶや", "JR-East.Yamanote.Shibuya", 1), ("シブヤ", "Tokyu.Toyoko.Shibuya", 1),
        ("shibuya", "TokyoMetro.Ginza.Shibuya", 1), ("渋谷", "Keio.Inokashira.Shibuya", 1),
        ("ＳＨＩＢＵＹＡ", "JR-East.Yamanote.Shibuya", 1), ("ｼﾌﾞﾔ", "JR-East.Yamanote.Shibuya", 1),
        ("oosaki", "JR-East.Yamanote.Osaki", 1), ("osaki", "JR-East.Yamanote.Osaki", 1),
        ("おおさき", "TWR.Rinkai.Osaki", 1), ("shinbashi", "JR-East.Yamanote.Shimbashi", 1),
        ("しんばし", "TokyoMetro.Ginza.Shimbashi", 1), ("jiyuugaoka", "Tokyu.Toyoko.Jiyugaoka", 1),
        ("市ヶ谷", "TokyoMetro.Yurakucho.Ichigaya", 1), ("ichigaya", "TokyoMetro.Yurakucho.Ichigaya", 1),
        // Thirty-odd more across scripts.
        ("いけぶくろ", "JR-East.Yamanote.Ikebukuro", 1), ("Shinjuku", "JR-East.Yamanote.Shinjuku", 1),
        ("とうきょう", "JR-East.Yamanote.Tokyo", 1), ("ueno", "JR-East.Yamanote.Ueno", 1),
        ("あきはばら", "JR-East.Yamanote.Akihabara", 1), ("シナガワ", "JR-East.Yamanote.Shinagawa", 1),
        ("yokohama", "JR-East.Tokaido.Yokohama", 1), ("shinyokohama", "JR-East.Yokohama.ShinYokohama", 1),
        ("kichijouji", "JR-East.ChuoRapid.Kichijoji", 1), ("しもきたざわ", "Keio.Inokashira.ShimoKitazawa", 1),
        ("おもてさんどう", "TokyoMetro.Ginza.OmoteSando", 1), ("ginza", "TokyoMetro.Ginza.Ginza", 1),
        ("おおてまち", "TokyoMetro.Marunouchi.Otemachi", 1), ("nihonbashi", "TokyoMetro.Ginza.Nihombashi", 1),
        ("日本橋", "TokyoMetro.Ginza.Nihombashi", 1), ("tameikesannou", "TokyoMetro.Ginza.TameikeSanno", 1),
        ("akasakamitsuke", "TokyoMetro.Ginza.AkasakaMitsuke", 1), ("六本木", "TokyoMetro.Hibiya.Roppongi", 1),
        ("hacchoubori", "JR-East.Keiyo.Hatchobori", 1), ("御茶の水", "JR-East.ChuoRapid.Ochanomizu", 1),
        ("yotsuya", "JR-East.ChuoRapid.Yotsuya", 1), ("よよぎ", "JR-East.Yamanote.Yoyogi", 1),
        ("ebisu", "JR-East.Yamanote.Ebisu", 1), ("なかめぐろ", "TokyoMetro.Hibiya.NakaMeguro", 1),
        ("futakotamagawa", "Tokyu.DenEnToshi.FutakoTamagawa", 1), ("musashikosugi", "JR-East.Yokosuka.MusashiKosugi", 1),
        ("かまくら", "JR-East.Yokosuka.Kamakura", 1), ("maihama", "JR-East.Keiyo.Maihama", 1),
        ("kitasenju", "JR-East.JobanRapid.KitaSenju", 1), ("kinshichou", "JR-East.ChuoSobuLocal.Kinshicho", 1),
        ("おしあげ", "TokyoMetro.Hanzomon.Oshiage", 1), ("asakusa", "TokyoMetro.Ginza.Asakusa", 3),
        ("asakusa", "MIR.TsukubaExpress.Asakusa", 3), ("takadanobaba", "JR-East.Yamanote.Takadanobaba", 1),
        ("nishinippori", "JR-East.Yamanote.NishiNippori", 1), ("oomiya", "JR-East.Utsunomiya.Omiya", 1),
        ("Ōmiya", "JR-East.Utsunomiya.Omiya", 1), ("machida", "JR-East.Yokohama.Machida", 1),
        ("hachiouji", "JR-East.ChuoRapid.Hachioji", 1), ("funabashi", "JR-East.ChuoSobuLocal.Funabashi", 1),
        ("ばしゃみち", "Minatomirai.Minatomirai.Bashamichi", 1),
        ("motomachi chukagai", "Minatomirai.Minatomirai.MotomachiChukagai", 1),
        ("kasumigaseki", "TokyoMetro.Marunouchi.Kasumigaseki", 3), ("kasumigaseki", "Tobu.Tojo.Kasumigaseki", 3),
        ("harajuku", "JR-East.Yamanote.Harajuku", 1), ("しんきば", "JR-East.Keiyo.ShinKiba", 1),
        ("toyosu", "TokyoMetro.Yurakucho.Toyosu", 1), ("カマタ", "JR-East.KeihinTohokuNegishi.Kamata", 1),
        ("shin-okubo", "JR-East.Yamanote.ShinOkubo", 1), ("新大久保", "JR-East.Yamanote.ShinOkubo", 1),
        ("渋谷駅", "JR-East.Yamanote.Shibuya", 1), ("shibuya station", "JR-East.Yamanote.Shibuya", 1),
        ("JR-East.Yamanote.Osaki", "JR-East.Yamanote.Osaki", 1),
    ]

    @Test(arguments: expectations)
    func findsTheStation(query: String, station: String, within rank: Int) throws {
        let ids = Self.stationIds(try Self.search(query, limit: rank))
        #expect(ids.contains { $0?.contains(station) == true }, "\(query) → \(ids)")
    }

    @Test func aResultIsOneComplexListingItsRailways() throws {
        let results = try Self.search("渋谷")
        guard case .station(let shibuya) = try #require(results.first) else { Issue.record("no station first"); return }
        #expect(shibuya.title.name == LocalizedName(ja: "渋谷", en: "Shibuya"))
        #expect(shibuya.match == .exact)
        let railways = Set(shibuya.stations.compactMap(\.railway))
        #expect(railways.isSuperset(of: ["JR-East.Yamanote", "Tokyu.Toyoko", "TokyoMetro.Ginza", "TokyoMetro.Hanzomon",
                                         "TokyoMetro.Fukutoshin", "Keio.Inokashira", "Tokyu.DenEnToshi"]))
        // One 渋谷, not one per railway.
        let titled = results.filter { if case .station(let s) = $0 { return s.title.name.ja == "渋谷" }; return false }
        #expect(titled.count == 1)
    }

    @Test func ranksExactThenPrefixThenWordPrefixThenSubstring() throws {
        let results = try Self.search("shinj", limit: 100)
        #expect(results.map(\.match) == results.map(\.match).sorted())
        guard case .station(let first) = try #require(results.first) else { Issue.record("no station first"); return }
        #expect(first.stations.map(\.id).contains("JR-East.Yamanote.Shinjuku"))   // the busiest of the prefix matches
        #expect(first.match == .prefix)
        // Nishi-shinjuku starts a word, not the name.
        let nishi = results.first { if case .station(let s) = $0 { return s.title.name.en == "Nishi-shinjuku" }; return false }
        #expect(nishi?.match == .wordPrefix)
        #expect(Set(results.map(\.match)).isSuperset(of: [.prefix, .wordPrefix]))

        // Within one match, bigger stations first.
        let substring = try Self.search("谷", limit: 100).compactMap { result -> SearchResult.StationResult? in
            if case .station(let s) = result, s.match == .substring { return s }
            return nil
        }
        #expect(substring.count > 10)
        #expect(substring.map(\.trains) == substring.map(\.trains).sorted(by: >))
    }

    @Test func findsRailways() throws {
        func firstRailway(_ query: String) throws -> String? {
            for result in try Self.search(query, limit: 3) {
                if case .railway(let railway) = result { return railway.railway.id }
            }
            return nil
        }
        #expect(try firstRailway("東横") == "Tokyu.Toyoko")
        #expect(try firstRailway("toyoko") == "Tokyu.Toyoko")
        #expect(try firstRailway("tokyu toyoko") == "Tokyu.Toyoko")
        #expect(try firstRailway("東急東横線") == "Tokyu.Toyoko")
        #expect(try firstRailway("yamanote line") == "JR-East.Yamanote")
        #expect(try firstRailway("都営新宿線") == "Toei.Shinjuku")
        #expect(try firstRailway("seibu shinjuku line") == "Seibu.Shinjuku")
        // 東横 is the Toyoko Line before 東横田 on the Kururi Line.
        guard case .railway = try #require(try Self.search("東横").first) else { Issue.record("東横 not a railway first"); return }
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
        #expect(throws: SearchError.controlCharacters) { try Self.search("shibu\u{0}ya") }
        #expect(throws: SearchError.controlCharacters) { try Self.search("\u{1B}[2J") }
    }

    @Test func leavesOutStationsNoTrainLeavesFrom() throws {
        // The Joban line's Nippori platform only sees trains arrive in this snapshot.
        let (timetable, _) = try SharedData.imported()
        #expect(timetable.reference.stations["JR-East.Joban.Nippori"]?.departures == 0)
        let stations = try Self.search("nippori").flatMap { result -> [String] in
            if case .station(let s) = result { return s.stations.map(\.id) }
            return []
        }
        #expect(stations.contains("JR-East.Yamanote.Nippori"))
        #expect(!stations.contains("JR-East.Joban.Nippori"))
    }

    @Test func limitsTheResults() throws {
        #expect(try Self.search("谷", limit: 4).count == 4)
        #expect(try Self.search("谷", limit: 0).isEmpty)
    }
}
