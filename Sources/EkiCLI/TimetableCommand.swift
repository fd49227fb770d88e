import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct TimetableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timetable",
        abstract: "A station's whole timetable for one direction and service day.")

    @Argument(help: ArgumentHelp("A station id or name.", valueName: "station"))
    var station: String

    @Option(name: .long, help: ArgumentHelp("Only the station on this railway, when a name covers several (東横線, Tokyu.Toyoko).", valueName: "railway"))
    var railway: String?

    @Option(name: .long, help: ArgumentHelp("The direction (Inbound, Outbound, InnerLoop, …).", valueName: "id"))
    var direction: String

    @Option(name: .long, help: ArgumentHelp("The service day, YYYY-MM-DD. Default: today's service day.", valueName: "date"))
    var date: String?

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions
}

extension TimetableCommand {
    func run() throws {
        let timetable = try database.open()
        let lang = language.language(timetable)
        let serviceDate = try Resolve.date(date, timeZone: timetable.timeZone)
        let stations = try Resolve.narrow(try Resolve.stations(station, in: timetable), toRailway: railway, in: timetable)
        var boards: [Board] = []
        for (station, directions) in try Resolve.directions(direction, at: stations, named: station, in: timetable) {
            for direction in directions {
                boards.append(try timetable.stationTimetable(station: station, direction: direction, serviceDate: serviceDate))
            }
        }
        userState.recordViews(boards.map { ($0.station.id, $0.direction.id) })
        if output.json {
            let results = boards.map { StationBoardJSON([$0], reference: timetable.reference) }
            print(results.count == 1 ? try Render.json(results[0]) : try Render.json(results))
            return
        }
        let text = BoardText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference)
        print(boards.map { text.render(station: $0.station, boards: [$0], at: nil) }.joined(separator: "\n\n"))
    }
}
