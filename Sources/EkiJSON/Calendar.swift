import EkiCore
import EkiStore
import Foundation

/// `eki calendar --json`: a year's national holidays; on a database of a feed with its own
/// calendar (GTFS), that feed's services and their exceptions in the year instead.
public struct CalendarJSON: Encodable {
    struct Entry: Encodable { var date: String, name: String, nameEn: String }
    struct Service: Encodable {
        var id: String
        var name: NameJSON
        /// "Mon–Fri", "Sat, Sun"; absent for a service given by dates only.
        var days: String?
        var start: String?
        var end: String?
        /// Days it runs in the year.
        var runs: Int
    }
    struct Exception: Encodable {
        var date: String
        var service: String
        /// true: added (calendar_dates exception_type 1); false: removed (2).
        var added: Bool
    }
    var year: Int
    /// "japan" (national holidays) or "feed" (the feed's own services).
    var calendar: String
    var holidays: [Entry]?
    var services: [Service]?
    var exceptions: [Exception]?

    public init(year: Int, reference: Reference? = nil) {
        self.year = year
        guard let reference, !reference.feedCalendars.isEmpty else {
            calendar = "japan"
            holidays = JapaneseHolidays.holidays(in: year).map { .init(date: $0.date.iso, name: $0.nameJa, nameEn: $0.nameEn) }
            return
        }
        calendar = "feed"
        let prefix = String(format: "%04d-", year)
        services = reference.feedCalendars.map { feed in
            Service(id: feed.id, name: NameJSON(feed.name), days: feed.weekdays.map(Self.days),
                    start: feed.start, end: feed.end, runs: reference.runningDates(of: feed).filter { $0.hasPrefix(prefix) }.count)
        }
        exceptions = reference.feedCalendars.flatMap { feed in
            feed.exceptions.filter { $0.date.hasPrefix(prefix) }.map { Exception(date: $0.date, service: feed.id, added: $0.added) }
        }.sorted { ($0.date, $0.service) < ($1.date, $1.service) }
    }

    /// A weekly pattern in words: "Mon–Fri", "Sat, Sun", "every day".
    public static func days(_ weekdays: [Bool]) -> String {
        let order: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        let on = order.filter { weekdays[$0.rawValue] }
        if on.count == 7 { return "every day" }
        // Runs of consecutive days (Monday first) as "Mon–Fri".
        var parts: [String] = []
        var index = 0
        while index < order.count {
            guard weekdays[order[index].rawValue] else { index += 1; continue }
            var end = index
            while end + 1 < order.count, weekdays[order[end + 1].rawValue] { end += 1 }
            parts.append(end - index >= 2 ? "\(Words.weekdayEn(order[index]))–\(Words.weekdayEn(order[end]))"
                         : (index...end).map { Words.weekdayEn(order[$0]) }.joined(separator: ", "))
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}

/// `eki schedule --json`: which calendar each railway runs on a date, and why.
public struct ScheduleJSON: Encodable {
    public struct Railway: Encodable {
        public var railway: String
        var name: NameJSON
        public var schedule: String?
        /// What riders call it (平日ダイヤ, "Weekday service").
        var scheduleName: NameJSON?
        /// On a feed's own calendar: why it runs that day ("WK: Mon–Fri, 2026-01-05 to 2026-01-31";
        /// "EX: added on this date (calendar_dates.txt)").
        public var reasons: [String]?
        public var nameJa: String { name.ja }
    }
    var date: String
    var dayKind: String
    var reason: NameJSON
    public var railways: [Railway]
    /// The first line of `eki schedule`: the date, its kind and why.
    public var headline: String { "\(date): \(dayKind) schedule — \(reason.en) / \(reason.ja)" }

    public init(_ day: ScheduleDay, reference: Reference) {
        date = day.date.iso
        dayKind = day.kind.rawValue
        reason = NameJSON(.init(ja: day.reasonJa, en: day.reasonEn))
        let feed = reference.followsFeedCalendar
        if feed {
            // GTFS: the feed lists each service's dates; Japan's weekday/holiday rules play no part.
            dayKind = "dates"
            reason = NameJSON(.init(ja: "データの運行日 (calendar.txt, calendar_dates.txt)",
                                    en: "the feed's own calendar (calendar.txt, calendar_dates.txt)"))
        }
        railways = reference.railways.values.sorted { $0.id < $1.id }.map { railway in
            let schedule = reference.service(of: railway, on: day)
            return Railway(railway: railway.id, name: NameJSON(railway.name), schedule: schedule,
                           scheduleName: schedule.flatMap { reference.serviceNames[$0] }.map(NameJSON.init),
                           reasons: feed ? schedule.map { reference.feedReasons(of: $0, on: day.date) } : nil)
        }
    }
}
