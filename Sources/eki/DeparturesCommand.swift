import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct DeparturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "departures",
        abstract: "The next departures from a station, as its platform board shows them.")

    @Argument(help: ArgumentHelp("A station id (Minatomirai.Minatomirai.Bashamichi) or name: 馬車道, ばしゃみち, bashamichi.",
                                 valueName: "station"))
    var station: String

    @Option(name: .long, help: ArgumentHelp("Only the station on this railway, when a name covers several (東横線, Tokyu.Toyoko).", valueName: "railway"))
    var railway: String?

    @Option(name: .long, help: ArgumentHelp("Only this direction (Inbound, Outbound, InnerLoop, …).", valueName: "id"))
    var direction: String?

    @Option(name: .long, help: ArgumentHelp("Tokyo local time to start from, YYYY-MM-DDTHH:MM. Default: now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: "How many departures per direction (1–100).")
    var limit = 8

    @Option(name: .long, help: "Language of the board: ja or en.")
    var lang: Language = .ja

    @Flag(name: .long, help: "Print JSON instead of a board.")
    var json = false

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
    }
}

extension DeparturesCommand {
    func run() throws {
        let timetable = try database.open()
        let instant = try Resolve.instant(at, timeZone: timetable.timeZone)
        let stations = try Resolve.narrow(try Resolve.stations(station, in: timetable), toRailway: railway, in: timetable)
        var results: [(Reference.Station, [Board])] = []
        for (station, directions) in try Resolve.directions(direction, at: stations, in: timetable) {
            results.append((station, try directions.map {
                try timetable.nextDepartures(station: station, direction: $0, at: instant, limit: limit)
            }))
        }
        userState.recordViews(results.map { ($0.0.id, direction == nil ? nil : $0.1.first?.direction.id) })
        if json {
            let boards = results.map { StationBoardJSON($0.1, reference: timetable.reference) }
            print(boards.count == 1 ? try Render.json(boards[0]) : try Render.json(boards))
            return
        }
        let color = Render.stdoutIsTerminal
        print(results.map { station, boards in
            BoardText(lang: lang, color: color, reference: timetable.reference).render(station: station, boards: boards, at: instant)
        }.joined(separator: "\n\n"))
    }
}

/// The human board: time, category badge, type, destination, minutes until departure.
struct BoardText {
    var lang: Language
    var color: Bool
    var reference: Reference

    func render(station: Reference.Station, boards: [Board], at instant: ServiceInstant?) -> String {
        let railway = station.railway.flatMap { reference.railways[$0] }
        var lines = ["\(lang.pick(station.name))  \(railway.map { lang.pick($0.name) } ?? "")  (\(station.id))"]
        if let board = boards.first {
            let reason = lang == .ja ? board.day.reasonJa : board.day.reasonEn
            let schedule = board.schedule.map { lang == .ja ? scheduleJa($0) : $0 } ?? (lang == .ja ? "運休" : "no service")
            lines.append(lang == .ja ? "\(board.serviceDate.iso) \(schedule)ダイヤ（\(reason)）" : "\(board.serviceDate.iso) \(schedule) timetable (\(reason))")
        }
        for board in boards {
            lines.append("")
            lines.append(header(board))
            // A day with no train this way at all is not a service that has ended.
            if board.noTrainsThisDay {
                lines.append(lang == .ja ? "  この日はこの方面の列車はありません" : "  No trains this way on this day")
                if !board.rows.isEmpty { lines.append(lang == .ja ? "  翌日の始発:" : "  First trains of the next service day:") }
            } else if board.lastTrainGone {
                lines.append(board.rows.isEmpty ? (lang == .ja ? "  本日の運転は終了しました。" : "  No more trains today.")
                    : (lang == .ja ? "  本日の運転は終了しました。次の始発:" : "  No more trains today. First trains of the next service day:"))
            }
            let typeWidth = board.rows.map { Render.width(typeName($0)) }.max() ?? 0
            let destinationWidth = board.rows.map { Render.width(lang.pick($0.destination)) }.max() ?? 0
            for row in board.rows {
                var line = "  \(row.departure.time.clock)  \(Render.badge(row.departure.category, color: color)) "
                line += Render.pad(typeName(row), to: typeWidth) + "  "
                line += Render.pad(lang.pick(row.destination), to: destinationWidth)
                if instant != nil { line += "  " + until(row.minutesUntil) }
                if let name = row.departure.names.first { line += "  " + lang.pick(name) }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    func header(_ board: Board) -> String {
        let railway = board.station.railway.flatMap { reference.railways[$0] }
        let terminal: String
        if let railway, railway.isLoop {
            terminal = ""
        } else if let railway, let last = (board.direction.id == railway.descending ? railway.stations.first : railway.stations.last),
                  // At the end itself, trains leaving that way go on as another railway's: no "toward" it.
                  last != board.station.id, let name = reference.stations[last]?.name {
            terminal = lang == .ja ? "（\(name.ja)方面）" : " (toward \(name.en))"
        } else {
            terminal = ""
        }
        return "\(lang.pick(board.direction.name))\(terminal)"
    }

    func typeName(_ row: Board.Row) -> String {
        reference.trainTypes[row.departure.trainType].map { lang.pick($0.name) } ?? row.departure.trainType
    }

    func until(_ minutes: Int) -> String {
        if lang == .ja { return minutes < 60 ? "\(minutes)分後" : "\(minutes / 60)時間\(minutes % 60)分後" }
        return minutes < 60 ? "in \(minutes) min" : "in \(minutes / 60) h \(minutes % 60) min"
    }

    func scheduleJa(_ calendar: String) -> String {
        ["Weekday": "平日", "Saturday": "土曜", "Holiday": "休日", "SaturdayHoliday": "土休日"][calendar] ?? calendar
    }
}
