import EkiCore

/// Railways and operators named in a query beside a station: "JR渋谷", "東急 渋谷", "shibuya
/// toyoko", "asakusa ginza". A rider who adds them means that station on that railway, so a
/// station whose railway a token names is matched by the other tokens alone, and its complex then
/// lists only such stations. A token names a railway when it is one of its words (`SearchIndex.
/// Words`), with or without a line word (toyokosen); a line word on its own goes with
/// the token before it ("toyoko sen"). The tokens left must still match the name: "tokyu toyoko"
/// and "ginza sen" name a railway, not a station.
struct RailwayNarrowing {
    private let query: SearchQuery
    /// Per railway, a bit for each token that names it (empty when the query has one token).
    private let masks: [UInt8]
    private let allTokens: UInt8
    private let hasLineWord: Bool
    /// The query without the tokens of a mask, made once per mask.
    private var withoutTokens: [UInt8: SearchQuery?] = [:]

    init(_ query: SearchQuery, index: SearchIndex) {
        self.query = query
        hasLineWord = query.tokens.contains { SearchKey.lineWords.contains($0) || SearchKey.withoutLineWord($0) != nil }
        let count = query.tokens.count
        guard count > 1, count <= SearchQuery.maximumTokens else {
            masks = []
            allTokens = 0
            return
        }
        allTokens = UInt8((1 << count) - 1)
        var masks = [UInt8](repeating: 0, count: index.railways.count)
        for (position, token) in query.tokens.enumerated() {
            if SearchKey.lineWords.contains(token) {
                // A line word goes with the name before it: "toyoko sen" is "toyokosen".
                for railway in masks.indices where position > 0 && masks[railway] & (1 << (position - 1)) != 0 {
                    masks[railway] |= 1 << position
                }
                continue
            }
            let words = index.words
            for railway in words.railways(named: token) ?? [] { masks[Int(railway)] |= 1 << position }
            for railway in SearchKey.withoutLineWord(token).flatMap(words.railways(named:)) ?? [] { masks[Int(railway)] |= 1 << position }
        }
        self.masks = masks
    }

    /// True when every token names the railway at `position` ("tokyu toyoko", "jr yamanote").
    func namesEntirely(railway position: Int) -> Bool {
        !masks.isEmpty && masks[position] == allTokens
    }

    /// How station `station` (an index of the stations of `SearchIndex`) on railway `railway` matches
    /// once the tokens naming its railway are set aside; nil when none does or nothing else matches.
    mutating func rank(_ station: Int, railway: Int, in names: SearchNames) -> SearchRank? {
        guard !masks.isEmpty, railway >= 0 else { return nil }
        let mask = masks[railway]
        guard mask != 0 else { return nil }
        if mask != allTokens { return rank(station, without: mask, in: names) }
        // Every token names the railway ("toei asakusa"): the railway comes first, but one of the
        // tokens may also be the station's name — the Toei Line's 浅草 — so it is offered after,
        // at best as a prefix. Not after a line word: "ginza sen" means the line.
        guard !hasLineWord else { return nil }
        var best: SearchRank? = nil
        for position in query.tokens.indices {
            guard let found = rank(station, without: mask & ~(1 << position), in: names) else { continue }
            best = min(best ?? found, found)
        }
        return best.map { max($0, SearchRank(match: .prefix)) }
    }

    private mutating func rank(_ station: Int, without mask: UInt8, in names: SearchNames) -> SearchRank? {
        let rest: SearchQuery?
        if let made = withoutTokens[mask] {
            rest = made
        } else {
            rest = query.without(tokens: Set(query.tokens.indices.filter { mask & (1 << $0) != 0 }))
            withoutTokens[mask] = rest
        }
        return rest.flatMap { names.rank($0, name: station) }
    }
}

/// The best `limit` results seen so far, best first, kept as they come: no sort of every match.
struct TopResults {
    struct Candidate {
        /// `SearchRank.value`: the match, and whether through another spelling.
        var rank: Int
        var trains: Int
        /// `SearchIndex` tie-break rank: English name, then id.
        var order: Int
        /// A place index, or -1 - a railway index.
        var item: Int

        /// Better match, then more trains, then the name.
        func ranksBefore(_ other: Candidate) -> Bool {
            (rank, -trains, order) < (other.rank, -other.trains, other.order)
        }
    }

    let limit: Int
    private(set) var results: [Candidate] = []

    init(limit: Int) {
        self.limit = limit
        results.reserveCapacity(limit + 1)
    }

    mutating func offer(_ candidate: Candidate) {
        if results.count == limit, let last = results.last, !candidate.ranksBefore(last) { return }
        var index = results.count
        while index > 0, candidate.ranksBefore(results[index - 1]) { index -= 1 }
        results.insert(candidate, at: index)
        if results.count > limit { results.removeLast() }
    }
}
