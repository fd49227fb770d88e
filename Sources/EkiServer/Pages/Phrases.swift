import EkiCore
import EkiStore
import Foundation

/// Text made from data, in the page's language: what words.json cannot hold because a number, a
/// name or a time goes inside. Plain text: templates escape it.
enum Phrases {
    /// A direction as a platform sign reads: its name, then where it goes (`Timetable.heading`)
    /// unless the name already says so (23 of the data's 31 directions are "押上方面 / For Oshiage";
    /// 上り, 外回り and the like need the terminal beside them).
    static func direction(_ direction: Reference.Direction, heading: [Reference.Station], lang: PageLanguage) -> String {
        var text = lang.pick(direction.name)
        let names = heading.map { lang.pick($0.name) }
        if !names.isEmpty, !direction.name.ja.hasSuffix("方面") {
            text += " " + lang.t(names.joined(separator: "・") + "方面", "toward " + names.joined(separator: " & "))
        }
        return text
    }

    static func until(_ minutes: Int, lang: PageLanguage) -> String {
        if minutes < 60 { return lang.t("\(minutes)分後", "in \(minutes) min") }
        return lang.t("\(minutes / 60)時間\(minutes % 60)分後", "in \(minutes / 60) h \(minutes % 60) min")
    }

    /// A calendar id as a timetable's name is written: 土休日 / "Saturday/holiday" for
    /// `SaturdayHoliday`, never the raw id (an unknown id is shown as it is).
    static func scheduleName(_ calendar: String?, lang: PageLanguage) -> String {
        guard let calendar else { return lang.t("運休", "No service") }
        let names = ["Weekday": ("平日", "Weekday"), "Saturday": ("土曜", "Saturday"), "Holiday": ("休日", "Sunday/holiday"),
                     "SaturdayHoliday": ("土休日", "Saturday/holiday")]
        return names[calendar].map { lang.t($0.0, $0.1) } ?? calendar
    }

    /// "2026-11-29 土休日ダイヤ（日曜日）" / "2026-11-24 Weekday timetable (weekday)".
    static func schedule(_ date: CivilDate, _ calendar: String?, _ day: ScheduleDay, lang: PageLanguage) -> String {
        let name = scheduleName(calendar, lang: lang)
        return "\(date.iso) " + lang.t("\(name)ダイヤ（\(day.reasonJa)）", "\(name) timetable (\(day.reasonEn))")
    }

    /// An id in a path or a query (ids hold only letters, digits, . - _; names typed by riders get encoded).
    static func path(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id
    }
}
