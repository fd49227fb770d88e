import EkiCore

/// calendar.txt and calendar_dates.txt as the exact set of dates each service_id runs: the weekly
/// pattern between start_date and end_date, plus the dates added (exception_type 1), minus the dates
/// removed (2). Dates are days since 1970-01-01, the service date as the feed means it.
struct GTFSCalendar {
    private(set) var dates: [String: Set<Int>] = [:]

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
            }
        }
        if let exceptions {
            let id = try exceptions.required("service_id"), date = try exceptions.required("date")
            let type = try exceptions.required("exception_type")
            try exceptions.forEachRecord { record in
                let service = try record.required(id, "service_id")
                let day = try Self.date(record, date, "date").daysSinceEpoch
                switch record[type] {
                case "1": self.dates[service, default: []].insert(day)
                case "2": self.dates[service, default: []].remove(day)
                default: throw record.error("exception_type takes 1 (added) or 2 (removed), got \"\(record[type])\"")
                }
            }
        }
    }

    /// YYYYMMDD, a real date within the years Eki's calendar knows.
    private static func date(_ record: GTFSTable.Record, _ column: Int, _ name: String) throws -> CivilDate {
        let text = record[column]
        let digits = Array(text)
        guard digits.count == 8, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
              let date = CivilDate(iso: "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))"),
              date.isSupported else {
            throw record.error("\(name) \"\(text)\" is not a date as YYYYMMDD between 1949 and 2099")
        }
        return date
    }
}
