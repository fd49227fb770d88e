/// A value one sub-parser read, how sure it is (0…1), and which model's words it came from.
struct Reading<Value: Equatable & Sendable>: Sendable {
    var value: Value
    var confidence: Double
    var model: OCRWord.Model
    /// Read through a loosened match: an anchor or a dictionary word taken a letter or more off
    /// ("CDR" for Car, "sep" for a month), or a value assumed where nothing was printed. Such a reading
    /// never becomes sure, neither alone nor when the other model agrees.
    var loose = false
    /// Read from Latin letters and digits only. Both models read those from the same pixels — the
    /// Japanese model knows Latin letters too — so their agreement there is not independent evidence.
    var latin = false

    /// The most a loosened reading can claim: below `ScanResult.sure`, always shown as unsure.
    static var looseCeiling: Double { 0.72 }

    init(value: Value, confidence: Double, model: OCRWord.Model, loose: Bool = false, latin: Bool = false) {
        self.value = value
        self.model = model
        self.loose = loose
        self.latin = latin
        self.confidence = loose ? min(confidence, Self.looseCeiling) : confidence
    }

    /// The confidence of a reading made at anchor `level` (0: the printed anchor itself, each step
    /// looser costs more) from words Tesseract was `ocr` sure of.
    /// A reading is never much surer than its own words: a word Tesseract was 64 % sure of cannot make
    /// a field 80 % sure, however good its anchor (`ocrMargin` above the words' confidence at most).
    static func score(level: Int, ocr: Double, match: Double = 1) -> Double {
        let base = [0.97, 0.86, 0.72, 0.6][min(level, 3)]
        return min(base * (0.6 + 0.4 * ocr) * match, ocr + ocrMargin)
    }

    static var ocrMargin: Double { 0.15 }

    /// Both models' readings of one field made into one. Agreement makes a value surer only where the
    /// readings are independent (not both from Latin text) and neither is loosened; a disagreement leaves
    /// the stronger reading, unsure.
    static func combine(_ readings: [Reading?]) -> Reading? {
        let found = readings.compactMap { $0 }.sorted { $0.confidence > $1.confidence }
        guard var best = found.first else { return nil }
        guard found.count > 1 else { return best }
        let agreeing = found.dropFirst().filter { $0.value == best.value }
        if !agreeing.isEmpty {
            let independent = agreeing.contains { $0.model != best.model && !($0.latin && best.latin) }
            if independent, !best.loose, !agreeing.contains(where: \.loose) {
                best.confidence = min(0.995, best.confidence + (1 - best.confidence) * 0.6)
            }
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

    /// Characters `range` of the text.
    func slice(_ range: Range<Int>) -> String {
        let characters = Array(text)
        return String(characters[range.clamped(to: 0 ..< characters.count)])
    }

    /// Whether characters `range` of the text hold no Japanese letter (only Latin letters, digits, signs).
    func isLatin(_ range: Range<Int>) -> Bool {
        let characters = Array(text)
        let clamped = range.clamped(to: 0 ..< characters.count)
        return !characters[clamped].contains { $0.unicodeScalars.contains(where: TicketText.isJapanese) }
    }
}
