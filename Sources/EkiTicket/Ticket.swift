/// What a Shinkansen ticket says, as `eki ticket scan --json` and the web API answer it. Every field
/// is optional: a field the scanner could not read stays nil rather than guessed.
public struct Ticket: Codable, Sendable, Equatable {
    public enum Source: String, Codable, Sendable, CaseIterable {
        /// A photo of a physical JR ticket.
        case photo
        /// A screenshot of Eki-net (JR East).
        case ekinet
        /// A screenshot of smartEX / EX (JR Central, JR West).
        case smartex
        /// Typed in by the rider (no image).
        case manual
    }

    public enum Language: String, Codable, Sendable { case ja, en }

    public enum SeatClass: String, Codable, Sendable, CaseIterable {
        case ordinary, green, granClass
    }

    public struct Train: Codable, Sendable, Equatable {
        /// The train name in Japanese, as printed (のぞみ).
        public var name: String
        public var nameEn: String
        public var number: Int
        public init(name: String, nameEn: String, number: Int) {
            self.name = name; self.nameEn = nameEn; self.number = number
        }
    }

    public struct Station: Codable, Sendable, Equatable {
        public var name: String
        public var nameEn: String
        public init(name: String, nameEn: String) { self.name = name; self.nameEn = nameEn }
    }

    public var source: Source
    public var language: Language
    /// The travel date, "YYYY-MM-DD".
    public var date: String?
    public var train: Train?
    public var from: Station?
    public var to: Station?
    /// "HH:MM", Tokyo time.
    public var departure: String?
    public var arrival: String?
    public var car: Int?
    /// Row and letter, "3B".
    public var seat: String?
    public var seatClass: SeatClass?
    /// A reserved seat (false: non-reserved car).
    public var reserved: Bool?

    public init(source: Source, language: Language = .ja) {
        self.source = source
        self.language = language
    }

    /// Encoded with every key present (null where unread), as the contract shows.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(source, forKey: .source)
        try c.encode(language, forKey: .language)
        try c.encode(date, forKey: .date)
        try c.encode(train, forKey: .train)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(departure, forKey: .departure)
        try c.encode(arrival, forKey: .arrival)
        try c.encode(car, forKey: .car)
        try c.encode(seat, forKey: .seat)
        try c.encode(seatClass, forKey: .seatClass)
        try c.encode(reserved, forKey: .reserved)
    }
}

/// The fields a rider can read, check and edit, by the names the JSON uses.
public enum TicketField: String, CaseIterable, Sendable, Codable, CodingKeyRepresentable {
    case date, train, from, to, departure, arrival, car, seat, seatClass, reserved

    /// The fields that matter for accuracy (reserved follows from the seat).
    public static let scored: [TicketField] = [.date, .train, .from, .to, .departure, .arrival, .car, .seat, .seatClass]
}

extension Ticket {
    /// Whether `field` holds a value.
    public func has(_ field: TicketField) -> Bool {
        switch field {
        case .date: date != nil
        case .train: train != nil
        case .from: from != nil
        case .to: to != nil
        case .departure: departure != nil
        case .arrival: arrival != nil
        case .car: car != nil
        case .seat: seat != nil
        case .seatClass: seatClass != nil
        case .reserved: reserved != nil
        }
    }

    /// The field's value as comparable text ("はくたか555", "東京", "08:41"), nil when unread.
    public func value(_ field: TicketField) -> String? {
        switch field {
        case .date: date
        case .train: train.map { "\($0.name)\($0.number)" }
        case .from: from?.name
        case .to: to?.name
        case .departure: departure
        case .arrival: arrival
        case .car: car.map(String.init)
        case .seat: seat
        case .seatClass: seatClass?.rawValue
        case .reserved: reserved.map { $0 ? "true" : "false" }
        }
    }
}
