import EkiCore
import Foundation

/// The trip in the words a rider reads at a glance, in Japanese or English: what the CLI prints and
/// what the page's bar will show.
public struct TripWords: Sendable {
    public let lang: Ticket.Language

    public init(lang: Ticket.Language) { self.lang = lang }

    /// "のぞみ225号 10:30発まで23分 · 8号車 12E" before departure, "新大阪 12:57着まで1時間41分" on board.
    /// A date that has passed or is over a year ahead comes first, whatever the phase: "この切符は
    /// 2026年1月5日（月）のものです（過ぎています）".
    public func now(_ trip: Trip, at now: Date) -> String {
        let t = trip.ticket
        if let note = dateNote(trip.dateStatus(at: now), date: t.date) { return note }
        switch trip.phase(at: now) {
        case .incomplete:
            return lang == .ja ? "日付か発車時刻が未入力です（eki ticket set date/departure）"
                               : "date or departure time missing (eki ticket set date/departure)"
        case .beforeDeparture(let minutes):
            let seat = [t.car.map { lang == .ja ? "\($0)号車" : "Car \($0)" }, t.seat].compactMap { $0 }.joined(separator: " ")
            let head = lang == .ja ? "\(train(t)) \(t.departure ?? "")発まで\(duration(minutes))"
                                   : "\(train(t)) leaves \(t.departure ?? "") in \(duration(minutes))"
            return seat.isEmpty ? head : head + " · " + seat
        case .onBoard(let minutes, _):
            guard let minutes else { return lang == .ja ? "\(train(t)) 乗車中" : "on \(train(t))" }
            return lang == .ja ? "\(station(t.to)) \(t.arrival ?? "")着まで\(duration(minutes))"
                               : "\(station(t.to)) \(t.arrival ?? "") in \(duration(minutes))"
        case .arrived(let minutes):
            return lang == .ja ? "\(station(t.to))に到着（\(minutes)分前）" : "arrived at \(station(t.to)) \(minutes) min ago"
        case .ended:
            return lang == .ja ? "旅程は終了しました" : "the trip has ended"
        }
    }

    /// The ticket's date told plainly when it cannot be the rider's trip today: "この切符は2026年1月5日（月）
    /// のものです（過ぎています）", "This ticket is for Mon 5 Jan 2026, which has passed"; "…のもので、
    /// 1年以上先です", "…, more than a year ahead". Nil when the date is fine or missing.
    public func dateNote(_ status: Trip.DateStatus, date: String?) -> String? {
        guard let day = date.flatMap(CivilDate.init(iso:)) else { return nil }
        switch status {
        case .past: return lang == .ja ? "この切符は\(long(day))のものです（過ぎています）" : "This ticket is for \(long(day)), which has passed"
        case .future: return lang == .ja ? "この切符は\(long(day))のもので、1年以上先です" : "This ticket is for \(long(day)), more than a year ahead"
        case .ok, .missing: return nil
        }
    }

    /// How to fix a date told by `dateNote`, in the terminal.
    public var dateFix: String {
        lang == .ja ? "日付が違っていれば直してください: eki ticket set date YYYY-MM-DD" : "If the date is wrong, fix it: eki ticket set date YYYY-MM-DD"
    }

    /// "2026年1月5日（月）", "Mon 5 Jan 2026".
    public func long(_ day: CivilDate) -> String {
        let weekday = day.weekday.rawValue
        if lang == .ja { return "\(day.year)年\(day.month)月\(day.day)日（\(Array("日月火水木金土")[weekday])）" }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(days[weekday]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// A bar of `width` cells for the share of the ride done: "━━━━━━●┄┄┄┄ 58%".
    public func progressBar(_ progress: Double, width: Int = 20) -> String {
        let done = max(0, min(width, Int((progress * Double(width)).rounded())))
        return String(repeating: "━", count: done) + "●" + String(repeating: "┄", count: width - done)
            + " \(Int((progress * 100).rounded()))%"
    }

    public func train(_ t: Ticket) -> String {
        guard let train = t.train else { return lang == .ja ? "新幹線" : "Shinkansen" }
        return lang == .ja ? "\(train.name)\(train.number)号" : "\(train.nameEn) \(train.number)"
    }

    public func station(_ s: Ticket.Station?) -> String {
        guard let s else { return "?" }
        return lang == .ja ? s.name : s.nameEn
    }

    /// "23分", "1時間41分", "2日"; "23 min", "1 h 41 min", "2 days".
    public func duration(_ minutes: Int) -> String {
        if minutes >= 48 * 60 {
            let days = minutes / 1440
            return lang == .ja ? "\(days)日" : "\(days) days"
        }
        if minutes >= 60 {
            let h = minutes / 60, m = minutes % 60
            if lang == .ja { return m == 0 ? "\(h)時間" : "\(h)時間\(m)分" }
            return m == 0 ? "\(h) h" : "\(h) h \(m) min"
        }
        return lang == .ja ? "\(minutes)分" : "\(minutes) min"
    }
}
