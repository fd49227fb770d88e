import Foundation

/// The rider's "now": what every board, route window, kept route and trip without an explicit
/// time is measured from. It is the machine's clock, unless `EKI_NOW` names another moment —
/// for tests only, so that a suite run on any day sees the day it was written for. The clock then
/// starts at that moment when the process first reads it and runs at the real pace (a server
/// under test ages as a real one would; a short command sees the moment itself).
///
/// Read here and nowhere else: measuring how long something took, stamping an import or a
/// publication, and timeouts keep the machine's own clocks.
public enum RiderClock {
    /// `EKI_NOW` as it was found: absent, a moment, or a value that is not one.
    public enum Setting: Equatable, Sendable {
        case machine
        /// The moment named, and when this process read it: the clock runs on from there.
        case pinned(Date, text: String, readAt: Date)
        case unreadable(String)
    }

    /// The name of the variable, for messages.
    public static let variable = "EKI_NOW"

    /// Read once per process, on first use.
    public static let setting: Setting = {
        guard let raw = getenv(variable) else { return .machine }
        let text = String(cString: raw)
        if text.isEmpty { return .machine }
        guard let moment = parse(text) else { return .unreadable(text) }
        return .pinned(moment, text: text, readAt: Date())
    }()

    /// Now, on the rider's clock.
    public static func now() -> Date {
        guard case .pinned(let moment, _, let readAt) = setting else { return Date() }
        return moment.addingTimeInterval(Date().timeIntervalSince(readAt))
    }

    /// A one-line problem when `EKI_NOW` is set to something that is not a moment; commands stop
    /// on it at start rather than answer on the machine's clock by surprise.
    public static var problem: String? {
        guard case .unreadable(let text) = setting else { return nil }
        return "\(variable) must be a moment like 2026-11-24T07:30+09:00 (it sets the clock, for tests), got \"\(text)\""
    }

    /// What a server says at start when its clock is not the machine's.
    public static var notice: String? {
        guard case .pinned(_, let text, _) = setting else { return nil }
        return "its clock set by \(variable) to \(text) (for tests only)"
    }

    /// `YYYY-MM-DDTHH:MM[:SS](Z|±HH:MM)`: a moment with its offset, so that it means the same in
    /// any zone the machine or the timetable is in.
    static func parse(_ text: String) -> Date? {
        let characters = Array(text)
        guard characters.count >= 17, characters[10] == "T", let date = CivilDate(iso: String(characters[0..<10])) else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            let digits = characters[range]
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(digits))
        }
        guard let hour = number(11..<13), characters[13] == ":", let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
        var at = 16, second = 0
        if characters[at] == ":" {
            guard let s = number(17..<19), s < 60 else { return nil }
            second = s
            at = 19
        }
        var offset = 0
        let zone = String(characters[at...])
        if zone != "Z" {
            let z = Array(zone)
            guard z.count == 6, z[0] == "+" || z[0] == "-", z[3] == ":",
                  let h = Int(String(z[1...2])), let m = Int(String(z[4...5])), h <= 14, m < 60 else { return nil }
            offset = (z[0] == "-" ? -1 : 1) * (h * 3600 + m * 60)
        }
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
