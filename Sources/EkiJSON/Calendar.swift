import EkiCore
import EkiStore
import Foundation

/// `eki calendar --json`: a year's national holidays.
public struct CalendarJSON: Encodable {
    struct Entry: Encodable { var date: String, name: String, nameEn: String }
    var year: Int
    var holidays: [Entry]

    public init(year: Int) {
        self.year = year
        holidays = JapaneseHolidays.holidays(in: year).map { .init(date: $0.date.iso, name: $0.nameJa, nameEn: $0.nameEn) }
    }
}

/// `eki schedule --json`: which calendar each railway runs on a date, and why.
public struct ScheduleJSON: Encodable {
    public struct Railway: Encodable {
        public var railway: String
        var name: NameJSON
        public var schedule: String?
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
        if reference.followsFeedCalendar {
            // GTFS: the feed lists each service's dates; Japan's weekday/holiday rules play no part.
            dayKind = "dates"
            reason = NameJSON(.init(ja: "データの運行日 (calendar.txt, calendar_dates.txt)",
                                    en: "the feed's own calendar (calendar.txt, calendar_dates.txt)"))
        }
        railways = reference.railways.values.sorted { $0.id < $1.id }.map { railway in
            Railway(railway: railway.id, name: NameJSON(railway.name), schedule: reference.service(of: railway.id, on: day))
        }
    }
}
