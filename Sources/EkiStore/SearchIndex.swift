import EkiCore
import Synchronization

/// What search compares and ranks, laid out once per open database (on its first search, so
/// commands that never search do not pay for it): every name in one byte buffer (`SearchNames`),
/// what ranks a station in a flat array of integers, every station complex with its total trains,
/// and every railway with the words that name it. A query then
/// only compares bytes and integers; no String is made until the few results it returns.
final class SearchIndex: Sendable {
    /// Station `i` of `stations`, `stationNames` and `stationFacts` is the same station.
    struct Station: Sendable {
        let id: String
        /// Rank in the tie-break order: the data's station order.
        let order: Int
    }

    /// What the search loop reads of a station: plain integers, copied without reference counting.
    struct StationFacts: Sendable {
        /// Index into `places`.
        let place: Int32
        /// Index into `railways`, or -1.
        let railway: Int32
        let trains: Int32
    }

    /// A station complex and its stations trains leave from.
    struct Place: Sendable {
        /// The complex's id (`Reference.complexes`), looked up only for the results shown.
        let complex: Int64
        /// Indexes into `stations`, in station order.
        let members: [Int]
        /// Trains stopping at all its stations together: the bigger station ranks first.
        let trains: Int
    }

    /// Railway `i` of `railways` has name `i` of `railwayNames`: its names with and without
    /// 線/Line, and every word that names it (`railwaysByWord`).
    final class Railway: Sendable {
        let railway: Reference.Railway
        let order: Int

        init(railway: Reference.Railway, order: Int) {
            self.railway = railway
            self.order = order
        }
    }

    let stations: [Station]
    let stationNames: SearchNames
    let stationFacts: [StationFacts]
    let places: [Place]
    let railways: [Railway]
    let railwayNames: SearchNames
    /// The railways with a timetable (freight lines have none to show), by index.
    let timetabledRailways: [Int]
    let railwaysById: [String: Int]
    /// Folded words a rider may use to name a railway, and the railways each names (`Words`),
    /// made when a query first needs them: one of several words, or kanji that may begin with
    /// an operator's name (東急渋谷).
    private let wordsOnce = Mutex<Words?>(nil)

    struct Words: Sendable {
        /// The railway's name with or without its line word, its operator in either language, and
        /// each script run of those (東京メトロ → 東京, metoro; JR東日本 → jr, 東日本). Single
        /// letters and kanji are left out: too common to go by. One table for all railways: a
        /// query looks a word up once.
        let railwaysByWord: [String: [Int32]]
    }

    var words: Words {
        wordsOnce.withLock { words in
            if let words { return words }
            var operators = OperatorVocabulary()
            var railwaysByWord: [String: [Int32]] = [:]
            for (index, entry) in railways.enumerated() {
                for word in Self.vocabulary(of: entry.railway, operatorWords: operators.words(of: entry.railway))
                where railwaysByWord[word]?.last != Int32(index) {
                    railwaysByWord[word, default: []].append(Int32(index))
                }
            }
            let made = Words(railwaysByWord: railwaysByWord)
            words = made
            return made
        }
    }

    /// Which station an id names (`eki search JR-East.Yamanote.Osaki`), or nil.
    func station(id: String) -> Int? {
        // Ids have dots; names never do once folded, so most queries skip the scan.
        guard id.utf8.contains(UInt8(ascii: ".")) else { return nil }
        return stations.firstIndex { $0.id == id }
    }

    init(_ reference: Reference) {
        // Laid out on a rider's first search, so kept lean: no Foundation calls per station, no
        // String built or hashed per name, folded text taken from the database as it is.
        let railwayList = reference.railways.values.sorted { $0.rowId < $1.rowId }
        let searchable = reference.searchable
        // The tie-break order is the data's: stations in station order, then railways.

        var railways: [Railway] = []
        var railwayNames = SearchNames()
        var railwaysById: [String: Int] = [:]
        var railwaysByRow: [Int64: Int] = [:]
        var operators = OperatorVocabulary()
        for (index, railway) in railwayList.enumerated() {
            // Spelled as riders say them, and as exact as the name: without the line word (山手,
            // toyoko), and operator and name together (tokyu toyoko, 東急東横, toei asakusa). The
            // operator alone is a word, not a name: 東急 is every Tokyu line.
            let stored = railway.searchWords.utf8.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            let lineless = (railway.searchKeys + stored).compactMap(SearchKey.withoutLineWord)
            let operatorWords = operators.words(of: railway)
            railwayNames.append(SearchName(keys: railway.searchKeys, otherSpellings: lineless,
                                           words: railway.searchWords + " " + operatorWords.joined(separator: " ")))
            railwaysById[railway.id] = index
            railwaysByRow[railway.rowId] = index
            railways.append(Railway(railway: railway, order: searchable.count + index))
        }

        var places: [Place] = []
        var placeOfComplex: [Int64: Int] = [:]
        var complexIds: [Int64] = []   // in the order places are made
        var members: [[Int]] = []
        var stations: [Station] = []
        var stationNames = SearchNames()
        var stationFacts: [StationFacts] = []
        stations.reserveCapacity(searchable.count)
        stationNames.reserveCapacity(names: searchable.count, bytesEach: 80)
        stationFacts.reserveCapacity(searchable.count)
        for (index, entry) in searchable.enumerated() {
            let place: Int
            if let known = placeOfComplex[entry.complex] {
                place = known
            } else {
                place = members.count
                placeOfComplex[entry.complex] = place
                complexIds.append(entry.complex)
                members.append([])
            }
            members[place].append(index)
            stations.append(Station(id: entry.station, order: index))
            stationNames.append(SearchName(keys: entry.keys, otherSpellings: Self.otherSpellings(entry),
                                           words: entry.words))
            stationFacts.append(StationFacts(place: Int32(place), railway: Int32(entry.railway.flatMap { railwaysByRow[$0] } ?? -1),
                                             trains: Int32(entry.trains)))
        }
        for (place, complexId) in complexIds.enumerated() {
            places.append(Place(complex: complexId, members: members[place],
                                trains: members[place].reduce(0) { $0 + Int(stationFacts[$1].trains) }))
        }
        self.stations = stations
        self.stationNames = stationNames
        self.stationFacts = stationFacts
        self.places = places
        self.railways = railways
        self.railwayNames = railwayNames
        timetabledRailways = railways.indices.filter { !railways[$0].railway.services.isEmpty }
        self.railwaysById = railwaysById
    }

    /// Spellings riders use for a station besides its names as written: without the kana between
    /// kanji (四谷 for 四ツ谷), and the reading of a kanji-and-katakana name (りゅうつうせんたー
    /// for 流通センター). `SearchKey` says why. Only names mixing kanji and kana can have them.
    private static func otherSpellings(_ entry: Reference.SearchEntry) -> [String] {
        guard let name = entry.mixedName else { return [] }
        return [SearchKey.withoutKanaBetweenKanji(name.ja), SearchKey.reading(ja: name.ja, en: name.en)].compactMap { $0 }
    }

    /// The words that name `railway` (`railwaysByWord`), some more than once: its own come folded
    /// from the database (its names, its operator in English, operator and name together); its
    /// operator's in both languages are `operatorWords`.
    static func vocabulary(of railway: Reference.Railway, operatorWords: [String]) -> [String] {
        var words = railway.searchKeys
        for word in railway.searchWords.utf8.split(separator: 0x20) { words.append(String(decoding: word, as: UTF8.self)) }
        return vocabulary(of: words) + operatorWords
    }

    /// Folded `words`, each also cut into script runs and without a line word; two letters or more.
    static func vocabulary(of words: [String]) -> [String] {
        var vocabulary: [String] = []
        vocabulary.reserveCapacity(words.count * 2)
        func add(_ word: String) {
            // Two letters or more (one kanji is three bytes), and not 線, sen, line alone.
            let bytes = word.utf8
            guard bytes.count >= 2, bytes.count > 3 || bytes.first! < 0x80 else { return }
            if bytes.count <= 4, SearchKey.lineWords.contains(where: { $0.utf8.elementsEqual(bytes) }) { return }
            vocabulary.append(word)
        }
        for word in words {
            add(word)
            if let lineless = SearchKey.withoutLineWord(word) { add(lineless) }
            // Runs only where scripts mix (東京metoro): most words are one script.
            if word.utf8.contains(where: { $0 >= 0x80 }), word.utf8.contains(where: { $0 < 0x80 }) {
                SearchKey.scriptRuns(word).forEach(add)
            }
        }
        return vocabulary
    }

    /// Operators' words, folded once per operator (some 45 for 179 railways).
    struct OperatorVocabulary {
        private var known: [String: [String]] = [:]

        mutating func words(of railway: Reference.Railway) -> [String] {
            guard let owner = railway.operatorName else { return [] }
            if let words = known[owner.ja] { return words }
            let words = SearchIndex.vocabulary(of: SearchKey.words(owner.ja) + SearchKey.words(owner.en)
                                                   + [SearchKey.fold(owner.ja), SearchKey.fold(owner.en)])
            known[owner.ja] = words
            return words
        }
    }
}
