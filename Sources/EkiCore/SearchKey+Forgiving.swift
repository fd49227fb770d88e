/// What riders type that the Hepburn keys do not hold: Kunrei and Nihon-shiki romaji (the
/// spellings of school books and many signs: sibuya, tyuo, basyamichi, hunabasi) and a slip of
/// one letter (shinjku). Search tries these only when the text as typed finds nothing, so every
/// spelling that matched before ranks as it did.
extension SearchKey {
    /// The text with Kunrei/Nihon-shiki syllables written as Hepburn: si → shi, ti → chi,
    /// tu → tsu, hu → fu, zi → ji, sy/ty/zy/jy + a, u, o → sh/ch/j (tti → tchi, as Hepburn's っち).
    /// ASCII letters only; nil when nothing changed.
    public static func hepburn(_ text: String) -> String? {
        let input = Array(text.lowercased().unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        func at(_ index: Int) -> Unicode.Scalar? { input.indices.contains(index) ? input[index] : nil }
        func isYVowel(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { "auo".unicodeScalars.contains($0) } ?? false }
        var index = 0
        while index < input.count {
            let scalar = input[index], next = at(index + 1) ?? " ", previous: Unicode.Scalar = index > 0 ? input[index - 1] : " "
            var replacement: String? = nil, skip = 1
            switch (scalar, next) {
            case ("s", "i"): replacement = "sh"
            case ("t", "i"): replacement = "ch"
            case ("t", "u"): replacement = "ts"
            case ("z", "i"): replacement = "j"
            case ("h", "u") where previous != "s" && previous != "c": replacement = "f"
            case ("s", "y") where isYVowel(at(index + 2)): replacement = "sh"; skip = 2
            case ("t", "y") where isYVowel(at(index + 2)): replacement = "ch"; skip = 2
            case ("z", "y") where isYVowel(at(index + 2)): replacement = "j"; skip = 2
            case ("j", "y") where isYVowel(at(index + 2)): replacement = "j"; skip = 2
            default: break
            }
            if let replacement {
                out.append(contentsOf: replacement.unicodeScalars)
                changed = true
            } else {
                out.append(scalar)
            }
            index += skip
        }
        return changed ? String(out) : nil
    }

    /// Whether `query` is a prefix of `key` but for one letter missing, added, changed or two
    /// letters swapped (optimal string alignment distance ≤ 1 to some prefix of the key). Both are
    /// folded keys; only the ASCII romaji of a name is compared.
    public static func isOneSlipPrefix(_ query: [UInt8], of key: [UInt8]) -> Bool {
        let m = query.count, n = key.count
        guard m > 0, n + 1 >= m else { return false }
        // Rows of the distance table: d[i][j] = distance between query[..<i] and key[..<j].
        var before = [Int](repeating: 0, count: n + 1), row = [Int](0...n), next = [Int](repeating: 0, count: n + 1)
        for i in 1...m {
            next[0] = i
            var best = next[0]
            for j in stride(from: 1, through: n, by: 1) {
                let cost = query[i - 1] == key[j - 1] ? 0 : 1
                var value = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, query[i - 1] == key[j - 2], query[i - 2] == key[j - 1] { value = min(value, before[j - 2] + 1) }
                next[j] = value
                best = min(best, value)
            }
            if best > 1 { return false }   // every prefix is already two slips away
            (before, row, next) = (row, next, before)
        }
        return row.min().map { $0 <= 1 } ?? false
    }
}
