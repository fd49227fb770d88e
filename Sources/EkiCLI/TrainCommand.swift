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
        guard let train = try timetable.resolveTrain(trainId, on: day), let parts = try timetable.trainRun(train) else {
            throw failure(timetable.noTrainMessage(trainId), code: 2)
        }
        let reference = timetable.reference
        if output.json {
            print(try Render.json(TrainJSON(train: train, date: day, parts: parts, reference: reference)))
            return
        }
        var lines: [String] = []
        for part in parts {
            let type = reference.trainType(part.trainType)
            let category = type?.category ?? .local
            let name = part.names.first.map { " " + lang.pick($0) } ?? ""
            let railway = reference.railways[part.railway]
            let badge = Render.badge(type: type, category: category, railway: railway, color: Render.stdoutIsTerminal)
                + (type?.classified == false && railway?.shortName == nil ? "" : " ")
            let number = type?.classified == false && !part.number.isEmpty ? "  " + Words(lang).trainNumber(part.number) : ""
            let headsign = part.headsign.map { "  " + Words(lang).toward(lang.pick($0)) } ?? ""
            let service = reference.serviceCode(part.service) ?? ""
            let schedule = reference.serviceNames[service].map { "  " + lang.pick($0) + " (\(service))" } ?? ""
            lines.append("\(railway.map { lang.pick($0.name) } ?? "")  \(badge)\(type.map { lang.pick($0.name) } ?? "")\(name)\(number)\(headsign)  \(part.ids.publicId)\(schedule)")
            let names = part.stops.map { stop in reference.stations.name(of: stop.station).map { lang.pick($0) } ?? "" }
            let width = names.map(Render.width).max() ?? 0
            for (stop, station) in zip(part.stops, names) {
                lines.append("  \(Render.pad(station, to: width))  \(stop.arrival?.clock ?? "     ") → \(stop.departure?.clock ?? "")")
            }
        }
        // The day shown, where it matters: asked for, or a feed's trip (it runs on its calendar's days only).
        if let first = parts.first, date != nil || first.ids.publicId != first.ids.id {
            lines.append(Words(lang).trainDay(day, runs: reference.runs(first, on: day)))
        }
        print(lines.joined(separator: "\n"))
    }
}
