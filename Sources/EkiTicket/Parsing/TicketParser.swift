import EkiCore
import Foundation

/// Words → ticket. Each field has its own sub-parser, anchored on what is printed next to it and
/// loosening step by step down to nil. Every sub-parser reads the Japanese model's lines and the English
/// model's lines apart; where both read a field, agreement makes it surer and a disagreement unsure.
public struct TicketParser: Sendable {
    let dictionary: ShinkansenDictionary

    /// Prints the lines as read (EKI_TICKET_DEBUG), for looking at a scan that went wrong.
    let debug = ProcessInfo.processInfo.environment["EKI_TICKET_DEBUG"] != nil

    public init(dictionary: ShinkansenDictionary = .shared) { self.dictionary = dictionary }

    public func parse(_ words: [OCRWord], today: CivilDate, aspect: Double? = nil) -> ScanResult {
        parse(words, today: today, aspect: aspect, topColor: nil)
    }

    func parse(_ words: [OCRWord], today: CivilDate, aspect: Double?, topColor: Preprocessing.TopColor?) -> ScanResult {
        let japanese = LineBuilder.lines(words.filter { $0.model == .jpn })
        let english = LineBuilder.lines(words.filter { $0.model == .eng })
        let both = [japanese, english]
        if debug { for line in japanese + english { FileHandle.standardError.write(Data("\(line.model) \(line.text)\n".utf8)) } }
        let sources = SourceParser()
        var ticket = Ticket(source: sources.source(japanese + english, aspect: aspect, topColor: topColor), language: sources.language(japanese))
        var confidence: [TicketField: Double] = [:]
        func put<V>(_ field: TicketField, _ reading: Reading<V>?, _ set: (V) -> Void) {
            guard let reading else { return }
            set(reading.value)
            confidence[field] = (reading.confidence * 1000).rounded() / 1000
        }

        let dates = DateParser()
        put(.date, Reading.combine(both.map { dates.read($0, today: today) })) { ticket.date = $0 }
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
            seatClass = Reading(value: .ordinary, confidence: 0.6, model: .jpn)
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
        return ScanResult(ticket: ticket, confidence: confidence, words: words)
    }
}
