import ArgumentParser
import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import Foundation

extension RouteCommand {
    /// 終電検索: the last departure from here that still gets there tonight.
    struct Last: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "last", 
            abstract: "The last train that still gets you from one station to another tonight (終電).",
            discussion: """
                A latest-departure scan over the service day's trains (until 26:59), across changes and \
                through service: the latest you can leave and still arrive within the day. Each change takes \
                the station's own change time (docs/TRANSFERS.md) at your --pace; the plan takes the first \
                connection at each change and says what is left if you miss it. \
                `--use` makes it your route.
                """)

        @Argument(help: ArgumentHelp("Where you start: a station id or name.", valueName: "from"))
        var from: String

        @Argument(help: ArgumentHelp("Where you go: a station id or name.", valueName: "to"))
        var to: String

        @Option(name: .long, help: ArgumentHelp("The service day, YYYY-MM-DD. Default: today's (until 03:00, yesterday's).", valueName: "date"))
        var date: String?

        @Flag(name: .long, help: "Keep it as your route.")
        var use = false

        @OptionGroup var common: Common

        func run() throws {
            let context = try RouteContext(common)
            let timetable = context.timetable
            let day = date == nil ? context.instant.serviceDate : try Resolve.date(date, timeZone: timetable.timeZone)
            let origins = try LastTrain.complexStations(try Resolve.stations(from, in: timetable), timetable)
            let destinations = try LastTrain.complexStations(try Resolve.destinations(to, in: timetable), timetable)
            guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                throw failure("\(from) and \(to) are the same station", code: 2)
            }
            let network = try RouteNetwork.cached(timetable: timetable, serviceDate: day, in: DatabaseLocation.cacheFolder())
            guard let plan = try LastTrain.search(from: origins, to: destinations, planner: context.planner, on: network) else {
                throw failure("no train connects \(from) and \(to) on \(day.iso)", code: 1)
            }
            if use { try context.store.save(plan) }
            let fallbacks = LastTrain.fallbacks(plan, to: destinations, planner: context.planner, on: network)
            if common.output.json {
                print(try Render.json(RouteJSON(plan, reference: timetable.reference, fallbacks: fallbacks)))
                return
            }
            let head = context.lang == .ja ? "終電 \(day.iso)" : "Last train, \(day.iso)"
            print(head + (use ? (context.lang == .ja ? "  ★ ルートにしました" : "  ★ now your route") : "") + "\n"
                  + context.text.render(plan, at: nil, fallbacks: fallbacks))
        }
    }
}
