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
        /// The complex's stations trains leave from, one per railway.
        public var stations: [Reference.Station]
        public var match: SearchMatch
        /// Trains stopping at the whole complex, all calendars together: big stations rank first.
        public var trains: Int
    }

    public struct RailwayResult: Sendable {
        public var railway: Reference.Railway
        public var match: SearchMatch
    }

    public var match: SearchMatch {
        switch self {
        case .station(let result): result.match
        case .railway(let result): result.match
        }
    }

    var trains: Int {
        switch self {
        case .station(let result): result.trains
        case .railway(let result): result.railway.trains
        }
    }

    /// The last tie-break: name, then id, so equal results always come in the same order.
    var sortName: String {
        switch self {
        case .station(let result): result.title.name.en + "|" + result.title.id
        case .railway(let result): result.railway.name.en + "|" + result.railway.id
        }
    }
}

/// Search text a rider can type but Eki will not look up.
public enum SearchError: Error, CustomStringConvertible, Equatable {
    case tooLong(characters: Int)
    case controlCharacters

    public static let maximumLength = 64

    public var description: String {
        switch self {
        case .tooLong(let count):
            "the search text is too long (\(count) characters; at most \(Self.maximumLength))"
        case .controlCharacters:
            "the search text contains control characters"
        }
    }
}

extension Timetable {
    /// Station complexes and railways matching what a rider typed, in any script, best first:
    /// exact > prefix > word prefix > substring, then the busier station or railway. An empty or unmatched query gives no results.
    public func search(_ text: String, limit: Int = 10) throws -> [SearchResult] {
        guard text.count <= SearchError.maximumLength else { throw SearchError.tooLong(characters: text.count) }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw SearchError.controlCharacters
        }
        let key = SearchKey.fold(Self.withoutStationWord(text))
        guard !key.isEmpty, limit > 0 else { return [] }

        // The best-matching station of each complex that matches at all.
        var best: [Int64: (match: SearchMatch, trains: Int, station: String)] = [:]
        for entry in reference.searchable {
            guard let match = entry.station == text ? .exact : SearchMatch.of(key, keys: entry.keys, words: entry.words)
            else { continue }
            if let current = best[entry.complex], (current.match, -current.trains) <= (match, -entry.trains) { continue }
            best[entry.complex] = (match, entry.trains, entry.station)
        }
        let stations = best.compactMap { complexId, found -> SearchResult.StationResult? in
            guard let complex = reference.complexes[complexId], let title = reference.stations[found.station] else { return nil }
            let members = complex.stations.compactMap { reference.stations[$0] }.filter { $0.departures > 0 }
            return .init(complex: complex, title: title, stations: members, match: found.match,
                         trains: members.reduce(0) { $0 + $1.trains })
        }

        let railways = reference.railways.values.compactMap { railway -> SearchResult.RailwayResult? in
            guard !railway.services.isEmpty else { return nil }   // freight lines: no timetable to show
            let match = railway.id == text ? .exact
                : SearchMatch.of(key, keys: railway.searchKeys, words: railway.searchWords)
            return match.map { .init(railway: railway, match: $0) }
        }
        // One ranking for both kinds: a railway's trains are all its trains, a station's all that
        // stop there, so 東横 finds the Toyoko Line (1,300 trains) before 東横田 (40).
        var results = stations.map(SearchResult.station) + railways.map(SearchResult.railway)
        results.sort { ($0.match, -$0.trains, $0.sortName) < ($1.match, -$1.trains, $1.sortName) }
        if results.count > limit { results.removeLast(results.count - limit) }
        return results
    }

    /// "渋谷駅" and "Shibuya Station" mean 渋谷: the word for station is not part of any name here.
    static func withoutStationWord(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        for suffix in ["駅", " station", " sta.", " sta", " eki"] where text.count > suffix.count {
            if text.lowercased().hasSuffix(suffix) { text = String(text.dropLast(suffix.count)); break }
        }
        return text
    }
}
