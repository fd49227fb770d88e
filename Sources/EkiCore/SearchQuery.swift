/// What a rider typed, folded once per search in every way it is compared with names.
///
/// A query is read three ways, and a name matches when any of them does (`SearchMatch.of`):
/// 1. Whole: the folded text against the name's keys (exact, prefix, word prefix, substring).
/// 2. Unfinished: the same with the last syllable going on the way it could ("nihom" → nihon…,
///    とうき → toky…, "hacc" → hatc…; `SearchKey.unfinishedEnding`). At best a prefix: the rider
///    has not finished typing.
/// 3. Token by token, for a mix of scripts: riders type the part they know in kanji and the rest in
///    kana (しんじゅく三丁目, 新宿さんちょうめ, 大さき, お茶の水). Kanji carry no reading here, so
///    the query is cut into words and script runs (`tokens`), and each token must be found in one
///    of the name's keys — kanji in the Japanese key, romaji in any — in the order typed within
///    each key. A token match is "exact" when the first token starts its key and the last ends
///    its key (大さき: 大 starts 大崎, "saki" ends "osaki"), "prefix" when only the first does,
///    else "substring". Kanji have no readings here, so what lies between cannot be checked
///    exactly; one thing can: every kanji of the name not typed needs at least one syllable of
///    the kana typed (a vowel), so おお崎 is exact for 大崎 (大 ← "o") but only a prefix of
///    落合南長崎 (four kanji for one "o").
/// Tokens that name an operator or a railway (JR, 東急, toyoko) are the store's business: it
/// narrows a station to those railways and matches the rest (`without(tokens:)`).
public struct SearchQuery: Sendable {
    /// The whole text folded (`SearchKey.fold`).
    public let key: String
    /// Its words and script runs, folded: "JR 渋谷" and "JR渋谷" → jr, 渋谷.
    public let tokens: [String]
    /// How the last syllable may go on, when the text stops in the middle of one.
    public let ending: SearchKey.Ending?

    /// What is compared, as UTF-8 in one buffer (`SearchNames` reads it without copies): the key,
    /// the key and the last token finished by `ending`, then each token.
    let bytes: [UInt8]
    let keyRange: Range<Int>
    let unfinishedKeyRange: Range<Int>?
    let unfinishedLastTokenRange: Range<Int>?
    let tokenRanges: [Range<Int>]
    /// Kanji and romaji vowels (about one a syllable) in the tokens: a token match is only exact
    /// when the syllables typed could read the kanji not typed (`SearchNames`).
    let typedKanji: Int
    let typedVowels: Int

    /// Token matching tries every key for every token; past this many tokens only the whole
    /// query is compared (no name has that many parts, and nonsense input stays cheap).
    public static let maximumTokens = 6

    public init(_ text: String) {
        let key = SearchKey.fold(text)
        self.init(key: key, tokens: SearchKey.words(text).flatMap(SearchKey.scriptRuns),
                  ending: SearchKey.unfinishedEnding(of: text, key: key))
    }

    /// A query of one already folded key (a railway name without its line word, say).
    public init(folded key: String) {
        self.init(key: key, tokens: key.isEmpty ? [] : [key], ending: nil)
    }

    init(key: String, tokens: [String], ending: SearchKey.Ending?) {
        self.key = key
        self.tokens = tokens
        self.ending = ending
        var bytes: [UInt8] = []
        func add(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes += text.utf8
            return start..<bytes.count
        }
        keyRange = add(key)
        unfinishedKeyRange = ending.flatMap { $0.apply(to: key) }.map(add)
        unfinishedLastTokenRange = tokens.last.flatMap { last in ending.flatMap { $0.apply(to: last) } }.map(add)
        tokenRanges = tokens.map(add)
        self.bytes = bytes
        typedKanji = tokens.reduce(0) { $0 + $1.unicodeScalars.filter { !$0.isASCII }.count }
        typedVowels = tokens.reduce(0) { $0 + $1.unicodeScalars.filter { "aeiou".unicodeScalars.contains($0) }.count }
    }

    public var isEmpty: Bool { key.isEmpty }

    /// The whole key as the rider may finish it, if the text stops mid-syllable.
    public var unfinishedKey: String? { ending.flatMap { $0.apply(to: key) } }

    /// The query without some tokens (those naming a railway, say): "JR渋谷" without jr is 渋谷.
    /// Nil when no token would be left.
    public func without(tokens dropped: Set<Int>) -> SearchQuery? {
        let kept = tokens.indices.filter { !dropped.contains($0) }
        guard let last = kept.last else { return nil }
        return SearchQuery(key: kept.map { tokens[$0] }.joined(), tokens: kept.map { tokens[$0] },
                           ending: last == tokens.count - 1 ? ending : nil)
    }

    /// The query with each kanji token split where it starts or ends with a word for which `isWord` (operator
    /// and railway names): "東急渋谷" → 東急, 渋谷, as if typed "東急 渋谷". Kanji only: a kanji
    /// name is written without spaces, while romaji riders space their words, and cutting romaji at
    /// known words finds nonsense ("shinji" is not the Shinjuku Line's "shin" and a "ji").
    public func splitting(at isWord: (String) -> Bool) -> SearchQuery {
        var split: [String] = []
        for token in tokens {
            let scalars = Array(token.unicodeScalars)
            // Two kanji a side at least; checked first, so short queries never ask for the words.
            guard scalars.count >= 4, scalars.allSatisfy({ SearchKey.isKanji($0.value) }), !isWord(token) else {
                split.append(token)
                continue
            }
            func text(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
            var parts = [token]
            // The longest known word at the start, else at the end, leaving at least two kanji.
            for length in stride(from: scalars.count - 2, through: 2, by: -1) {
                if isWord(text(scalars[..<length])) {
                    parts = [text(scalars[..<length]), text(scalars[length...])]
                    break
                }
                if isWord(text(scalars[(scalars.count - length)...])) {
                    parts = [text(scalars[..<(scalars.count - length)]), text(scalars[(scalars.count - length)...])]
                    break
                }
            }
            split += parts
        }
        guard split != tokens else { return self }
        return SearchQuery(key: key, tokens: split, ending: ending)
    }
}
