import EkiCore

/// What riders call a schedule: 平日ダイヤ / "Weekday service". Made once at import; the
/// source's calendar id (`Weekday`, a GTFS service_id `WKD`) is only shown beside it.
public enum ScheduleNames {
    /// The name of one of Japan's day kinds, or for dated calendars the id itself.
    public static func name(kind: String, id: String) -> LocalizedName {
        switch kind {
        case "weekday": LocalizedName(ja: "平日ダイヤ", en: "Weekday timetable")
        case "saturday": LocalizedName(ja: "土曜ダイヤ", en: "Saturday timetable")
        case "holiday": LocalizedName(ja: "休日ダイヤ", en: "Sunday/holiday timetable")
        case "saturdayHoliday": LocalizedName(ja: "土休日ダイヤ", en: "Saturday/holiday timetable")
        default: LocalizedName(ja: id, en: id)
        }
    }

    /// A feed's service by the days of the week it runs (Sunday is `Weekday.sunday`): Monday to
    /// Friday is "Weekday service", Saturday and Sunday "Weekend service", one day that day's, every
    /// day "Daily service"; other sets name their days. `dates` is how many dates it runs: a
    /// handful outside a weekly pattern is a "Special service".
    public static func name(weekdays: Set<Weekday>, dates: Int, weekly: Bool) -> LocalizedName {
        let weekend: Set<Weekday> = [.saturday, .sunday]
        let workdays = Set(Weekday.allCases).subtracting(weekend)
        if !weekly && dates <= 3 { return LocalizedName(ja: "特別ダイヤ", en: "Special service") }
        switch weekdays {
        case workdays: return LocalizedName(ja: "平日ダイヤ", en: "Weekday service")
        case weekend: return LocalizedName(ja: "土休日ダイヤ", en: "Weekend service")
        case [.saturday]: return LocalizedName(ja: "土曜ダイヤ", en: "Saturday service")
        case [.sunday]: return LocalizedName(ja: "日曜ダイヤ", en: "Sunday service")
        case Set(Weekday.allCases): return LocalizedName(ja: "毎日", en: "Daily service")
        case []: return LocalizedName(ja: "運休", en: "No service")
        default:
            let days = Weekday.allCases.filter(weekdays.contains)
            return LocalizedName(ja: days.map(Words.weekdayJa).joined(separator: "・") + "曜ダイヤ",
                                 en: days.map(Words.weekdayEn).joined(separator: ", ") + " service")
        }
    }

    /// Several services running together on a day (a weekday plus an extra): their names joined.
    public static func joined(_ names: [LocalizedName]) -> LocalizedName {
        var seen = Set<String>()
        let unique = names.filter { seen.insert($0.en).inserted }
        return LocalizedName(ja: unique.map(\.ja).joined(separator: "＋"), en: unique.map(\.en).joined(separator: " + "))
    }
}

/// The words of every board, in one language: the CLI, the JSON API's texts and the pages all
/// ask here, so a board says the same thing wherever it is read.
public struct Words: Sendable {
    public var language: Language
    public init(_ language: Language) { self.language = language }

    public static func weekdayJa(_ day: Weekday) -> String { ["日", "月", "火", "水", "木", "金", "土"][day.rawValue] }
    public static func weekdayEn(_ day: Weekday) -> String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.rawValue] }

    func t(_ ja: String, _ en: String) -> String { language == .ja ? ja : en }

    /// "7分後" / "in 7 min" (whole minutes to go, rounded down); an hour or more as hours and
    /// minutes; under a minute "まもなく" / "now" — the train is at the platform or nearly, and
    /// "0分後" reads as a mistake. The one countdown rule: the CLI, the pages (Phrases.until) and
    /// app.js's live countdown (`until`, the same rule in JavaScript) all say this.
    public func until(_ minutes: Int) -> String {
        if minutes < 1 { return t("まもなく", "now") }
        if language == .ja { return minutes < 60 ? "\(minutes)分後" : "\(minutes / 60)時間\(minutes % 60)分後" }
        return minutes < 60 ? "in \(minutes) min" : "in \(minutes / 60) h \(minutes % 60) min"
    }

    /// "1月12日(月)" / "Mon 12 Jan".
    public func day(_ date: CivilDate) -> String {
        if language == .ja { return "\(date.month)月\(date.day)日(\(Self.weekdayJa(date.weekday)))" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(Self.weekdayEn(date.weekday)) \(date.day) \(months[date.month - 1])"
    }

    /// The line above the first train of a later day on a board: whatever the source, a rider
    /// never reads tomorrow's 08:04 as today's.
    public func nextDay(_ date: CivilDate) -> String {
        "── " + nextDayName(date) + " ──"
    }

    /// "翌日 1月12日(月)" / "Next day, Mon 12 Jan": the pages' line over the next day's trains.
    public func nextDayName(_ date: CivilDate) -> String { t("翌日 \(day(date))", "Next day, \(day(date))") }

    /// The day a train page shows a train on: "2013-07-05 (Fri) · runs" in words.
    public func trainDay(_ date: CivilDate, runs: Bool) -> String {
        runs ? t("\(date.iso) \(day(date))の運転", "Running on \(day(date)) \(date.year)")
            : t("\(date.iso) \(day(date))は運転しません", "Not running on \(day(date)) \(date.year)")
    }

    public var noMoreTrainsToday: String { t("本日の運転は終了しました。", "No more trains today.") }
    public var noTrainsThisWay: String { t("この日はこの方面の列車はありません", "No trains this way on this day") }
    public var noService: String { t("運休", "no service") }

    /// A direction by where its trains go: 渋谷方面 / toward Shibuya.
    public func toward(_ place: String) -> String { t("\(place)方面", "toward \(place)") }

    /// "2026-01-08 平日ダイヤ（平日）" / "2026-01-08 Weekday service (WK)": the schedule by its
    /// name, with why (Japan's day kinds) or which calendar (a feed's service_id) as the detail.
    public func scheduleLine(date: CivilDate, name: LocalizedName?, detail: String) -> String {
        guard let name else { return "\(date.iso) " + t("運休（\(detail)）", "no service (\(detail))") }
        return "\(date.iso) " + (language == .ja ? "\(name.ja)（\(detail)）" : "\(name.en) (\(detail))")
    }

    /// "Train 3629" / "3629号": a train number as a board shows it.
    public func trainNumber(_ number: String) -> String { t("\(number)号", "Train \(number)") }

    /// The nearest station when none is within the radius: "no station within 500 m; the nearest is
    /// 馬車道 (1.2 km, 15 min walk)".
    public func nearestOutside(radius: Int, name: String, meters: Int, walk: Int) -> String {
        let distance = meters >= 1000 ? String(format: "%.1f km", Double(meters) / 1000) : "\(meters) m"
        return t("\(radius) m 以内に駅はありません。最寄りは\(name)（\(distance)、徒歩\(walk)分）",
                 "No station within \(radius) m; the nearest is \(name) (\(distance), \(walk) min walk)")
    }
}
