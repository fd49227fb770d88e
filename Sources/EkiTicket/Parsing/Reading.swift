/// A value one sub-parser read, how sure it is (0…1), and which model's words it came from.
struct Reading<Value: Equatable & Sendable>: Sendable {
    var value: Value
    var confidence: Double
    var model: OCRWord.Model

    /// The confidence of a reading made at anchor `level` (0: the printed anchor itself, each step
    /// looser costs more) from words Tesseract was `ocr` sure of.
    static func score(level: Int, ocr: Double, match: Double = 1) -> Double {
        let base = [0.97, 0.86, 0.72, 0.6][min(level, 3)]
        return base * (0.6 + 0.4 * ocr) * match
    }

    /// Both models' readings of one field made into one: agreement makes a value surer, a
    /// disagreement leaves the stronger reading but unsure.
    static func combine(_ readings: [Reading?]) -> Reading? {
        let found = readings.compactMap { $0 }.sorted { $0.confidence > $1.confidence }
        guard var best = found.first else { return nil }
        guard found.count > 1 else { return best }
        if found.dropFirst().contains(where: { $0.value == best.value }) {
            best.confidence = min(0.995, best.confidence + (1 - best.confidence) * 0.6)
        } else {
            best.confidence = min(best.confidence * 0.7, 0.75)
        }
        return best
    }
}

/// Regular-expression helpers over a line's text, with character offsets for `TextLine.owner`.
extension TextLine {
    /// Every match of `regex` with its character range.
    func matches<Output>(_ regex: Regex<Output>) -> [(Regex<Output>.Match, Range<Int>)] {
        text.matches(of: regex).map { match in
            (match, text.distance(from: text.startIndex, to: match.range.lowerBound)
                ..< text.distance(from: text.startIndex, to: match.range.upperBound))
        }
    }
}
