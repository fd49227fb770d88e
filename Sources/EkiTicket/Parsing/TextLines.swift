import Foundation

/// One printed line as one model read it: its words left to right, and their text joined, with a
/// space where the words stand apart. `owner` maps each character of `text` back to its word.
struct TextLine: Sendable {
    var words: [OCRWord]
    var text: String
    var owner: [Int]
    var model: OCRWord.Model { words.first?.model ?? .jpn }
    var top: Int { words.map(\.y).min() ?? 0 }
    var height: Double { words.map { Double($0.height) }.sorted()[words.count / 2] }
    /// The weakest word's confidence.
    var confidence: Double { words.map(\.confidence).min() ?? 0 }

    init(words: [OCRWord]) {
        self.words = words
        var text = "", owner: [Int] = []
        for (index, word) in words.enumerated() {
            if index > 0 {
                let gap = Double(word.x - words[index - 1].maxX)
                if gap > 0.35 * Double(max(word.height, words[index - 1].height)) { text.append(" "); owner.append(index) }
            }
            for character in TicketText.normalize(word.text) { text.append(character); owner.append(index) }
        }
        self.text = text
        self.owner = owner
    }

    /// The confidence of the words behind characters `range` of `text`.
    func confidence(of range: Range<Int>) -> Double {
        let indices = Set(range.clamped(to: 0 ..< owner.count).map { owner[$0] })
        return indices.map { words[$0].confidence }.min() ?? confidence
    }
}

/// Groups words into lines. Photos leave lines tilted even after deskewing, so a line is grown left to
/// right, each word joining the line whose course (the slope of the words so far) passes closest to it.
enum LineBuilder {
    static func lines(_ words: [OCRWord]) -> [TextLine] {
        // Tesseract's own lines when it gave them: it fits each line's baseline, tilt and all.
        if !words.isEmpty, words.allSatisfy({ $0.line != nil }) {
            let grouped = Dictionary(grouping: words, by: { $0.line! })
            return joinWrappedRoutes(grouped.keys.sorted().map { TextLine(words: grouped[$0]!) }.sorted { $0.top < $1.top })
        }
        let tilt = tilt(words)
        var lines: [[OCRWord]] = []
        for word in words.sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) }) {
            var best: (index: Int, distance: Double)?
            for (index, line) in lines.enumerated() {
                guard let last = line.last, word.x >= last.x + last.width / 3 else { continue }
                // The line's letters set the scale: a dash or a dot (the arrow, "・") is much lower than they are.
                let letters = Double(line.map(\.height).max() ?? 1)
                let predicted = last.midY + (line.count > 1 ? slope(line) : tilt) * Double(word.x - last.x)
                let distance = abs(word.midY - predicted)
                let tolerance = 0.45 * max(min(Double(word.height), letters), 4)
                let ratio = Double(word.height) / letters
                let small = word.height < word.width * 2 && Double(word.height) < letters * 0.5
                guard distance <= (small ? 0.45 * letters : tolerance), small || (ratio > 0.45 && ratio < 2.2) else { continue }
                if best == nil || distance < best!.distance { best = (index, distance) }
            }
            if let best { lines[best.index].append(word) } else { lines.append([word]) }
        }
        return joinWrappedRoutes(lines.map(TextLine.init).sorted { $0.top < $1.top })
    }

    /// A route wrapped after its arrow ("Shin-Iwakuni 15:06 →" / "Shin-Yamaguchi 15:42") is one line:
    /// the next line's words are put after the arrow.
    static func joinWrappedRoutes(_ lines: [TextLine]) -> [TextLine] {
        var joined: [TextLine] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let last = line.words.last, index + 1 < lines.count,
               StationParser.arrows.contains(TicketText.normalize(last.text)) || line.text.hasSuffix("→") {
                let shift = (line.words.map(\.maxX).max() ?? 0) + last.height - (lines[index + 1].words.map(\.x).min() ?? 0)
                let moved = lines[index + 1].words.map { word -> OCRWord in
                    var word = word
                    word.x += shift
                    word.y = last.y + last.height / 2 - word.height / 2
                    return word
                }
                joined.append(TextLine(words: line.words + moved))
                index += 2
            } else {
                joined.append(line)
                index += 1
            }
        }
        return joined
    }

    /// The page's tilt: the median slope from each word to its nearest neighbour on the right that
    /// overlaps it by half its height. A line of one word so far follows it.
    static func tilt(_ words: [OCRWord]) -> Double {
        var slopes: [Double] = []
        for word in words {
            var nearest: OCRWord?
            for other in words where other.x > word.x + word.width / 2 && abs(other.midY - word.midY) < 0.6 * Double(max(word.height, other.height)) {
                if nearest == nil || other.x < nearest!.x { nearest = other }
            }
            if let nearest { slopes.append((nearest.midY - word.midY) / Double(nearest.x - word.x)) }
        }
        guard !slopes.isEmpty else { return 0 }
        return max(-0.3, min(0.3, slopes.sorted()[slopes.count / 2]))
    }

    /// Least-squares slope of the word centres (0 for one word).
    private static func slope(_ line: [OCRWord]) -> Double {
        guard line.count > 1 else { return 0 }
        let xs = line.map { Double($0.x) + Double($0.width) / 2 }, ys = line.map(\.midY)
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        var num = 0.0, den = 0.0
        for (x, y) in zip(xs, ys) { num += (x - mx) * (y - my); den += (x - mx) * (x - mx) }
        guard den > 0 else { return 0 }
        return max(-0.3, min(0.3, num / den))
    }
}

enum TicketText {
    /// NFKC (full-width digits, letters and colons become ASCII), the arrow look-alikes OCR makes
    /// of "→" kept as they are: the parsers decide what an arrow is.
    static func normalize(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
    }

    /// Letters only, lower case: "Shin-Osaka" → "shinosaka".
    static func latinKey(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic && $0.isASCII }.map(Character.init))
    }

    /// Japanese letters only (kanji, kana, the iteration mark): "東 京" → "東京".
    static func japaneseKey(_ text: String) -> String {
        String(text.unicodeScalars.filter(isJapanese).map(Character.init))
    }

    static func isJapanese(_ s: Unicode.Scalar) -> Bool {
        (0x3040 ... 0x30FF).contains(s.value) || (0x4E00 ... 0x9FFF).contains(s.value) || s.value == 0x3005
    }
}
