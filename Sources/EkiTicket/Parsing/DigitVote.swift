/// Two readings of the digits, one answer. Both models read every line; the Japanese model's lines are
/// the ones the parsers trust for Japanese text, but on some fonts it misreads digits the English model
/// reads right: 0 as 9 or 6 (`14:97着`, `16番D席` for 10番), or a 0 as two digits (`1063号` for 103号,
/// `3608` for 308). The English model reads the same pixels, digits well and kanji as stray letters or
/// digits (号 as 5: `1035` for 103号).
///
/// So each printed line the Japanese model read is aligned, character by character, with the English
/// model's words on the same band (kanji matching anything cheaply, digits matching digits), and where
/// the two disagree on a digit:
/// - a 0 the English model read where the Japanese read 6, 8 or 9 is a 0 (the Japanese model's known
///   weakness; the English model is no better elsewhere: it reads a bold 7 as 1, drops digits);
/// - a 6, 8, 9 or 0 only the Japanese model read, beside a 0 and inside a run both read alike, is
///   dropped (the 0 read as two);
/// - a 0 only the English model read, right after a digit both read alike, was lost ("5月1日" for 5月10日);
/// - any other disagreement (another digit, or a digit only one model read beside the digits both
///   read) keeps the Japanese reading.
/// Either way the word's confidence drops below what makes a field sure: where the models disagree, the
/// rider is asked to check.
enum DigitVote {
    /// The confidence a word keeps when the two models read its digits differently.
    static let disputed = 0.5
    /// The confidence a word with a 6, 8 or 9 keeps when the English model read no digit on its line.
    static let unconfirmed = 0.6

    /// Pairs of digits one model reads for the other (either way round).
    static let confusions: Set<String> = {
        let pairs = ["06", "08", "09", "68", "69", "89", "17", "38", "56", "B8", "D0", "O0", "@0"]
        return Set(pairs + pairs.map { String($0.reversed()) })
    }()

    /// What the English model makes of a 0 it does not read as one (not "O": it reads 9 as O too,
    /// "45%OBER" for 4号車 9番E席).
    static let zeroLike: Set<Character> = ["@"]

    static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00 ... 0x9FFF).contains(scalar.value) || (0x3400 ... 0x4DBF).contains(scalar.value)
    }

    static func isConfusion(_ a: Character, _ b: Character) -> Bool { confusions.contains(String([a, b])) }

    /// The words with the Japanese model's digits decided against the English model's.
    static func repaired(_ words: [OCRWord]) -> [OCRWord] {
        var result = words
        let english = words.indices.filter { words[$0].model == .eng }
        guard !english.isEmpty else { return words }
        let japanese = Dictionary(grouping: words.indices.filter { words[$0].model == .jpn }, by: { words[$0].line ?? -1 - words[$0].y })
        for indices in japanese.values {
            let line = indices.sorted { words[$0].x < words[$1].x }
            guard line.contains(where: { words[$0].text.contains(where: \.isNumber) }) else { continue }
            let top = line.map { words[$0].y }.min()!, bottom = line.map { words[$0].maxY }.max()!
            let left = line.map { words[$0].x }.min()!, right = line.map { words[$0].maxX }.max()!
            let height = bottom - top
            let band = english.filter { index in
                let w = words[index]
                let overlap = min(bottom, w.maxY) - max(top, w.y)
                return overlap * 2 >= min(height, w.height) && w.maxX > left - height && w.x < right + height
            }.sorted { words[$0].x < words[$1].x }
            let theirs = Array(band.map { TicketText.normalize(words[$0].text) }.joined().filter { $0 != " " })
            guard theirs.contains(where: \.isNumber) else {
                // The English model read no digit here: a 6, 8 or 9 of ours may be a 0 it would have
                // told (2月16日 for 10日, 6号車 for 8号車 at 0.9). Such a word is not sure on one reading.
                for index in line where words[index].text.contains(where: { "689".contains($0) }) {
                    result[index].confidence = min(result[index].confidence, unconfirmed)
                }
                continue
            }
            // Our characters, each with its word and place in that word.
            var ours: [(character: Character, word: Int, offset: Int)] = []
            for index in line {
                for (offset, character) in TicketText.normalize(words[index].text).enumerated() where character != " " {
                    ours.append((character, index, offset))
                }
            }
            let decided = decide(ours.map(\.character), theirs)
            guard decided.disputed else { continue }
            // Write the decided characters back into their words.
            var texts: [Int: [String?]] = [:]
            for index in line { texts[index] = TicketText.normalize(words[index].text).map { String($0) } }
            for (position, character) in decided.characters.enumerated() {
                let at = ours[position]
                texts[at.word]![at.offset] = character
            }
            for index in Set(decided.disputes.map { ours[$0].word }) {
                result[index].text = texts[index]!.compactMap { $0 }.joined()
                result[index].confidence = min(result[index].confidence, disputed)
            }
        }
        return result
    }

    struct Decision {
        /// Per character of ours: kept, replaced, or dropped (nil).
        var characters: [String?]
        /// Positions of ours where the models read different digits.
        var disputes: [Int]
        var disputed: Bool { !disputes.isEmpty }
    }

    /// Aligns our characters with theirs (the least costly alignment: equal characters free, a kanji
    /// against anything cheap, confusable digits cheaper than other digits) and decides each digit.
    static func decide(_ ours: [Character], _ theirs: [Character]) -> Decision {
        let n = ours.count, m = theirs.count
        let gap = 0.7
        // Each character's looks worked out once: the table asks for every pair.
        let oursLower = ours.map { Character($0.lowercased()) }, theirsLower = theirs.map { Character($0.lowercased()) }
        let oursJapanese = ours.map { $0.unicodeScalars.contains(where: TicketText.isJapanese) }
        func cost(_ i: Int, _ j: Int) -> Double {
            let a = ours[i], b = theirs[j]
            if a == b || oursLower[i] == theirsLower[j] { return 0 }
            if oursJapanese[i] { return 0.5 }
            if a.isNumber, b.isNumber { return b == "0" && "689".contains(a) ? 0.4 : isConfusion(a, b) ? 0.6 : 1 }
            if a.isNumber || b.isNumber { return isConfusion(a, b) ? 0.6 : 1 }
            return 0.9
        }
        var table = Array(repeating: Array(repeating: 0.0, count: m + 1), count: n + 1)
        for i in 0 ... n { table[i][0] = Double(i) * gap }
        for j in 0 ... m { table[0][j] = Double(j) * gap }
        if n > 0, m > 0 {
            for i in 1 ... n {
                for j in 1 ... m {
                    table[i][j] = min(table[i - 1][j - 1] + cost(i - 1, j - 1), table[i - 1][j] + gap, table[i][j - 1] + gap)
                }
            }
        }
        // Walk back: what each of ours was aligned with (nil: nothing of theirs), and the 0s only they
        // read, by the index of ours they come after.
        var partner = [Character?](repeating: nil, count: n)
        var theirsPartner = [Int?](repeating: nil, count: m)
        var i = n, j = m
        while i > 0, j > 0 {
            if table[i][j] == table[i - 1][j - 1] + cost(i - 1, j - 1) {
                partner[i - 1] = theirs[j - 1]; theirsPartner[j - 1] = i - 1; i -= 1; j -= 1
            } else if table[i][j] == table[i - 1][j] + gap {
                i -= 1
            } else {
                j -= 1
            }
        }
        func agreed(_ index: Int) -> Bool { ours[index].isNumber && partner[index] == ours[index] }
        var decision = Decision(characters: ours.map { String($0) }, disputes: [])
        for (index, character) in ours.enumerated() where character.isNumber {
            if let other = partner[index] {
                // "No.1@" for our "No.19": they read a 0 they could not name as a digit.
                if !other.isNumber, zeroLike.contains(other), "689".contains(character) {
                    decision.disputes.append(index)
                    decision.characters[index] = "0"
                    continue
                }
                guard other.isNumber, other != character else { continue }
                decision.disputes.append(index)
                // The Japanese model's known weakness is the 0 (read 6, 8 or 9); elsewhere the English
                // model is no better (it reads 7 as 1 in the same bold digits): ours stays, unsure.
                if other == "0", "689".contains(character) { decision.characters[index] = "0" }
            } else if index > 0, index + 1 < n, agreed(index - 1), agreed(index + 1) {
                // A digit only we read, between two both read alike: disputed ("758号" / "785": 78号?).
                decision.disputes.append(index)
                // Beside a 0 both read, a 0, 6, 8 or 9: a 0 read as two, dropped.
                if ours[index - 1] == "0" || ours[index + 1] == "0", "0689".contains(character) { decision.characters[index] = nil }
            }
        }
        // A 0 only they read (against nothing of ours), right after a digit both read
        // alike and ending their digits ("5A10H" for 5月1日; "105" for 1号, 号 read 5): ours lost it.
        // Not one 0 of several (番 read as "08" after a 0).
        func isKanji(at j: Int) -> Bool { theirsPartner[j].map { ours[$0].unicodeScalars.contains(where: Self.isKanji) } ?? false }
        for (j, character) in theirs.enumerated() where character == "0" && j > 0 && theirs[j - 1] != "0" {
            // Against a kanji only when their next digit is against a kanji too: the lost 0 shifted their
            // "5" for 号 onto our 車. A 0 against 日 alone is their reading of 日 ("A170" for 月17日).
            guard theirsPartner[j] == nil || (isKanji(at: j) && j + 1 < m && theirs[j + 1].isNumber && isKanji(at: j + 1)),
                  let index = theirsPartner[j - 1], agreed(index), decision.characters[index] != nil,
                  j + 1 == m || !theirs[j + 1].isNumber || isKanji(at: j + 1) else { continue }
            decision.disputes.append(index)
            decision.characters[index]! += "0"
        }
        // A digit they read where we read none, right before a digit both read alike: the number may
        // be longer or other than ours ("NEH 85" for のぞみ 5号; the train was のぞみ8号). It counts
        // against nothing, a letter or kana, not against a kanji (they read 号車 as "58") and not as a 1
        // (they make 1s of narrow strokes). After the number nothing counts but the lost 0 above: they read 号 as 5 and 年 as 4 after every number.
        for (j, character) in theirs.enumerated() where character.isNumber && character != "0" && character != "1" {
            let against = theirsPartner[j].map { ours[$0] }
            guard against.map({ !$0.isNumber && !$0.unicodeScalars.contains(where: Self.isKanji) }) ?? true,
                  j + 1 < m, let next = theirsPartner[j + 1], agreed(next), !decision.disputes.contains(next) else { continue }
            decision.disputes.append(next)
        }
        return decision
    }
}
