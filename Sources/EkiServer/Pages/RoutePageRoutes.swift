import EkiCore
import EkiDrawing
import EkiJSON
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// The route pages: /route (a route from its URL, or the rider's kept one), /route/fastest, and
/// the share card /route/card.svg. Bad routes get the error page with a 4xx, as every page.
extension WebPages {
    static func registerRoutePages<Router: RouterMethods>(on router: Router, timetable: Timetable, networks: RouteNetworks, site: PageScope.Site) {
        let reference = timetable.reference
        router.get("/route") { request, _ in
            try answer(request, site: site) { scope in
                let query = try pageQuery(request, allowed: ["date", "segments", "use", "lang", "pace", "at"])
                // No route in the URL: route.js opens the rider's kept one, or says there is none.
                guard query.optional("segments") != nil else { return scope.html(RouteEmptyView(scope: scope)) }
                let pace = try pagePace(query)
                let planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace))
                let plan = try routing { try planner.plan(try pageRoute(query)) }
                let alternatives = try plan.segments.indices.map { try planner.alternatives(in: plan, segment: $0) }
                let proposals = plan.segments.count > 1 ? try planner.proposals(after: 0, in: plan) : []
                let json = try JSONOutput.string(RouteJSON(plan, reference: reference), pretty: false)
                return scope.html(RouteView(plan: plan, alternatives: alternatives, proposals: proposals, json: json,
                                            use: query.optional("use"), pace: PaceField(pace),
                                            now: try PagePlaces.instant(request, timeZone: timetable.timeZone), reference: reference, scope: scope))
            }
        }
        router.get("/route/fastest") { request, _ in
            try answer(request, site: site) { scope in
                let query = try pageQuery(request, allowed: ["from", "to", "at", "lang", "pace"])
                let pace = try pagePace(query)
                let form = RouteForm(from: query.optional("from") ?? "", to: query.optional("to") ?? "", at: query.optional("at") ?? "", pace: PaceField(pace))
                guard !form.from.isEmpty, !form.to.isEmpty else { return scope.html(FastestView(form: form, reference: reference, scope: scope)) }
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                let origins = try complex(form.from, timetable), destinations = try complex(form.to, timetable, destination: true)
                guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                    let error = scope.lang.t("出発と到着が同じ駅です", "From and to are the same station")
                    return scope.html(FastestView(form: form, error: error, reference: reference, scope: scope), status: .badRequest)
                }
                do { try networks.checkServed(instant.serviceDate) } catch RouteNetworks.Failure.outsideWindow(let date, let served) {
                    // A far date picked in the form: said on the form, in the page's language, with the dates there are.
                    let error = scope.lang.t("\(date.iso) の経路は探せません。\(served.lowerBound.iso)〜\(served.upperBound.iso) の日付で探してください",
                                             "Routes cannot be found for \(date.iso): pick a date from \(served.lowerBound.iso) to \(served.upperBound.iso)")
                    return scope.html(FastestView(form: form, error: error, reference: reference, scope: scope), status: .unprocessableContent)
                }
                let answer = try FastestRoutes(planner: RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace)))
                    .search(from: origins, to: destinations, at: instant) { try networks.network(for: $0) }
                return scope.html(FastestView(form: form, answer: answer, reference: reference, scope: scope))
            }
        }
        router.get("/route/last") { request, _ in
            try answer(request, site: site) { scope in
                let query = try pageQuery(request, allowed: ["from", "to", "date", "lang", "pace"])
                let date = try PagePlaces.date(request, timeZone: timetable.timeZone)
                let pace = try pagePace(query)
                let form = LastTrainView.Form(from: query.optional("from") ?? "", to: query.optional("to") ?? "", date: date.iso, pace: PaceField(pace))
                guard !form.from.isEmpty, !form.to.isEmpty else { return scope.html(LastTrainView(form: form, reference: reference, scope: scope)) }
                let origins = try complex(form.from, timetable), destinations = try complex(form.to, timetable, destination: true)
                guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                    let error = scope.lang.t("出発と到着が同じ駅です", "From and to are the same station")
                    return scope.html(LastTrainView(form: form, error: error, reference: reference, scope: scope), status: .badRequest)
                }
                let planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace)), network = try networks.network(for: date)
                let plan = try LastTrain.search(from: origins, to: destinations, planner: planner, on: network)
                let fallbacks = plan.map { LastTrain.fallbacks($0, to: destinations, planner: planner, on: network) } ?? []
                return scope.html(LastTrainView(form: form, plan: plan, fallbacks: fallbacks, searched: true, reference: reference, scope: scope))
            }
        }
        router.get("/route/card.svg") { request, _ in
            try answer(request, site: site) { scope in
                let query = try pageQuery(request, allowed: ["date", "segments", "lang", "pace"])
                let plan = try routing { try RoutePlanner(timetable: timetable, rules: TransferRules(pace: try pagePace(query))).plan(try pageRoute(query)) }
                let svg = RouteCardSVG(plan: plan, reference: reference, lang: scope.lang).render()
                return Response(status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=3600"],
                                body: .init(byteBuffer: ByteBuffer(string: svg)))
            }
        }
    }

    /// The page's change pace (`pace=hurry|standard|relaxed`, the form's select; standard when absent).
    static func pagePace(_ query: QueryParameters) throws -> Pace {
        guard let word = query.optional("pace") else { return .standard }
        guard let pace = Pace(rawValue: word) else { throw Problem.badRequest("pace is hurry, standard or relaxed") }
        return pace
    }

    /// The stations of the complexes a name covers that trains stop at.
    /// `destination`: where the rider goes — a station trains only arrive at counts too.
    static func complex(_ name: String, _ timetable: Timetable, destination: Bool = false) throws -> [Reference.Station] {
        let reference = timetable.reference
        let named = destination ? try timetable.resolveDestinations(name) : try timetable.resolveStations(name)
        return Set(named.map(\.complex)).sorted().flatMap { id in
            (reference.complexes[id]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.trains > 0 }
        }
    }

    /// The query read as strictly as the API's, its problems as the error page.
    static func pageQuery(_ request: Request, allowed: [String]) throws -> QueryParameters {
        do { return try QueryParameters(request, allowed: allowed, ignoringUnknown: true) } catch let problem as Problem {
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
