import EkiCore
import Foundation

/// One thing a rider can be looking for: a station complex, or a railway.
public enum SearchResult: Sendable {
    case station(StationResult)
    case railway(RailwayResult)

    public struct StationResult: Sendable {
        public var complex: Reference.Complex
        /// The station whose name matched best (its name is the result's title: 溜池山王, not its
        /// complex partner 国会議事堂前, when the rider typed "tameike").
        public var title: Reference.Station
        /// The complex's stations trains leave from, one per railway (only those of the railways
        /// the query named, when it named some: JR渋谷).
        public var stations: [Reference.Station]
        public var rank: SearchRank
        /// Trains stopping at the whole complex, all calendars together: big stations rank first.
        public var trains: Int
        public var match: SearchMatch { rank.match }
    }

    public struct RailwayResult: Sendable {
        public var railway: Reference.Railway
        public var rank: SearchRank
        public var match: SearchMatch { rank.match }
    }

    public var match: SearchMatch { rank.match }

    /// How it matched, and whether only through another spelling (四谷 for 四ツ谷).
    public var rank: SearchRank {
        switch self {
        case .station(let result): result.rank
        case .railway(let result): result.rank
        }
    }

    public var trains: Int {
        switch self {
        case .station(let result): result.trains
        case .railway(let result): result.railway.trains
        }
    }
}

/// Search text a rider can type but Eki will not look up.
public enum SearchError: Error, CustomStringConvertible, Equatable {
    case tooLong(characters: Int)
    case controlCharacters
    case notUTF8

    /// Counted in Unicode scalars, not Characters: "a" and 50,000 combining accents is one
    /// Character, and folding it would take seconds. Kana and kanji are one scalar each.
    public static let maximumLength = 64

    public var description: String {
        switch self {
        case .tooLong(let count):
            "the search text is too long (\(count) characters; at most \(Self.maximumLength))"
        case .controlCharacters:
            "the search text contains control characters"
        case .notUTF8:
            "the search text is not valid UTF-8"
        }
    }

    /// The same in Japanese, for the pages.
    public var ja: String {
        switch self {
        case .tooLong: "検索語が長すぎます（\(Self.maximumLength)文字まで）"
        case .controlCharacters: "検索語に使えない文字が含まれています"
        case .notUTF8: "検索語の文字を読めません"
        }
    }

    /// The one check of search text, for the command line and the HTTP API alike. Bytes that were
    /// not UTF-8 reach Swift as U+FFFD (the command line's arguments, percent-decoded URLs); no
    /// name holds it, so it can only mean broken input.
    public static func check(_ text: String) throws {
        var count = 0, control = false, broken = false
        for scalar in text.unicodeScalars {
            count += 1
            control = control || scalar.properties.generalCategory == .control
            broken = broken || scalar == "\u{FFFD}"
        }
        guard count <= maximumLength else { throw tooLong(characters: count) }
        guard !control else { throw controlCharacters }
        guard !broken else { throw notUTF8 }
    }
}

extension Timetable {
    /// Station complexes and railways matching what a rider typed, in any script or a mix, best
    /// first: exact > prefix > word prefix > substring (`SearchQuery` says how each reading of the
    /// query counts), then the busier station or railway, then the data's order (so equal results
    /// always come in the same order). A query naming an
    /// operator or railway beside a station (JR渋谷, 東急 渋谷, "shibuya toyoko") narrows that
    /// station to those railways. An empty or unmatched query gives no results.
    ///
    /// Every name is compared, but only the best `limit` results are kept as they come (ranked by
    /// integers precomputed in `SearchIndex`) and only they are built: a one-letter query matches
    /// most of the 1,800 complexes, and sorting them all by names was most of its time.
    public func search(_ text: String, limit: Int = 10) throws -> [SearchResult] {
        try SearchError.check(text)
        let found = try searchAsTyped(text, limit: limit)
        guard found.isEmpty, limit > 0 else { return found }
        // Nothing as typed: Kunrei/Nihon-shiki spellings (sibuya, tyuo), then one slip of a
        // letter (shinjku) against the stations' romaji, busiest first (SearchKey+Forgiving).
        if let hepburn = SearchKey.hepburn(text), hepburn != text {
            let again = try searchAsTyped(hepburn, limit: limit)
            if !again.isEmpty { return again }
        }
        guard let name = oneSlipStation(text) ?? SearchKey.hepburn(text).flatMap(oneSlipStation) else { return [] }
        return try searchAsTyped(name, limit: limit)
    }

    /// The Japanese name of the busiest station whose romaji the text begins with, but for one
    /// slip; nil for short text (four letters and one slip match half the names) or non-romaji.
    func oneSlipStation(_ text: String) -> String? {
        let key = Array(SearchKey.fold(text).utf8)
        guard key.count >= 5, key.allSatisfy({ (0x61...0x7A).contains($0) }) else { return nil }
        let index = searchIndex
        var best: (trains: Int32, station: Int)? = nil
        for (station, facts) in index.stationFacts.enumerated() where best.map({ facts.trains > $0.trains }) ?? true {
            guard index.stationNames.writtenKeys(of: station).contains(where: { SearchKey.isOneSlipPrefix(key, of: $0) }) else { continue }
            best = (facts.trains, station)
        }
        return best.flatMap { reference.stations[id: index.stationId($0.station)]?.name.ja }
    }

    private func searchAsTyped(_ text: String, limit: Int) throws -> [SearchResult] {
        let index = searchIndex
        let query = SearchQuery(Self.withoutStationWord(text)).splitting { index.words.railways(named: $0) != nil }
        guard !query.isEmpty, limit > 0 else { return [] }
        var narrowing = RailwayNarrowing(query, index: index)

        // The best-matching station of each complex: its match, and whether a railway named in
        // the query narrowed it.
        let none = UInt8.max
        var bestMatch = [UInt8](repeating: none, count: index.placeCount)
        var bestStation = [Int](repeating: -1, count: index.placeCount)
        var narrowedPlace = [Bool](repeating: false, count: index.placeCount)
        let idMatch = index.station(id: text)
        index.stationNames.withMatcher(query) { matcher in
            index.stationFacts.withUnsafeBufferPointer { facts in
                for position in facts.indices {
                    let station = facts[position]
                    var rank = position == idMatch ? SearchRank(match: .exact) : matcher.rank(position)
                    var narrowed = false
                    if rank?.value != 0,
                       let found = narrowing.rank(position, railway: Int(station.railway), in: index.stationNames),
                       rank.map({ found < $0 }) ?? true {
                        rank = found
                        narrowed = true
                    }
                    guard let rank else { continue }
                    let place = Int(station.place), raw = UInt8(rank.value)
                    if bestMatch[place] != none,
                       (bestMatch[place], -facts[bestStation[place]].trains) <= (raw, -station.trains) { continue }
                    bestMatch[place] = raw
                    bestStation[place] = position
                    narrowedPlace[place] = narrowed
                }
            }
        }

        var top = TopResults(limit: limit)
        for place in 0 ..< index.placeCount where bestMatch[place] != none {
            // A station's order is its place in search's list: the data's station order.
            top.offer(.init(rank: Int(bestMatch[place]), trains: Int(index.placeTrains[place]),
                            order: bestStation[place], item: place))
        }
        let lineless = SearchKey.withoutLineWord(query.key).map(SearchQuery.init(folded:))
        let railwayIdMatch = index.railwaysById[text]
        for position in index.timetabledRailways {
            // One ranking for both kinds: a railway's trains are all its trains, a station's all
            // that stop there, so 東横 finds the Toyoko Line (1,300 trains) before 東横田 (40).
            let entry = index.railways[position]
            guard let rank = position == railwayIdMatch ? SearchRank(match: .exact)
                    : railwayRank(entry, at: position, in: index, query: query, lineless: lineless, narrowing: narrowing)
            else { continue }
            top.offer(.init(rank: rank.value, trains: entry.railway.trains, order: index.stationCount + position, item: -1 - position))
        }

        return top.results.compactMap { candidate -> SearchResult? in
            guard let rank = SearchRank(value: candidate.rank) else { return nil }
            guard candidate.item >= 0 else {
                return .railway(.init(railway: index.railways[-1 - candidate.item].railway, rank: rank))
            }
            let place = candidate.item
            guard let complex = reference.complexes[ComplexHandle(index.placeComplexes[place])],
                  let title = reference.stations[id: index.stationId(bestStation[place])] else { return nil }
            var members = index.members(ofPlace: place).map(Int.init)
            if narrowedPlace[place] {
                // "JR渋谷" lists 渋谷's JR stations, not its Tokyu and Metro ones.
                members = members.filter { index.stationNames.rank(query, name: $0) != nil
                    || narrowing.rank($0, railway: Int(index.stationFacts[$0].railway), in: index.stationNames) != nil }
            }
            return .station(.init(complex: complex, title: title,
                                  stations: members.compactMap { reference.stations[id: index.stationId($0)] },
                                  rank: rank, trains: Int(index.placeTrains[place])))
        }
    }

    /// How a railway matches by name in any script (with or without 線, sen, line: the index
    /// keeps both), or — when every word typed names it — as a word prefix ("jr yamanote").
    private func railwayRank(_ entry: SearchIndex.Railway, at position: Int, in index: SearchIndex, query: SearchQuery,
                             lineless: SearchQuery?, narrowing: RailwayNarrowing) -> SearchRank? {
        var rank = index.railwayNames.rank(query, name: position)
        // "toyokosen", "やまのてせん", "Hibiya sen": the name and a line word, in kana or romaji.
        // The rider said "line", so 山手 + せん is the Yamanote Line as written, not another spelling.
        if rank?.value != 0, let lineless, var found = index.railwayNames.rank(lineless, name: position), found.match <= .wordPrefix {
            found.throughOtherSpelling = false
            rank = min(rank ?? found, found)
        }
        // Words that each name it, in another order or with its operator's other name ("jr
        // yamanote"): a word prefix. (Operator and name together are spellings of the name.)
        let named = SearchRank(match: .wordPrefix)
        if rank.map({ $0 > named }) ?? true, narrowing.namesEntirely(railway: position) {
            rank = named
        }
        return rank
    }

    var searchIndex: SearchIndex {
        searchIndexOnce.withLock { index in
            if let index { return index }
            let made = keptSearchIndex.withLock { $0 }.map { SearchIndex.kept(reference, in: $0) } ?? SearchIndex(reference)
            index = made
            return made
        }
    }

    /// "渋谷駅" and "Shibuya Station" mean 渋谷: the word for station is not part of any name here.
    static func withoutStationWord(_ text: String) -> String {
        var text = trimmingWhitespace(text)
        for suffix in ["駅", " station", " sta.", " sta", " eki"] where text.count > suffix.count {
            if text.lowercased().hasSuffix(suffix) { text = String(text.dropLast(suffix.count)); break }
        }
        return text
    }

    /// `text` without white space at either end, as Foundation's `trimmingCharacters(in:
    /// .whitespaces)` trims it (its set, from CoreFoundation: space, tab, no-break space, the
    /// typographic spaces U+2000–U+200B, U+1680, U+202F, U+205F and the ideographic space), but
    /// without bridging to NSString: that was 0.1 ms of a fresh `eki search`.
    static func trimmingWhitespace(_ text: String) -> String {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isWhitespace(first) || isWhitespace(last) else { return text }
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start ..< end])
    }
}
