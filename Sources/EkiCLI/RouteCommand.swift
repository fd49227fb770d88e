import ArgumentParser
import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import Foundation

struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Your DIY route: the trains you chain, their alternatives, when to leave and where to get off.",
        discussion: """
            One route is active at a time, kept in your state file; it expires at the end of its \
            service day (03:00). Start one with `eki route add <train> --from <station> --to <station>` \
            or `eki route fastest <from> <to> --use 1`.
            """,
        subcommands: [Show.self, Add.self, Alternatives.self, Swap.self, Clear.self, Share.self, Suggest.self, Fastest.self, Last.self,
                      PaceCommand.self],
        defaultSubcommand: Show.self)

    /// Options every route subcommand shares.
    struct Common: ParsableArguments {
        @OptionGroup var moment: MomentOption

        @OptionGroup var language: LanguageOption

        @OptionGroup var output: JSONOption

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var userState: StateOptions

        @Option(name: .long, help: ArgumentHelp(
            "How fast you change trains: hurry (急ぎ, ¾ of the standard walk), standard (標準) or relaxed (ゆっくり, 1½). Default: the pace kept with `eki route pace`, else standard.",
            valueName: "pace"))
        var pace: String?

        func validate() throws {
            if let pace, Pace(word: pace) == nil { throw ValidationError("--pace must be hurry, standard or relaxed (急ぎ, 標準, ゆっくり)") }
        }
    }

    /// The change pace a rider keeps, with the bookmarks in the state file.
    struct PaceCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pace",
            abstract: "How fast you change trains: show it, or keep hurry, standard or relaxed for every route.",
            discussion: """
                Every plan counts the walk of each change at this pace: hurry (急ぎ) three quarters of the \
                standard minutes, relaxed (ゆっくり) one and a half, rounded up. `--pace` on a route command \
                overrides it once.
                """)

        @Argument(help: ArgumentHelp("hurry, standard or relaxed (急ぎ, 標準, ゆっくり).", valueName: "pace"))
        var pace: String?

        @OptionGroup var language: LanguageOption
        @OptionGroup var output: JSONOption
        @OptionGroup var userState: StateOptions
        // Accepted like every route command's, though the pace never reads the timetable.
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let pace, Pace(word: pace) == nil { throw ValidationError("pace must be hurry, standard or relaxed (急ぎ, 標準, ゆっくり)") }
        }

        func run() throws {
            let state = try userState.open()
            if let pace, let chosen = Pace(word: pace) {
                try state.setPreference(Pace.preference, to: chosen == .standard ? nil : chosen.rawValue)
            }
            let kept = try RouteContext.keptPace(state)
            if output.json { print(#"{"pace":"\#(kept.rawValue)"}"#); return }
            let ja = language.language(nil) == .ja
            print(ja ? "乗換のペース: \(kept.name.ja)" : "Change pace: \(kept.name.en)")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "The active route: each train, each transfer, and what to do next.")
        @OptionGroup var common: Common

        func run() throws {
            let context = try RouteContext(common)
            guard let plan = try context.activePlan() else {
                if common.output.json { print(try Render.json(ActiveRouteJSON(route: nil, expired: context.expired?.serviceDate))); return }
                print(context.noRouteMessage)
                return
            }
            if common.output.json { print(try Render.json(ActiveRouteJSON(route: context.json(plan), expired: nil))); return }
            print(context.text.render(plan, at: context.instant))
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Forget the active route (its pattern stays for suggestions).")
        @OptionGroup var output: JSONOption
        @OptionGroup var userState: StateOptions
        // Accepted like every route command's, though clearing never reads the timetable.
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let cleared = try RouteStore(state: userState.open()).clear()
            if output.json { print(#"{"cleared":\#(cleared)}"#); return }
            print(cleared ? "route cleared" : "there was no route")
        }
    }
}

/// What every route subcommand opens: the timetable, the planner, the rider's store, the moment.
struct RouteContext {
    let timetable: Timetable
    let planner: RoutePlanner
    let store: RouteStore
    let instant: ServiceInstant
    let lang: Language
    let json: Bool
    /// The active route, when there is one for this service day.
    let route: Route?
    /// A route that ended with its service day and was just dropped.
    let expired: Route?

    /// The pace of this command: `--pace`, else the one the rider keeps, else standard.
    let pace: Pace

    static func keptPace(_ state: UserState) throws -> Pace { try Pace.kept(in: state) }

    init(_ common: RouteCommand.Common) throws {
        timetable = try common.database.open()
        let state = try common.userState.open()
        pace = try common.pace.flatMap(Pace.init(word:)) ?? Self.keptPace(state)
        planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace))
        store = RouteStore(state: state)
        instant = try common.moment.instant(timetable)
        lang = common.language.language(timetable)
        json = common.output.json
        (route, expired) = try store.active(at: instant)
    }

    var text: RouteText { RouteText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference) }

    func json(_ plan: RoutePlan) -> RouteJSON { RouteJSON(plan, reference: timetable.reference) }

    /// The active route worked out; nil when there is none.
    func activePlan() throws -> RoutePlan? {
        guard let route else { return nil }
        return try rider { try planner.plan(route) }
    }

    /// The active route, or a message and exit 1 when there is none.
    func requirePlan() throws -> RoutePlan {
        guard let plan = try activePlan(), !plan.segments.isEmpty else { throw failure(noRouteMessage, code: 1) }
        return plan
    }

    var noRouteMessage: String {
        if let expired {
            return lang == .ja ? "\(expired.serviceDate.iso) のルートは運行日の終わり（03:00）で期限切れになりました"
                               : "the route of \(expired.serviceDate.iso) expired at the end of its service day (03:00)"
        }
        return lang == .ja ? "ルートはありません（eki route add <列車> --from <駅> --to <駅>）"
                           : "no route yet (eki route add <train> --from <station> --to <station>)"
    }

    /// A segment number as the rider types it (1-based), checked against the route.
    func segmentIndex(_ number: Int, in plan: RoutePlan) throws -> Int {
        guard (1...plan.segments.count).contains(number) else {
            throw failure(RouteError.noSegment(number, count: plan.segments.count).description, code: 2)
        }
        return number - 1
    }
}

/// A rider's mistake about a route becomes "eki: …" and exit 2.
func rider<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as RouteError { throw failure(error.description, code: 2) }
}
