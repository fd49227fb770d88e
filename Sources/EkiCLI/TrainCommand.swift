import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "One train's timetable, followed across through service.")

    @Argument(help: ArgumentHelp("A train id, e.g. Minatomirai.Minatomirai.011051.Weekday, or a feed's trip_id.", valueName: "train-id"))
    var trainId: String

    @Option(name: .long, help: ArgumentHelp("The service day, YYYY-MM-DD, for a feed's trip that runs under several calendars. Default: today.", valueName: "date"))
    var date: String?

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
}


extension TrainCommand {
    func run() throws {
        guard trainId.utf8.count <= 200 else { throw failure("the train id is too long", code: 2) }
        let timetable = try database.open()
        let lang = language.language(timetable)
        let day = try Resolve.date(date, timeZone: timetable.timeZone)
        guard let code = try timetable.resolveTrain(trainId, on: day), let parts = try timetable.trainRun(code) else {
            throw failure(timetable.noTrainMessage(trainId), code: 2)
        }
        let reference = timetable.reference
        if output.json {
            print(try Render.json(TrainJSON(trainId: code, date: day, parts: parts, reference: reference)))
            return
        }
        var lines: [String] = []
        for part in parts {
            let type = reference.trainTypes[part.trainType]
            let category = type?.category ?? .local
            let name = part.names.first.map { " " + lang.pick($0) } ?? ""
            let railway = reference.railways[id: part.railway].map { lang.pick($0.name) } ?? part.railway
            let badge = Render.badge(type: type, category: category, railway: reference.railways[id: part.railway],
                                     color: Render.stdoutIsTerminal)
                + (type?.classified == false && reference.railways[id: part.railway]?.shortName == nil ? "" : " ")
            let number = type?.classified == false && !part.number.isEmpty ? "  " + Words(lang).trainNumber(part.number) : ""
            let headsign = part.headsign.map { "  " + Words(lang).toward(lang.pick($0)) } ?? ""
            let schedule = reference.serviceNames[part.service].map { "  " + lang.pick($0) + " (\(part.service))" } ?? ""
            lines.append("\(railway)  \(badge)\(type.map { lang.pick($0.name) } ?? part.trainType)\(name)\(number)\(headsign)  \(part.publicId)\(schedule)")
            let names = part.stops.map { stop in reference.stations[id: stop.station].map { lang.pick($0.name) } ?? stop.station }
            let width = names.map(Render.width).max() ?? 0
            for (stop, station) in zip(part.stops, names) {
                lines.append("  \(Render.pad(station, to: width))  \(stop.arrival?.clock ?? "     ") → \(stop.departure?.clock ?? "")")
            }
        }
        // The day shown, where it matters: asked for, or a feed's trip (it runs on its calendar's days only).
        if let first = parts.first, date != nil || first.publicId != first.id {
            lines.append(Words(lang).trainDay(day, runs: reference.railways[id: first.railway].flatMap { reference.service(of: $0, on: reference.scheduleDay(day)) } == first.service))
        }
        print(lines.joined(separator: "\n"))
    }
}
