import EkiCore
import Foundation

/// Words → ticket. Each field has its own sub-parser, anchored on what is printed next to it and
/// loosening step by step down to nil. Every sub-parser reads the Japanese model's lines and the English
/// model's lines apart; where both read a field, agreement makes it surer and a disagreement unsure.
///
/// A booking can show several legs (往路 and 復路, or a change of train), each a block of lines: all
/// fields come from one block, the first leg not yet in the past. Within the block, a field read with two
/// different values on different lines (a second car, another route) is unsure. A list of trains (a
/// departure board) is no booking: nothing read from it is sure.
public struct TicketParser: Sendable {
    let dictionary: ShinkansenDictionary

    /// Prints the lines as read (EKI_TICKET_DEBUG), for looking at a scan that went wrong.
    let debug = ProcessInfo.processInfo.environment["EKI_TICKET_DEBUG"] != nil

    public init(dictionary: ShinkansenDictionary = .shared) { self.dictionary = dictionary }

    /// `aspect`, the image's height over its width: a phone screen is twice as tall as wide.
    public func parse(_ words: [OCRWord], today: CivilDate, aspect: Double? = nil) -> ScanResult {
        parse(words, today: today, screen: (aspect ?? 0) > 1.6, topColor: nil)
    }

    /// `screen`: the image is a screenshot (flat colours, or a phone's shape).
    func parse(_ scanned: [OCRWord], today: CivilDate, screen: Bool, topColor: Preprocessing.TopColor?) -> ScanResult {
        // The Japanese model's digits, decided against the English model's where they disagree.
        let words = DigitVote.repaired(scanned)
        let japanese = LineBuilder.lines(words.filter { $0.model == .jpn })
        let english = LineBuilder.lines(words.filter { $0.model == .eng })
        if debug { for line in japanese + english { FileHandle.standardError.write(Data("\(line.model) \(line.top) \(line.text)\n".utf8)) } }
        let layout = Legs(dictionary: dictionary).find(japanese + english)
        // Every leg read, then the first one not yet past.
        var legs = layout.blocks.map { block in
            read(japanese.filter { block.contains($0.middle) }, english.filter { block.contains($0.middle) }, today: today)
        }
        if legs.isEmpty { legs = [read(japanese, english, today: today)] }
        let chosen = legs.firstIndex { leg in leg.ticket.date.flatMap(CivilDate.init(iso:)).map { $0 >= today } ?? false } ?? 0
        var (ticket, confidence) = (legs[chosen].ticket, legs[chosen].confidence)
        let sources = SourceParser(dictionary: dictionary)
        ticket.source = sources.source(japanese + english, train: ticket.train, screen: screen, topColor: topColor)
        ticket.language = sources.language(japanese, english)
        if layout.isList {
            // A list of trains: whatever was read, none of it is the rider's ticket for sure.
            for field in confidence.keys { confidence[field] = min(confidence[field]!, 0.5) }
        }
        return ScanResult(ticket: ticket, confidence: confidence, words: words, legs: max(1, layout.blocks.count))
    }

    /// One leg's fields from its lines.
    func read(_ japanese: [TextLine], _ english: [TextLine], today: CivilDate) -> (ticket: Ticket, confidence: [TicketField: Double]) {
        let both = [japanese, english]
        var ticket = Ticket(source: .photo)
        var confidence: [TicketField: Double] = [:]
        func put<V>(_ field: TicketField, _ reading: Reading<V>?, _ set: (V) -> Void) {
            guard let reading else { return }
            set(reading.value)
            confidence[field] = (reading.confidence * 1000).rounded() / 1000
        }

        let dates = DateParser()
        var date = Reading.combine(both.map { dates.read($0, today: today) })
        // Seats are sold a month ahead: a travel day over a year after today misread its year (2030 for 2027).
        if let day = date.flatMap({ CivilDate(iso: $0.value) }), day > today.adding(days: 400) { date!.confidence *= 0.7 }
        put(.date, date) { ticket.date = $0 }
        let times = both.map { TimeParser().read($0) }
        put(.departure, Reading.combine(times.map(\.departure))) { ticket.departure = $0 }
        put(.arrival, Reading.combine(times.map(\.arrival))) { ticket.arrival = $0 }
        let trains = TrainParser(dictionary: dictionary)
        put(.train, Reading.combine(both.map { trains.read($0) })) { ticket.train = $0 }
        let stationParser = StationParser(dictionary: dictionary)
        let stations = both.map { stationParser.read($0, train: ticket.train) }
        put(.from, Reading.combine(stations.map(\.from))) { ticket.from = $0 }
        put(.to, Reading.combine(stations.map(\.to))) { ticket.to = $0 }
        let seats = both.map { SeatParser().read($0) }
        put(.car, Reading.combine(seats.map(\.car))) { ticket.car = $0 }
        put(.seat, Reading.combine(seats.map(\.seat))) { ticket.seat = $0 }
        var seatClass = Reading.combine(both.map { SeatClassParser().read($0) })
        if seatClass == nil, ticket.seat != nil {
            // A reserved seat with no class printed: ordinary is by far the likeliest, but unsure.
            seatClass = Reading(value: .ordinary, confidence: 0.6, model: .jpn, loose: true)
        }
        put(.seatClass, seatClass) { ticket.seatClass = $0 }
        if let seat = ticket.seat {
            ticket.reserved = true
            confidence[.reserved] = confidence[.seat]
            // Green cars have seats A–D, GranClass A–C: a letter beyond says one of the two is wrong.
            let letter = seat.last ?? "A"
            if (ticket.seatClass == .green && letter == "E") || (ticket.seatClass == .granClass && letter >= "D") {
                confidence[.seat] = min(confidence[.seat] ?? 0, 0.6)
                confidence[.seatClass] = min(confidence[.seatClass] ?? 0, 0.6)
            }
        } else if japanese.contains(where: { $0.text.contains("自由席") }) || english.contains(where: { TicketText.latinKey($0.text).contains("nonreserved") }) {
            ticket.reserved = false
            confidence[.reserved] = 0.9
        }
        var conflicting = Conflicts(parser: self, today: today).fields(ticket, japanese + english)
        // Two departures or arrivals in what was read as one leg: the lines hold two trains (a second
        // leg whose train name was misread), so the train and its stations may be the other's. (Two cars
        // alone may be two riders' seats on one train.)
        if conflicting.contains(where: { $0 == .departure || $0 == .arrival }) { conflicting += [.train, .from, .to] }
        for field in conflicting {
            confidence[field] = min(confidence[field] ?? 0, 0.6)
        }
        return (ticket, confidence)
    }
}

/// Fields read with another value on another line of the same leg: two cars, two routes, two days.
/// Which one is the rider's cannot be told, so the field is left unsure.
struct Conflicts {
    let parser: TicketParser
    let today: CivilDate

    func fields(_ ticket: Ticket, _ lines: [TextLine]) -> [TicketField] {
        var values: [TicketField: [(value: String, middle: Double, height: Double)]] = [:]
        func note(_ field: TicketField, _ value: String?, _ confidence: Double?, _ line: TextLine) {
            guard let value, (confidence ?? 0) >= 0.6 else { return }
            values[field, default: []].append((value, line.middle, line.height))
        }
        let trains = TrainParser(dictionary: parser.dictionary), stations = StationParser(dictionary: parser.dictionary)
        for line in lines {
            let one = [line]
            if let date = DateParser().read(one, today: today) { note(.date, String(date.value.suffix(5)), date.confidence, line) }
            let times = TimeParser().read(one)
            note(.departure, times.departure?.value, times.departure?.confidence, line)
            note(.arrival, times.arrival?.value, times.arrival?.confidence, line)
            if let train = trains.read(one) { note(.train, "\(train.value.name)\(train.value.number)", train.confidence, line) }
            let route = stations.read(one, train: ticket.train)
            note(.from, route.from?.value.name, route.from?.confidence, line)
            note(.to, route.to?.value.name, route.to?.confidence, line)
            let seat = SeatParser().read(one)
            note(.car, seat.car.map { String($0.value) }, seat.car?.confidence, line)
            note(.seat, seat.seat?.value, seat.seat?.confidence, line)
        }
        return values.compactMap { field, readings in
            // Two values on lines apart (not one printed line read by both models).
            for a in readings {
                for b in readings where a.value != b.value && abs(a.middle - b.middle) > 0.8 * max(a.height, b.height) {
                    return field
                }
            }
            return nil
        }
    }
}

/// The legs of a booking: blocks of lines, one per train. A train named on lines far apart starts a leg
/// each; the lines a leg shows above its train (the date, a heading) are found on the first leg and taken
/// to sit the same way above every other. Trains on consecutive lines are a list, not legs.
struct Legs {
    let dictionary: ShinkansenDictionary

    struct Layout {
        /// Vertical extents (pixels) of each leg, top to bottom; empty when there is one leg or none.
        var blocks: [Range<Double>] = []
        var isList = false
    }

    /// Leg headings apps print above each leg.
    static let headings = ["往路", "復路", "行き", "帰り", "乗車区間", "1区間目", "2区間目"]
    static let headingsLatin = ["outbound", "return", "inbound", "leg", "journey", "trip"]

    func find(_ lines: [TextLine]) -> Layout {
        let trains = TrainParser(dictionary: dictionary)
        var seeds: [(train: String, middle: Double, height: Double)] = []
        for line in lines.sorted(by: { $0.middle < $1.middle }) {
            guard let reading = trains.read([line]), reading.confidence >= 0.5 else { continue }
            let train = "\(reading.value.name)\(reading.value.number)"
            // One train is one leg, however often it is printed (in both languages, in a summary) and
            // whichever model read it; a printed line read by both models is one line.
            if seeds.contains(where: { $0.train == train || abs($0.middle - line.middle) < max($0.height, line.height) }) { continue }
            seeds.append((train, line.middle, line.height))
        }
        guard seeds.count > 1 else { return Layout() }
        let height = seeds.map(\.height).max() ?? 1
        let gaps = zip(seeds, seeds.dropFirst()).map { $1.middle - $0.middle }
        // Trains a line or two apart: a list (a departure board, a search result), not a booking's legs.
        if gaps.contains(where: { $0 < 3 * height }) { return Layout(isList: true) }
        // What the first leg shows above its train: its date, a heading.
        let first = seeds[0]
        let above = lines.filter { line in
            line.middle < first.middle - 0.5 * height && line.middle > first.middle - gaps[0] / 2
                && (DateParser().read([line], today: CivilDate(year: 2000, month: 1, day: 1)!) != nil || Self.isHeading(line.text))
        }
        let lead = above.map { first.middle - $0.middle }.max() ?? 0
        var blocks: [Range<Double>] = []
        for (index, seed) in seeds.enumerated() {
            let top = index == 0 ? -Double.infinity : seed.middle - lead - 0.6 * height
            let bottom = index == seeds.count - 1 ? Double.infinity : seeds[index + 1].middle - lead - 0.6 * height
            blocks.append(top ..< bottom)
        }
        return Layout(blocks: blocks)
    }

    static func isHeading(_ text: String) -> Bool {
        let compact = text.replacingOccurrences(of: " ", with: "")
        if headings.contains(where: compact.contains) { return true }
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.contains(where: headingsLatin.contains)
    }
}

extension TextLine {
    /// The vertical middle of the line's words.
    var middle: Double {
        let tops = words.map { Double($0.y) }, bottoms = words.map { Double($0.maxY) }
        return ((tops.min() ?? 0) + (bottoms.max() ?? 0)) / 2
    }
}
