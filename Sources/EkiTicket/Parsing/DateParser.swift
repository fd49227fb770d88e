import EkiCore

/// The travel date. Anchors, tightest first: "2025年3月18日", "3月18日", "MAR.18"/"Mar 18, 2025";
/// then "3月18" without 日 and a month word one letter off ("MAK.18"). The year is printed on
/// screenshots; on a photo it comes from the issue date on the bottom line ("2025.-3.18"), else the
/// next 18 March from `today`.
struct DateParser {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    func read(_ lines: [TextLine], today: CivilDate) -> Reading<String>? {
        var candidates: [(month: Int, day: Int, year: Int?, level: Int, ocr: Double)] = []
        for line in lines {
            // Cheap looks first: most lines hold no date at all, and regular expressions cost.
            guard line.text.contains(where: \.isNumber) else { continue }
            let japanese = line.text.contains("月")
            if japanese, line.text.contains("年") {
              for (m, range) in line.matches(DateParserPatterns.p0) {
                candidates.append((Int(m.2)!, Int(m.3)!, Int(m.1)!, 0, line.confidence(of: range)))
              }
            }
            if japanese {
              for (m, range) in line.matches(DateParserPatterns.p1) {
                candidates.append((Int(m.1)!, Int(m.2)!, nil, 0, line.confidence(of: range)))
              }
              for (m, range) in line.matches(DateParserPatterns.p2) {
                candidates.append((Int(m.1)!, Int(m.2)!, nil, 1, line.confidence(of: range)))
              }
            }
            guard line.text.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) else { continue }
            for (m, range) in line.matches(DateParserPatterns.p3) {
                let word = String(m.1).lowercased()
                if let month = Self.months.firstIndex(of: word) {
                    candidates.append((month + 1, Int(m.2)!, m.3.flatMap { Int($0) }, 0, line.confidence(of: range)))
                } else if !["car", "seat"].contains(word), let month = Self.fuzzyMonth(word) {
                    candidates.append((month + 1, Int(m.2)!, m.3.flatMap { Int($0) }, 2, line.confidence(of: range)))
                }
            }
        }
        let valid = candidates.filter { CivilDate(year: $0.year ?? 2000, month: $0.month, day: $0.day) != nil }
        guard let best = valid.min(by: { ($0.level, -$0.ocr) < ($1.level, -$1.ocr) }) else { return nil }
        let issued = issueDate(lines)
        let year: Int, yearLevel: Int
        if let printed = best.year {
            year = printed; yearLevel = 0
        } else if let issued {
            // Sold up to a month ahead: a travel day before the issue day is next year's.
            year = (best.month, best.day) < (issued.month, issued.day) ? issued.year + 1 : issued.year
            yearLevel = 0
        } else {
            year = Self.nextOccurrence(month: best.month, day: best.day, from: today).year
            yearLevel = 1
        }
        guard let date = CivilDate(year: year, month: best.month, day: best.day) else { return nil }
        return Reading(value: date.iso, confidence: Reading<String>.score(level: max(best.level, yearLevel), ocr: best.ocr),
                       model: lines.first?.model ?? .jpn)
    }

    /// The issue date on a ticket's bottom line: "2025.-3.18", "2025. 3.23".
    func issueDate(_ lines: [TextLine]) -> CivilDate? {
        for line in lines.reversed() {
            for (m, _) in line.matches(DateParserPatterns.p4) {
                if let date = CivilDate(year: Int(m.1)!, month: Int(m.2)!, day: Int(m.3)!) { return date }
            }
        }
        return nil
    }

    static func fuzzyMonth(_ word: String) -> Int? {
        let close = months.enumerated().filter { Fuzzy.distance($0.element, word) <= 1 }
        return close.count == 1 ? close[0].offset : nil
    }

    static func nextOccurrence(month: Int, day: Int, from today: CivilDate) -> CivilDate {
        for year in today.year ... today.year + 4 {
            if let date = CivilDate(year: year, month: month, day: day), date >= today { return date }
        }
        return today
    }
}

/// The patterns, compiled once: a regular expression literal inside a function is parsed again at
/// every call, which was most of the time parsing a ticket took.
enum DateParserPatterns {
    nonisolated(unsafe) static let p0 = /(20[0-9][0-9])\s*年\s*([0-9]{1,2})\s*月\s*([0-9]{1,2})\s*日/
    nonisolated(unsafe) static let p1 = /([0-9]{1,2})\s*月\s*([0-9]{1,2})\s*日/
    nonisolated(unsafe) static let p2 = /([0-9]{1,2})\s*月\s*([0-9]{1,2})(?![0-9])/
    nonisolated(unsafe) static let p3 = /(?i)(?:^|[^a-z])([a-z]{3})[a-z]*\.?\s*([0-9]{1,2})(?![0-9]|:)(?:\s*,\s*(20[0-9][0-9]))?/
    nonisolated(unsafe) static let p4 = /(20[0-9][0-9])\s*[.,]\s*-?\s*([0-9]{1,2})\s*[.,]\s*-?\s*([0-9]{1,2})/
}
