/// The car and the seat. Anchors, tightest first: "7号車", "3番B席" / "Car 7", "Seat 3-B", "Car No.7";
/// then the words one letter off ("CDR 7", "5eat 3B", "号車" read as "号 車", loosened), then 番 or 席
/// alone. Cars run 1–17, rows 1–25, seats A–E. A list of cars ("2・3・4・5号車", "1～3号車": the
/// non-reserved cars a ticket names) is no car.
struct SeatParser {
    struct Seat { var car: Reading<Int>?; var seat: Reading<String>? }

    static let cars = 1 ... 17
    static let rows = 1 ... 25
    static let letters = "ABCDE"

    func read(_ lines: [TextLine]) -> Seat {
        var result = Seat()
        for line in lines {
            let model = line.model
            func keep(car: Int, level: Int, loose: Bool = false, _ range: Range<Int>) {
                guard Self.cars.contains(car), !Self.inList(line.text, range) else { return }
                let reading = Reading(value: car, confidence: Reading<Int>.score(level: level, ocr: line.confidence(of: range)), model: model,
                                      loose: loose, latin: line.isLatin(range))
                if result.car == nil || reading.confidence > result.car!.confidence { result.car = reading }
            }
            func keep(row: Int, letter: Substring, level: Int, loose: Bool = false, _ range: Range<Int>) {
                guard Self.rows.contains(row) else { return }
                let reading = Reading(value: "\(row)\(letter.uppercased())", confidence: Reading<String>.score(level: level, ocr: line.confidence(of: range)),
                                      model: model, loose: loose, latin: line.isLatin(range))
                if result.seat == nil || reading.confidence > result.seat!.confidence { result.seat = reading }
            }
            // Cheap looks first: the anchors must be there before any regular expression runs.
            guard line.text.contains(where: \.isNumber) else { continue }
            let text = line.text
            let latin = text.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
            if text.contains("車") || text.contains("軍") {
                for (m, r) in line.matches(SeatParserPatterns.p0) { keep(car: Int(m.1)!, level: 0, r) }
                for (m, r) in line.matches(SeatParserPatterns.p1) { keep(car: Int(m.1)!, level: 1, loose: true, r) }
                // The seat right after the car with no 番 or 席 ("8号車 9A", "15号車19A").
                for (m, r) in line.matches(SeatParserPatterns.p8) { keep(row: Int(m.1)!, letter: m.2, level: 1, r) }
            }
            if latin { for (m, r) in line.matches(SeatParserPatterns.p2) {
                let word = m.1.lowercased()
                if word == "car" { keep(car: Int(m.2)!, level: 0, r) }
                else if !DateParser.months.contains(word), Fuzzy.distance(word, "car") == 1, word.first != "m" {
                    keep(car: Int(m.2)!, level: 1, loose: true, r)
                }
            } }
            if text.contains("番") {
                for (m, r) in line.matches(SeatParserPatterns.p3) { keep(row: Int(m.1)!, letter: m.2, level: 0, r) }
                for (m, r) in line.matches(SeatParserPatterns.p4) { keep(row: Int(m.1)!, letter: m.2, level: 1, r) }
            }
            if text.contains("席") || text.contains("度") {
                for (m, r) in line.matches(SeatParserPatterns.p5) { keep(row: Int(m.1)!, letter: m.2, level: 2, loose: m.3 == "度", r) }
            }
            guard latin else { continue }
            for (m, r) in line.matches(SeatParserPatterns.p6) {
                let word = m.1.lowercased()
                let distance = Fuzzy.distance(word, "seat")
                if distance <= 1 { keep(row: Int(m.2)!, letter: m.3, level: distance, loose: distance > 0, r) }
            }
            // The C read as "(" at the line's end ("Seat 19("): loosened, so never sure.
            for (m, r) in line.matches(SeatParserPatterns.p7) where Fuzzy.distance(m.1.lowercased(), "seat") <= 1 {
                keep(row: Int(m.2)!, letter: "C", level: 1, loose: true, r)
            }
        }
        return result
    }

    /// Whether the number at `range` is one of a list or a range of cars: another number joined to it by
    /// ・ , 、 ～ - just before.
    static func inList(_ text: String, _ range: Range<Int>) -> Bool {
        let characters = Array(text)
        guard var start = (range.clamped(to: 0 ..< characters.count)).first(where: { characters[$0].isNumber }) else { return false }
        start -= 1
        while start >= 0, characters[start] == " " { start -= 1 }
        guard start >= 1, "・,、~〜～-‐･".contains(characters[start]) else { return false }
        start -= 1
        while start >= 0, characters[start] == " " { start -= 1 }
        return start >= 0 && characters[start].isNumber
    }
}

/// The class of seat: グランクラス / GranClass, グリーン / Green, 普通車 / Ordinary printed (level 0);
/// on a photo, an ordinary limited-express ticket says nothing of its class: 特急券 or "Limited
/// Express" without "Green" is ordinary (level 1). Nothing printed at all: nil.
struct SeatClassParser {
    func read(_ lines: [TextLine]) -> Reading<Ticket.SeatClass>? {
        var best: Reading<Ticket.SeatClass>?
        func keep(_ seatClass: Ticket.SeatClass, _ level: Int, _ line: TextLine, _ match: Double) {
            let reading = Reading(value: seatClass, confidence: Reading<Ticket.SeatClass>.score(level: level, ocr: line.confidence, match: match),
                                  model: line.model, loose: match < 1, latin: !line.text.unicodeScalars.contains(where: TicketText.isJapanese))
            if best == nil || reading.confidence > best!.confidence { best = reading }
        }
        for line in lines {
            let characters = Array(line.text.replacingOccurrences(of: " ", with: "").unicodeScalars)
            let latin = Array(TicketText.latinKey(line.text).unicodeScalars)
            for (word, seatClass) in [("グランクラス", Ticket.SeatClass.granClass), ("グリーン", .green), ("普通車", .ordinary)] {
                if let w = Fuzzy.bestWindow(of: word, in: characters), w.similarity >= 0.74 { keep(seatClass, w.similarity < 1 ? 1 : 0, line, w.similarity) }
            }
            for (word, seatClass) in [("granclass", Ticket.SeatClass.granClass), ("green", .green), ("ordinary", .ordinary)] {
                if let w = Fuzzy.bestWindow(of: word, in: latin), w.similarity >= 0.79 { keep(seatClass, w.similarity < 1 ? 1 : 0, line, w.similarity) }
            }
        }
        if best != nil { return best }
        for line in lines {
            let characters = Array(line.text.replacingOccurrences(of: " ", with: "").unicodeScalars)
            if let w = Fuzzy.bestWindow(of: "特急券", in: characters), w.similarity >= 0.66 { keep(.ordinary, 1, line, w.similarity) }
            if TicketText.latinKey(line.text).contains("express") { keep(.ordinary, 1, line, 1) }
        }
        return best
    }
}

/// The patterns, compiled once: a regular expression literal inside a function is parsed again at
/// every call, which was most of the time parsing a ticket took.
enum SeatParserPatterns {
    nonisolated(unsafe) static let p0 = /(?:^|[^0-9])([0-9]{1,2})\s*号\s*車/
    nonisolated(unsafe) static let p1 = /(?:^|[^0-9])([0-9]{1,2})\s*[号弓]?\s*[車軍]/
    nonisolated(unsafe) static let p2 = /(?i)(?:^|[^a-z])([a-z0-9]{3})\.?\s*(?:no\.?\s*)?([0-9]{1,2})(?![[0-9]:])/
    nonisolated(unsafe) static let p3 = /(?:^|[^0-9])([0-9]{1,2})\s*番\s*([A-Ea-e])\s*席/
    nonisolated(unsafe) static let p4 = /(?:^|[^0-9])([0-9]{1,2})\s*番\s*([A-Ea-e])(?![a-z])/
    nonisolated(unsafe) static let p5 = /(?:^|[^0-9])([0-9]{1,2})\s*([A-E])\s*([席度])/
    nonisolated(unsafe) static let p8 = /号\s*車\s*([0-9]{1,2})\s*([A-E])(?![A-Za-z])/
    nonisolated(unsafe) static let p7 = /(?i)(?:^|[^a-z])([a-z0-9]{4})\.?\s*(?:no\.?\s*)?([0-9]{1,2})\s*[-‐.]?\s*\(\s*$/
    nonisolated(unsafe) static let p6 = /(?i)(?:^|[^a-z])([a-z0-9]{4})\.?\s*(?:no\.?\s*)?([0-9]{1,2})\s*[-‐.]?\s*([A-E])(?![a-z])/
}
