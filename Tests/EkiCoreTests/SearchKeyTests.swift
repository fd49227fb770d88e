import Foundation
import Testing
@testable import EkiCore

struct SearchKeyTests {
    // Every spelling of one name folds to the same key; the key is written out where it matters.
    @Test(arguments: [
        ("shibuya", ["しぶや", "シブヤ", "shibuya", "Shibuya", "ＳＨＩＢＵＹＡ", "ｼﾌﾞﾔ", "SHIBUYA"]),
        ("osaki", ["oosaki", "osaki", "ohsaki", "おおさき", "オオサキ", "オーサキ", "Ōsaki", "ôsaki", "ＯＳＡＫＩ"]),
        ("shinbashi", ["shinbashi", "shimbashi", "しんばし", "シンバシ", "Shimbashi", "Shin'bashi"]),
        ("jiyugaoka", ["jiyuugaoka", "Jiyugaoka", "Jiyūgaoka", "じゆうがおか", "ジユウガオカ", "jiyu-gaoka"]),
        ("shinokubo", ["Shin-Okubo", "Shin-Ōkubo", "しんおおくぼ", "シンオオクボ", "shinookubo", "shin'ookubo", "Shin Ohkubo"]),
        ("oimachi", ["Ōimachi", "Oimachi", "おおいまち", "ooimachi", "ouimachi"]),
        ("meijijingumae", ["Meiji-jingumae", "Meiji-jingūmae", "めいじじんぐうまえ", "meiji jinguu mae"]),
        ("tokyo", ["Tōkyō", "Tokyo", "TOKYO", "とうきょう", "トウキョウ", "toukyou", "tookyoo", "Tôkyô"]),
        ("hatchobori", ["Hatchobori", "Hatchōbori", "はっちょうぼり", "hacchoubori", "ハッチョウボリ"]),
        ("aoyamaitchome", ["Aoyama-itchome", "あおやまいっちょうめ", "aoyama icchoume", "Aoyama-itchōme"]),
        ("shinjuku", ["しんじゅく", "シンジュク", "Shinjuku", "shinjuku", "ｼﾝｼﾞｭｸ"]),
        ("omiya", ["Ōmiya", "Omiya", "Ohmiya", "おおみや", "オオミヤ"]),
        ("inubo", ["Inuboh", "Inubō", "いぬぼう", "inubou"]),
        ("ohara", ["Ohara", "おはら", "Ōhara", "oohara"]),
        ("市ga谷", ["市ヶ谷", "市ケ谷", "市が谷", "市ｹ谷", "市ヵ谷"]),
        ("御茶no水", ["御茶ノ水", "御茶の水", "御茶ﾉ水"]),
        ("nanba", ["namba", "なんば", "ナンバ", "Namba"]),
        ("seimonmae", ["seimommae", "せいもんまえ", "Seimon-mae"]),
    ])
    func spellingsShareAKey(expected: String, spellings: [String]) {
        for spelling in spellings {
            #expect(SearchKey.fold(spelling) == expected, "\(spelling)")
        }
    }

    @Test func romanisesKana() {
        let cases: [(String, String)] = [
            ("きゃ", "kya"), ("しゃしゅしょ", "shashusho"), ("ちゃちゅちょ", "chachucho"),
            ("じゃじゅじょ", "jajujo"), ("ぢゃ", "ja"), ("ぢ", "ji"), ("づ", "zu"), ("ゐゑを", "ieo"),
            ("りょうごく", "ryogoku"), ("ぎゅう", "gyu"), ("ぴゃ", "pya"), ("ひゃく", "hyaku"),
            ("がっこう", "gakko"), ("きっぷ", "kippu"), ("まっちゃ", "matcha"), ("ざっし", "zasshi"),
            ("ヴ", "vu"), ("ヴァイオリン", "vaiorin"), ("ファミリー", "famiri"), ("ティー", "ti"),
            ("ディズニー", "dizuni"), ("シェア", "shea"), ("ジェイ", "jei"), ("チェック", "chekku"),
            ("ウィーン", "win"), ("ウォ", "wo"), ("イェ", "ye"), ("フュ", "fyu"), ("デュ", "dyu"),
            ("トゥ", "tu"), ("ヷヸヹヺ", "vavivevo"), ("ゃ", "ya"), ("ぁ", "a"),
            ("かんだ", "kanda"), ("きんいち", "kinichi"), ("ケーブル", "keburu"), ("新ケーブル", "新keburu"),
        ]
        for (kana, romaji) in cases {
            #expect(SearchKey.fold(kana) == romaji, "\(kana)")
        }
    }

    @Test func dropsPunctuationAndKeepsKanjiAndDigits() {
        #expect(SearchKey.fold("Meiji-jingumae<Harajuku>") == "meijijingumaeharajuku")
        #expect(SearchKey.fold("明治神宮前〈原宿〉") == "明治神宮前原宿")
        #expect(SearchKey.fold("Narita Airport Terminal 2•3") == "naritaairportterminal23")
        #expect(SearchKey.fold("羽田空港第１・第２ターミナル") == "羽田空港第1第2taminaru")
        #expect(SearchKey.fold("Mt. Fuji") == "mtfuji")
        // m → n and cch → tch stay inside words and away from English spellings.
        #expect(SearchKey.fold("Fujifilm-Mae") == "fujifilmmae")
        #expect(SearchKey.fold("Narita Sky Access Line") == "naritaskyaccessline")
        #expect(SearchKey.fold("東京さくらトラム（都電荒川線）") == "東京sakuratoramu都電荒川線")
        #expect(SearchKey.fold("中央・総武各駅停車") == "中央総武各駅停車")
        #expect(SearchKey.fold("御茶ノ水") == "御茶no水")
        #expect(SearchKey.fold("") == "")
        #expect(SearchKey.fold(" -・ー") == "")
    }

    /// A query that is the start of a name folds to the start of the name's key.
    @Test(arguments: [
        ("shinj", "Shinjuku"), ("しぶ", "Shibuya"), ("シブ", "しぶや"), ("ikebu", "Ikebukuro"),
        ("oo", "Ōsaki"), ("oh", "Ohmiya"), ("oh", "Ohara"), ("おお", "Ōsaki"), ("ōsa", "おおさき"), ("jiyuu", "Jiyugaoka"), ("じゆう", "Jiyugaoka"),
        ("はっ", "Hatchōbori"), ("hacch", "Hatchōbori"), ("hatc", "はっちょうぼり"), ("shin-o", "Shin-Okubo"),
        ("しんお", "Shin-Okubo"), ("市ケ", "市ヶ谷"), ("市ヶ", "市が谷"), ("meiji-j", "めいじじんぐうまえ"),
    ])
    func prefixesFoldToPrefixes(query: String, name: String) {
        #expect(SearchKey.fold(name).hasPrefix(SearchKey.fold(query)), "\(query) → \(SearchKey.fold(query)), \(name) → \(SearchKey.fold(name))")
    }

    /// The edge cases the issue names, one table: っ doubling, ん before a vowel, ー, small kana, ヴ.
    @Test func foldsTheEdgeCases() {
        let table: [(String, String)] = [
            ("さっぽろ", "sapporo"), ("いっちょうめ", "itchome"), ("ろっぽんぎ", "roppongi"), ("がっ", "ga"),
            ("しんおおくぼ", "shinokubo"), ("かんない", "kannai"), ("てんのうず", "tennozu"), ("ぐんま", "gunma"),
            ("しんばし", "shinbashi"), ("しんまち", "shinmachi"), ("セーラー", "sera"), ("ラーメン", "ramen"),
            ("ー", ""), ("ぁぃぅぇぉ", "aiueo"), ("ゃゅょ", "yayuyo"), ("ヴ", "vu"), ("ヴィ", "vi"), ("ヴェルニー", "veruni"),
            ("ｳﾞｪ", "ve"), ("ＡＢＣ１２３", "abc123"), ("Ｓｈｉｎｊｕｋｕ", "shinjuku"), ("ｼﾝｼﾞｭｸ", "shinjuku"),
        ]
        for (input, key) in table {
            #expect(SearchKey.fold(input) == key, "\(input) → \(SearchKey.fold(input)), expected \(key)")
        }
    }

    @Test func splitsNamesIntoWordKeys() {
        #expect(SearchKey.words("Tōkyū Tōyoko Line") == ["tokyu", "toyoko", "line"])
        #expect(SearchKey.words("Meiji-jingumae<Harajuku>") == ["meiji", "jingumae", "harajuku"])
        #expect(SearchKey.words("明治神宮前〈原宿〉") == ["明治神宮前", "原宿"])
        #expect(SearchKey.words("押上（スカイツリー前）") == ["押上", "sukaitsuri前"])
        #expect(SearchKey.words("Shin-Okubo") == ["shin", "okubo"])
        #expect(SearchKey.words("中央・総武各駅停車") == ["中央", "総武各駅停車"])
        #expect(SearchKey.words(" - ・ ").isEmpty)
    }

    @Test func matchesExactThenPrefixThenWordPrefixThenSubstring() {
        let keys = [SearchKey.fold("明治神宮前〈原宿〉"), SearchKey.fold("Meiji-jingumae<Harajuku>")]
        let words = (SearchKey.words("明治神宮前〈原宿〉") + SearchKey.words("Meiji-jingumae<Harajuku>")).joined(separator: " ")
        func match(_ query: String) -> SearchMatch? { SearchMatch.of(SearchKey.fold(query), keys: keys, words: words) }
        #expect(match("明治神宮前〈原宿〉") == .exact)
        #expect(match("meijijingumae harajuku") == .exact)
        #expect(match("めいじ") == .prefix)
        #expect(match("明治") == .prefix)
        #expect(match("harajuku") == .wordPrefix)
        #expect(match("jingu") == .wordPrefix)
        #expect(match("原宿") == .wordPrefix)
        #expect(match("神宮") == .substring)
        #expect(match("ajuku") == .substring)
        #expect(match("shibuya") == nil)
        #expect(match("") == nil)
        #expect(SearchMatch.allCases.sorted() == [.exact, .prefix, .wordPrefix, .substring])
    }

    // MARK: - Real data

    private struct Station: Decodable {
        struct Title: Decodable { let ja: String?; let en: String? }
        let id: String
        let title: Title
    }

    /// <repo>/Tests/EkiCoreTests/SearchKeyTests.swift → <repo>/../shared/data/minitokyo3d/stations.json
    private static let stationsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/minitokyo3d/stations.json")

    @Test func everyMiniTokyo3DStationFoldsToAUsableKey() throws {
        let data = try Data(contentsOf: Self.stationsURL)
        let stations = try JSONDecoder().decode([Station].self, from: data)
        #expect(stations.count > 1000)

        var englishKeys: [String: String] = [:]
        for station in stations {
            let en = try #require(station.title.en, "\(station.id) has no English title")
            let ja = try #require(station.title.ja, "\(station.id) has no Japanese title")
            let enKey = SearchKey.fold(en), jaKey = SearchKey.fold(ja)
            #expect(!enKey.isEmpty && enKey.unicodeScalars.allSatisfy { $0.isASCII }, "\(station.id): \(en) → \(enKey)")
            #expect(!jaKey.isEmpty, "\(station.id): \(ja) → \(jaKey)")
            englishKeys[en] = enKey
        }

        // Well-known names, whatever spelling the data uses.
        let expected: [String: String] = [
            "Shimbashi": "shinbashi", "Oimachi": "oimachi", "Osaki": "osaki", "Shibuya": "shibuya",
            "Hatchō-nawate": "hatchonawate", "Hatchonawate": "hatchonawate", "Keiō-hachiōji": "keiohachioji",
            "Meiji-jingumae<Harajuku>": "meijijingumaeharajuku", "Nakano-Shimbashi": "nakanoshinbashi",
            "Kamiōoka": "kamioka", "Gotemba": "gotenba",
        ]
        for (name, key) in expected {
            let found = try #require(englishKeys[name], "\(name) is not in stations.json")
            #expect(found == key, "\(name)")
        }
        // The kana one would type for a station reaches its English key.
        #expect(SearchKey.fold("しんばし") == englishKeys["Shimbashi"])
        #expect(SearchKey.fold("おおいまち") == englishKeys["Oimachi"])
        #expect(SearchKey.fold("かみおおおか") == englishKeys["Kamiōoka"])
        #expect(SearchKey.fold("けいおうはちおうじ") == englishKeys["Keiō-hachiōji"])
    }
}
