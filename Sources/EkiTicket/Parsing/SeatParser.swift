/// The car and the seat. Anchors, tightest first: "7号車", "3番B席" / "Car 7", "Seat 3-B"; then the
/// words one letter off ("CDR 7", "5eat 3B", "号車" read as "号 車"), then 番 or 席 alone. Cars run 1–17,
/// rows 1–25, seats A–E.
struct SeatParser {
    struct Seat { var car: Reading<Int>?; var seat: Reading<String>? }

    func read(_ lines: [TextLine]) -> Seat {
        var result = Seat()
        for line in lines {
            let model = line.model
            func keep(car: Int, level: Int, _ range: Range<Int>) {
                guard (1 ... 17).contains(car) else { return }
                let reading = Reading(value: car, confidence: Reading<Int>.score(level: level, ocr: line.confidence(of: range)), model: model)
                if result.car == nil || reading.confidence > result.car!.confidence { result.car = reading }
            }
            func keep(row: Int, letter: Substring, level: Int, _ range: Range<Int>) {
                guard (1 ... 25).contains(row) else { return }
                let reading = Reading(value: "\(row)\(letter.uppercased())", confidence: Reading<String>.score(level: level, ocr: line.confidence(of: range)), model: model)
                if result.seat == nil || reading.confidence > result.seat!.confidence { result.seat = reading }
            }
            for (m, r) in line.matches(/(?:^|[^0-9])([0-9]{1,2})\s*号\s*車/) { keep(car: Int(m.1)!, level: 0, r) }
            for (m, r) in line.matches(/(?:^|[^0-9])([0-9]{1,2})\s*[号弓]?\s*[車軍]/) { keep(car: Int(m.1)!, level: 1, r) }
            for (m, r) in line.matches(/(?i)(?:^|[^a-z])([a-z0-9]{3})\.?\s*([0-9]{1,2})(?![[0-9]:])/) {
                let word = m.1.lowercased()
                if word == "car" { keep(car: Int(m.2)!, level: 0, r) }
                else if !DateParser.months.contains(word), Fuzzy.distance(Array(word), Array("car")) == 1, word.first != "m" {
                    keep(car: Int(m.2)!, level: 1, r)
                }
            }
            for (m, r) in line.matches(/(?:^|[^0-9])([0-9]{1,2})\s*番\s*([A-Ea-e])\s*席/) { keep(row: Int(m.1)!, letter: m.2, level: 0, r) }
            for (m, r) in line.matches(/(?:^|[^0-9])([0-9]{1,2})\s*番\s*([A-Ea-e])(?![a-z])/) { keep(row: Int(m.1)!, letter: m.2, level: 1, r) }
            for (m, r) in line.matches(/(?:^|[^0-9])([0-9]{1,2})\s*([A-E])\s*[席度]/) { keep(row: Int(m.1)!, letter: m.2, level: 2, r) }
            for (m, r) in line.matches(/(?i)(?:^|[^a-z])([a-z0-9]{4})\.?\s*([0-9]{1,2})\s*[-‐.]?\s*([A-E])(?![a-z])/) {
                let word = m.1.lowercased()
                let distance = Fuzzy.distance(Array(word), Array("seat"))
                if distance <= 1 { keep(row: Int(m.2)!, letter: m.3, level: distance, r) }
            }
        }
        return result
    }
}

/// The class of seat: グランクラス / GranClass, グリーン / Green, 普通車 / Ordinary printed (level 0);
/// on a photo, an ordinary limited-express ticket says nothing of its class: 特急券 or "Limited
/// Express" without "Green" is ordinary (level 1). Nothing printed at all: nil.
struct SeatClassParser {
    func read(_ lines: [TextLine]) -> Reading<Ticket.SeatClass>? {
        var best: Reading<Ticket.SeatClass>?
        func keep(_ seatClass: Ticket.SeatClass, _ level: Int, _ line: TextLine, _ match: Double) {
            let reading = Reading(value: seatClass, confidence: Reading<Ticket.SeatClass>.score(level: level, ocr: line.confidence, match: match), model: line.model)
            if best == nil || reading.confidence > best!.confidence { best = reading }
        }
        for line in lines {
            let characters = Array(line.text.replacingOccurrences(of: " ", with: ""))
            let latin = TicketText.latinKey(line.text)
            for (word, seatClass) in [("グランクラス", Ticket.SeatClass.granClass), ("グリーン", .green), ("普通車", .ordinary)] {
                if let w = Fuzzy.bestWindow(of: word, in: characters), w.similarity >= 0.74 { keep(seatClass, w.similarity < 1 ? 1 : 0, line, w.similarity) }
            }
            for (word, seatClass) in [("granclass", Ticket.SeatClass.granClass), ("green", .green), ("ordinary", .ordinary)] {
                if let w = Fuzzy.bestWindow(of: word, in: Array(latin)), w.similarity >= 0.79 { keep(seatClass, w.similarity < 1 ? 1 : 0, line, w.similarity) }
            }
        }
        if best != nil { return best }
        for line in lines {
            let characters = Array(line.text.replacingOccurrences(of: " ", with: ""))
            if let w = Fuzzy.bestWindow(of: "特急券", in: characters), w.similarity >= 0.66 { keep(.ordinary, 1, line, 1) }
            if TicketText.latinKey(line.text).contains("express") { keep(.ordinary, 1, line, 1) }
        }
        return best
    }
}
