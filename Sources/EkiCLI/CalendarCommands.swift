import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "The calendar timetables follow in a year: Japan's national holidays, or a feed's own service days and exceptions.",
        discussion: "On a database imported from a GTFS feed, the feed's services (calendar.txt) and their exceptions (calendar_dates.txt); otherwise, and without a database, Japanese national holidays (substitute and citizens' holidays included).")

    @Argument(help: "The year, 1949–2099.")
    var year: Int

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        let years = JapaneseHolidays.supportedYears
        guard years.contains(year) else { throw ValidationError("the year must be between \(years.lowerBound) and \(years.upperBound)") }
    }
}

extension CalendarCommand {
    func run() throws {
        // No database yet is fine: the holidays need none.
        let timetable = FileManager.default.fileExists(atPath: database.url.path) ? try database.open() : nil
        let reference = timetable?.reference
        let lang = language.language(timetable)
        if output.json {
            print(try Render.json(CalendarJSON(year: year, reference: reference)))
            return
        }
        if let reference, !reference.feedCalendars.isEmpty {
            print(feedCalendar(reference, lang: lang))
            return
        }
        let holidays = JapaneseHolidays.holidays(in: year)
        let width = holidays.map { Render.width($0.nameJa) }.max() ?? 0
        print(holidays.map { "\($0.date.iso) \(weekdayJa($0.date.weekday))  \(Render.pad($0.nameJa, to: width))  \($0.nameEn)" }.joined(separator: "\n"))
    }

    /// The feed's services with their weekly days and range, then the year's exceptions by date.
    func feedCalendar(_ reference: Reference, lang: Language) -> String {
        let prefix = String(format: "%04d-", year)
        let words = Words(lang)
        var lines = [lang == .ja ? "\(year)年 データの運行日（calendar.txt, calendar_dates.txt）"
                                 : "\(year): the feed's own service days (calendar.txt, calendar_dates.txt)"]
        let rows = reference.feedCalendars.map { calendar -> [String] in
            let days = calendar.weekdays.map { CalendarJSON.days($0) } ?? (lang == .ja ? "日付指定" : "dates only")
            let range = [calendar.start, calendar.end].compactMap { $0 }.joined(separator: " – ")
            let runs = reference.runningDates(of: calendar).filter { $0.hasPrefix(prefix) }.count
            return [calendar.id, lang.pick(calendar.name), days, range, lang == .ja ? "\(runs)日" : "\(runs) day\(runs == 1 ? "" : "s")"]
        }
        let widths = (0..<5).map { column in rows.map { Render.width($0[column]) }.max() ?? 0 }
        for row in rows {
            lines.append("  " + zip(row, widths).map { Render.pad($0, to: $1) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        var byDate: [String: [String]] = [:]
        for calendar in reference.feedCalendars {
            for exception in calendar.exceptions where exception.date.hasPrefix(prefix) {
                byDate[exception.date, default: []].append(
                    lang == .ja ? "\(calendar.id) \(exception.added ? "運行" : "運休")" : "\(calendar.id) \(exception.added ? "added" : "removed")")
            }
        }
        if !byDate.isEmpty {
            lines.append(lang == .ja ? "例外（calendar_dates.txt）:" : "Exceptions (calendar_dates.txt):")
            for (date, changes) in byDate.sorted(by: { $0.key < $1.key }) {
                let day = CivilDate(iso: date).map { words.day($0) } ?? date
                lines.append("  \(date)  \(day)  " + changes.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }

    func weekdayJa(_ weekday: Weekday) -> String { "(" + ["日", "月", "火", "水", "木", "金", "土"][weekday.rawValue] + ")" }
}

struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Which timetable each railway runs on a date, and why.")

    @Argument(help: ArgumentHelp("The date, YYYY-MM-DD.", valueName: "date"))
    var date: String

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
}

extension ScheduleCommand {
    func run() throws {
        let date = try Resolve.date(self.date)
        let timetable = try database.open()
        let day = timetable.reference.scheduleDay(date)
        let output = ScheduleJSON(day, reference: timetable.reference)
        let railways = output.railways
        if self.output.json {
            print(try Render.json(output))
            return
        }
        var lines = [output.headline]
        // Several railways may share a name (西武's 池袋線 is also the S-TRAIN's two routes,
        // Seibu.S-Yurakucho on weekdays and Seibu.S-Fukutoshin at weekends): such a name carries its
        // id, and a railway without service that day says when it runs (issue 32, 11).
        let reference = timetable.reference
        let shared = Set(Dictionary(grouping: railways, by: \.nameJa).filter { $0.value.count > 1 }.keys)
        func label(_ member: ScheduleJSON.Railway) -> String {
            var notes = shared.contains(member.nameJa) ? [member.railway] : []
            if member.schedule == nil, let services = reference.railways[id: member.railway]?.services, !services.isEmpty {
                notes.append("runs on " + services.map { reference.serviceNames[$0.id]?.en ?? $0.id }.joined(separator: ", "))
            }
            return member.nameJa + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
        }
        let grouped = Dictionary(grouping: railways, by: { $0.schedule ?? "(no service)" })
        for (schedule, members) in grouped.sorted(by: { $0.key < $1.key }) {
            let name = reference.serviceNames[schedule].map { " (\($0.en) / \($0.ja))" } ?? ""
            lines.append("  \(schedule)\(name): \(members.count) railway\(members.count == 1 ? "" : "s") — "
                         + members.prefix(6).map(label).joined(separator: "、") + (members.count > 6 ? "…" : ""))
            for reason in members.first?.reasons ?? [] { lines.append("    " + reason) }
        }
        print(lines.joined(separator: "\n"))
    }
}
