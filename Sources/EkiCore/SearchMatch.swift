/// How well a folded query matches a name, best first: search ranks results by it before size.
public enum SearchMatch: Int, Comparable, Sendable, CaseIterable {
    /// The whole name (しぶや → 渋谷).
    case exact
    /// The start of the name (shinj → 新宿, 新宿三丁目).
    case prefix
    /// The start of a later word (toyoko → Tōkyū Tōyoko Line, harajuku → Meiji-jingumae〈Harajuku〉).
    case wordPrefix
    /// Anywhere inside the name (谷 → 市ヶ谷, 渋谷).
    case substring

    public static func < (a: SearchMatch, b: SearchMatch) -> Bool { a.rawValue < b.rawValue }

    /// The best match of a folded `query` against a name's folded `keys` and its `words` (word keys
    /// joined by spaces, as stored), or nil.
    public static func of(_ query: String, keys: [String], words: String) -> SearchMatch? {
        of(SearchQuery(folded: query), name: SearchName(keys: keys, words: words))
    }

    /// The best match of every reading of `query` (`SearchQuery`) against `name`, or nil.
    public static func of(_ query: SearchQuery, name: SearchName) -> SearchMatch? {
        rank(query, name: name)?.match
    }

    /// The same, with whether only another spelling of the name matched. Search compares many
    /// names at once through `SearchNames`; this is the one-name form.
    public static func rank(_ query: SearchQuery, name: SearchName) -> SearchRank? {
        SearchNames(name).rank(query, name: 0)
    }
}

/// A match and how it was reached: a match through another spelling of a name (四谷 for 四ツ谷,
/// 山手 for 山手線) ranks right after the same match of a name as written, so the station really
/// called 池上 comes before 池ノ上 when a rider types 池上.
public struct SearchRank: Comparable, Sendable {
    public var match: SearchMatch
    public var throughOtherSpelling: Bool

    public init(match: SearchMatch, throughOtherSpelling: Bool = false) {
        self.match = match
        self.throughOtherSpelling = throughOtherSpelling
    }

    /// One integer, best (smallest) first: exact 0, exact through another spelling 1, prefix 2…
    public var value: Int { match.rawValue * 2 + (throughOtherSpelling ? 1 : 0) }

    public init?(value: Int) {
        guard let match = SearchMatch(rawValue: value / 2) else { return nil }
        self.init(match: match, throughOtherSpelling: value % 2 == 1)
    }

    public static func < (a: SearchRank, b: SearchRank) -> Bool { a.value < b.value }
}
