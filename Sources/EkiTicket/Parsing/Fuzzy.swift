/// Edit distance (Levenshtein) and the best dictionary entry for a piece of text read by OCR. Works on
/// Unicode scalars: kana and kanji are one scalar each once NFKC has run, and comparing scalars is
/// many times cheaper than comparing Characters (parsing a ticket stays within milliseconds).
enum Fuzzy {
    static func distance<A: Collection<Unicode.Scalar>, B: Collection<Unicode.Scalar>>(_ a: A, _ b: B) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let n = b.count
        // Two rows on the stack: this runs for every window of every line against every name.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (n + 1)) { rows in
            var previous = 0, current = n + 1
            for j in 0 ... n { rows[j] = j }
            var i = 0
            for x in a {
                i += 1
                rows[current] = i
                var j = 1
                for y in b {
                    let substitution = rows[previous + j - 1] + (x == y ? 0 : 1)
                    rows[current + j] = min(rows[previous + j] + 1, rows[current + j - 1] + 1, substitution)
                    j += 1
                }
                swap(&previous, &current)
            }
            return rows[previous + n]
        }
    }

    static func distance(_ a: String, _ b: String) -> Int { distance(a.unicodeScalars, b.unicodeScalars) }

    /// How alike two keys are, 0…1: 1 − distance / longer length.
    static func similarity(_ a: String, _ b: String) -> Double {
        similarity(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    static func similarity(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Double {
        let longer = max(x.count, y.count)
        guard longer > 0 else { return 0 }
        // The distance is at least the difference in length: skip names that cannot come close.
        if Double(abs(x.count - y.count)) / Double(longer) > 0.5 { return 1 - Double(abs(x.count - y.count)) / Double(longer) }
        return 1 - Double(distance(x, y)) / Double(longer)
    }

    /// The best-matching window of `text` for `key` (windows of the key's length ±1), as similarity
    /// and the window's range in `text`'s scalars: finds "はくたか" inside "はくたか555号".
    static func bestWindow(of key: String, in text: [Unicode.Scalar]) -> (similarity: Double, range: Range<Int>)? {
        let k = Array(key.unicodeScalars)
        guard !k.isEmpty, !text.isEmpty else { return nil }
        // No letter of the key in the text: nothing can be alike.
        guard text.contains(where: { k.contains($0) }) else { return (0, 0 ..< 0) }
        var best: (Double, Range<Int>)?
        for length in max(1, k.count - 1) ... (k.count + 1) where length <= text.count {
            for start in 0 ... (text.count - length) {
                let similarity = 1 - Double(distance(text[start ..< start + length], k)) / Double(max(length, k.count))
                if best == nil || similarity > best!.0 { best = (similarity, start ..< start + length) }
            }
        }
        return best
    }

    static func bestWindow(of key: String, in text: String) -> (similarity: Double, range: Range<Int>)? {
        bestWindow(of: key, in: Array(text.unicodeScalars))
    }
}
