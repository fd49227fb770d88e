import EkiCore
import EkiDrawing
import EkiJSON
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// The route pages: /route (a route from its URL, or the rider's kept one), /route/fastest, and
/// the share card /route/card.svg. Bad routes get a readable page with a 4xx, as every page.
extension WebPages {
    static func registerRoutePages<Router: RouterMethods>(on router: Router, timetable: Timetable, networks: RouteNetworks) {
        router.get("/assets/route.js") { _, _ in asset(Assets.routeJS, type: "text/javascript; charset=utf-8") }
        router.get("/route") { request, _ in
            try answer(request) { lang in
                let query = try pageQuery(request, allowed: ["date", "segments", "use", "lang"])
                // No route in the URL: route.js opens the rider's kept one, or says there is none.
                guard query.optional("segments") != nil else { return html(RouteEmptyPage(lang: lang).render()) }
                let planner = RoutePlanner(timetable: timetable)
                let plan = try routing { try planner.plan(try pageRoute(query)) }
                let alternatives = try plan.segments.indices.map { try planner.alternatives(in: plan, segment: $0) }
                let proposals = plan.segments.count > 1 ? try planner.proposals(after: 0, in: plan) : []
                let json = try JSONOutput.string(RouteJSON(plan, reference: timetable.reference), pretty: false)
                return html(RoutePage(plan: plan, alternatives: alternatives, proposals: proposals, json: json,
                                      use: query.optional("use"), lang: lang, reference: timetable.reference).render())
            }
        }
        router.get("/route/fastest") { request, _ in
            try answer(request) { lang in
                let query = try pageQuery(request, allowed: ["from", "to", "at", "lang"])
                let from = query.optional("from") ?? "", to = query.optional("to") ?? "", at = query.optional("at") ?? ""
                var page = FastestPage(from: from, to: to, at: at, answer: nil, error: nil, lang: lang, reference: timetable.reference)
                guard !from.isEmpty, !to.isEmpty else { return html(page.render()) }
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                let origins = try complex(from, timetable), destinations = try complex(to, timetable)
                guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                    page.error = lang.t("出発と到着が同じ駅です", "From and to are the same station")
                    return html(page.render(), status: .badRequest)
                }
                page.answer = try FastestRoutes(planner: RoutePlanner(timetable: timetable))
                    .search(from: origins, to: destinations, at: instant) { try networks.network(for: $0) }
                return html(page.render())
            }
        }
        router.get("/route/card.svg") { request, _ in
            try answer(request) { lang in
                let query = try pageQuery(request, allowed: ["date", "segments", "lang"])
                let plan = try routing { try RoutePlanner(timetable: timetable).plan(try pageRoute(query)) }
                let svg = RouteCardSVG(plan: plan, reference: timetable.reference, lang: lang).render()
                return Response(status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=3600"],
                                body: .init(byteBuffer: ByteBuffer(string: svg)))
            }
        }
    }

    /// The stations of the complexes a name covers that trains stop at.
    static func complex(_ name: String, _ timetable: Timetable) throws -> [Reference.Station] {
        let reference = timetable.reference
        return Set(try timetable.resolveStations(name).map(\.complex)).sorted().flatMap { id in
            (reference.complexes[id]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.trains > 0 }
        }
    }

    /// The query read as strictly as the API's, its problems as a readable page.
    static func pageQuery(_ request: Request, allowed: [String]) throws -> QueryParameters {
        do { return try QueryParameters(request, allowed: allowed) } catch let problem as Problem {
            throw PageError(problem.status, ja: "URL を読めません", en: "That address cannot be read", detail: problem.detail)
        }
    }

    static func pageRoute(_ query: QueryParameters) throws -> Route {
        do { return try TimetableAPI.route(query) } catch let problem as Problem {
            throw PageError(problem.status, ja: "ルートを読めません", en: "That route cannot be read", detail: problem.detail)
        }
    }

    /// What the timetable cannot give, as a page: the train, the station, the day.
    static func routing<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RouteError {
            switch error {
            case .noTrain, .noStation:
                throw PageError(.notFound, ja: "ルートの列車か駅が見つかりません", en: "A train or station of the route is not in the data", detail: error.description)
            default:
                throw PageError(.badRequest, ja: "このルートは時刻表と合いません", en: "This route does not fit the timetable", detail: error.description)
            }
        }
    }
}

/// /route with no route in the URL: route.js opens the rider's kept route; without one, how to start.
struct RouteEmptyPage {
    var lang: PageLanguage

    func render() -> String {
        var body = "<section class=\"route-empty\"><h1>\(lang.t("ルート", "Route"))</h1>"
        body += "<p class=\"dim\">\(lang.t("ルートはまだありません。列車のページで降りる駅の「降りる」を押すか、経路を探して選んでください。", "No route yet. On a train's page, tap Get off at the station where you leave it, or find a route and use it."))</p>"
        body += RouteLinks.form(from: "", to: "", at: "", lang: lang) + "</section>"
        return Page(title: lang.t("ルート", "Route"), lang: lang, path: "/route", body: body, scripts: ["/assets/route.js"]).render()
    }
}
