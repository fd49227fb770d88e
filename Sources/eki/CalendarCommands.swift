import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Japanese national holidays of a year (substitute and citizens' holidays included).")

    @Argument(help: "The year, 1949–2099.")
    var year: Int

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func validate() throws {
        let years = JapaneseHolidays.supportedYears
        guard years.contains(year) else { throw ValidationError("the year must be between \(years.lowerBound) and \(years.upperBound)") }
    }
}

extension CalendarCommand {
    func run() throws {
        let holidays = JapaneseHolidays.holidays(in: year)
        if json {
            print(try Render.json(CalendarJSON(year: year)))
            return
        }
        let width = holidays.map { Render.width($0.nameJa) }.max() ?? 0
        print(holidays.map { "\($0.date.iso) \(weekdayJa($0.date.weekday))  \(Render.pad($0.nameJa, to: width))  \($0.nameEn)" }.joined(separator: "\n"))
    }

    func weekdayJa(_ weekday: Weekday) -> String { "(" + ["日", "月", "火", "水", "木", "金", "土"][weekday.rawValue] + ")" }
}

struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Which timetable each railway runs on a date, and why.")

    @Argument(help: ArgumentHelp("The date, YYYY-MM-DD.", valueName: "date"))
    var date: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions
}

extension ScheduleCommand {
    func run() throws {
        let day = ScheduleDay(try Resolve.date(date))
        let timetable = try database.open()
        let output = ScheduleJSON(day, reference: timetable.reference)
        let railways = output.railways
        if json {
            print(try Render.json(output))
            return
        }
        var lines = [output.headline]
        let grouped = Dictionary(grouping: railways, by: { $0.schedule ?? "(no service)" })
        for (schedule, members) in grouped.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(schedule): \(members.count) railways — " + members.prefix(6).map(\.nameJa).joined(separator: "、") + (members.count > 6 ? "…" : ""))
        }
        print(lines.joined(separator: "\n"))
    }
}
