import Foundation

/// The search key of a station or railway name, and of whatever a rider types to find one.
///
/// The data has no kana readings: a name's reading is the romaji of its English title. So every
/// script a rider might type is folded onto one romaji-based spelling, and the same function builds
/// the keys of the Japanese and English names at import time. A query matches when its key is a
/// substring (or prefix) of a name's key. What one key cannot meet is met by other spellings
/// (`SearchKey+Variants.swift`: 四谷 for 四ツ谷, the kana reading of 流通センター, railway names
/// with or without 線/sen/line, input stopped mid-syllable) and by reading a query token by token
/// when it mixes scripts or names an operator (`SearchQuery`).
///
/// The folding, in order:
/// 1. NFKC: full-width letters and digits become ASCII, half-width katakana become full-width.
/// 2. One scan over the scalars:
///    - ASCII is lower-cased; Latin letters with diacritics lose them (ō → o, Ū → u).
///    - m before b, m, p in the same word → n (Shimbashi = しんばし → "shinbashi"). It is done here,
///      where word boundaries are still visible, so the m of Fujifilm-Mae stays.
///    - Hiragana and katakana become Hepburn romaji: きゃ kya, しゃ sha, ぢ ji, づ zu, ゐ i, ゑ e,
///      を o, ん n, ヴ vu, ファ fa, ティ ti, ディ di, シェ she, ウィ wi, イェ ye.
///    - っ doubles the next consonant, and before ch gives t (Hepburn: はっちょう → hatcho).
///      A っ with nothing to double (at the end of a partial query) is dropped.
///    - ー, ヽ, ヾ and all punctuation, spaces, hyphens, apostrophes (n'), ・ and brackets are dropped.
///    - Kanji (and 々 〆 〇) stay kanji, so a kanji query matches the Japanese key by substring.
///    - ヶ and ヵ are always "ga" (in names they are the particle が: 霞ヶ関, 千駄ヶ谷). A full-size ケ
///      right after a kanji and before a kanji or the end of the text is that same particle
///      (市ケ谷, 阿佐ケ谷); everywhere else ケ is "ke" (ケーブル). Since が is "ga" anyway,
///      市ヶ谷, 市ケ谷 and 市が谷 all fold to "市ga谷". Kana between kanji is romanised like any kana:
///      御茶ノ水 and 御茶の水 both fold to "御茶no水".
/// 3. One scan over the romaji, so typed spellings meet Hepburn and kana:
///    - long vowels: an o or u after o is dropped, and u after u (ou, oo, ō → o; uu, ū → u).
///      This runs after romanisation, so おおいまち = ooimachi = Ōimachi = Oimachi → "oimachi".
///    - "oh" before a consonant or at the end is a long o too (Ohmiya → omiya, Inuboh → inubo);
///      "oh" before a vowel stays (Ohara).
///    - cch → tch, so the IME spelling "hacchou" meets Hepburn "Hatchō" and はっちょう → "hatcho".
///
/// Everything but a few look-aheads is left to right, so a prefix of a name (shinj, しぶ → shibu)
/// folds to a prefix of the name's key. The exceptions are an unfinished digraph (し → shi, not the
/// sh of しゃ) and a query ending just before the letter that would change it (shim is not a prefix
/// of shinbashi, nor hacc of hatcho): `unfinishedEnding` gives search those other ways to go on. Vowels other than o/u are not folded (ii, ei stay: にいがた = niigata), and
/// katakana long marks are simply dropped (センター → senta).
public enum SearchKey {
    /// The one folding used for names at import and for queries.
    public static func fold(_ text: String) -> String {
        // NFKC only changes what is not already plain ASCII, kana or kanji; skip the Foundation
        // calls for those (typed romaji, most kana and kanji names: they cost microseconds each).
        // The extra NFC pass is for Linux Foundation, whose NFKC leaves ﾌﾞ as フ + U+3099, not ブ.
        let normalized = text.unicodeScalars.allSatisfy(isStableUnderNFKC) ? text
            : text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
        return foldRomaji(romanize(Array(normalized.unicodeScalars)))
    }

    /// The keys of a name's words, for "word prefix" matches: "Tōkyū Tōyoko Line" → tokyu, toyoko,
    /// line; "明治神宮前〈原宿〉" → 明治神宮前, 原宿. Words end at spaces, hyphens, brackets, ・ and
    /// other punctuation — the places `fold` drops.
    public static func words(_ text: String) -> [String] {
        text.split(whereSeparator: isWordBreak).map { fold(String($0)) }.filter { !$0.isEmpty }
    }

    /// Spaces, hyphens, brackets, ・ and other punctuation: what separates the words of a name.
    static func isWordBreak(_ character: Character) -> Bool {
        !character.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            && character != "ー" && character != "ｰ"
    }

    // MARK: - Step 2: kana to romaji, everything else to lower case or nothing

    /// Hepburn for U+3041 ぁ … U+3096 ゖ, one entry per code point. Small kana (ぁ ゃ っ …) have
    /// entries too, used only when they stand alone; in context they are handled in `romanize`.
    private static let hiragana: [[Unicode.Scalar]] = """
        a a i i u u e e o o ka ga ki gi ku gu ke ge ko go sa za shi ji su zu se ze so zo \
        ta da chi ji tsu tsu zu te de to do na ni nu ne no ha ba pa hi bi pi fu bu pu he be pe \
        ho bo po ma mi mu me mo ya ya yu yu yo yo ra ri ru re ro wa wa i e o n vu ka ke
        """.split(separator: " ").map { Array($0.unicodeScalars) }

    /// Latin letters with diacritics (U+00C0–U+024F) → their lower-case ASCII base letter, where
    /// they have one. Built once; the romanised English titles use ō and ū.
    private static let latinBase: [UInt32: Unicode.Scalar] = {
        var table: [UInt32: Unicode.Scalar] = [:]
        for value in UInt32(0xC0)...0x24F {
            guard let scalar = Unicode.Scalar(value),
                  let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                  base.isASCII, base.properties.isAlphabetic else { continue }
            table[value] = lowerASCII(base)
        }
        return table
    }()

    private static func romanize(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(input.count * 3)
        var syllableStart: Int? = nil   // where the last kana syllable begins in `out`, for digraphs
        var pendingSokuon = false       // a っ waiting for the next syllable

        func emit(_ romaji: [Unicode.Scalar]) {
            let start = out.count
            if pendingSokuon, let first = romaji.first, isConsonant(first) {
                out.append(first == "c" ? "t" : first)   // っち → tchi, っか → kka
            }
            pendingSokuon = false
            out.append(contentsOf: romaji)
            syllableStart = start
        }

        for (index, scalar) in input.enumerated() {
            let value = scalar.value
            // Katakana shares the hiragana layout 0x60 higher; ヷ ヸ ヹ ヺ have no hiragana twin.
            var kana: UInt32? = nil
            if (0x3041...0x3096).contains(value) { kana = value }
            if (0x30A1...0x30F6).contains(value) { kana = value - 0x60 }

            guard let kana else {
                switch value {
                case 0x30F7...0x30FA: emit(["v", ["a", "i", "e", "o"][Int(value - 0x30F7)]])
                case 0x30FC, 0x30FD, 0x30FE, 0x309D, 0x309E:
                    continue   // ー and iteration marks: dropped, the syllable stays open
                default:
                    pendingSokuon = false
                    syllableStart = nil
                    if scalar.isASCII {
                        if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                            // Shimbashi, Namba: Hepburn's m before b, m, p is ん, always "n" here.
                            // Only inside a word: the m of Fujifilm-Mae stays.
                            let next = index + 1 < input.count ? lowerASCII(input[index + 1]) : " "
                            let isNasalM = lowerASCII(scalar) == "m" && "bmp".unicodeScalars.contains(next)
                            out.append(isNasalM ? "n" : lowerASCII(scalar))
                        }
                    } else if let base = latinBase[value] {
                        out.append(base)
                    } else if isKanji(value) {
                        out.append(scalar)
                    } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                        out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                    }
                }
                continue
            }

            switch kana {
            case 0x3063:   // っ
                pendingSokuon = true
            case 0x3083, 0x3085, 0x3087:   // ゃ ゅ ょ: きゃ kya, しゃ sha, ちゃ cha, じゃ ja, フュ fyu
                let vowel: Unicode.Scalar = kana == 0x3083 ? "a" : kana == 0x3085 ? "u" : "o"
                guard let start = syllableStart, out.count > start else {
                    emit(["y", vowel]); syllableStart = nil; continue   // a small ゃ on its own opens nothing
                }
                if isVowel(out[out.count - 1]) { out.removeLast() }
                let n = out.count - start
                let sh = n >= 2 && out[out.count - 1] == "h" && "sc".unicodeScalars.contains(out[out.count - 2])
                let j = n >= 1 && out[out.count - 1] == "j"
                if !(sh || j) { out.append("y") }
                out.append(vowel)
            case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049:   // ぁ ぃ ぅ ぇ ぉ: ファ fa, ティ ti, シェ she
                let vowel = hiragana[Int(kana - 0x3041)][0]
                let syllable = syllableStart.map { Array(out[$0...]) } ?? []
                if syllable == ["u"] {
                    out[syllableStart!] = "w"   // ウィ wi, ウェ we, ウォ wo
                } else if syllable == ["i"] {
                    out[syllableStart!] = "y"   // イェ ye
                } else if syllable.count >= 2, isVowel(syllable[syllable.count - 1]) {
                    out.removeLast()            // テ+ィ → t+i, シ+ェ → sh+e, フ+ァ → f+a
                } else {
                    emit([vowel]); syllableStart = nil; continue   // on its own, or after ア: just the vowel
                }
                out.append(vowel)
                syllableStart = nil             // フィ is whole: a second small kana stands alone
            case 0x3095, 0x3096:   // ヵ ヶ (and ゕ ゖ): the particle が in names
                emit(["g", "a"])
            case 0x3051 where value == 0x30B1   // ケ between kanji (or kanji and the end): が too
                && index > 0 && isKanji(input[index - 1].value)
                && (index + 1 == input.count || isKanji(input[index + 1].value)):
                emit(["g", "a"])
            default:
                emit(hiragana[Int(kana - 0x3041)])
            }
        }
        return out
    }

    // MARK: - Step 3: fold romaji spellings

    private static func foldRomaji(_ text: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var last: Unicode.Scalar? = nil
        for index in text.indices {
            var scalar = text[index]
            let next: Unicode.Scalar? = index + 1 < text.count ? text[index + 1] : nil
            switch scalar {
            case "o", "u":
                // ou, oo → o; uu → u. Runs of any length collapse: おおお, ōo.
                if last == "o" || (scalar == "u" && last == "u") { continue }
            case "h":
                // Ohmiya, Inuboh: a long o written "oh". Before a vowel or y it is a real h (Ohara).
                if last == "o", next.map({ isConsonant($0) && $0 != "y" }) ?? true { continue }
            case "c":
                // hacchou → hatcho, as Hepburn and っち write it. Only before ch: access stays.
                if next == "c", index + 2 < text.count, text[index + 2] == "h" { scalar = "t" }
            default:
                break
            }
            out.append(scalar)
            last = scalar
        }
        return String(out)
    }

    // MARK: - Character classes

    private static func lowerASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    private static func isVowel(_ scalar: Unicode.Scalar) -> Bool {
        "aeiou".unicodeScalars.contains(scalar)
    }

    /// A lower-case ASCII letter that is not a vowel.
    private static func isConsonant(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) && !isVowel(scalar)
    }

    /// Scalars NFKC leaves as they are and that need no composing: ASCII, hiragana, katakana
    /// (full width, with ー), 々 〆 〇, and the unified ideographs. Not the compatibility
    /// ideographs, half-width forms or combining marks.
    private static func isStableUnderNFKC(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x7F, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC, 0x3005...0x3007, 0x4E00...0x9FFF: true
        default: false
        }
    }

    /// CJK ideographs (unified, extension A, compatibility, supplementary planes) and 々 〆 〇.
    static func isKanji(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0x20000...0x3134F).contains(value)
            || (0x3005...0x3007).contains(value)
    }
}
