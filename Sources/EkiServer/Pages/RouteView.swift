import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// A DIY route on a page (route.mustache): the trip at a glance, what to do next (route.js counts
/// down), each train with its stops and the trains just before and after it — one tap takes
/// another, and a change that no longer works shows the train to take instead. The route itself
/// lives in the browser; the page is drawn from the route in its URL, so it can be bookmarked or
/// sent as it is.
struct RouteView: PageView {
    static let template = "route"

    /// A leg or a change between two, in the order they come.
    struct Item: View { var leg: Leg?; var transfer: Transfer? }
    struct Leg: View {
        var line: String?
        var departure: String
        var board: String
        /// The stations as they are when the train gets there (issue 32, 16): `at=` the route's day
        /// and the train's time at each.
        var boardHref: String
        var chip: Chip?
        var direction: String
        var badge: Badge?
        var type: String
        var bound: String
        var stops: String
        var duration: String
        var trainHref: String
        var stopList: [Stop]
        var arrival: String
        var alight: String
        var alightHref: String
        var around: [Choice]
    }
    struct Stop: View { var arrival: String; var departure: String; var name: String; var href: String }
    struct Transfer: View { var state: String; var words: String; var flag: String?; var proposals: [Proposal] }
    struct Proposal: View { var why: String; var choice: Choice }
    /// A train to take instead (route-choice.mustache).
    /// `href` is nil for a train that cannot be made from the one before (or to the one after):
    /// it is shown greyed with `why`, never a tap away from an impossible route.
    struct Choice: View {
        var href: String?; var departure: String; var badge: Badge; var bound: String; var arrival: String; var note: String?
        var why: String? = nil
    }
    /// The next train: where to, from where the last one gets off.
    struct Next: View { var arrived: String; var arrivedDirection: String; var at: String; var label: String; var boardHref: String }

    var frame: Frame
    var date: String
    var segments: String
    var use: String?
    var title: String
    var summary: String
    var cardHref: String
    var infeasible: Bool
    var legs: [Item]
    var next: Next?
    /// The route's answer as the API gives it, for route.js (kept in the browser, counted down
    /// offline); `<` written as \u003c so nothing in it can end the script element.
    var json: String

    /// `use`: keep this route as the rider's own as soon as the page opens: "edit" after a swap (it
    /// stays the same route), anything else for a route taken up anew (a fastest route, a suggestion).
    /// `pace`: the rider's change pace the page was worked out at, kept in its links.
    /// `now`: the rider's moment (the clock, or the page's `at=`): a train before and after that
    /// has already left is greyed as 発車済み, never a tap away.
    init(plan: RoutePlan, alternatives: [SegmentAlternatives], proposals: [SwapProposal], json: String, use: String?,
         pace: PaceField = PaceField(.standard), now: ServiceInstant? = nil, reference: Reference, scope: PageScope) {
        let rules = TransferRules(pace: pace.pace)
        let lang = scope.lang
        let route = plan.route
        let segments = RouteLinks.segments(route)
        frame = scope.frame(title: RouteLinks.title(plan, lang: lang),
                            path: "/route?date=\(route.serviceDate.iso)&segments=" + RouteLinks.query(segments) + pace.query, scripts: ["route.js"])
        date = route.serviceDate.iso
        self.segments = segments
        self.use = use
        title = RouteLinks.title(plan, lang: lang)
        summary = RouteLinks.summary(plan, lang: lang)
        cardHref = scope.link(RouteLinks.card(route) + pace.query)
        infeasible = !plan.isFeasible
        self.json = json.replacingOccurrences(of: "<", with: "\\u003c")

        func choice(_ segment: RoutePlan.Segment, at index: Int, note: String?) -> Choice {
            var swapped = route
            swapped.segments[index] = segment.choice
            return Choice(href: scope.link(RouteLinks.page(swapped, use: "edit") + pace.query), departure: segment.departure.clock,
                          badge: Badge(segment.category, lang: lang, named: true), bound: lang.pick(RouteWords.bound(segment.destination)),
                          arrival: segment.arrival.clock, note: note)
        }
        /// A station of the route at the train's time there, on the route's day.
        func station(_ station: Reference.Station, at minute: ServiceMinute?) -> String {
            scope.link(Phrases.station("/station", station, reference: reference,
                                       query: minute.map { "at=" + ServiceInstant(serviceDate: route.serviceDate, minute: $0).description } ?? ""))
        }
        var items: [Item] = []
        for (index, segment) in plan.segments.enumerated() {
            let railway = segment.board.railway.flatMap { reference.railways[$0] }
            let stops = segment.stopsToRide
            let around = index < alternatives.count ? alternatives[index].earlier + alternatives[index].later : []
            items.append(Item(leg: Leg(
                line: AssetManifest.lineClass(railway?.color), departure: segment.departure.clock, board: lang.pick(segment.board.name),
                boardHref: station(segment.board, at: segment.departure),
                chip: railway.map { Chip($0, lang: lang) }, direction: lang.pick(segment.direction.name),
                badge: Badge(segment.trainType, category: segment.category, railway: railway, lang: lang), type: segment.trainType.map { lang.pick($0.name) } ?? "",
                bound: lang.pick(RouteWords.bound(segment.destination)),
                stops: lang.t("\(stops)駅", "\(stops) stop\(stops == 1 ? "" : "s")"), duration: RouteLinks.duration(segment.minutes, lang: lang),
                // The trip as riders know it (a feed's trip_id), for the route's day: its page then
                // opens each station at the train's time on that day.
                trainHref: scope.link("/train/" + Phrases.path(segment.publicTrain) + "?date=\(route.serviceDate.iso)&"
                                      + "from=" + Phrases.path(segment.board.publicId)),
                stopList: segment.stops.map { Stop(arrival: $0.arrival?.clock ?? "", departure: $0.departure?.clock ?? "", name: lang.pick($0.station.name),
                                                   href: station($0.station, at: $0.arrival ?? $0.departure)) },
                arrival: segment.arrival.clock, alight: lang.pick(segment.alight.name), alightHref: station(segment.alight, at: segment.arrival),
                around: around.map { alternative in
                    var made = choice(alternative.segment, at: index,
                                      note: lang.t("発\(Self.signed(alternative.departsBy))分・着\(Self.signed(alternative.arrivesBy))分",
                                                   "leaves \(Self.signed(alternative.departsBy)), arrives \(Self.signed(alternative.arrivesBy)) min"))
                    let standing = Standing(alternative.segment, at: index, in: plan, rules: rules, reference: reference)
                    made.why = Self.why(standing, lang: lang)
                    if made.why == nil, let now, now.serviceDate == route.serviceDate, alternative.segment.departure.value < now.minute.value {
                        made.why = lang.t("発車済み", "departed")   // issue 32, 11: it was offered as if it could still be taken
                    }
                    if made.why != nil { made.href = nil }
                    if made.why == nil, standing == .tight {
                        made.note = (made.note ?? "") + " ⚠ " + lang.pick(RouteWords.standing(.tight)!)
                    }
                    return made
                })))
            guard index < plan.transfers.count else { continue }
            let transfer = plan.transfers[index]
            items.append(Item(transfer: Transfer(
                state: transfer.impossible ? "impossible" : transfer.tight ? "tight" : "ok",
                words: lang.pick(RouteWords.transfer(transfer)), flag: RouteWords.flag(transfer).map(lang.pick),
                proposals: proposals.filter { $0.index == index + 1 }.map { proposal in
                    Proposal(why: proposal.reason == .missed ? lang.t("代わりに", "Take instead") : lang.t("より早く", "Sooner"),
                             choice: choice(proposal.segment, at: proposal.index, note: nil))
                })))
        }
        legs = items
        // The next train: where to, and route.js asks for the one that gets there first; or
        // picked on the board where the last one gets off, from its arrival on.
        next = plan.segments.last.map { last in
            let at = ServiceInstant(serviceDate: route.serviceDate, minute: last.arrival)
            return Next(arrived: last.alight.id, arrivedDirection: last.arrivalDirection, at: at.description,
                        label: lang.t("\(last.alight.name.ja)から次の行き先", "Next, from \(last.alight.name.en) to"),
                        boardHref: scope.link(Phrases.station("/station", last.alight, reference: reference, query: "at=" + at.description)))
        }
    }

    /// Why a train cannot stand in for a leg (`Standing`, as `eki route alternatives` says it): one
    /// tap would give a route that cannot be made, so such a train is shown greyed with the reason,
    /// never as a link. Nil when it can be made (a tight one is flagged ⚠).
    static func why(_ standing: Standing, lang: PageLanguage) -> String? {
        standing.canBeMade ? nil : RouteWords.standing(standing).map(lang.pick)
    }

    static func signed(_ minutes: Int) -> String { minutes > 0 ? "+\(minutes)" : "\(minutes)" }
}

/// /route with no route in the URL (route-empty.mustache): route.js opens the rider's kept route;
/// without one, how to start.
struct RouteEmptyView: PageView {
    static let template = "route-empty"
    var frame: Frame
    var routeForm = RouteForm()

    init(scope: PageScope) {
        frame = scope.frame(title: scope.lang.t("ルート", "Route"), path: "/route", scripts: ["route.js"])
    }
}

/// /route/fastest (fastest.mustache): a from-to form, and the fastest ways with one tap to make
/// one the route.
struct FastestView: PageView {
    static let template = "fastest"
    struct Option: View { var kind: String; var summary: String; var segments: [Segment]; var href: String }
    struct Segment: View {
        var departure: String; var board: String; var chip: Chip?; var badge: Badge; var arrival: String; var alight: String
        /// A last train's change after this segment, missed: what is left (RouteWords.fallback).
        var fallback: String? = nil
    }

    var frame: Frame
    var routeForm: RouteForm
    var error: String?
    var nextDay = false
    var noRoute = false
    var options: [Option] = []

    init(form: RouteForm, answer: FastestAnswer? = nil, error: String? = nil, reference: Reference, scope: PageScope) {
        let lang = scope.lang
        frame = scope.frame(title: lang.t("経路を探す", "Find a route"),
                            path: "/route/fastest?from=\(RouteLinks.query(form.from))&to=\(RouteLinks.query(form.to))"
                                + (form.at.isEmpty ? "" : "&at=" + RouteLinks.query(form.at)) + form.pace.query,
                            scripts: ["route.js"])
        routeForm = form
        self.error = error
        guard let answer else { return }
        nextDay = answer.nextDay
        noRoute = answer.options.isEmpty
        options = answer.options.map { option in
            let plan = option.plan
            let kind = switch option.kind {
            case .fastest: lang.t("最速", "Fastest")
            case .fewerTransfers: lang.t("乗換が少ない", "Fewer changes")
            case .later: lang.t("後の出発", "Leaves later")
            }
            return Self.option(plan, kind: kind, pace: form.pace, reference: reference, scope: scope)
        }
    }

    /// One way as a card: its trains, and the link that makes it the rider's route.
    static func option(_ plan: RoutePlan, kind: String, pace: PaceField, reference: Reference, scope: PageScope) -> Option {
        let lang = scope.lang
        return Option(kind: kind, summary: RouteLinks.summary(plan, lang: lang, withDate: false), segments: plan.segments.map { segment in
            Segment(departure: segment.departure.clock, board: lang.pick(segment.board.name),
                    chip: segment.board.railway.flatMap { reference.railways[$0] }.map { Chip($0, lang: lang) },
                    badge: Badge(segment.category, lang: lang, named: true), arrival: segment.arrival.clock, alight: lang.pick(segment.alight.name))
        }, href: scope.link(RouteLinks.page(plan.route, use: "new") + pace.query))
    }
}

/// Words and links every route page shares.
enum RouteLinks {
    /// `TRAIN~BOARD~ALIGHT,…`, as the API and the pages take a route.
    static func segments(_ route: Route) -> String {
        route.segments.map { "\($0.train)~\($0.board)~\($0.alight)" }.joined(separator: ",")
    }

    static func page(_ route: Route, use: String?) -> String {
        "/route?date=\(route.serviceDate.iso)&segments=" + query(segments(route)) + (use.map { "&use=" + $0 } ?? "")
    }

    static func card(_ route: Route) -> String {
        "/route/card.svg?date=\(route.serviceDate.iso)&segments=" + query(segments(route))
    }

    /// A query value, percent-encoded (ids need none; names typed by riders do).
    static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~,"))) ?? text
    }

    static func title(_ plan: RoutePlan, lang: PageLanguage) -> String {
        guard let first = plan.segments.first, let last = plan.segments.last else { return lang.t("ルート", "Route") }
        return "\(lang.pick(first.board.name)) → \(lang.pick(last.alight.name))"
    }

    static func summary(_ plan: RoutePlan, lang: PageLanguage, withDate: Bool = true) -> String {
        guard let first = plan.segments.first, let last = plan.segments.last else { return "" }
        let day = ScheduleDay(plan.route.serviceDate)
        let changes = plan.segments.count - 1
        let minutes = duration(last.arrival.value - first.departure.value, lang: lang)
        let date = withDate ? "\(plan.route.serviceDate.iso)" + lang.t("（\(day.reasonJa)） ", " (\(day.reasonEn)) · ") : ""
        return date + lang.t("\(first.departure.clock) 発 → \(last.arrival.clock) 着 · \(minutes) · 乗換\(changes)回",
                             "\(first.departure.clock) → \(last.arrival.clock) · \(minutes) · \(changes) change\(changes == 1 ? "" : "s")")
    }

    static func duration(_ minutes: Int, lang: PageLanguage) -> String { lang.pick(RouteWords.duration(minutes)) }
}
