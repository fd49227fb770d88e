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

    // MARK: - Other spellings and readings of a query (issue 4 review)

    @Test func cutsKeysWhereKanjiMeetsOtherScripts() {
        #expect(SearchKey.scriptRuns("jr渋谷") == ["jr", "渋谷"])
        #expect(SearchKey.scriptRuns("shinjuku三丁目") == ["shinjuku", "三丁目"])
        #expect(SearchKey.scriptRuns("o茶no水") == ["o", "茶", "no", "水"])
        #expect(SearchKey.scriptRuns("shibuya") == ["shibuya"])
        #expect(SearchKey.scriptRuns("") == [])
        #expect(SearchQuery("JR 渋谷").tokens == ["jr", "渋谷"])
        #expect(SearchQuery("しんじゅく三丁目").tokens == ["shinjuku", "三丁目"])
        #expect(SearchQuery("shibuya toyoko").tokens == ["shibuya", "toyoko"])
        #expect(SearchQuery("shibuya toyoko").key == "shibuyatoyoko")
    }

    /// A lone kana between kanji may be left out (四谷 for 四ツ谷); longer kana are words and stay.
    @Test(arguments: [
        ("四ツ谷", "四谷"), ("市ケ谷", "市谷"), ("市ヶ谷", "市谷"), ("阿佐ケ谷", "阿佐谷"), ("御茶ノ水", "御茶水"),
        ("三ッ沢", "三沢"), ("雑司が谷", "雑司谷"),
    ])
    func dropsALoneKanaBetweenKanji(name: String, key: String) {
        #expect(SearchKey.withoutKanaBetweenKanji(name) == key)
    }

    @Test func keepsKanaThatAreWords() {
        for name in ["八王子みなみ野", "渋谷", "押上〈スカイツリー前〉", "流通センター", "ひばりヶ丘", "都筑ふれあいの丘"] {
            #expect(SearchKey.withoutKanaBetweenKanji(name) == nil, "\(name)")
        }
    }

    /// Kanji read by the English word in their place, katakana by their own romaji.
    @Test func readsKanjiAndKatakanaNamesFromTheirEnglish() {
        #expect(SearchKey.reading(ja: "流通センター", en: "Ryutsu Center") == "ryutsusenta")
        #expect(SearchKey.reading(ja: "東京テレポート", en: "Tokyo Teleport") == "tokyoterepoto")
        #expect(SearchKey.reading(ja: "天王洲アイル", en: "Tennozu Isle") == "tennozuairu")
        #expect(SearchKey.reading(ja: "センター北", en: "Center Kita") == "sentakita")
        #expect(SearchKey.reading(ja: "高輪ゲートウェイ", en: "Takanawa Gateway") == "takanawagetowei")
        // Words that do not line up, or no loanword: no reading.
        #expect(SearchKey.reading(ja: "グリーンスタジアム前", en: "Green Stadium") == nil)   // 前 is not "stadium"
        #expect(SearchKey.reading(ja: "お台場海浜公園", en: "Odaiba-kaihinkōen") == nil)     // hiragana
        #expect(SearchKey.reading(ja: "御茶ノ水", en: "Ochanomizu") == nil)
        #expect(SearchKey.reading(ja: "渋谷", en: "Shibuya") == nil)
        #expect(SearchKey.isHepburn("ryutsu") && SearchKey.isHepburn("shinagawa") && SearchKey.isHepburn("tennozu")
                && SearchKey.isHepburn("hatchobori") && SearchKey.isHepburn("kita"))
        #expect(!SearchKey.isHepburn("center") && !SearchKey.isHepburn("seaside") && !SearchKey.isHepburn("gateway")
                && !SearchKey.isHepburn("isle") && !SearchKey.isHepburn("stadium"))
    }

    @Test func foldsTheLineWordOfARailway() {
        #expect(SearchKey.withoutLineWord("toyokosen") == "toyoko")
        #expect(SearchKey.withoutLineWord(SearchKey.fold("やまのてせん")) == "yamanote")
        #expect(SearchKey.withoutLineWord("yamanoteline") == "yamanote")
        #expect(SearchKey.withoutLineWord("東横線") == "東横")
        #expect(SearchKey.withoutLineWord(SearchKey.fold("Hibiya sen")) == "hibiya")
        #expect(SearchKey.withoutLineWord("sen") == nil)
        #expect(SearchKey.withoutLineWord("線") == nil)
        #expect(SearchKey.withoutLineWord("shibuya") == nil)
    }

    /// Input that stops mid-syllable goes on the ways it could; the result is a prefix of the name.
    @Test(arguments: [
        ("nihom", "nihon", "Nihombashi"), ("jim", "jin", "Jimbocho"), ("shim", "shin", "Shimbashi"),
        ("hacc", "hatc", "Hatchobori"), ("HACC", "hatc", "Hatchōbori"), ("とうき", "toky", "Tokyo"),
        ("しんじ", "shinj", "Shinjuku"), ("し", "sh", "しょうなん"), ("ひ", "hy", "ひょうご"), ("ち", "ch", "ちょうふ"),
        ("りょうご", nil, "Ryogoku"), ("shibuya", nil, "Shibuya"), ("m", nil, "Machida"), ("hac", nil, "Hachioji"),
        ("ジ", "j", "ジュウジョウ"), ("ki", nil, "Kichijoji"),
    ] as [(String, String?, String)])
    func finishesUnfinishedSyllables(typed: String, finished: String?, name: String) {
        let query = SearchQuery(typed)
        #expect(query.unfinishedKey == finished, "\(typed)")
        if let finished { #expect(SearchKey.fold(name).hasPrefix(finished), "\(name)") }
    }

    /// The kinds of match for the readings of a query against real names.
    @Test func matchesQueriesThatMixScripts() {
        func name(_ ja: String, _ en: String) -> SearchName {
            SearchName(keys: [SearchKey.fold(ja), SearchKey.fold(en)],
                       otherSpellings: [SearchKey.withoutKanaBetweenKanji(ja), SearchKey.reading(ja: ja, en: en)].compactMap { $0 },
                       words: (SearchKey.words(ja) + SearchKey.words(en)).joined(separator: " "))
        }
        func match(_ query: String, _ ja: String, _ en: String) -> SearchMatch? { SearchMatch.of(SearchQuery(query), name: name(ja, en)) }
        #expect(match("しんじゅく三丁目", "新宿三丁目", "Shinjuku-sanchome") == .exact)
        #expect(match("新宿さんちょうめ", "新宿三丁目", "Shinjuku-sanchome") == .exact)
        #expect(match("しんじゅく三丁", "新宿三丁目", "Shinjuku-sanchome") == .prefix)
        #expect(match("大さき", "大崎", "Osaki") == .exact)
        #expect(match("おお崎", "大崎", "Osaki") == .exact)
        #expect(match("おお崎", "大崎広小路", "Osakihirokoji") == .prefix)
        // Four kanji before 崎 and one syllable typed: not the start of 落合南長崎.
        #expect(match("おお崎", "落合南長崎", "Ochiai-minami-nagasaki") == .substring)
        #expect(match("お茶の水", "御茶ノ水", "Ochanomizu") == .exact)
        #expect(match("お茶の水", "新御茶ノ水", "Shin-ochanomizu") == .substring)
        #expect(match("大さき", "渋谷", "Shibuya") == nil)
        // Unfinished input is at best a prefix.
        #expect(match("nihom", "日本橋", "Nihombashi") == .prefix)
        #expect(match("hacc", "八丁堀", "Hatchobori") == .prefix)
        #expect(match("jim", "神保町", "Jimbocho") == .prefix)
        #expect(match("jim", "拝島", "Haijima") == .substring)
        // Other spellings: exact, ranked after the name as written.
        #expect(match("四谷", "四ツ谷", "Yotsuya") == .exact)
        #expect(match("四谷", "四谷三丁目", "Yotsuya-sanchome") == .prefix)
        #expect(match("りゅうつうせんたー", "流通センター", "Ryutsu Center") == .exact)
        #expect(match("とうきょうてれぽーと", "東京テレポート", "Tokyo Teleport") == .exact)
        let written = SearchMatch.rank(SearchQuery("池上"), name: name("池上", "Ikegami"))
        let other = SearchMatch.rank(SearchQuery("池上"), name: name("池ノ上", "Ikenoue"))
        #expect(written == SearchRank(match: .exact) && other == SearchRank(match: .exact, throughOtherSpelling: true))
        #expect(written! < other!)
        #expect(other! < SearchRank(match: .prefix))
    }

    @Test func setsRailwayWordsApart() {
        let query = SearchQuery("東急渋谷").splitting(at: Set(["東急", "jr", "toyoko"]).contains)
        #expect(query.tokens == ["東急", "渋谷"])
        #expect(query.without(tokens: [0])?.key == "渋谷")
        #expect(query.without(tokens: [0, 1]) == nil)
        // Kanji only, and never a word that is a railway name itself.
        #expect(SearchQuery("shinji").splitting(at: Set(["shin"]).contains).tokens == ["shinji"])
        #expect(SearchQuery("東横").splitting(at: Set(["東横", "東"]).contains).tokens == ["東横"])
        // The unfinished ending stays with the last token.
        #expect(SearchQuery("jr nihom").without(tokens: [0])?.unfinishedKey == "nihon")
        #expect(SearchQuery("nihom jr").without(tokens: [1])?.unfinishedKey == nil)
    }
}
