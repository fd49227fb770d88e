import EkiCore

/// The travel date. Anchors, tightest first: "2025年3月18日", "3月18日", "MAR.18", "Mar 18, 2025",
/// "18 MAR 2025"; then "3月18" without 日 and a month word one letter off ("MAK.18", loosened). A year
/// printed beside the date wins; else the issue date on a ticket's bottom line ("2025.-3.18"); else the
/// next such day from `today`. Lines that give a validity, a purchase or an issue day ("有効期間",
/// "3月18日まで", "購入日", "Valid until") are no travel date.
struct DateParser {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december"]
    /// Words of other fields that sit before a number and are one letter from a month ("Car 7": mar).
    static let notMonths: Set<String> = ["car", "cars", "seat", "seats", "no", "nos", "gate", "track", "row", "jr"]
    /// A line with one of these gives another day than the travel day.
    static let otherDays = ["有効", "まで", "限り", "から", "購入", "発売", "予約日", "申込", "受付", "変更期限", "払戻"]
    static let otherDaysLatin = ["valid", "until", "purchase", "booked", "issued", "bought", "deadline", "refund", "change by"]

    struct Candidate {
        var month: Int, day: Int, year: Int?, level: Int, ocr: Double, loose: Bool, latin: Bool
    }

    func read(_ lines: [TextLine], today: CivilDate) -> Reading<String>? {
        var candidates: [Candidate] = []
        for line in lines {
            // Cheap looks first: most lines hold no date at all, and regular expressions cost.
            guard line.text.contains(where: \.isNumber), !Self.isOtherDay(line.text) else { continue }
            let japanese = line.text.contains("月")
            var taken: [Range<Int>] = []
            func free(_ range: Range<Int>) -> Bool { !taken.contains { $0.overlaps(range) } }
            if japanese {
                if line.text.contains("年") {
                    for (m, range) in line.matches(DateParserPatterns.p0) {
                        candidates.append(Candidate(month: Int(m.2)!, day: Int(m.3)!, year: Int(m.1)!, level: 0, ocr: line.confidence(of: range), loose: false, latin: false))
                        taken.append(range)
                    }
                    // "227年1月4日": the year's 0 lost (the Japanese model's weak digit), 2027, loosely.
                    for (m, range) in line.matches(DateParserPatterns.p6) where free(range) {
                        candidates.append(Candidate(month: Int(m.2)!, day: Int(m.3)!, year: 2000 + Int(m.1)!, level: 1, ocr: line.confidence(of: range), loose: true, latin: false))
                        taken.append(range)
                    }
                }
                // "5月27日" inside "2025年5月27日" is the same date with its year: counted once, with the year.
                for (m, range) in line.matches(DateParserPatterns.p1) where free(range) {
                    candidates.append(Candidate(month: Int(m.1)!, day: Int(m.2)!, year: nil, level: 0, ocr: line.confidence(of: range), loose: false, latin: false))
                    taken.append(range)
                }
                for (m, range) in line.matches(DateParserPatterns.p2) where free(range) {
                    candidates.append(Candidate(month: Int(m.1)!, day: Int(m.2)!, year: nil, level: 1, ocr: line.confidence(of: range), loose: false, latin: false))
                }
            }
            guard line.text.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) else { continue }
            for (m, range) in line.matches(DateParserPatterns.p3) where free(range) {
                guard let (month, loose) = Self.month(String(m.1)) else { continue }
                candidates.append(Candidate(month: month, day: Int(m.2)!, year: m.3.flatMap { Int($0) }, level: loose ? 2 : 0,
                                            ocr: line.confidence(of: range), loose: loose, latin: true))
                taken.append(range)
            }
            for (m, range) in line.matches(DateParserPatterns.p5) where free(range) {
                guard let (month, loose) = Self.month(String(m.2)) else { continue }
                candidates.append(Candidate(month: month, day: Int(m.1)!, year: m.3.flatMap { Int($0) }, level: loose ? 2 : 0,
                                            ocr: line.confidence(of: range), loose: loose, latin: true))
            }
        }
        let valid = candidates.filter { CivilDate(year: $0.year ?? 2000, month: $0.month, day: $0.day) != nil }
        // Tightest anchor first; at the same anchor a printed year beats none; then the surer words.
        guard let best = valid.min(by: { ($0.level, $0.year == nil ? 1 : 0, -$0.ocr) < ($1.level, $1.year == nil ? 1 : 0, -$1.ocr) }) else { return nil }
        var year: Int, yearLevel: Int
        if let printed = best.year {
            year = printed; yearLevel = 0
        } else if let printed = valid.first(where: { $0.year != nil && $0.month == best.month && $0.day == best.day })?.year {
            year = printed; yearLevel = 0
        } else if let issued = issueDate(lines) {
            // Sold up to a month ahead: a travel day before the issue day is next year's.
            year = (best.month, best.day) < (issued.month, issued.day) ? issued.year + 1 : issued.year
            yearLevel = 0
        } else {
            year = Self.nextOccurrence(month: best.month, day: best.day, from: today).year
            yearLevel = 1
        }
        guard let date = CivilDate(year: year, month: best.month, day: best.day) else { return nil }
        return Reading(value: date.iso, confidence: Reading<String>.score(level: max(best.level, yearLevel), ocr: best.ocr),
                       model: lines.first?.model ?? .jpn, loose: best.loose, latin: best.latin)
    }

    static func isOtherDay(_ text: String) -> Bool {
        if otherDays.contains(where: text.contains) { return true }
        guard text.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) else { return false }
        let lower = text.lowercased()
        return otherDaysLatin.contains(where: lower.contains)
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

    /// A whole word as a month (1…12): an abbreviation ("MAR", "Sept") or a full name exactly, or
    /// loosened: a three-letter word one letter from exactly one abbreviation, a longer word one letter
    /// from exactly one full name. Words of other fields ("Car", "Seat") are never months.
    static func month(_ word: String) -> (Int, loose: Bool)? {
        let w = word.lowercased()
        guard !notMonths.contains(w) else { return nil }
        if let i = months.firstIndex(of: w) ?? monthNames.firstIndex(of: w) { return (i + 1, false) }
        if w == "sept" { return (9, false) }
        let close: [Int]
        if w.count == 3 {
            close = months.indices.filter { Fuzzy.distance(months[$0], w) == 1 }
        } else if w.count >= 5 {
            close = monthNames.indices.filter { Fuzzy.distance(monthNames[$0], w) == 1 }
        } else {
            close = []
        }
        return close.count == 1 ? (close[0] + 1, true) : nil
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
    nonisolated(unsafe) static let p6 = /(?:^|[^0-9])2([0-9]{2})\s*年\s*([0-9]{1,2})\s*月\s*([0-9]{1,2})\s*日/
    nonisolated(unsafe) static let p2 = /([0-9]{1,2})\s*月\s*([0-9]{1,2})(?![0-9])/
    /// "MAR.18", "Mar 18, 2025": the whole month word, then the day (not a time's hour).
    nonisolated(unsafe) static let p3 = /(?i)(?:^|[^a-z])([a-z]{3,9})\.?\s*([0-9]{1,2})(?![0-9]|\s*:)(?:\s*,\s*(20[0-9][0-9]))?/
    nonisolated(unsafe) static let p4 = /(20[0-9][0-9])\s*[.,]\s*-?\s*([0-9]{1,2})\s*[.,]\s*-?\s*([0-9]{1,2})/
    /// "18 MAR 2025", "18 March": the day first.
    nonisolated(unsafe) static let p5 = /(?i)(?:^|[^0-9])([0-9]{1,2})\s*([a-z]{3,9})\.?(?![a-z])(?:\s*,?\s*(20[0-9][0-9]))?/
}
