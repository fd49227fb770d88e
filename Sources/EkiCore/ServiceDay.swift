import Foundation

/// A moment as the railway sees it: which service day it belongs to, and the minute on that day.
/// 01:10 on Tuesday is Monday's service day at minute 1510 (25:10); 03:00 starts a new service day.
public struct ServiceInstant: Hashable, Sendable, CustomStringConvertible {
    public var serviceDate: CivilDate
    public var minute: ServiceMinute

    public init(serviceDate: CivilDate, minute: ServiceMinute) {
        self.serviceDate = serviceDate
        self.minute = minute
    }

    /// From a Tokyo wall-clock date and time.
    public init(date: CivilDate, hour: Int, minute: Int) {
        let clock = hour * 60 + minute
        if clock < ServiceMinute.dayStart {
            self.init(serviceDate: date.adding(days: -1), minute: ServiceMinute(clock + 1440))
        } else {
            self.init(serviceDate: date, minute: ServiceMinute(clock))
        }
    }

    /// From an absolute time, read on Tokyo's clock whatever the machine's time zone.
    public init(_ instant: Date) {
        self.init(instant, timeZone: TokyoTime.zone)
    }

    /// From an absolute time, read on the clock of a timetable's own zone (a GTFS feed's
    /// agency_timezone), with that zone's offset on that day (summer time included).
    /// Total for any `Date`: callers check times from outside first (a ride fix, a clock), and a
    /// time beyond ±3,000 years, infinite or NaN is pinned to that bound rather than trapping in
    /// the conversion to whole seconds.
    public init(_ instant: Date, timeZone: TimeZone) {
        let raw = instant.timeIntervalSince1970
        let bounded = raw.isNaN ? 0 : min(max(raw, -Self.secondsBound), Self.secondsBound)
        let seconds = Int(bounded.rounded(.down)) + timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: bounded))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        self.init(date: CivilDate(daysSinceEpoch: days), hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60)
    }

    /// ±3,000 years of seconds around 1970: far inside Int, far outside any timetable.
    static let secondsBound = 9.5e10

    /// Parses Tokyo local time "YYYY-MM-DDTHH:MM" (also with a space instead of "T").
    /// Nil for anything else, including impossible dates and times.
    public init?(parsing text: String) {
        let characters = Array(text)
        guard characters.count == 16, characters[10] == "T" || characters[10] == " ",
              let date = CivilDate(iso: String(characters[0..<10])) else { return nil }
        let time = String(characters[11...])
        guard ServiceMinute(parsing: time) != nil, let hour = Int(time.prefix(2)), hour < 24 else { return nil }
        self.init(date: date, hour: hour, minute: Int(time.suffix(2))!)
    }

    /// The wall-clock date of this minute (the next calendar day after midnight).
    public var calendarDate: CivilDate { serviceDate.adding(days: minute.value / 1440) }

    public var description: String { "\(calendarDate.iso)T\(minute.clock)" }
}

/// The three kinds of day that timetables are published for.
public enum DayKind: String, Sendable, Codable {
    case weekday, saturday, holiday
}

/// Which timetable a date runs, and why, in words a rider reads.
public struct ScheduleDay: Sendable, Equatable {
    public var date: CivilDate
    public var kind: DayKind
    /// Why: "weekday", "Saturday", "Sunday", "holiday: 勤労感謝の日", "year-end and New Year (Dec 30 – Jan 3)".
    public var reasonJa: String
    public var reasonEn: String
    public var holiday: Holiday?

    public init(_ date: CivilDate) {
        self.date = date
        holiday = JapaneseHolidays.holiday(on: date)
        let yearEnd = (date.month == 12 && date.day >= 30) || (date.month == 1 && date.day <= 3)
        if let holiday {
            kind = .holiday
            reasonJa = "祝日: \(holiday.nameJa)"
            reasonEn = "holiday: \(holiday.nameEn)"
        } else if yearEnd {
            kind = .holiday
            reasonJa = "年末年始 (12/30〜1/3)"
            reasonEn = "year-end and New Year (Dec 30 – Jan 3)"
        } else {
            switch date.weekday {
            case .sunday:
                kind = .holiday; reasonJa = "日曜日"; reasonEn = "Sunday"
            case .saturday:
                kind = .saturday; reasonJa = "土曜日"; reasonEn = "Saturday"
            default:
                kind = .weekday; reasonJa = "平日"; reasonEn = "weekday"
            }
        }
    }

    /// Calendar kinds to try, in order; a railway runs the first one it has.
    public var preferredServiceKinds: [String] {
        switch kind {
        case .weekday: ["weekday"]
        case .saturday: ["saturday", "saturdayHoliday"]
        case .holiday: ["holiday", "saturdayHoliday"]
        }
    }
}
