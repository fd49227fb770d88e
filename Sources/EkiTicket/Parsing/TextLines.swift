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

/// Groups words into lines: Tesseract's own lines, which it fits to each printed line's baseline, tilt
/// and all. A word without a line number (made by hand) stands on a line with the words of its top.
enum LineBuilder {
    static func lines(_ words: [OCRWord]) -> [TextLine] {
        let grouped = Dictionary(grouping: words, by: { $0.line ?? -1 - $0.y })
        let lines = grouped.values.map { TextLine(words: $0.sorted { $0.x < $1.x }) }.sorted { ($0.top, $0.words[0].x) < ($1.top, $1.words[0].x) }
        return joinWrappedRoutes(joinRows(lines))
    }

    /// Lines side by side on one row are one line: Tesseract cuts a table's label from its value
    /// ("Departure" | "Akayu 10:14") when a wide gap parts them, and the label is the value's anchor.
    static func joinRows(_ lines: [TextLine]) -> [TextLine] {
        var rows: [TextLine] = []
        for line in lines {
            if let index = rows.lastIndex(where: { row in
                let height = max(row.height, line.height)
                let apart = (line.words.first!.x >= row.words.last!.maxX) || (line.words.last!.maxX <= row.words.first!.x)
                return apart && abs(row.middle - line.middle) < 0.3 * height && min(row.height, line.height) > 0.45 * height
            }) {
                rows[index] = TextLine(words: (rows[index].words + line.words).sorted { $0.x < $1.x })
            } else {
                rows.append(line)
            }
        }
        return rows
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
