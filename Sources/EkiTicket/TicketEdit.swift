import EkiCore

/// A field the rider types or corrects: `eki ticket set FIELD VALUE`, and later a tap on the page.
/// A value set (or emptied) by the rider is certain (confidence 1).
public struct TicketEdit: Sendable {
    let dictionary: ShinkansenDictionary

    public init(dictionary: ShinkansenDictionary = .shared) { self.dictionary = dictionary }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case unknownField(String)
        case badValue(TicketField, String, expected: String)
        public var description: String {
            switch self {
            case .unknownField(let name):
                "no ticket field '\(name)'; fields: " + TicketField.allCases.map(\.rawValue).joined(separator: ", ")
            case .badValue(let field, let value, let expected): "\(field.rawValue): '\(value)' is not \(expected)"
            }
        }
    }

    /// `trip` with `field` set to `value` (empty: cleared).
    public func apply(_ name: String, _ value: String, to trip: Trip) throws(Failure) -> Trip {
        guard let field = TicketField(rawValue: name) else { throw .unknownField(name) }
        var trip = trip
        let text = TicketText.normalize(value).trimmingCharacters(in: .whitespaces)
        let clear = text.isEmpty || text == "-"
        var t = trip.ticket
        switch field {
        case .date:
            guard clear || CivilDate(iso: text) != nil else { throw .badValue(field, value, expected: "a date like 2025-03-18") }
            t.date = clear ? nil : text
        case .departure, .arrival:
            guard clear || TimeParser.clock(from: text) != nil else { throw .badValue(field, value, expected: "a time like 08:41") }
            let clock = clear ? nil : TimeParser.clock(from: text)
            if field == .departure { t.departure = clock } else { t.arrival = clock }
        case .train:
            if clear { t.train = nil; break }
            guard let train = self.train(text) else { throw .badValue(field, value, expected: "a Shinkansen train like のぞみ225 or 'hakutaka 555'") }
            t.train = train
        case .from, .to:
            if clear { if field == .from { t.from = nil } else { t.to = nil }; break }
            guard let station = self.station(text) else { throw .badValue(field, value, expected: "a Shinkansen station (東京, とうきょう or Tokyo)") }
            if field == .from { t.from = station } else { t.to = station }
        case .car:
            guard clear || (Int(text).map(SeatParser.cars.contains) ?? false) else {
                throw .badValue(field, value, expected: "a car number \(SeatParser.cars.lowerBound)–\(SeatParser.cars.upperBound)")
            }
            t.car = clear ? nil : Int(text)
        case .seat:
            if clear { t.seat = nil; break }
            guard let seat = Self.seat(text) else {
                throw .badValue(field, value, expected: "a seat like 12E (rows \(SeatParser.rows.lowerBound)–\(SeatParser.rows.upperBound), seats A–E)")
            }
            t.seat = seat
            t.reserved = true
        case .seatClass:
            guard clear || Self.seatClass(text) != nil else { throw .badValue(field, value, expected: "ordinary, green or granClass") }
            t.seatClass = clear ? nil : Self.seatClass(text)
        case .reserved:
            guard clear || ["true", "false"].contains(text) else { throw .badValue(field, value, expected: "true or false") }
            t.reserved = clear ? nil : text == "true"
        }
        trip.ticket = t
        // Set or emptied, it is the rider's word: an emptied field of a scanned ticket is no longer a
        // gap to check (`Trip.isGap`), it is "there is none" (a non-reserved ticket's seat).
        trip.confidence[field] = 1
        if field == .seat, !clear { trip.confidence[.reserved] = 1 }
        return trip
    }

    /// "のぞみ225", "のぞみ 225号", "nozomi 225".
    func train(_ text: String) -> Ticket.Train? {
        guard let m = text.wholeMatch(of: /([^0-9]+?)\s*([0-9]{1,4})\s*号?/) else { return nil }
        let name = String(m.1).trimmingCharacters(in: .whitespaces)
        guard let train = dictionary.trains.first(where: { $0.ja == name || $0.en.lowercased() == name.lowercased() }) else { return nil }
        return Ticket.Train(name: train.ja, nameEn: train.en, number: Int(m.2)!)
    }

    /// "東京", "東　京" as printed, "とうきょう", "Tokyo", "shin-osaka"; a city zone as printed on a fare
    /// ticket (東京都区内, "Tokyo Wards") names its main Shinkansen station.
    func station(_ text: String) -> Ticket.Station? {
        let key = TicketText.latinKey(text)
        let compact = String(text.filter { !$0.isWhitespace })
        var station = dictionary.stations.first { $0.ja == compact || $0.kana == compact || (!key.isEmpty && TicketText.latinKey($0.en) == key) }
        if station == nil, let zone = dictionary.zones.first(where: { $0.ja == compact || $0.enKeys.contains(Array(key.unicodeScalars)) }) {
            station = zone.stations.first.flatMap(dictionary.station(ja:))
        }
        return station.map { Ticket.Station(name: $0.ja, nameEn: $0.en) }
    }

    /// "12E", "12-e", "12番E席", "12 E": within the rows and letters a scan reads.
    static func seat(_ text: String) -> String? {
        guard let m = text.wholeMatch(of: /(?i)([0-9]{1,2})\s*[-番]?\s*([a-e])\s*席?/), let row = Int(m.1), SeatParser.rows.contains(row) else { return nil }
        return "\(row)\(m.2.uppercased())"
    }

    /// "ordinary", "Green", "GRANCLASS", "Gran Class", "普通車", "グリーン車", "グランクラス".
    static func seatClass(_ text: String) -> Ticket.SeatClass? {
        let key = TicketText.latinKey(text)
        if let seatClass = Ticket.SeatClass.allCases.first(where: { $0.rawValue.lowercased() == key }) { return seatClass }
        let compact = String(text.filter { !$0.isWhitespace })
        return ["普通": .ordinary, "普通車": .ordinary, "グリーン": .green, "グリーン車": .green, "グランクラス": .granClass][compact]
    }
}

extension TimeParser {
    /// "8:41" or "08:41" → "08:41".
    static func clock(from text: String) -> String? {
        guard let m = text.wholeMatch(of: /([0-9]{1,2}):([0-9]{2})/) else { return nil }
        return clock(m.1, m.2)
    }
}
