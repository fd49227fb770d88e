import Foundation

/// Other spellings of a folded key, for what `fold` alone cannot meet: names written with kana
/// between kanji or as katakana loanwords, railway names with or without their "line", and a
/// query that stops in the middle of a syllable.
extension SearchKey {
    /// A folded key cut where kanji meets anything else: "jr渋谷" → jr, 渋谷; "shinjuku三丁目" →
    /// shinjuku, 三丁目; "o茶no水" → o, 茶, no, 水. Kanji have no reading here, so a query mixing
    /// scripts can only be compared one script run at a time.
    public static func scriptRuns(_ key: String) -> [String] {
        var runs: [String] = []
        var current = String.UnicodeScalarView()
        var currentIsKanji = false
        for scalar in key.unicodeScalars {
            let kanji = isKanji(scalar.value)
            if !current.isEmpty, kanji != currentIsKanji {
                runs.append(String(current))
                current = String.UnicodeScalarView()
            }
            current.append(scalar)
            currentIsKanji = kanji
        }
        if !current.isEmpty { runs.append(String(current)) }
        return runs
    }

    /// The key of a Japanese name without a lone kana written between two kanji: 四ツ谷 → "四谷",
    /// 市ケ谷 → "市谷", 阿佐ケ谷 → "阿佐谷", 御茶ノ水 → "御茶水". Riders, maps and street signs
    /// often leave that ツ, ケ or ノ out, so "四谷" is the whole name 四ツ谷, not just the start of
    /// 四谷三丁目. Longer kana are words of the name and stay (八王子みなみ野). Nil when no kana
    /// is dropped.
    public static func withoutKanaBetweenKanji(_ name: String) -> String? {
        // Scalars, not Characters: names are NFC, so a kana with its dakuten is one scalar.
        let scalars = Array(name.unicodeScalars)
        func kanji(_ index: Int) -> Bool { scalars.indices.contains(index) && isKanji(scalars[index].value) }
        var kept = String.UnicodeScalarView()
        var dropped = false
        for index in scalars.indices {
            if (0x3041...0x30FA).contains(scalars[index].value), kanji(index - 1), kanji(index + 1) {
                dropped = true
            } else {
                kept.append(scalars[index])
            }
        }
        return dropped ? fold(String(kept)) : nil
    }

    /// The reading of a name of kanji and katakana, from its English name: each kanji run takes
    /// the English word in its place, each katakana run keeps its own romaji. 流通センター +
    /// "Ryutsu Center" → "ryutsusenta", 東京テレポート + "Tokyo Teleport" → "tokyoterepoto", so the
    /// kana a rider types (りゅうつうせんたー) meets the name although its English spells the
    /// loanword in English. Only when the runs and the English words line up one to one, the words
    /// under kanji are Hepburn and the words under katakana are not (they are the English of a
    /// loanword): グリーンスタジアム前 + "Green Stadium" does not line up. Nil otherwise.
    public static func reading(ja: String, en: String) -> String? {
        // Cheap checks first: a katakana run, and an English name of more than one word.
        guard ja.unicodeScalars.contains(where: { (0x30A1...0x30FA).contains($0.value) || (0xFF66...0xFF9F).contains($0.value) }),
              en.utf8.contains(where: { !(0x41...0x5A).contains($0) && !(0x61...0x7A).contains($0) && $0 < 0x80 }) else { return nil }
        var runs: [(text: String, kanji: Bool)] = []
        for word in ja.split(whereSeparator: isWordBreak) {
            var current: (text: String, kanji: Bool)? = nil
            for character in word {
                let value = character.unicodeScalars.first!.value
                let kanji = isKanji(value)
                // Katakana (full or half width) and ー; hiragana or anything else: no reading here.
                guard kanji || (0x30A1...0x30FC).contains(value) || (0xFF66...0xFF9F).contains(value) else { return nil }
                if current?.kanji == kanji {
                    current!.text.append(character)
                } else {
                    if let current { runs.append(current) }
                    current = (String(character), kanji)
                }
            }
            if let current { runs.append(current) }
        }
        let english = words(en)
        guard runs.count == english.count, runs.contains(where: \.kanji), runs.contains(where: { !$0.kanji }) else { return nil }
        var reading = ""
        for (run, word) in zip(runs, english) {
            guard isHepburn(word) == run.kanji else { return nil }
            reading += run.kanji ? word : fold(run.text)
        }
        return reading
    }

    /// Whether a folded word reads as Hepburn syllables (tokyo, ryutsu, shinagawa), as Japanese
    /// names in English do and English words mostly do not (center, isle, seaside, gateway).
    static func isHepburn(_ word: String) -> Bool {
        let letters = Array(word.utf8)
        let vowels = hepburnVowels, onsets = hepburnOnsets
        var index = 0
        while index < letters.count {
            if vowels.contains(letters[index]) { index += 1; continue }
            // ん before a consonant or at the end; a doubled consonant (kk, tch) before its syllable.
            if letters[index] == UInt8(ascii: "n"), index + 1 == letters.count || !vowels.contains(letters[index + 1]) && letters[index + 1] != UInt8(ascii: "y") {
                index += 1; continue
            }
            if index + 1 < letters.count, letters[index] == letters[index + 1] || (letters[index] == UInt8(ascii: "t") && letters[index + 1] == UInt8(ascii: "c")) {
                index += 1
            }
            guard let length = [2, 1].first(where: { length in
                index + length < letters.count && onsets[Array(letters[index..<index + length])]?.contains(letters[index + length]) == true
            }) else { return false }
            index += length + 1
        }
        return true
    }

    private static let hepburnVowels: Set<UInt8> = Set("aeiou".utf8)

    /// Onsets before any vowel, and those only before some ("si", "ti", "tu", "hu" are not Hepburn):
    /// made once, not per word (the search index reads 250 names).
    private static let hepburnOnsets: [[UInt8]: Set<UInt8>] = Dictionary(uniqueKeysWithValues: [
        ("k", "aiueo"), ("g", "aiueo"), ("s", "aueo"), ("z", "aueo"), ("t", "aeo"), ("d", "aeo"), ("n", "aiueo"),
        ("h", "aieo"), ("b", "aiueo"), ("p", "aiueo"), ("m", "aiueo"), ("y", "auo"), ("r", "aiueo"), ("w", "a"),
        ("f", "u"), ("j", "aiuo"), ("sh", "aiuo"), ("ch", "aiuo"), ("ts", "u"), ("ky", "auo"), ("gy", "auo"),
        ("ny", "auo"), ("hy", "auo"), ("by", "auo"), ("py", "auo"), ("my", "auo"), ("ry", "auo"), ("v", "aiueo"),
    ].map { (Array($0.utf8), Set($1.utf8)) })

    /// The words that say "line" after a railway's name, folded: 線, "sen" (せん typed in kana or
    /// romaji), "line".
    public static let lineWords = ["線", "sen", "line"]

    /// A railway key without its final line word: "toyokosen", "toyokoline", "東横線" → toyoko, 東横.
    /// Nil when there is none or nothing would be left.
    public static func withoutLineWord(_ key: String) -> String? {
        let bytes = key.utf8
        for word in lineWords where bytes.count > word.utf8.count && bytes.elementsEqual(word.utf8, suffixOnly: true) {
            return String(decoding: bytes.dropLast(word.utf8.count), as: UTF8.self)
        }
        return nil
    }

    /// How a query that stops in the middle of a syllable may go on: its last `drop` letters
    /// become `add`. Search as you type sees every such moment.
    public struct Ending: Sendable, Equatable {
        public var drop: Int
        public var add: String

        /// `key` with this ending, or nil when it is too short to have it.
        public func apply(to key: String) -> String? {
            let scalars = key.unicodeScalars
            guard scalars.count > drop else { return nil }
            return String(String.UnicodeScalarView(scalars.dropLast(drop))) + add
        }
    }

    /// The other way the folded `key` of `text` may go on, when `text` stops mid-syllable:
    /// - an i-row kana may open a digraph: とうき "toki" → "toky" (とうきょう), しんじ "shinji" →
    ///   "shinj" (しんじゅく), し "shi" → "sh" (しゃ);
    /// - an m after a vowel may be the ん of m before b/m/p, which folds to n: "nihom" → "nihon"
    ///   (nihombashi), "jim" → "jin" (jimbocho);
    /// - a doubled c may be the start of cch, which folds to tch: "hacc" → "hatc" (hacchobori).
    public static func unfinishedEnding(of text: String, key: String) -> Ending? {
        guard let last = text.unicodeScalars.last(where: { !$0.properties.isWhitespace }) else { return nil }
        let scalars = Array(key.unicodeScalars)
        guard let final = scalars.last else { return nil }
        let kana = (0x30A1...0x30F6).contains(last.value) ? last.value - 0x60 : last.value
        // き ぎ し じ ち ぢ に ひ び ぴ み り
        let iRow: Set<UInt32> = [0x304D, 0x304E, 0x3057, 0x3058, 0x3061, 0x3062, 0x306B, 0x3072, 0x3073, 0x3074,
                                 0x307F, 0x308A]
        if iRow.contains(kana), final == "i", scalars.count >= 2 {
            // shi, chi, ji open sha, cha, ja without a y; ki, hi, ri… open kya, hya, rya.
            let stem = scalars.dropLast()
            let palatal = stem.last == "j" || (stem.last == "h" && stem.dropLast().last.map { $0 == "s" || $0 == "c" } == true)
            return Ending(drop: 1, add: palatal ? "" : "y")
        }
        if last == "m" || last == "M", final == "m", scalars.count >= 2, "aeiou".unicodeScalars.contains(scalars[scalars.count - 2]) {
            return Ending(drop: 1, add: "n")
        }
        if last == "c" || last == "C", scalars.count >= 2, final == "c", scalars[scalars.count - 2] == "c" {
            return Ending(drop: 2, add: "tc")
        }
        return nil
    }
}

private extension String.UTF8View {
    /// Whether this ends with `suffix`, byte for byte (folded keys have one spelling each).
    func elementsEqual(_ suffix: String.UTF8View, suffixOnly: Bool) -> Bool {
        count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
