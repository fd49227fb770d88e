import EkiCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What search compares and ranks, laid out once per open database (on its first search, so
/// commands that never search do not pay for it): every name in one byte buffer (`SearchNames`),
/// what ranks a station in a flat array of integers, every station complex with its total trains,
/// and every railway with the words that name it. A query then
/// only compares bytes and integers; no String is made until the few results it returns. All of
/// it but the railways themselves is plain arrays, so a fresh `eki` reads it from the cache
/// folder where an earlier process left it instead of laying it out again (`SearchIndex+File`).
final class SearchIndex: Sendable {
    /// What the search loop reads of a station: plain integers, copied without reference counting.
    struct StationFacts: Sendable, Equatable {
        /// Index into the places.
        let place: Int32
        /// Index into `railways`, or -1.
        let railway: Int32
        let trains: Int32
    }

    /// Railway `i` of `railways` has name `i` of `railwayNames`: its names with and without
    /// 線/Line, and every word that names it (`words`). It ranks after every station
    /// (`stationCount + i`). Boxed, so that sorting the railways moves pointers, not whole railways.
    final class Railway: Sendable {
        let railway: Reference.Railway

        init(_ railway: Reference.Railway) { self.railway = railway }
    }

    // Station `i` of `stationNames` and `stationFacts` is station `i` of search's list
    // (`Reference.searchable`, the data's station order, which is also the tie-break order).
    /// Every station's id in one buffer, station `i`'s ending at `stationIdEnds[i]`: a String is
    /// made only for the stations a search shows.
    let stationIds: [UInt8]
    let stationIdEnds: [Int32]
    let stationNames: SearchNames
    let stationFacts: [StationFacts]
    /// Each place (a station complex with stations trains leave from): the complex's id
    /// (`Reference.complexes`, looked up only for the results shown), the trains stopping at all
    /// its stations together (the bigger place ranks first), and its stations in station order,
    /// `placeMembers[placeMemberEnds[p - 1] ..< placeMemberEnds[p]]`.
    let placeComplexes: [Int64]
    let placeTrains: [Int64]
    let placeMemberEnds: [Int32]
    let placeMembers: [Int32]
    let railways: [Railway]
    let railwayNames: SearchNames
    /// The railways with a timetable (freight lines have none to show), by index.
    let timetabledRailways: [Int]
    let railwaysById: [String: Int]
    /// The words a rider may use to name a railway, made when a query first needs them (one of
    /// several words, or kanji that may begin with an operator's name: 東急渋谷), or read with
    /// the rest from the cache folder (`SearchIndex+File`).
    private let wordsOnce: Mutex<Words?>

    var stationCount: Int { stationFacts.count }
    var placeCount: Int { placeComplexes.count }

    /// Station `station`'s id.
    func stationId(_ station: Int) -> String {
        let start = station == 0 ? 0 : Int(stationIdEnds[station - 1])
        return String(decoding: stationIds[start ..< Int(stationIdEnds[station])], as: UTF8.self)
    }

    /// Place `place`'s stations, as indexes of the stations.
    func members(ofPlace place: Int) -> ArraySlice<Int32> {
        placeMembers[(place == 0 ? 0 : Int(placeMemberEnds[place - 1])) ..< Int(placeMemberEnds[place])]
    }

    /// Folded words a rider may use to name a railway, and the railways each names: the railway's
    /// name with or without its line word, its operator in either language, and each script run of
    /// those (東京メトロ → 東京, metoro; JR東日本 → jr, 東日本). Single letters and kanji are left
    /// out: too common to go by. One table for all railways: a query looks a word up once. Kept
    /// as sorted bytes, looked up by halving: no String made or hashed per word to read it back.
    struct Words: Sendable {
        let bytes: [UInt8]
        /// Word `i` ends at `ends[i]`; its railways end at `railwayEnds[i]` in `railways`.
        let ends: [Int32]
        let railwayEnds: [Int32]
        let railways: [Int32]

        init(bytes: [UInt8], ends: [Int32], railwayEnds: [Int32], railways: [Int32]) {
            (self.bytes, self.ends, self.railwayEnds, self.railways) = (bytes, ends, railwayEnds, railways)
        }

        /// Laid out from what `Table` gathered, sorted by bytes.
        init(_ table: Table) {
            var bytes: [UInt8] = [], ends: [Int32] = [], railwayEnds: [Int32] = [], railways: [Int32] = []
            for (word, named) in table.railwaysByWord.sorted(by: { Self.precedes($0.key, $1.key) }) {
                bytes += word
                ends.append(Int32(bytes.count))
                railways += named
                railwayEnds.append(Int32(railways.count))
            }
            self.init(bytes: bytes, ends: ends, railwayEnds: railwayEnds, railways: railways)
        }

        /// The words of each railway gathered in turn, keyed by their bytes: folded words have one
        /// spelling each, and hashing a String normalizes it first (most of laying the words out).
        struct Table {
            var railwaysByWord: [[UInt8]: [Int32]] = Dictionary(minimumCapacity: 2_048)   // ~1,500 on the Tokyo data
            var operators = OperatorVocabulary()

            mutating func add(_ railway: Reference.Railway, at index: Int, operatorWords: [String]? = nil) {
                for word in SearchIndex.vocabulary(of: railway, operatorWords: operatorWords ?? operators.words(of: railway)) {
                    func add(_ railways: inout [Int32]) { if railways.last != Int32(index) { railways.append(Int32(index)) } }
                    add(&railwaysByWord[Array(word.utf8), default: []])
                }
            }
        }

        var count: Int { ends.count }

        /// The railways `word` names (indexes of `SearchIndex.railways`), or nil when it names none.
        func railways(named word: String) -> ArraySlice<Int32>? {
            let key = Array(word.utf8)
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                let candidate = bytes[(middle == 0 ? 0 : Int(ends[middle - 1])) ..< Int(ends[middle])]
                if candidate.elementsEqual(key) {
                    return railways[(middle == 0 ? 0 : Int(railwayEnds[middle - 1])) ..< Int(railwayEnds[middle])]
                }
                if Self.precedes(candidate, key[...]) { low = middle + 1 } else { high = middle }
            }
            return nil
        }

        /// Byte order, as memcmp compares: the generic comparison of two collections went byte
        /// by byte through an iterator, most of laying out the words.
        static func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
            let common = min(a.count, b.count)
            let order = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common) } }
            return order != 0 ? order < 0 : a.count < b.count
        }

        static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool { precedes(a[...], b[...]) }
    }

    var words: Words {
        wordsOnce.withLock { words in
            if let words { return words }
            var table = Words.Table()
            for (index, entry) in railways.enumerated() { table.add(entry.railway, at: index) }
            let made = Words(table)
            words = made
            return made
        }
    }

    /// Which station an id names (`eki search JR-East.Yamanote.Osaki`), or nil.
    func station(id: String) -> Int? {
        // Ids have dots; names never do once folded, so most queries skip the scan.
        guard id.utf8.contains(UInt8(ascii: ".")) else { return nil }
        let key = Array(id.utf8)
        var start = 0
        for station in stationIdEnds.indices {
            let end = Int(stationIdEnds[station])
            if end - start == key.count, stationIds[start ..< end].elementsEqual(key) { return station }
            start = end
        }
        return nil
    }

    /// The railways of `reference` in row id order: the index's railways, whose names and words
    /// it lays out or reads back in this order.
    static func railways(of reference: Reference) -> [Railway] {
        reference.railways.values.map(Railway.init).sorted { $0.railway.handle < $1.railway.handle }
    }

    init(stationIds: [UInt8], stationIdEnds: [Int32], stationNames: SearchNames, stationFacts: [StationFacts],
         placeComplexes: [Int64], placeTrains: [Int64], placeMemberEnds: [Int32], placeMembers: [Int32],
         railways: [Railway], railwayNames: SearchNames, words: Words?) {
        self.stationIds = stationIds
        self.stationIdEnds = stationIdEnds
        self.stationNames = stationNames
        self.stationFacts = stationFacts
        self.placeComplexes = placeComplexes
        self.placeTrains = placeTrains
        self.placeMemberEnds = placeMemberEnds
        self.placeMembers = placeMembers
        self.railways = railways
        var byId: [String: Int] = [:]
        byId.reserveCapacity(railways.count)
        for (index, entry) in railways.enumerated() { byId[entry.railway.id] = index }
        railwaysById = byId
        timetabledRailways = railways.indices.filter { !railways[$0].railway.services.isEmpty }
        self.railwayNames = railwayNames
        wordsOnce = Mutex(words)
    }

    /// Laid out from the database's search list and railways; the railways' words too when
    /// `withWords` (to be kept in a file), else when a query first needs them.
    convenience init(_ reference: Reference, withWords: Bool = false) {
        // Laid out on a rider's first search when no earlier process left it (`SearchIndex+File`),
        // so kept lean: no Foundation calls per station, no String built or hashed per name,
        // folded text taken from the database as it is.
        let railways = Self.railways(of: reference)
        let searchable = reference.searchable

        var railwayNames = SearchNames()
        var railwaysByRow: [RailwayHandle: Int] = [:]
        var operators = OperatorVocabulary()
        var words = withWords ? Words.Table() : nil
        for (index, railway) in railways.lazy.map(\.railway).enumerated() {
            // Spelled as riders say them, and as exact as the name: without the line word (山手,
            // toyoko), and operator and name together (tokyu toyoko, 東急東横, toei asakusa). The
            // operator alone is a word, not a name: 東急 is every Tokyu line.
            let stored = railway.searchWords.utf8.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            let lineless = (railway.searchKeys + stored).compactMap(SearchKey.withoutLineWord)
            let operatorWords = operators.words(of: railway)
            railwayNames.append(SearchName(keys: railway.searchKeys, otherSpellings: lineless,
                                           words: railway.searchWords + " " + operatorWords.joined(separator: " ")))
            railwaysByRow[railway.handle] = index
            words?.add(railway, at: index, operatorWords: operatorWords)
        }

        var placeOfComplex: [ComplexHandle: Int] = [:]
        var complexIds: [Int64] = []   // in the order places are made
        var members: [[Int32]] = []
        var stationIds: [UInt8] = []
        var stationIdEnds: [Int32] = []
        var stationNames = SearchNames()
        var stationFacts: [StationFacts] = []
        stationIds.reserveCapacity(searchable.count * 32)
        stationIdEnds.reserveCapacity(searchable.count)
        stationNames.reserveCapacity(names: searchable.count, bytesEach: 80)
        stationFacts.reserveCapacity(searchable.count)
        for (index, entry) in searchable.enumerated() {
            let place: Int
            if let known = placeOfComplex[entry.complex] {
                place = known
            } else {
                place = members.count
                placeOfComplex[entry.complex] = place
                complexIds.append(entry.complex.row)
                members.append([])
            }
            members[place].append(Int32(index))
            stationIds += entry.id.utf8
            stationIdEnds.append(Int32(stationIds.count))
            stationNames.append(SearchName(keys: entry.keys, otherSpellings: Self.otherSpellings(entry),
                                           words: entry.words))
            stationFacts.append(StationFacts(place: Int32(place), railway: Int32(entry.railway.flatMap { railwaysByRow[$0] } ?? -1),
                                             trains: Int32(entry.trains)))
        }
        var placeMemberEnds: [Int32] = []
        var placeMembers: [Int32] = []
        placeMembers.reserveCapacity(searchable.count)
        for stations in members {
            placeMembers += stations
            placeMemberEnds.append(Int32(placeMembers.count))
        }
        self.init(stationIds: stationIds, stationIdEnds: stationIdEnds, stationNames: stationNames, stationFacts: stationFacts,
                  placeComplexes: complexIds,
                  placeTrains: members.map { $0.reduce(0) { $0 + Int64(stationFacts[Int($1)].trains) } },
                  placeMemberEnds: placeMemberEnds, placeMembers: placeMembers,
                  railways: railways, railwayNames: railwayNames, words: words.map(Words.init))
    }

    /// Spellings riders use for a station besides its names as written: without the kana between
    /// kanji (四谷 for 四ツ谷), and the reading of a kanji-and-katakana name (りゅうつうせんたー
    /// for 流通センター). `SearchKey` says why. Only names mixing kanji and kana can have them.
    private static func otherSpellings(_ entry: Reference.SearchEntry) -> [String] {
        guard let name = entry.mixedName else { return [] }
        return [SearchKey.withoutKanaBetweenKanji(name.ja), SearchKey.reading(ja: name.ja, en: name.en)].compactMap { $0 }
    }

    /// The words that name `railway` (`words`), some more than once: its own come folded
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
