import ArgumentParser
import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import Foundation

extension RouteCommand {
    struct Fastest: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "fastest", 
            abstract: "The fastest ways from one station to another over the whole network, to start a route from.",
            discussion: """
                Earliest arrival by Connection Scan over the day's trains, then up to two more: fewer \
                changes, or leaving later. Each change takes the station's own change time \
                (docs/TRANSFERS.md) at your --pace. `--use N` makes option N your route.
                """)

        @Argument(help: ArgumentHelp("Where you start: a station id or name.", valueName: "from"))
        var from: String

        @Argument(help: ArgumentHelp("Where you go: a station id or name.", valueName: "to"))
        var to: String

        @Option(name: .long, help: ArgumentHelp("Keep option N as your route.", valueName: "n"))
        var use: Int?

        @OptionGroup var common: Common

        func validate() throws {
            if let use, !(1...3).contains(use) { throw ValidationError("--use must be 1, 2 or 3") }
        }

        func run() throws {
            let context = try RouteContext(common)
            let timetable = context.timetable
            let origins = try Resolve.stations(from, in: timetable).flatMap { complexStations($0, timetable) }
            let destinations = try Resolve.destinations(to, in: timetable).flatMap { complexStations($0, timetable) }
            guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                throw failure("\(from) and \(to) are the same station", code: 2)
            }
            let answer = try FastestRoutes(planner: context.planner).search(from: origins, to: destinations, at: context.instant) {
                try RouteNetwork.cached(timetable: timetable, serviceDate: $0, in: DatabaseLocation.cacheFolder())
            }
            let (options, instant, nextDay) = (answer.options, answer.at, answer.nextDay)
            guard !options.isEmpty else {
                throw failure("no train connects \(from) and \(to) on this service day or the next", code: 1)
            }
            if let use {
                guard use <= options.count else { throw failure("there are only \(options.count) options", code: 2) }
                if let active = context.route, !active.segments.isEmpty {
                    Terminal.error(context.lang == .ja ? "eki: 今のルートを置き換えます" : "eki: replacing the active route")
                }
                try context.store.save(options[use - 1].plan)
            }
            if common.output.json {
                print(try Render.json(FastestJSON(from: origins[0].name, to: destinations[0].name, at: instant,
                                                  pace: context.pace, options: options, reference: timetable.reference)))
                return
            }
            var blocks: [String] = []
            if nextDay {
                blocks.append(context.lang == .ja ? "本日の列車は終わりました。次の運行日の始発から:" : "No more trains today. From the first trains of the next service day:")
            }
            for (number, option) in options.enumerated() {
                let kind: String
                switch option.kind {
                case .fastest: kind = context.lang == .ja ? "最速" : "fastest"
                case .fewerTransfers: kind = context.lang == .ja ? "乗換が少ない" : "fewer changes"
                case .later: kind = context.lang == .ja ? "後の出発" : "leaves later"
                }
                let kept = use == number + 1 ? (context.lang == .ja ? "  ★ ルートにしました" : "  ★ now your route") : ""
                blocks.append("[\(number + 1)] \(kind)\(kept)\n" + context.text.render(option.plan, at: nil))
            }
            if use == nil {
                blocks.append(context.lang == .ja ? "ルートにする: --use 1（2, 3）" : "Make one your route: --use 1 (2, 3)")
            }
            print(blocks.joined(separator: "\n\n"))
        }

        /// The stations of `station`'s complex that trains leave from or arrive at.
        private func complexStations(_ station: Reference.Station, _ timetable: Timetable) -> [Reference.Station] {
            (timetable.reference.complexes[station.complex]?.stations ?? []).compactMap { timetable.reference.stations[$0] }
                .filter { $0.trains > 0 }
        }
    }

    struct Suggest: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "suggest", 
            abstract: "Routes you have taken before, filled in with the next trains (near a place, if given).")

        @Option(name: .long, help: ArgumentHelp("Only routes starting near here, as latitude,longitude.", valueName: "lat,lon"))
        var near: String?

        @Option(name: .long, help: "How far from --near a route may start, in metres (100–5000).")
        var radius = 1500

        @Option(name: .long, help: ArgumentHelp("Keep suggestion N as your route.", valueName: "n"))
        var use: Int?

        @OptionGroup var common: Common

        func validate() throws {
            guard (100...5000).contains(radius) else { throw ValidationError("--radius must be between 100 and 5000 metres") }
        }

        func run() throws {
            let position = try near.map(NearbyCommand.parse)
            let context = try RouteContext(common)
            let suggestions = try context.planner.suggestions(from: context.store.patterns(), near: position,
                                                              radius: Double(radius), at: context.instant)
            if let use {
                guard (1...max(1, suggestions.count)).contains(use), let plan = suggestions[use - 1].plan else {
                    throw failure("suggestion \(use) has no trains to take now", code: 2)
                }
                try context.store.save(plan)
            }
            if common.output.json { print(try Render.json(SuggestionsJSON(suggestions, reference: context.timetable.reference))); return }
            guard !suggestions.isEmpty else {
                print(context.lang == .ja ? "提案できるルートはまだありません（ルートを作ると覚えます）"
                                          : "nothing to suggest yet (routes you make are remembered)")
                return
            }
            let reference = context.timetable.reference
            var blocks: [String] = []
            for (number, suggestion) in suggestions.enumerated() {
                let stations = suggestion.remembered.pattern.legs.flatMap { [$0.board, $0.alight] }
                    .compactMap { reference.stations[id: $0].map { context.lang.pick($0.name) } }
                var names: [String] = []
                for name in stations where names.last != name { names.append(name) }
                var head = "[\(number + 1)] \(names.joined(separator: " → "))"
                head += context.lang == .ja ? "  \(suggestion.remembered.uses)回" : "  used \(suggestion.remembered.uses)×"
                if let meters = suggestion.distanceMeters, let walk = suggestion.walkMinutes {
                    head += context.lang == .ja ? "・\(meters)m 徒歩\(walk)分" : ", \(meters) m, \(walk) min walk"
                }
                if use == number + 1 { head += context.lang == .ja ? "  ★ ルートにしました" : "  ★ now your route" }
                let body = suggestion.plan.map { context.text.render($0, at: context.instant) }
                    ?? (context.lang == .ja ? "  本日はもう列車がありません" : "  no trains left today")
                blocks.append(head + "\n" + body)
            }
            print(blocks.joined(separator: "\n\n"))
        }
    }
}
