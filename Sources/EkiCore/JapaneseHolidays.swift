import Synchronization

// Japan's national holidays, computed by rule rather than read from a table of dates.
//
// Law: 国民の祝日に関する法律 (Act No. 178 of 1948, in force 1948-07-20) and its amendments,
// plus the special acts for one-off days. Valid from 1948-07-20 to at least 2099 (the equinox
// formula is the limiting factor). Japanese names follow the project's reference CSV:
// a substitute day is "<holiday> 振替休日", a sandwiched day is "国民の休日".

/// A calendar day with no time or time zone, in the proleptic Gregorian calendar.
/// Arithmetic is plain integer maths (no Foundation), so it is cheap and locale-independent.
public struct CivilDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// Nil for impossible dates such as 2026-02-29 or 2026-13-01.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// Strictly "YYYY-MM-DD" (zero-padded); anything else, or an impossible date, is nil.
    public init?(iso: String) {
        let b = Array(iso.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for c in b[range] {
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                n = n * 10 + Int(c - UInt8(ascii: "0"))
            }
            return n
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date `days` after 1970-01-01 (negative for earlier). Howard Hinnant's civil_from_days.
    public init(daysSinceEpoch: Int) {
        let z = daysSinceEpoch + 719_468                      // shift the epoch to 0000-03-01
        let era = (z >= 0 ? z : z - 146_096) / 146_097        // 400-year eras, floored
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)     // day of a March-based year
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    public var weekday: Weekday {
        Weekday(rawValue: ((daysSinceEpoch % 7) + 7 + 4) % 7)!   // 1970-01-01 was a Thursday
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    public var iso: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return (year < 0 ? "-" + pad(-year, 4) : pad(year, 4)) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    public var description: String { iso }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Coded as its ISO string ("2026-11-23"), the form used in files and on the wire.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

extension CivilDate {
    /// Inside `JapaneseHolidays.supportedYears`: a date Eki can tell the schedule of.
    public var isSupported: Bool { JapaneseHolidays.supportedYears.contains(year) }

    /// "between 1949-01-01 and 2099-12-31", for messages that refuse a date outside.
    public static var supportedRange: String {
        "between \(JapaneseHolidays.supportedYears.lowerBound)-01-01 and \(JapaneseHolidays.supportedYears.upperBound)-12-31"
    }
}

public enum Weekday: Int, Sendable, CaseIterable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday
}

public struct Holiday: Hashable, Sendable {
    public let date: CivilDate
    public let nameJa: String
    public let nameEn: String

    public init(date: CivilDate, nameJa: String, nameEn: String) {
        self.date = date; self.nameJa = nameJa; self.nameEn = nameEn
    }
}

public enum JapaneseHolidays {
    /// The years Eki vouches for: the holiday law's first full year to the last year of the
    /// equinox formula's fit. The server and the CLI refuse dates outside it (a year like 4652 is
    /// a typo, not a plan); the functions below still answer for any year without failing.
    public static let supportedYears = 1949...2099

    /// All holidays of `year` (national holidays, substitute and citizens' holidays), sorted by date.
    public static func holidays(in year: Int) -> [Holiday] {
        cachedYears.contains(year) ? cached(year) : compute(year)
    }

    /// The holiday on `date`, or nil for an ordinary day.
    public static func holiday(on date: CivilDate) -> Holiday? {
        holidays(in: date.year).first { $0.date == date }
    }

    public static func isHoliday(_ date: CivilDate) -> Bool { holiday(on: date) != nil }

    // MARK: - Rules

    private enum When: Sendable {
        case fixed(month: Int, day: Int)
        case nthMonday(month: Int, n: Int)   // "Happy Monday" system (2000 and 2003 amendments)
        case vernalEquinox, autumnalEquinox  // set each February by the Cabinet Office; see equinoxDay
    }

    private struct Rule: Sendable {
        let ja: String, en: String, years: ClosedRange<Int>, when: When
        let moved: [Int: (month: Int, day: Int)]   // one-year moves by special act
        init(_ ja: String, _ en: String, _ years: ClosedRange<Int>, _ when: When,
             moved: [Int: (month: Int, day: Int)] = [:]) {
            self.ja = ja; self.en = en; self.years = years; self.when = when; self.moved = moved
        }
    }

    private static let always = 9999   // "still in force"

    /// Every national holiday (国民の祝日) with the years each form applied. The law took effect on
    /// 1948-07-20, so the holidays earlier in the calendar year start in 1949.
    private static let rules: [Rule] = [
        Rule("元日", "New Year's Day", 1949...always, .fixed(month: 1, day: 1)),
        Rule("成人の日", "Coming of Age Day", 1949...1999, .fixed(month: 1, day: 15)),
        Rule("成人の日", "Coming of Age Day", 2000...always, .nthMonday(month: 1, n: 2)),
        Rule("建国記念の日", "National Foundation Day", 1967...always, .fixed(month: 2, day: 11)),
        // The emperor's birthday follows the reigning emperor; none fell in 2019 (Reiwa began 5/1).
        Rule("天皇誕生日", "The Emperor's Birthday", 1949...1988, .fixed(month: 4, day: 29)),
        Rule("天皇誕生日", "The Emperor's Birthday", 1989...2018, .fixed(month: 12, day: 23)),
        Rule("天皇誕生日", "The Emperor's Birthday", 2020...always, .fixed(month: 2, day: 23)),
        Rule("春分の日", "Vernal Equinox Day", 1949...always, .vernalEquinox),
        // 4/29 kept as a holiday after Showa; renamed in 2007 when Greenery Day moved to 5/4.
        Rule("みどりの日", "Greenery Day", 1989...2006, .fixed(month: 4, day: 29)),
        Rule("昭和の日", "Showa Day", 2007...always, .fixed(month: 4, day: 29)),
        Rule("憲法記念日", "Constitution Memorial Day", 1949...always, .fixed(month: 5, day: 3)),
        Rule("みどりの日", "Greenery Day", 2007...always, .fixed(month: 5, day: 4)),
        Rule("こどもの日", "Children's Day", 1949...always, .fixed(month: 5, day: 5)),
        // 2020 and 2021: moved next to the Tokyo Olympic opening and closing ceremonies.
        Rule("海の日", "Marine Day", 1996...2002, .fixed(month: 7, day: 20)),
        Rule("海の日", "Marine Day", 2003...always, .nthMonday(month: 7, n: 3),
             moved: [2020: (7, 23), 2021: (7, 22)]),
        Rule("山の日", "Mountain Day", 2016...always, .fixed(month: 8, day: 11),
             moved: [2020: (8, 10), 2021: (8, 8)]),
        Rule("敬老の日", "Respect for the Aged Day", 1966...2002, .fixed(month: 9, day: 15)),
        Rule("敬老の日", "Respect for the Aged Day", 2003...always, .nthMonday(month: 9, n: 3)),
        Rule("秋分の日", "Autumnal Equinox Day", 1948...always, .autumnalEquinox),
        Rule("体育の日", "Health and Sports Day", 1966...1999, .fixed(month: 10, day: 10)),
        Rule("体育の日", "Health and Sports Day", 2000...2019, .nthMonday(month: 10, n: 2)),
        Rule("スポーツの日", "Sports Day", 2020...always, .nthMonday(month: 10, n: 2),
             moved: [2020: (7, 24), 2021: (7, 23)]),
        Rule("文化の日", "Culture Day", 1948...always, .fixed(month: 11, day: 3)),
        Rule("勤労感謝の日", "Labor Thanksgiving Day", 1948...always, .fixed(month: 11, day: 23)),
        // One-off days off by special act. The 2019 ones count as national holidays, which is what
        // makes 4/30 and 5/2 of 2019 citizens' holidays (see below).
        Rule("皇太子・明仁親王の結婚の儀", "Wedding of Crown Prince Akihito", 1959...1959, .fixed(month: 4, day: 10)),
        Rule("昭和天皇の大喪の礼", "State Funeral of Emperor Showa", 1989...1989, .fixed(month: 2, day: 24)),
        Rule("即位の礼正殿の儀", "Enthronement Ceremony", 1990...1990, .fixed(month: 11, day: 12)),
        Rule("皇太子・皇太子徳仁親王の結婚の儀", "Wedding of Crown Prince Naruhito", 1993...1993, .fixed(month: 6, day: 9)),
        Rule("天皇の即位の日", "Enthronement Day", 2019...2019, .fixed(month: 5, day: 1)),
        Rule("即位礼正殿の儀", "Enthronement Ceremony", 2019...2019, .fixed(month: 10, day: 22)),
    ]

    /// 振替休日 exists from the 1973 amendment (in force 1973-04-12): a holiday on a Sunday gives the
    /// next day off. From 2007 it is the next day that is not itself a holiday (Sun 5/3 → Wed 5/6).
    private static let substituteStart = CivilDate(year: 1973, month: 4, day: 12)!
    private static let substituteNextFreeDayStart = CivilDate(year: 2007, month: 1, day: 1)!
    /// 国民の休日 exists from the 1985 amendment (in force 1985-12-27): a day that is not a Sunday,
    /// sandwiched between two national holidays, is a day off. First occurrence: 1988-05-04.
    private static let citizensHolidayStart = CivilDate(year: 1985, month: 12, day: 27)!

    private static func compute(_ year: Int) -> [Holiday] {
        var national: [CivilDate: Holiday] = [:]
        for rule in rules where rule.years.contains(year) {
            // No date (an equinox outside the formula's years) means no such holiday that year.
            guard let day = rule.moved[year] ?? monthDay(of: rule.when, in: year),
                  let date = CivilDate(year: year, month: day.month, day: day.day) else { continue }
            national[date] = Holiday(date: date, nameJa: rule.ja, nameEn: rule.en)
        }
        var all = national
        for h in national.values where h.date.weekday == .sunday && h.date >= substituteStart {
            var day = h.date.adding(days: 1)
            if h.date >= substituteNextFreeDayStart {
                while national[day] != nil { day = day.adding(days: 1) }
            } else if national[day] != nil {
                continue
            }
            all[day] = Holiday(date: day, nameJa: h.nameJa + " 振替休日", nameEn: "Substitute Holiday (\(h.nameEn))")
        }
        for h in national.values {
            let day = h.date.adding(days: 1)
            if day >= citizensHolidayStart, day.weekday != .sunday, all[day] == nil,
               national[day.adding(days: 1)] != nil {
                all[day] = Holiday(date: day, nameJa: "国民の休日", nameEn: "Citizens' Holiday")
            }
        }
        return all.values.filter { $0.date.year == year }.sorted { $0.date < $1.date }
    }

    private static func monthDay(of when: When, in year: Int) -> (month: Int, day: Int)? {
        switch when {
        case let .fixed(month, day):
            return (month, day)
        case let .nthMonday(month, n):
            let first = CivilDate(year: year, month: month, day: 1)!.weekday.rawValue
            return (month, 1 + (Weekday.monday.rawValue - first + 7) % 7 + 7 * (n - 1))
        case .vernalEquinox:
            return equinoxDay(year, vernal: true).map { (3, $0) }
        case .autumnalEquinox:
            return equinoxDay(year, vernal: false).map { (9, $0) }
        }
    }

    /// The equinox day (JST) from the standard approximation
    ///   ⌊c + 0.242194·(y − 1980) − trunc((y − L)/4)⌋,
    /// with c and L fitted per period and the division truncating toward zero as in the C original
    /// (it matters before 1983). It agrees with the National Astronomical Observatory's dates for
    /// 1900–2099; the 2100–2150 constants are included for completeness. The law only names the
    /// day; the Cabinet Office announces it each February from NAOJ data.
    /// Nil outside 1900–2150: the linear formula drifts a day every ~130 years and by about 4650
    /// names March 32, so far from its fit it gives no equinox day rather than an impossible one.
    private static func equinoxDay(_ year: Int, vernal: Bool) -> Int? {
        let (c, l): (Double, Int)
        switch year {
        case 1900..<1980: (c, l) = vernal ? (20.8357, 1983) : (23.2588, 1983)
        case 1980...2099: (c, l) = vernal ? (20.8431, 1980) : (23.2488, 1980)
        case 2100...2150: (c, l) = vernal ? (21.8510, 1980) : (24.2488, 1980)
        default: return nil
        }
        return Int((c + 0.242194 * Double(year - 1980) - Double((year - l) / 4)).rounded(.down))
    }

    // MARK: - Cache

    // Each year's holidays worked out on first use and kept: a fresh process showing one board asks
    // for one year, and working out all 200 took 1.6 ms of its start (docs/PERFORMANCE.md, issue 19).
    // Years outside the range are computed on demand.
    private static let cachedYears = 1948...2150
    private static let byYear = Mutex<[Int: [Holiday]]>([:])

    private static func cached(_ year: Int) -> [Holiday] {
        if let known = byYear.withLock({ $0[year] }) { return known }
        let holidays = compute(year)
        byYear.withLock { $0[year] = holidays }
        return holidays
    }
}
