/// The train: a name from the dictionary and its number. Anchors, tightest first: the name followed by
/// the number and 号 ("はくたか 555号", "はやて754号"), or in English the name then the number
/// ("HAKUTAKA 555"); then the name one character off; then the number without 号. A name without a
/// number, or a number without a name, is no train: nil.
struct TrainParser {
    let dictionary: ShinkansenDictionary

    func read(_ lines: [TextLine]) -> Reading<Ticket.Train>? {
        var best: Reading<Ticket.Train>?
        func keep(_ reading: Reading<Ticket.Train>?) {
            if let reading, best == nil || reading.confidence > best!.confidence { best = reading }
        }
        for line in lines {
            // Japanese names come cut by OCR ("はく た か58号"): read them with the spaces gone.
            let scalars = Array(line.text.filter { $0 != " " }.unicodeScalars)
            for train in dictionary.trains { keep(japanese(train, line, scalars)) }
            keep(english(line))
        }
        return best
    }

    private func japanese(_ train: ShinkansenDictionary.Train, _ line: TextLine, _ scalars: [Unicode.Scalar]) -> Reading<Ticket.Train>? {
        guard let window = Fuzzy.bestWindow(of: train.ja, in: scalars),
              window.similarity >= (train.ja.unicodeScalars.count <= 2 ? 1 : 0.74) else { return nil }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars[window.range.upperBound...])
        guard let m = String(rest).firstMatch(of: TrainParserPatterns.p0), m.3 == nil else { return nil }
        let level = (m.2 != nil ? 0 : 2) + (window.similarity < 1 ? 1 : 0)
        return Reading(value: Ticket.Train(name: train.ja, nameEn: train.en, number: Int(m.1)!),
                       confidence: Reading<Ticket.Train>.score(level: level, ocr: line.confidence, match: window.similarity),
                       model: line.model, loose: window.similarity < 1)
    }

    /// "HAKUTAKA 555", "Nozomi 225", "HAKUTAKA No.555": a word like a train name, then its number.
    private func english(_ line: TextLine) -> Reading<Ticket.Train>? {
        var best: Reading<Ticket.Train>?
        for (m, range) in line.matches(TrainParserPatterns.p1) {
            let word = String(m.1).lowercased()
            for train in dictionary.trains {
                let similarity = Fuzzy.similarity(word, train.en.lowercased())
                guard similarity >= 0.74 else { continue }
                let reading = Reading(value: Ticket.Train(name: train.ja, nameEn: train.en, number: Int(m.2)!),
                                      confidence: Reading<Ticket.Train>.score(level: similarity < 1 ? 1 : 0, ocr: line.confidence(of: range), match: similarity),
                                      model: line.model, loose: similarity < 1, latin: true)
                if best == nil || reading.confidence > best!.confidence { best = reading }
            }
        }
        return best
    }
}

/// The patterns, compiled once: a regular expression literal inside a function is parsed again at
/// every call, which was most of the time parsing a ticket took.
enum TrainParserPatterns {
    nonisolated(unsafe) static let p0 = /^\s*([0-9]{1,4})\s*(号)?(車)?/
    nonisolated(unsafe) static let p1 = /(?i)([a-z]{4,10})\s*(?:no\.?\s*)?([0-9]{1,4})(?![0-9:\/])/
}
