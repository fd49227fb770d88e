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

    @OptionGroup var moment: MomentOption

    @Option(name: .long, help: "How many departures per direction (1–100).")
    var limit = 8

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
    }
}

extension DeparturesCommand {
    func run() throws {
        let timetable = try database.open()
        let lang = language.language(timetable)
        let instant = try moment.instant(timetable)
        let stations = try Resolve.narrow(try Resolve.stations(station, in: timetable), toRailway: railway, in: timetable)
        var results: [(Reference.Station, [Board])] = []
        for (station, directions) in try Resolve.directions(direction, at: stations, named: station, in: timetable) {
            results.append((station, try directions.map {
                try timetable.nextDepartures(station: station, direction: $0, at: instant, limit: limit)
            }))
        }
        userState.recordViews(results.map { ($0.0.id, direction == nil ? nil : $0.1.first?.direction.id) })
        if output.json {
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

/// The human board: time, badge, type, destination, minutes until departure; the next day's trains
/// under a line naming their day. Words come from `Words`, so the CLI, the API and the pages agree.
struct BoardText {
    var lang: Language
    var color: Bool
    var reference: Reference
    var words: Words { Words(lang) }

    func render(station: Reference.Station, boards: [Board], at instant: ServiceInstant?) -> String {
        let railway = station.railway.flatMap { reference.railways[$0] }
        var lines = ["\(lang.pick(station.name))  \(railway.map { lang.pick($0.name) } ?? "")  (\(station.publicId))"]
        if let board = boards.first { lines.append(scheduleLine(board)) }
        for board in boards {
            lines.append("")
            lines.append(header(board))
            // A day with no train this way at all is not a service that has ended.
            if board.noTrainsThisDay {
                lines.append("  " + words.noTrainsThisWay)
            } else if board.lastTrainGone {
                lines.append("  " + words.noMoreTrainsToday)
            }
            let typeWidth = board.rows.map { Render.width(typeName($0)) }.max() ?? 0
            let badgeWidth = board.rows.map { Render.width(badgeText($0)) }.max() ?? 0
            let destinationWidth = board.rows.map { Render.width(destination($0)) }.max() ?? 0
            var day = board.serviceDate
            for row in board.rows {
                if row.day > day {
                    day = row.day
                    lines.append("  " + words.nextDay(row.day))
                }
                var line = "  \(row.departure.time.clock)  "
                if badgeWidth > 0 { line += badge(row) + String(repeating: " ", count: badgeWidth - Render.width(badgeText(row))) + " " }
                line += Render.pad(typeName(row), to: typeWidth) + "  "
                line += Render.pad(destination(row), to: destinationWidth)
                if instant != nil { line += "  " + words.until(row.minutesUntil) }
                if let name = row.departure.names.first { line += "  " + lang.pick(name) }
                if !row.departure.number.isEmpty, !row.departure.classified { line += "  " + words.trainNumber(row.departure.number) }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "2026-01-08 平日ダイヤ（平日）", "2026-01-08 Weekday service (WK)".
    func scheduleLine(_ board: Board) -> String {
        words.scheduleLine(date: board.serviceDate, name: board.schedule.map { reference.serviceNames[$0] ?? LocalizedName(ja: $0, en: $0) },
                           detail: lang.pick(reference.scheduleReason(board.day, schedule: board.schedule)))
    }

    /// The direction as the platform names it, and the end of the line when the name does not say
    /// where trains go (上り, Inbound): never the station the rider stands at.
    func header(_ board: Board) -> String {
        let name = reference.directionName(board.direction, at: board.station)
        let railway = board.station.railway.flatMap { reference.railways[$0] }
        var terminal = ""
        if board.direction.toward == nil, let railway, !railway.isLoop,
           let last = (board.direction.handle == railway.descending ? railway.stations.first : railway.stations.last),
           // At the end itself, trains leaving that way go on as another railway's: no "toward" it.
           last != board.station.handle, let end = reference.stations[last]?.name, end != board.station.name {
            terminal = lang == .ja ? "（\(end.ja)方面）" : " (toward \(end.en))"
        }
        return "\(lang.pick(name))\(terminal)"
    }

    func typeName(_ row: Board.Row) -> String {
        reference.trainType(row.departure.trainType).map { lang.pick($0.name) } ?? ""
    }

    /// Where it goes as the train says it (a GTFS headsign), else its destination.
    func destination(_ row: Board.Row) -> String { lang.pick(row.departure.headsign ?? row.destination) }

    /// The badge's text without colour (for the column's width).
    func badgeText(_ row: Board.Row) -> String { TrainBadge(row.departure, reference: reference)?.text ?? "" }

    func badge(_ row: Board.Row) -> String { Render.badge(TrainBadge(row.departure, reference: reference), color: color) }

    func until(_ minutes: Int) -> String { words.until(minutes) }
}
