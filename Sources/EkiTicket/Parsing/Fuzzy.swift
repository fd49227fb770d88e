/// Edit distance (Levenshtein) and the best dictionary entry for a piece of text read by OCR.
enum Fuzzy {
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0 ... b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// How alike two keys are, 0…1: 1 − distance / longer length.
    static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(a), y = Array(b)
        let longer = max(x.count, y.count)
        guard longer > 0 else { return 0 }
        return 1 - Double(distance(x, y)) / Double(longer)
    }

    /// The best-matching window of `text` for `key` (windows of the key's length ±1), as similarity
    /// and the window's character range: finds "はくたか" inside "はくたか555号".
    static func bestWindow(of key: String, in text: [Character]) -> (similarity: Double, range: Range<Int>)? {
        let k = Array(key)
        guard !k.isEmpty, !text.isEmpty else { return nil }
        var best: (Double, Range<Int>)?
        for length in max(1, k.count - 1) ... (k.count + 1) where length <= text.count {
            for start in 0 ... (text.count - length) {
                let window = Array(text[start ..< start + length])
                let similarity = 1 - Double(distance(window, k)) / Double(max(window.count, k.count))
                if best == nil || similarity > best!.0 { best = (similarity, start ..< start + length) }
            }
        }
        return best
    }
}
