import EkiCore
import EkiStore
import Foundation

/// Text made from data, in the page's language: what words.json cannot hold because a number, a
/// name or a time goes inside. Plain text: templates escape it.
enum Phrases {
    /// A direction as a platform sign reads: its name, then where it goes (`Timetable.heading`)
    /// unless the name already says so (23 of the data's 31 directions are "押上方面 / For Oshiage";
    /// 上り, 外回り and the like need the terminal beside them).
    /// The direction's name as a board at `station` shows it: never this station itself
    /// (`Reference.directionName`).
    static func direction(_ direction: Reference.Direction, at station: Reference.Station, heading: [Reference.Station],
                          reference: Reference, lang: PageLanguage) -> String {
        let name = reference.directionName(direction, at: station)
        if name != direction.name || direction.toward != nil { return lang.pick(name) }
        var text = lang.pick(direction.name)
        let names = heading.map { lang.pick($0.name) }
        if !names.isEmpty, !direction.name.ja.hasSuffix("方面") {
            text += " " + lang.t(names.joined(separator: "・") + "方面", "toward " + names.joined(separator: " & "))
        }
        return text
    }

    /// When a departure leaves, for app.js's countdown: its service day and service minute
    /// ("2026-11-24 451"), which the page's script turns into a moment on the timetable's clock.
    static func due(_ row: Board.Row) -> String { "\(row.serviceDate.iso) \(row.departure.time.value)" }

    /// The countdown, as every board says it (`Words.until`).
    static func until(_ minutes: Int, lang: PageLanguage) -> String { Words(lang).until(minutes) }

    /// A calendar id as a timetable's name is written: 土休日 / "Saturday/holiday" for
    /// `SaturdayHoliday`, never the raw id (an unknown id is shown as it is).
    static func scheduleName(_ calendar: String?, lang: PageLanguage) -> String {
        guard let calendar else { return lang.t("運休", "No service") }
        let names = ["Weekday": ("平日", "Weekday"), "Saturday": ("土曜", "Saturday"), "Holiday": ("休日", "Sunday/holiday"),
                     "SaturdayHoliday": ("土休日", "Saturday/holiday")]
        return names[calendar].map { lang.t($0.0, $0.1) } ?? calendar
    }

    /// "2026-11-29 土休日ダイヤ（日曜日）" / "2026-11-24 Weekday timetable (weekday)"; a feed's
    /// schedule by its name with its service_id as the detail: "2013-07-05 Weekday service (WKD)".
    static func schedule(_ date: CivilDate, _ calendar: String?, _ day: ScheduleDay, reference: Reference, lang: PageLanguage) -> String {
        if reference.followsFeedCalendar {
            let reason = reference.scheduleReason(day, schedule: calendar)
            return Words(lang).scheduleLine(date: date, name: calendar.flatMap { reference.serviceNames[$0] }, detail: lang.pick(reason))
        }
        let name = scheduleName(calendar, lang: lang)
        return "\(date.iso) " + lang.t("\(name)ダイヤ（\(day.reasonJa)）", "\(name) timetable (\(day.reasonEn))")
    }

    /// A page about a station, by the id its riders use (a GTFS stop_id, `OSB`); where that id
    /// names the stations of several lines, `railway=` says which. `query`: more of the query
    /// (`direction=…&date=…`), without `?`.
    static func station(_ base: String, _ station: Reference.Station, reference: Reference, query: String = "") -> String {
        let shared = reference.stations(named: station.publicId).count > 1
        let id = reference.stations(named: station.publicId).isEmpty ? station.id : station.publicId
        let items = (shared ? station.railway.flatMap { reference.railways.id(of: $0) }.map { ["railway=" + path($0)] } ?? [] : []) + (query.isEmpty ? [] : [query])
        return base + "/" + path(id) + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// A direction in an address as riders name it: a GTFS feed's direction_id (`0`, `1`; the
    /// database keeps it under its route, `SLE:0`), else the direction's id.
    static func direction(_ direction: Reference.Direction) -> String {
        if let colon = direction.id.lastIndex(of: ":"), ["0", "1"].contains(direction.id[direction.id.index(after: colon)...]) {
            return String(direction.id[direction.id.index(after: colon)...])
        }
        return path(direction.id)
    }

    /// A train's page by the id riders use (a GTFS trip_id), with the day it runs on a feed's
    /// calendar; `from`: the rider's station.
    static func train(_ departure: Departure, serviceDate: CivilDate, from station: Reference.Station?, reference: Reference) -> String {
        var items: [String] = []
        // A feed's trip runs on its calendar's days: its page is for the day of this departure.
        if reference.followsFeedCalendar || departure.ids.publicId != departure.ids.id { items.append("date=" + serviceDate.iso) }
        if let station { items.append("from=" + path(station.publicId)) }
        return "/train/" + path(departure.ids.publicId) + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// The line above the first train of a later day: 翌日 1月12日(月) / Next day, Mon 12 Jan;
    /// nil for a row of the asked day or after another of the next day's.
    static func nextDay(_ rows: [Board.Row], at index: Int, lang: PageLanguage) -> String? {
        let row = rows[index]
        guard row.isNextDay, index == 0 || !rows[index - 1].isNextDay else { return nil }
        return Words(lang).nextDayName(row.day)
    }

    /// Where a train goes as its sign says (a GTFS trip_headsign), else its destination.
    static func destination(_ row: Board.Row, lang: PageLanguage) -> String {
        lang.pick(row.departure.headsign ?? row.destination)
    }

    /// An id in a path or a query (ids hold only letters, digits, . - _; names typed by riders get encoded).
    static func path(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id
    }

    /// A value a rider typed, carried on in a query (`at=2026-12-01T08:18`): nothing in it can end
    /// the value or start another.
    static func queryValue(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
