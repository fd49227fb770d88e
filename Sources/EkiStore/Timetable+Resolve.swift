import EkiCore

/// What a rider typed that names no station, direction or railway here. The CLI prints the
/// description after "eki: "; the HTTP API sends it as a problem's detail.
public enum ResolveError: Error, Equatable, CustomStringConvertible {
    case unreadableStation
    /// `suggestions` are "馬車道 Bashamichi (Minatomirai.Minatomirai.Bashamichi)".
    case noStation(String, suggestions: [String])
    /// The stations exist but no train leaves from them in this data (いわき: no Joban line train
    /// in it runs that far); `stations` are "いわき (JR-East.Joban.Iwaki)".
    case noDepartures(stations: [String])
    /// As a destination: the stations exist but no train stops there in this data.
    case noTrains(stations: [String])
    /// `station` is an id for one station, a name for several; `valid` are "Inbound (上り)".
    case noDirection(String, station: String, valid: [String])
    case noRailway(String, station: String, valid: [String])
    /// No railway anywhere by this name; `suggestions` are "東横線 Toyoko Line (Tokyu.Toyoko)".
    case noRailwayNamed(String, suggestions: [String])

    public var description: String {
        switch self {
        case .unreadableStation:
            "the station name is too long or contains control characters"
        case .noStation(let query, let suggestions):
            "no station matches \(Self.quoted(query))" + (suggestions.isEmpty ? "" : "; did you mean: " + suggestions.joined(separator: ", "))
        case .noDepartures(let stations):
            stations.count == 1 ? "\(stations[0]) is in the data but no train leaves from it"
                : "\(stations.joined(separator: ", ")) are in the data but no train leaves from them"
        case .noTrains(let stations):
            stations.count == 1 ? "\(stations[0]) is in the data but no train stops there"
                : "\(stations.joined(separator: ", ")) are in the data but no train stops there"
        case .noDirection(let id, let station, let valid):
            "no direction \(Self.quoted(id)) at \(station); valid: \(valid.joined(separator: ", "))"
        case .noRailway(let query, let station, let valid):
            "no railway \(Self.quoted(query)) at \(station); valid: \(valid.joined(separator: ", "))"
        case .noRailwayNamed(let query, let suggestions):
            "no railway matches \(Self.quoted(query))" + (suggestions.isEmpty ? "" : "; did you mean: " + suggestions.joined(separator: ", "))
        }
    }

    /// What the rider typed, echoed short: a message stays one readable line whatever was sent.
    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\""
    }
}

extension Timetable {
    /// Stations for an id or a name in kanji, kana or romaji; only stations trains leave from.
    /// Throws `ResolveError` for what the rider typed, database errors as they come: a station
    /// the data has but no train leaves from is named as such, not "no station matches".
    public func resolveStations(_ query: String) throws -> [Reference.Station] {
        let matches = try readableMatches(query)
        let served = try matches.filter { try !directions(at: $0).isEmpty }
        if !served.isEmpty { return served }
        if !matches.isEmpty { throw ResolveError.noDepartures(stations: matches.map { "\(language.pick($0.name)) (\($0.publicId))" }) }
        throw noStation(query)
    }

    /// Stations to go to, by the same names: any station a train stops at, where trains only arrive
    /// too (the end of a GTFS feed's line has no departure, and is where many riders go).
    public func resolveDestinations(_ query: String) throws -> [Reference.Station] {
        let matches = try readableMatches(query)
        let reached = matches.filter { $0.trains > 0 }
        if !reached.isEmpty { return reached }
        if !matches.isEmpty { throw ResolveError.noTrains(stations: matches.map { "\(language.pick($0.name)) (\($0.publicId))" }) }
        throw noStation(query)
    }

    private func readableMatches(_ query: String) throws -> [Reference.Station] {
        guard query.unicodeScalars.count <= 200, !query.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ResolveError.unreadableStation
        }
        return stations(matching: query)
    }

    private func noStation(_ query: String) -> ResolveError {
        ResolveError.noStation(query, suggestions: suggestions(for: query).map {
            $0.name.ja == $0.name.en ? "\($0.name.en) (\($0.publicId))" : "\($0.name.ja) \($0.name.en) (\($0.publicId))"
        })
    }

    /// The railway a rider means: an id (any case), or the best railway the search finds for a name
    /// in any script. `namesakes` are other railways of the same name that match as well (新宿線:
    /// Seibu and Toei); the busier one is chosen and the caller may mention the others.
    /// Throws `SearchError` for unreadable text, `ResolveError.noRailwayNamed` when nothing matches.
    public func resolveRailway(_ query: String) throws -> (railway: Reference.Railway, namesakes: [Reference.Railway]) {
        if let railway = reference.railways[id: query]
            ?? reference.railways.values.first(where: { $0.id.lowercased() == query.lowercased() }) {
            return (railway, [])
        }
        let results = try search(query, limit: 10)
        let railways = results.compactMap { result -> SearchResult.RailwayResult? in
            if case .railway(let railway) = result { return railway }
            return nil
        }
        guard let best = railways.first else {
            throw ResolveError.noRailwayNamed(query, suggestions: railwaySuggestions(for: query, results: results).map {
                "\($0.name.ja) \($0.name.en) (\($0.id))"
            })
        }
        let namesakes = railways.dropFirst().filter {
            $0.match == best.match && ($0.railway.name.ja == best.railway.name.ja || $0.railway.name.en == best.railway.name.en)
        }
        return (best.railway, namesakes.map(\.railway))
    }

    /// Railways a rider may have meant: those of the station the search found first (渋谷 → the
    /// railways through Shibuya), else railways whose names start like the query.
    private func railwaySuggestions(for query: String, results: [SearchResult]) -> [Reference.Railway] {
        for case .station(let station) in results {
            return station.stations.compactMap { $0.railway.flatMap { reference.railways[$0] } }.prefix(5).map { $0 }
        }
        let key = String(SearchKey.fold(query).prefix(3))
        guard key.count == 3 else { return [] }
        return reference.railways.values
            .filter { railway in !railway.services.isEmpty && railway.searchKeys.contains { $0.hasPrefix(key) } }
            .sorted { (-$0.trains, $0.id) < (-$1.trains, $1.id) }.prefix(5).map { $0 }
    }

    /// Keeps the stations on one railway, named by id or by name in any script.
    public func narrow(_ stations: [Reference.Station], toRailway query: String?) throws -> [Reference.Station] {
        guard let query else { return stations }
        let key = SearchKey.fold(query)
        let lineless = SearchKey.withoutLineWord(key)
        var operators = SearchIndex.OperatorVocabulary()
        let kept = stations.filter { station in
            guard let railway = station.railway.flatMap({ reference.railways[$0] }) else { return false }
            // Any word that names it, with or without 線/sen/line (toyoko, とうよこせん, 東急): made
            // for these few railways here, so a board does not lay out the whole search index.
            let vocabulary = Set(SearchIndex.vocabulary(of: railway, operatorWords: operators.words(of: railway)))
            return railway.id.lowercased() == query.lowercased() || railway.searchKeys.contains(key)
                || SearchMatch.of(key, keys: railway.searchKeys, words: railway.searchWords) == .exact
                || railway.searchWords.split(separator: " ").contains { $0 == key }
                || vocabulary.contains(key) || lineless.map(vocabulary.contains) == true
        }
        guard kept.isEmpty else { return kept }
        let valid = stations.compactMap { $0.railway.flatMap { reference.railways[$0] } }.map { "\($0.id) (\(language.pick($0.name)))" }
        throw ResolveError.noRailway(query, station: stations.first?.name.en ?? "this station", valid: valid)
    }

    /// Each station with the directions to show: all of them, or the asked one. A name can stand
    /// for several stations (関内: JR and the Blue Line); the asked direction needs to exist at one
    /// of them, and stations without it are left out.
    /// `named`: what the stations were asked by; a one-way platform's own id (a GTFS feed's `127N`)
    /// gives that platform's direction where no direction is asked for.
    public func resolveDirections(_ id: String?, at stations: [Reference.Station], named: String? = nil)
        throws -> [(station: Reference.Station, directions: [Reference.Direction])] {
        guard let id, !stations.isEmpty else {
            let platform = named.flatMap { reference.platformDirections[$0] } ?? [:]
            return try stations.map { station in
                let all = try directions(at: station)
                guard let one = platform[station.handle] else { return (station, all) }
                return (station, all.filter { $0.handle == one })
            }
        }
        var found: [(station: Reference.Station, directions: [Reference.Direction])] = []
        var valid: [String] = []
        for station in stations {
            let directions = try directions(at: station)
            if let match = directions.first(where: { Self.direction($0, matches: id) }) { found.append((station, [match])) }
            valid += directions.map { "\($0.id) (\(language.pick(reference.directionName($0, at: station))))" }
        }
        guard found.isEmpty else { return found }
        var seen = Set<String>()
        // One station is named by its id, several by their shared name.
        let place = stations.count == 1 ? stations[0].publicId : stations[0].name.en
        throw ResolveError.noDirection(id, station: place, valid: valid.filter { seen.insert($0).inserted })
    }

    /// A direction by id (any case), Japanese name or English name (any case), a GTFS feed's own
    /// direction_id (`0`, `1`), or the place it heads for ("Old Saybrook").
    public static func direction(_ direction: Reference.Direction, matches id: String) -> Bool {
        direction.id == id || direction.id.lowercased() == id.lowercased()
            || direction.name.ja == id || direction.name.en.lowercased() == id.lowercased()
            || ((id == "0" || id == "1") && direction.id.hasSuffix(":" + id))
            || direction.toward.map { $0.ja == id || $0.en.lowercased() == id.lowercased() } == true
    }

    /// The next departure each way from every station of these places, by station id (nearby).
    public func nextDepartureEachWay(from places: [NearbyStation], at instant: ServiceInstant) throws -> [String: [Board.Row]] {
        var rows: [String: [Board.Row]] = [:]
        for station in places.flatMap(\.stations) {
            rows[station.id] = try directions(at: station).compactMap { direction in
                try nextDepartures(station: station, direction: direction, at: instant, limit: 1).rows.first
            }
        }
        return rows
    }
}
