import EkiCore
import EkiStore

/// calendar.txt and calendar_dates.txt as the exact set of dates each service_id runs: the weekly
/// pattern between start_date and end_date, plus the dates added (exception_type 1), minus the dates
/// removed (2). Dates are days since 1970-01-01, the service date as the feed means it. Either file
/// alone is a calendar (many feeds list every date in calendar_dates.txt and have no calendar.txt).
struct GTFSCalendar {
    private(set) var dates: [String: Set<Int>] = [:]
    /// Each service_id as the feed writes it, for `eki calendar` and for naming schedules.
    private(set) var calendars: [String: TimetableDataset.FeedCalendar] = [:]
    /// The first day any service runs, for the feed's snapshot date when feed_info.txt has none.
    var firstDate: CivilDate? { dates.values.compactMap { $0.min() }.min().map(CivilDate.init(daysSinceEpoch:)) }

    init() {}

    init(calendar: GTFSTable?, dates exceptions: GTFSTable?) throws {
        guard calendar != nil || exceptions != nil else {
            throw ImportError.unreadable(file: "calendar.txt", reason: "the feed has neither calendar.txt nor calendar_dates.txt")
        }
        if let calendar {
            let id = try calendar.required("service_id")
            let start = try calendar.required("start_date"), end = try calendar.required("end_date")
            // GTFS weekday columns, indexed by `Weekday.rawValue` (0 = Sunday).
            let days = try ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(calendar.required)
            try calendar.forEachRecord { record in
                let service = try record.required(id, "service_id")
                let from = try Self.date(record, start, "start_date"), to = try Self.date(record, end, "end_date")
                guard from <= to else { throw record.error("service \(service) ends (end_date) before it starts (start_date)") }
                guard to.daysSinceEpoch - from.daysSinceEpoch <= 3660 else {
                    throw record.error("service \(service) spans more than ten years")
                }
                let runs = try days.map { column -> Bool in
                    switch record[column] {
                    case "1": return true
                    case "0": return false
                    default: throw record.error("weekday columns take 0 or 1, got \"\(record[column])\"")
                    }
                }
                var set = self.dates[service] ?? []
                for day in from.daysSinceEpoch...to.daysSinceEpoch where runs[CivilDate(daysSinceEpoch: day).weekday.rawValue] {
                    set.insert(day)
                }
                self.dates[service] = set
                calendars[service] = .init(id: service, name: LocalizedName(ja: service, en: service), weekdays: runs,
                                           start: from.iso, end: to.iso, added: [], removed: [])
            }
        }
        if let exceptions {
            let id = try exceptions.required("service_id"), date = try exceptions.required("date")
            let type = try exceptions.required("exception_type")
            try exceptions.forEachRecord { record in
                let service = try record.required(id, "service_id")
                let civil = try Self.date(record, date, "date")
                let day = civil.daysSinceEpoch
                var calendar = calendars[service] ?? .init(id: service, name: LocalizedName(ja: service, en: service),
                                                           weekdays: nil, start: nil, end: nil, added: [], removed: [])
                switch record[type] {
                case "1": self.dates[service, default: []].insert(day); calendar.added.append(civil.iso)
                case "2": self.dates[service, default: []].remove(day); calendar.removed.append(civil.iso)
                default: throw record.error("exception_type takes 1 (added) or 2 (removed), got \"\(record[type])\"")
                }
                calendars[service] = calendar
            }
        }
        for (id, calendar) in calendars { calendars[id]?.name = Self.name(calendar, dates: dates[id] ?? []) }
    }

    /// What riders call a service: by its weekly pattern, or for a feed of dates only, by the days
    /// of the week its dates fall on (a handful of dates is a special service).
    static func name(_ calendar: TimetableDataset.FeedCalendar, dates: Set<Int>) -> LocalizedName {
        if let weekdays = calendar.weekdays, weekdays.contains(true) {
            let days = Set(Weekday.allCases.filter { weekdays[$0.rawValue] })
            return ScheduleNames.name(weekdays: days, dates: dates.count, weekly: true)
        }
        let days = Set(dates.map { CivilDate(daysSinceEpoch: $0).weekday })
        return ScheduleNames.name(weekdays: days, dates: dates.count, weekly: dates.count > 7)
    }

    /// YYYYMMDD as a date, or nil.
    static func parse(_ text: String) -> CivilDate? {
        let digits = Array(text)
        guard digits.count == 8, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return CivilDate(iso: "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))")
    }

    /// YYYYMMDD, a real date within the years Eki's calendar knows.
    private static func date(_ record: GTFSTable.Record, _ column: Int, _ name: String) throws -> CivilDate {
        let text = record[column]
        guard let date = parse(text), date.isSupported else {
            throw record.error("\(name) \"\(text)\" is not a date as YYYYMMDD between 1949 and 2099")
        }
        return date
    }
}
