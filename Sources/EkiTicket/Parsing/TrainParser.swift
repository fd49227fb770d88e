/// The train: a name from the dictionary and its number. Anchors, tightest first: the name followed by
/// the number and 号 ("はくたか 555号", "はやて754号"), or in English the name then the number
/// ("HAKUTAKA 555"); then the name one character off; then the number without 号. A name without a
/// number, or a number without a name, is no train: nil.
struct TrainParser {
    let dictionary: ShinkansenDictionary

    func read(_ lines: [TextLine]) -> Reading<Ticket.Train>? {
        var best: Reading<Ticket.Train>?
        for line in lines {
            // Japanese names come cut by OCR ("はく た か58号"): read them with the spaces gone.
            let characters = Array(line.text.filter { $0 != " " })
            for train in dictionary.trains {
                if let reading = japanese(train, line, characters) ?? english(train, line) {
                    if best == nil || reading.confidence > best!.confidence { best = reading }
                }
            }
        }
        return best
    }

    private func japanese(_ train: ShinkansenDictionary.Train, _ line: TextLine, _ characters: [Character]) -> Reading<Ticket.Train>? {
        guard line.text.contains(where: { train.ja.contains($0) }),
              let window = Fuzzy.bestWindow(of: train.ja, in: characters),
              window.similarity >= (train.ja.count <= 2 ? 1 : 0.74) else { return nil }
        let rest = String(characters[window.range.upperBound...])
        guard let m = rest.firstMatch(of: /^\s*([0-9]{1,4})\s*(号)?(車)?/), m.3 == nil else { return nil }
        let level = (m.2 != nil ? 0 : 2) + (window.similarity < 1 ? 1 : 0)
        let range = window.range.lowerBound ..< window.range.upperBound + rest.distance(from: rest.startIndex, to: m.range.upperBound)
        return Reading(value: Ticket.Train(name: train.ja, nameEn: train.en, number: Int(m.1)!),
                       confidence: Reading<Ticket.Train>.score(level: level, ocr: line.confidence(of: range), match: window.similarity),
                       model: line.model)
    }

    private func english(_ train: ShinkansenDictionary.Train, _ line: TextLine) -> Reading<Ticket.Train>? {
        let key = train.en.lowercased()
        for (m, range) in line.matches(/(?i)([a-z]{4,10})\s*([0-9]{1,4})(?![[0-9]:])/) {
            let word = String(m.1).lowercased()
            let similarity = Fuzzy.similarity(word, key)
            guard similarity >= 0.74 else { continue }
            return Reading(value: Ticket.Train(name: train.ja, nameEn: train.en, number: Int(m.2)!),
                           confidence: Reading<Ticket.Train>.score(level: similarity < 1 ? 1 : 0, ocr: line.confidence(of: range), match: similarity),
                           model: line.model)
        }
        return nil
    }
}
