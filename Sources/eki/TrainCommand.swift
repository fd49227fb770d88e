import ArgumentParser
import EkiCore
import EkiStore
import Foundation

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "One train's timetable, followed across through service.")

    @Argument(help: ArgumentHelp("A train id, e.g. Minatomirai.Minatomirai.011051.Weekday.", valueName: "train-id"))
    var trainId: String

    @Option(name: .long, help: "Language: ja or en.")
    var lang: Language = .ja

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions
}

struct TrainJSON: Encodable {
    struct Part: Encodable {
        struct Stop: Encodable {
            var station: String
            var stationName: NameJSON
            var arrival: String?
            var departure: String?

            enum CodingKeys: CodingKey { case station, stationName, arrival, departure }

            /// Times are always present, as null when there is none (the contract says "HH:MM" or null).
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(station, forKey: .station)
                try container.encode(stationName, forKey: .stationName)
                try container.encode(arrival, forKey: .arrival)
                try container.encode(departure, forKey: .departure)
            }
        }
        var trainId: String
        var railway: String
        var railwayName: NameJSON
        var direction: String
        var trainType: String
        var category: String
        var number: String
        var names: [NameJSON]
        var stops: [Stop]
    }
    var trainId: String
    var parts: [Part]
}

extension TrainCommand {
    func run() throws {
        guard trainId.utf8.count <= 200 else { throw failure("the train id is too long", code: 2) }
        let timetable = try database.open()
        guard let parts = try timetable.trainRun(trainId) else {
            throw failure("no train \"\(trainId)\" (train ids look like Minatomirai.Minatomirai.011051.Weekday)", code: 2)
        }
        let reference = timetable.reference
        let result = TrainJSON(trainId: trainId, parts: parts.map { part in
            TrainJSON.Part(
                trainId: part.id, railway: part.railway,
                railwayName: NameJSON(reference.railways[part.railway]?.name ?? .init(ja: part.railway, en: part.railway)),
                direction: part.direction, trainType: part.trainType,
                category: (reference.trainTypes[part.trainType]?.category ?? .local).rawValue,
                number: part.number, names: part.names.map(NameJSON.init),
                stops: part.stops.map { stop in
                    .init(station: stop.station,
                          stationName: NameJSON(reference.stations[stop.station]?.name ?? .init(ja: stop.station, en: stop.station)),
                          arrival: stop.arrival?.clock, departure: stop.departure?.clock)
                })
        })
        if json {
            print(try Render.json(result))
            return
        }
        var lines: [String] = []
        for part in result.parts {
            let type = reference.trainTypes[part.trainType]
            let category = TrainCategory(rawValue: part.category) ?? .local
            let name = part.names.first.map { " " + (lang == .ja ? $0.ja : $0.en) } ?? ""
            lines.append("\(lang == .ja ? part.railwayName.ja : part.railwayName.en)  \(Render.badge(category, color: Render.stdoutIsTerminal)) \(type.map { lang.pick($0.name) } ?? part.trainType)\(name)  \(part.trainId)")
            let width = part.stops.map { Render.width(lang == .ja ? $0.stationName.ja : $0.stationName.en) }.max() ?? 0
            for stop in part.stops {
                let station = Render.pad(lang == .ja ? stop.stationName.ja : stop.stationName.en, to: width)
                lines.append("  \(station)  \(stop.arrival ?? "     ") → \(stop.departure ?? "")")
            }
        }
        print(lines.joined(separator: "\n"))
    }
}
