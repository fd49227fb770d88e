import ArgumentParser
import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import Foundation

extension RouteCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", 
            abstract: "Add a train to the route: the one you name, or the first to get you there.",
            discussion: """
                eki route add --from 馬車道 --to 中目黒            the train that gets to 中目黒 first
                eki route add 07:37 --from 馬車道 --to 中目黒      the 07:37 from 馬車道
                eki route add Minatomirai.Minatomirai.060072.Weekday --from 馬車道 --to 中目黒
                eki route add --to 銀座 --direction Northbound    on from where the last train gets off
                """)

        @Argument(help: ArgumentHelp(
            "A train id (from `eki train`, or `--json` boards) or the time it leaves, HH:MM. Default: the train that arrives first.",
            valueName: "train"))
        var train: String?

        @Option(name: .long, help: ArgumentHelp("Where you board: a station id or name. Default: where the last segment gets off.", valueName: "station"))
        var from: String?

        @Option(name: .long, help: ArgumentHelp("Where you get off: a station id or name.", valueName: "station"))
        var to: String

        @Option(name: .long, help: ArgumentHelp("Only trains of this direction (Inbound, 上り, …).", valueName: "id"))
        var direction: String?

        @Option(name: .long, help: ArgumentHelp("Only the board station on this railway, when a name covers several.", valueName: "railway"))
        var railway: String?

        @OptionGroup var common: Common

        func run() throws {
            let context = try RouteContext(common)
            let timetable = context.timetable
            if let route = context.route, common.moment.at != nil, route.serviceDate != context.instant.serviceDate {
                throw failure("the active route is for \(route.serviceDate.iso); `eki route clear` first to plan another day", code: 2)
            }
            if let expired = context.expired {
                Terminal.error("eki: the route of \(expired.serviceDate.iso) had expired; this starts a new one")
            }
            var route = context.route ?? Route(serviceDate: context.instant.serviceDate)
            let previous = try route.segments.isEmpty ? nil : rider { try context.planner.plan(route) }.segments.last
            let targets = try Resolve.destinations(to, in: timetable)
            let boards: [Reference.Station]
            if let from {
                boards = try Resolve.narrow(try Resolve.stations(from, in: timetable), toRailway: railway, in: timetable)
            } else if let previous {
                boards = try Resolve.narrow(timetable.reference.complexes[previous.alight.complex]?.stations
                    .compactMap { timetable.reference.stations[$0] }.filter { $0.departures > 0 } ?? [],
                                            toRailway: railway, in: timetable)
            } else {
                throw failure("say where you board the first train with --from <station>", code: 2)
            }
            let segment = try choose(boards: boards, targets: targets, after: previous, context: context, date: route.serviceDate)
            route.segments.append(segment.choice)
            let plan = try rider { try context.planner.plan(route) }
            try context.store.save(plan)
            if common.output.json { print(try Render.json(context.json(plan))); return }
            print(context.text.render(plan, at: context.instant))
        }

        /// The named train, the train leaving at the named time, or the one that arrives first.
        private func choose(boards: [Reference.Station], targets: [Reference.Station], after previous: RoutePlan.Segment?,
                            context: RouteContext, date: CivilDate) throws -> RoutePlan.Segment {
            let planner = context.planner
            let time = train.flatMap(ServiceMinute.init(parsing:))
            if let train, time == nil {
                var errors: [RouteError] = []
                for board in boards {
                    for target in targets {
                        do {
                            return try planner.segment(Route.Segment(train: train, board: board.id, alight: target.id), on: date)
                        } catch let error as RouteError {
                            errors.append(error)
                        }
                    }
                }
                throw failure((errors.max { $0.telling < $1.telling } ?? .noTrain(train, example: planner.timetable.exampleTrainId())).description, code: 2)
            }
            var best: RoutePlan.Segment?
            for board in boards {
                let after = time?.value ?? previous?.arrival.value ?? context.instant.minute.value
                let found = try planner.nextSegment(from: [board], direction: direction, to: targets, on: date,
                                                    after: after, arrivedOn: time == nil ? previous.map(RoutePlanner.Arrival.init) : nil, until: time?.value)
                if let found, best.map({ (found.arrival, found.departure) < ($0.arrival, $0.departure) }) ?? true { best = found }
            }
            guard let best else {
                let from = boards.first.map { context.lang.pick($0.name) } ?? "?"
                let to = targets.first.map { context.lang.pick($0.name) } ?? self.to
                let after = time?.clock ?? previous?.arrival.clock ?? context.instant.minute.clock
                throw failure(RouteError.noTrainReaches(from: from, to: to, after: after).description, code: 2)
            }
            return best
        }
    }

    struct Alternatives: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "alternatives", 
            abstract: "The trains just before and after a segment's that also get you off where you wanted.")

        @Argument(help: ArgumentHelp("The segment, 1 for the first train.", valueName: "n"))
        var segment: Int

        @Option(name: .long, help: "How many earlier and how many later trains (1–5).")
        var count = 2

        @OptionGroup var common: Common

        func validate() throws {
            guard (1...5).contains(count) else { throw ValidationError("--count must be between 1 and 5") }
        }

        func run() throws {
            let context = try RouteContext(common)
            let plan = try context.requirePlan()
            let index = try context.segmentIndex(segment, in: plan)
            let alternatives = try context.planner.alternatives(in: plan, segment: index, count: count)
            if common.output.json {
                print(try Render.json(AlternativesJSON(alternatives, plan: plan, rules: context.planner.rules, reference: context.timetable.reference)))
                return
            }
            // The one rule the route page greys and flags by: a train that cannot be made says why.
            func standing(_ alternative: Alternative) -> Standing {
                Standing(alternative.segment, at: index, in: plan, rules: context.planner.rules, reference: context.timetable.reference)
            }
            let text = context.text
            let chosen = alternatives.chosen
            var lines = [context.lang == .ja
                ? "\(segment)番目: \(chosen.board.name.ja) → \(chosen.alight.name.ja)（\(chosen.direction.name.ja)）"
                : "Segment \(segment): \(chosen.board.name.en) → \(chosen.alight.name.en) (\(chosen.direction.name.en))"]
            for (offset, alternative) in alternatives.earlier.enumerated() {
                lines.append(text.alternative(alternative, label: "-\(alternatives.earlier.count - offset)", standing: standing(alternative)))
            }
            // The route's own train by the same rule: a change too short for it is flagged here too.
            lines.append(text.alternative(Alternative(segment: chosen, departsBy: 0, arrivesBy: 0), label: "▶",
                                          standing: Standing(chosen, at: index, in: plan, rules: context.planner.rules, reference: context.timetable.reference)))
            for (offset, alternative) in alternatives.later.enumerated() {
                lines.append(text.alternative(alternative, label: "+\(offset + 1)", standing: standing(alternative)))
            }
            if alternatives.earlier.isEmpty && alternatives.later.isEmpty {
                lines.append(context.lang == .ja ? "  ほかに同じ駅へ行く列車はありません" : "  No other train goes there")
            } else {
                lines.append(context.lang == .ja ? "入れ替え: eki route swap \(segment) -1（または +1 など）"
                                                 : "Swap: eki route swap \(segment) -1 (or +1, …)")
            }
            print(lines.joined(separator: "\n"))
        }
    }

    struct Swap: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "swap", 
            abstract: "Take another train for a segment; later segments are checked and better trains proposed.")

        @Argument(help: ArgumentHelp("The segment, 1 for the first train.", valueName: "n"))
        var segment: Int

        // Collected from unrecognized input so that "-1" reads as a train, not as an option.
        @Argument(parsing: .allUnrecognized,
                  help: ArgumentHelp("A train id, or -1/-2/+1/+2 for the alternatives before and after.", valueName: "train"))
        var trains: [String] = []

        var train: String { trains.first ?? "" }

        func validate() throws {
            guard trains.count == 1 else { throw ValidationError("name one train: a train id, or -1/-2/+1/+2") }
        }

        @Flag(name: .long, help: "Also take the proposed trains for the later segments.")
        var follow = false

        @OptionGroup var common: Common

        func run() throws {
            let context = try RouteContext(common)
            let plan = try context.requirePlan()
            let index = try context.segmentIndex(segment, in: plan)
            let id = try trainId(plan, index: index, context: context)
            let (swapped, proposals) = try rider { try context.planner.swap(plan, segment: index, to: id, follow: follow) }
            try context.store.save(swapped)
            if common.output.json {
                print(try Render.json(SwapJSON(plan: swapped, proposals: proposals, reference: context.timetable.reference)))
                return
            }
            var lines = [context.text.render(swapped, at: context.instant)]
            for proposal in proposals {
                let segment = proposal.segment
                let why = proposal.reason == .missed
                    ? (context.lang == .ja ? "に間に合いません" : "can no longer be caught")
                    : (context.lang == .ja ? "より早い列車に乗れます" : "an earlier train can now be caught")
                let current = swapped.segments[proposal.index]
                lines.append("")
                lines.append(context.lang == .ja
                    ? "⚠ \(proposal.index + 1)番目 \(current.departure.clock) 発\(why): \(segment.departure.clock) 発 \(context.text.badge(segment)) \(RouteWords.bound(segment.destination).ja)（\(segment.arrival.clock) 着）"
                    : "⚠ segment \(proposal.index + 1) at \(current.departure.clock): \(why): \(segment.departure.clock) \(context.text.badge(segment)) \(RouteWords.bound(segment.destination).en) (arrives \(segment.arrival.clock))")
                lines.append("   eki route swap \(proposal.index + 1) \(segment.publicTrain)")
            }
            if !proposals.isEmpty {
                lines.append(context.lang == .ja ? "（--follow で提案をすべて採用）" : "(--follow takes every proposal)")
            }
            print(lines.joined(separator: "\n"))
        }

        /// A train id as given, or the alternative `-2`…`+2` names.
        private func trainId(_ plan: RoutePlan, index: Int, context: RouteContext) throws -> String {
            guard let offset = Int(train), train.hasPrefix("+") || train.hasPrefix("-"), offset != 0 else { return train }
            // magnitude, not abs: abs(Int.min) traps, and "-9223372036854775808" is a valid Int.
            guard offset.magnitude <= 5 else { throw failure("alternatives go from -5 to +5, got \(train)", code: 2) }
            let steps = Int(offset.magnitude)
            let alternatives = try context.planner.alternatives(in: plan, segment: index, count: steps)
            let list = offset < 0 ? alternatives.earlier.reversed() : alternatives.later
            guard steps <= list.count else {
                throw failure("segment \(index + 1) has no alternative \(train) (see `eki route alternatives \(index + 1)`)", code: 2)
            }
            return list[steps - 1].segment.choice.train
        }
    }
}

extension RouteError {
    /// Of the errors a train gave at each station a name covers, the one that tells the rider
    /// most: it leaves here but does not stop there > not today > not from here.
    var telling: Int {
        switch self {
        case .doesNotReach: 3
        case .notRunning: 2
        case .doesNotLeave: 1
        default: 0
        }
    }
}
