import Foundation

/// One name's folded keys and word keys, as search compares them.
public struct SearchName: Sendable {
    /// Keys as written (Japanese, English), then other spellings.
    let keys: [String]
    let writtenKeys: Int
    /// Word keys joined by spaces.
    let words: String

    /// `keys`: the folded name as written (Japanese, English); `otherSpellings`: other folded
    /// spellings riders use for it (四谷 for 四ツ谷, 山手 for 山手線), which rank after a match of
    /// the name as written; `words`: folded word keys joined by single spaces, as stored.
    public init(keys: [String], otherSpellings: [String] = [], words: String) {
        // A handful of keys: an array is the cheapest set (the index makes 2,700 of these).
        // Compared as bytes: folded keys have one spelling each, and String's == normalizes.
        var unique: [String] = []
        func isNew(_ key: String) -> Bool { !key.isEmpty && !unique.contains { $0.utf8.elementsEqual(key.utf8) } }
        for key in keys where isNew(key) { unique.append(key) }
        writtenKeys = unique.count
        for key in otherSpellings where isNew(key) { unique.append(key) }
        self.keys = unique
        self.words = words
    }
}

/// Many names laid out in one byte buffer, so that a search compares every name without
/// touching a String or a reference count (copying a struct of arrays per name was a third of
/// a one-letter search). Per name: its keys, each followed by a 0 byte, then its words, each
/// followed by a space. Folded text holds neither byte, so a match never runs from one key or
/// word into the next, and UTF-8 never matches in the middle of a character.
public struct SearchNames: Sendable {
    struct Entry: Sendable {
        /// The name's bytes: `start..<end`.
        var start: Int32
        var end: Int32
        /// Its keys' ends (each at its 0 byte, counted from `start`): `keyEnds[firstKey...]`.
        var firstKey: Int32
        var keys: UInt8
        /// How many of the keys are the name as written.
        var written: UInt8
    }

    private var bytes: [UInt8] = []
    private var keyEnds: [Int32] = []
    private var entries: [Entry] = []

    public init() {}

    public init(_ name: SearchName) { append(name) }

    public var count: Int { entries.count }

    /// Room for `names` names of about `bytesEach` bytes, so laying them out does not copy.
    public mutating func reserveCapacity(names: Int, bytesEach: Int) {
        bytes.reserveCapacity(names * bytesEach)
        keyEnds.reserveCapacity(names * 3)
        entries.reserveCapacity(names)
    }

    /// Adds a name; its number is the count before.
    public mutating func append(_ name: SearchName) {
        let start = bytes.count
        let firstKey = keyEnds.count
        for key in name.keys {
            bytes += key.utf8
            keyEnds.append(Int32(bytes.count - start))
            bytes.append(0)
        }
        bytes += name.words.utf8
        if bytes.count > 0, bytes.last != 0x20, bytes.last != 0 { bytes.append(0x20) }   // every word ends in a space
        entries.append(Entry(start: Int32(start), end: Int32(bytes.count), firstKey: Int32(firstKey),
                             keys: UInt8(name.keys.count), written: UInt8(name.writtenKeys)))
    }

    /// The best match of `query` against name `index` (`SearchMatch.rank`).
    public func rank(_ query: SearchQuery, name index: Int) -> SearchRank? {
        withMatcher(query) { $0.rank(index) }
    }

    /// Calls `body` with a matcher of `query` against these names; it is only valid inside.
    public func withMatcher<Result>(_ query: SearchQuery, _ body: (Matcher) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in
            try keyEnds.withUnsafeBufferPointer { keyEnds in
                try entries.withUnsafeBufferPointer { entries in
                    try query.bytes.withUnsafeBufferPointer { typed in
                        try query.tokenRanges.withUnsafeBufferPointer { tokens in
                            try body(Matcher(bytes: bytes, keyEnds: keyEnds, entries: entries, query: query, typed: typed, tokens: tokens))
                        }
                    }
                }
            }
        }
    }

    /// Compares one query with names through pointers: no allocation and no reference counting
    /// per name for a one-word query.
    public struct Matcher {
        let bytes: UnsafeBufferPointer<UInt8>
        let keyEnds: UnsafeBufferPointer<Int32>
        let entries: UnsafeBufferPointer<Entry>
        let key: UnsafeBufferPointer<UInt8>
        let unfinishedKey: UnsafeBufferPointer<UInt8>?
        let unfinishedLastToken: UnsafeBufferPointer<UInt8>?
        let typed: UnsafeBufferPointer<UInt8>
        let tokens: UnsafeBufferPointer<Range<Int>>
        let typedKanji: Int
        let typedVowels: Int

        init(bytes: UnsafeBufferPointer<UInt8>, keyEnds: UnsafeBufferPointer<Int32>, entries: UnsafeBufferPointer<Entry>,
             query: SearchQuery, typed: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Range<Int>>) {
            self.bytes = bytes
            self.keyEnds = keyEnds
            self.entries = entries
            self.typed = typed
            self.tokens = tokens
            key = UnsafeBufferPointer(rebasing: typed[query.keyRange])
            unfinishedKey = query.unfinishedKeyRange.map { UnsafeBufferPointer(rebasing: typed[$0]) }
            unfinishedLastToken = query.unfinishedLastTokenRange.map { UnsafeBufferPointer(rebasing: typed[$0]) }
            typedKanji = query.typedKanji
            typedVowels = query.typedVowels
        }

        /// The best match of every reading of the query (`SearchQuery`) against name `index`.
        public func rank(_ index: Int) -> SearchRank? {
            let entry = entries[index]
            let name = Name(bytes: UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)]),
                            keyEnds: UnsafeBufferPointer(rebasing: keyEnds[Int(entry.firstKey)..<Int(entry.firstKey) + Int(entry.keys)]),
                            written: Int(entry.written))
            var best = name.whole(key)
            if best?.match == .exact { return best }
            if let unfinishedKey, var found = name.whole(unfinishedKey) {
                found.match = max(found.match, .prefix)   // the rider has not finished typing
                best = min(best ?? found, found)
            }
            if tokens.count > 1, tokens.count <= SearchQuery.maximumTokens, let found = name.tokens(self) {
                let rank = SearchRank(match: found)
                best = min(best ?? rank, rank)
            }
            return best
        }

        func token(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: typed[tokens[index]]) }
    }

    /// One name's bytes and key ends, as the matcher sees them.
    struct Name {
        let bytes: UnsafeBufferPointer<UInt8>
        let keyEnds: UnsafeBufferPointer<Int32>
        let written: Int

        // MARK: The whole query (readings 1 and 2)

        func whole(_ needle: UnsafeBufferPointer<UInt8>) -> SearchRank? {
            guard !needle.isEmpty else { return nil }
            var best: SearchRank? = nil
            var start = 0
            var writtenEnd = 0   // where the keys of the name as written end
            for index in keyEnds.indices {
                let end = Int(keyEnds[index])
                let other = index >= written
                if !other { writtenEnd = end }
                if end - start >= needle.count, equal(start, needle) {
                    let found = SearchRank(match: end - start == needle.count ? .exact : .prefix, throughOtherSpelling: other)
                    if found.value == 0 { return found }
                    best = min(best ?? found, found)
                }
                start = end + 1
            }
            if let best { return best }   // any prefix beats a word prefix
            let wordsStart = start
            // A word starts the words part or follows a space.
            var index = wordsStart
            while index + needle.count <= bytes.count {
                if equal(index, needle) { return SearchRank(match: .wordPrefix) }
                while index < bytes.count, bytes[index] != 0x20 { index += 1 }
                index += 1
            }
            if find(needle, from: 0, to: writtenEnd) != nil { return SearchRank(match: .substring) }
            return find(needle, from: writtenEnd, to: wordsStart) != nil
                ? SearchRank(match: .substring, throughOtherSpelling: true) : nil
        }

        // MARK: Token by token (reading 3)

        func tokens(_ matcher: Matcher) -> SearchMatch? {
            let keys = keyEnds.count
            guard keys > 0 else { return nil }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: keys * 2) { buffer -> SearchMatch? in
                // Where each key starts, and how far the tokens placed so far reach into it.
                let starts = UnsafeMutableBufferPointer(rebasing: buffer[0..<keys])
                let cursors = UnsafeMutableBufferPointer(rebasing: buffer[keys...])
                for key in 0..<keys { starts[key] = key == 0 ? 0 : Int(keyEnds[key - 1]) + 1 }
                for key in 0..<keys { cursors[key] = starts[key] }
                var best: SearchMatch? = nil
                let last = matcher.tokens.count - 1

                // The Japanese key comes first; its kanji are its non-ASCII characters (its kana
                // are romaji). The kanji up to `end` that were not typed need a vowel typed each.
                func readable(upTo end: Int) -> Bool {
                    var kanji = 0
                    for index in 0..<end where bytes[index] >= 0xC0 { kanji += 1 }
                    return kanji - matcher.typedKanji <= matcher.typedVowels
                }

                // Token `index` in each key at or after that key's cursor (the leftmost place keeps
                // the most room for the tokens after it). The first and last token decide how good
                // it is; `japaneseEnd` is how far the tokens reach into the Japanese key.
                func place(_ index: Int, startsAKey: Bool, japaneseEnd: Int) {
                    let spellings = index == last && matcher.unfinishedLastToken != nil ? 2 : 1
                    for key in 0..<keys {
                        for spelling in 0..<spellings {
                            let unfinished = spelling == 1
                            let candidate = unfinished ? matcher.unfinishedLastToken! : matcher.token(index)
                            let keyEnd = Int(keyEnds[key])
                            guard let position = find(candidate, from: cursors[key], to: keyEnd) else { continue }
                            let first = index == 0 ? position == starts[key] : startsAKey
                            let reach = key == 0 ? position + candidate.count : japaneseEnd
                            if index == last {
                                // The last token may also end its key further on.
                                let endsKey = !unfinished && keyEnd - candidate.count >= cursors[key]
                                    && equal(keyEnd - candidate.count, candidate)
                                let match: SearchMatch
                                if first, endsKey, readable(upTo: Int(keyEnds[0])) {
                                    match = .exact          // the whole name
                                } else if first, readable(upTo: reach) {
                                    match = .prefix         // its start, as far as the tokens reach
                                } else {
                                    match = .substring
                                }
                                best = min(best ?? match, match)
                            } else {
                                let saved = cursors[key]
                                cursors[key] = position + candidate.count
                                place(index + 1, startsAKey: first, japaneseEnd: reach)
                                cursors[key] = saved
                            }
                            if best == .exact { return }
                        }
                    }
                }
                place(0, startsAKey: false, japaneseEnd: 0)
                return best
            }
        }

        // MARK: Bytes

        /// The first byte is compared in place: most keys and words differ there, and a call to
        /// memcmp per key and word was most of a one-letter search.
        @inline(__always)
        func equal(_ offset: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
            offset + needle.count <= bytes.count && bytes[offset] == needle[0]
                && (needle.count == 1 || memcmp(bytes.baseAddress! + offset + 1, needle.baseAddress! + 1, needle.count - 1) == 0)
        }

        /// Where `needle` first occurs in `bytes[from..<to]`, or nil.
        func find(_ needle: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
            guard !needle.isEmpty, to - from >= needle.count else { return nil }
            let first = Int32(needle[0])
            var index = from
            let last = to - needle.count
            while index <= last {
                guard let hit = memchr(bytes.baseAddress! + index, first, last - index + 1) else { return nil }
                index = bytes.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if needle.count == 1 || memcmp(bytes.baseAddress! + index + 1, needle.baseAddress! + 1, needle.count - 1) == 0 {
                    return index
                }
                index += 1
            }
            return nil
        }
    }
}

/// The layout as plain numbers and back, so that a caller can keep it between processes
/// (EkiStore's `SearchIndex` file) without a String per name; EkiCore itself reads and writes no file.
extension SearchNames {
    /// The bytes, the key ends, and four numbers per name: start, end, first key, and the number
    /// of keys plus 256 × the number of them written.
    public var layout: (bytes: [UInt8], keyEnds: [Int32], entries: [Int32]) {
        var numbers: [Int32] = []
        numbers.reserveCapacity(entries.count * 4)
        for entry in entries {
            numbers.append(entry.start)
            numbers.append(entry.end)
            numbers.append(entry.firstKey)
            numbers.append(Int32(entry.keys) | Int32(entry.written) << 8)
        }
        return (bytes, keyEnds, numbers)
    }

    /// Names laid out as `layout` gave them; nil unless every name stays inside the bytes and its
    /// keys inside the name, in order: the matcher reads through pointers without further checks.
    public init?(bytes: [UInt8], keyEnds: [Int32], entries numbers: [Int32]) {
        guard numbers.count % 4 == 0 else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(numbers.count / 4)
        for base in stride(from: 0, to: numbers.count, by: 4) {
            let start = numbers[base], end = numbers[base + 1], firstKey = numbers[base + 2], packed = numbers[base + 3]
            guard start >= 0, start <= end, Int(end) <= bytes.count, firstKey >= 0, packed >= 0, packed < 1 << 16 else { return nil }
            let keys = UInt8(packed & 0xFF), written = UInt8(packed >> 8)
            guard written <= keys, Int(firstKey) + Int(keys) <= keyEnds.count else { return nil }
            var keyStart: Int32 = 0
            for key in Int(firstKey) ..< Int(firstKey) + Int(keys) {
                // A key ends at its 0 byte, inside the name; the next one starts after it.
                guard keyEnds[key] >= keyStart, keyEnds[key] < end - start else { return nil }
                keyStart = keyEnds[key] + 1
            }
            entries.append(Entry(start: start, end: end, firstKey: firstKey, keys: keys, written: written))
        }
        self.bytes = bytes
        self.keyEnds = keyEnds
        self.entries = entries
    }

    /// The keys of name `index` as written (not its other spellings), as bytes.
    public func writtenKeys(of index: Int) -> [[UInt8]] {
        let entry = entries[index]
        var start = Int(entry.start)
        return (0 ..< Int(entry.written)).map { key in
            let end = Int(entry.start) + Int(keyEnds[Int(entry.firstKey) + key])
            defer { start = end + 1 }
            return Array(bytes[start ..< end])
        }
    }
}
