/// A time on the service day, in minutes after the calendar day's midnight.
///
/// Tokyo's service day runs 03:00–26:59: a train at 00:40 belongs to the previous day's service
/// and is stored as 1480 (24:40). The data writes such times both as "00:40" and "24:40";
/// both land on the same minute here.
public struct ServiceMinute: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// 03:00, the first minute of a service day.
    public static let dayStart = 180
    /// 26:59, the last minute of a service day.
    public static let dayEnd = 1619

    public let value: Int

    /// Any minute count; the importer warns about values outside 03:00–26:59 but keeps them.
    public init(_ value: Int) { self.value = value }

    /// Parses "HH:MM" (hours 0–47, minutes 0–59) and folds early-morning clock times onto the
    /// previous service day: "00:15" and "24:15" are both 1455. Returns nil for anything else.
    public init?(parsing text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 5, utf8[2] == UInt8(ascii: ":") else { return nil }
        func digit(_ byte: UInt8) -> Int? {
            byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
        }
        guard let h1 = digit(utf8[0]), let h2 = digit(utf8[1]),
              let m1 = digit(utf8[3]), let m2 = digit(utf8[4]) else { return nil }
        let hours = h1 * 10 + h2, minutes = m1 * 10 + m2
        guard hours < 48, minutes < 60 else { return nil }
        var value = hours * 60 + minutes
        if value < ServiceMinute.dayStart { value += 1440 }
        self.value = value
    }

    /// Whether the minute lies inside 03:00–26:59.
    public var isWithinServiceDay: Bool { value >= Self.dayStart && value <= Self.dayEnd }

    /// "HH:MM" on the service day's own clock (e.g. "24:40").
    public var serviceClock: String { Self.format(value) }

    /// "HH:MM" as a wall clock shows it (00–23), e.g. "00:40" for 24:40.
    public var clock: String { Self.format(value % 1440) }

    public var description: String { serviceClock }

    public static func < (lhs: ServiceMinute, rhs: ServiceMinute) -> Bool { lhs.value < rhs.value }

    private static func format(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}
