import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// DIY routes over HTTP. The server keeps no route: a route travels in the request as its service
/// day and its segments (`segments=TRAIN~BOARD~ALIGHT,…`), as the web app keeps it in the browser,
/// and every answer is worked out from the timetable like the CLI's.
extension TimetableAPI {
    func addRouteRoutes(to router: Router<some RequestContext>) throws {
        let route = try contract.operation("route"), alternatives = try contract.operation("routeAlternatives")
        let swap = try contract.operation("routeSwap"), next = try contract.operation("routeNext")
        let fastest = try contract.operation("routeFastest"), suggest = try contract.operation("routeSuggest")
        let last = try contract.operation("routeLast")
        router.get("/api/v1/route") { request, _ in try self.route(try QueryParameters(request, operation: route), request) }
        router.get("/api/v1/route/alternatives") { request, _ in
            try self.alternatives(try QueryParameters(request, operation: alternatives), request)
        }
        router.get("/api/v1/route/swap") { request, _ in try self.swap(try QueryParameters(request, operation: swap), request) }
        router.get("/api/v1/route/next") { request, _ in try self.next(try QueryParameters(request, operation: next), request) }
        router.get("/api/v1/route/fastest") { request, _ in try self.fastest(try QueryParameters(request, operation: fastest), request) }
        router.get("/api/v1/route/last") { request, _ in try self.last(try QueryParameters(request, operation: last), request) }
        router.get("/api/v1/route/suggest") { request, _ in try self.suggest(try QueryParameters(request, operation: suggest), request) }
    }

    /// The planner at the request's change pace (`pace`, standard when absent).
    func planner(_ query: QueryParameters) throws -> RoutePlanner {
        RoutePlanner(timetable: timetable, rules: TransferRules(pace: try Self.pace(query)))
    }

    static func pace(_ query: QueryParameters) throws -> Pace {
        guard let word = query.optional("pace") else { return .standard }
        guard let pace = Pace(rawValue: word) else {
            throw Problem.badRequest("pace is hurry, standard or relaxed, got \(QueryParameters.quoted(word))")
        }
        return pace
    }

    func route(_ query: QueryParameters, _ request: Request) throws -> Response {
        let planner = try self.planner(query)
        let route = try Self.route(query)
        return try cache.respond(to: request, moment: nil, now: clock()) {
            RouteJSON(try Self.routing { try planner.plan(route) }, reference: timetable.reference)
        }
    }

    func alternatives(_ query: QueryParameters, _ request: Request) throws -> Response {
        let planner = try self.planner(query)
        let route = try Self.route(query)
        let number = try Self.segment(query, of: route)
        let count = try query.int("count")
        return try cache.respond(to: request, moment: nil, now: clock()) {
            let plan = try Self.routing { try planner.plan(route) }
            return AlternativesJSON(try Self.routing { try planner.alternatives(in: plan, segment: number - 1, count: count) },
                                    plan: plan, rules: planner.rules, reference: timetable.reference)
        }
    }

    func swap(_ query: QueryParameters, _ request: Request) throws -> Response {
        let planner = try self.planner(query)
        let route = try Self.route(query)
        let number = try Self.segment(query, of: route)
        let train = try Self.id(try query.required("train"), what: "train")
        let follow = try query.bool("follow")
        return try cache.respond(to: request, moment: nil, now: clock()) {
            let plan = try Self.routing { try planner.plan(route) }
            let (swapped, proposals) = try Self.routing { try planner.swap(plan, segment: number - 1, to: train, follow: follow) }
            return SwapJSON(plan: swapped, proposals: proposals, reference: timetable.reference)
        }
    }

    /// The train from a station (any of its complex) after a moment that gets to another first:
    /// the next segment a rider adds.
    func next(_ query: QueryParameters, _ request: Request) throws -> Response {
        let planner = try self.planner(query)
        let from = try query.required("from")
        let to = try query.required("to")
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: moment, now: now) {
            let reference = timetable.reference
            let named = try names.resolve(from, railway: nil, in: timetable)
            let complex = Set(named.map(\.complex)).flatMap { id in
                (reference.complexes[id]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.departures > 0 }
            }
            let boards = try timetable.narrow(complex, toRailway: query.optional("railway"))
            let targets = try names.resolve(to, railway: nil, destination: true, in: timetable)
            // Arrived on a train at `at`: each board's train must leave a change of platforms later.
            let arrived = try query.optional("arrived").map { id -> Reference.Station in
                // A station id, or the one riders use (a feed's stop_id: of its stations, one of the boards' complex).
                let named = reference.stations(named: try Self.id(id, what: "arrived"))
                guard let station = named.first(where: { boards.map(\.complex).contains($0.complex) }) ?? named.first else {
                    throw Problem.notFound("no station \"\(id)\"")
                }
                return station
            }
            let minute = moment.instant.minute.value
            // The train arrived on's direction: a change across the platform counts for the trains that stand there.
            let arrivedDirection = try query.optional("arrivedDirection").map { try Self.id($0, what: "arrivedDirection") }
            let found = try boards.compactMap { board in
                try planner.nextSegment(from: [board], direction: query.optional("direction"), to: targets, on: moment.instant.serviceDate,
                                        after: minute,
                                        arrivedOn: arrived.map { RoutePlanner.Arrival(station: $0, minute: minute, direction: arrivedDirection) })
            }
            guard let segment = found.min(by: { ($0.arrival, $0.departure) < ($1.arrival, $1.departure) }) else {
                throw Problem.notFound("no train from \(from) reaches \(to) after \(moment.instant.minute.clock) on this service day")
            }
            return RouteSegmentJSON(segment, reference: reference)
        }
    }

    func fastest(_ query: QueryParameters, _ request: Request) throws -> Response {
        let from = try query.required("from")
        let to = try query.required("to")
        let pace = try Self.pace(query)
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: moment, now: now) {
            let reference = timetable.reference
            func complex(_ name: String) throws -> [Reference.Station] {
                Set(try names.resolve(name, railway: nil, in: timetable).map(\.complex)).sorted().flatMap { id in
                    (reference.complexes[id]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.trains > 0 }
                }
            }
            let origins = try complex(from), destinations = try complex(to)
            guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                throw Problem(.unprocessableContent, "\(from) and \(to) are the same station")
            }
            let search = FastestRoutes(planner: RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace)))
            try networks.checkServed(moment.instant.serviceDate)
            let answer = try search.search(from: origins, to: destinations, at: moment.instant) { try networks.network(for: $0) }
            return FastestJSON(from: origins[0].name, to: destinations[0].name, at: answer.at, pace: pace,
                               options: answer.options, reference: reference)
        }
    }

    /// 終電: the last departure that still reaches `to` within the service day `date` (LastTrain).
    func last(_ query: QueryParameters, _ request: Request) throws -> Response {
        let from = try query.required("from")
        let to = try query.required("to")
        let pace = try Self.pace(query)
        let now = clock()
        let (date, isNow) = try query.date(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: Moment(day: date, isNow: isNow), now: now) {
            let origins = LastTrain.complexStations(try names.resolve(from, railway: nil, in: timetable), timetable)
            let destinations = LastTrain.complexStations(try names.resolve(to, railway: nil, destination: true, in: timetable), timetable)
            guard Set(origins.map(\.complex)).isDisjoint(with: destinations.map(\.complex)) else {
                throw Problem(.unprocessableContent, "\(from) and \(to) are the same station")
            }
            let planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace))
            let network = try networks.network(for: date)
            guard let plan = try LastTrain.search(from: origins, to: destinations, planner: planner, on: network) else {
                throw Problem.notFound("no train connects \(from) and \(to) on \(date.iso)")
            }
            return RouteJSON(plan, reference: timetable.reference,
                             fallbacks: LastTrain.fallbacks(plan, to: destinations, planner: planner, on: network))
        }
    }

    /// Remembered patterns (kept in the browser) filled in with the next trains, near a position if given.
    func suggest(_ query: QueryParameters, _ request: Request) throws -> Response {
        let planner = try self.planner(query)
        let patterns = try Self.patterns(try query.required("patterns"))
        // A position is both numbers or none; each alone is well-formed but says nothing.
        let lat = try query.double("lat"), lon = try query.double("lon")
        guard (lat == nil) == (lon == nil) else { throw Problem(.unprocessableContent, "give lat and lon together, or neither") }
        let position = lat.flatMap { lat in lon.map { GeoPoint(latitude: lat, longitude: $0) } }
        let radius = try query.int("radius")
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: moment, now: now) {
            let remembered = patterns.map { RememberedPattern(pattern: $0.pattern, uses: $0.uses, lastUsed: now) }
            let suggestions = try planner.suggestions(from: remembered, near: position, radius: Double(radius),
                                                      at: moment.instant, now: now, limit: 8)
            return SuggestionsJSON(suggestions, reference: timetable.reference)
        }
    }

    // MARK: - Reading a route from the query

    static let maximumSegments = 8

    /// `date` (the service day, default today's) and `segments`, each `TRAIN~BOARD~ALIGHT`.
    static func route(_ query: QueryParameters) throws -> Route {
        guard query.optional("date") != nil else {
            throw Problem.badRequest("missing parameter date: the route's service day (e.g. date=2026-11-24)")
        }
        let date = try query.date(now: RiderClock.now()).date
        let list = try query.required("segments", example: "Minatomirai.Minatomirai.060072.Weekday~Minatomirai.Minatomirai.Bashamichi~Tokyu.Toyoko.NakaMeguro")
        let parts = list.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maximumSegments else {
            throw Problem.badRequest("a route has at most \(maximumSegments) segments, got \(parts.count)")
        }
        let segments = try parts.map { part -> Route.Segment in
            let fields = part.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                throw Problem.badRequest("each segment is TRAIN~BOARD~ALIGHT, got \(QueryParameters.quoted(String(part)))")
            }
            return Route.Segment(train: try id(fields[0], what: "train"), board: try id(fields[1], what: "board station"),
                                 alight: try id(fields[2], what: "alight station"))
        }
        return Route(id: "web", serviceDate: date, segments: segments)
    }

    /// Which segment of `route` (`segment=`, 1 for the first; the document allows 1 to 8): one the
    /// route does not have is not found.
    static func segment(_ query: QueryParameters, of route: Route) throws -> Int {
        let number = try query.int("segment")
        guard number <= route.segments.count else {
            throw Problem.notFound("no segment \(number): the route has \(route.segments.count) (1–\(route.segments.count))")
        }
        return number
    }

    /// Patterns as `USES*BOARD~DIRECTION~ALIGHT,…`, several separated by `|`.
    static func patterns(_ text: String) throws -> [(pattern: RoutePattern, uses: Int)] {
        let items = text.split(separator: "|", omittingEmptySubsequences: false)
        guard items.count <= maximumSegments else { throw Problem.badRequest("at most \(maximumSegments) patterns, got \(items.count)") }
        return try items.map { item in
            let counted = item.split(separator: "*", maxSplits: 1).map(String.init)
            // Digits only, no leading zero: what openapi.json's pattern allows (Int() would take "+5").
            guard counted.count == 2, counted[0].first != "0", counted[0].allSatisfy { ("0"..."9").contains($0) },
                  let uses = Int(counted[0]), (1...100_000).contains(uses) else {
                throw Problem.badRequest("each pattern is USES*BOARD~DIRECTION~ALIGHT,…, got \(QueryParameters.quoted(String(item)))")
            }
            let legs = try counted[1].split(separator: ",", omittingEmptySubsequences: false).map { leg -> RoutePattern.Leg in
                let fields = leg.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 3 else {
                    throw Problem.badRequest("each pattern leg is BOARD~DIRECTION~ALIGHT, got \(QueryParameters.quoted(String(leg)))")
                }
                return RoutePattern.Leg(board: try id(fields[0], what: "board station"), direction: try id(fields[1], what: "direction"),
                                        alight: try id(fields[2], what: "alight station"))
            }
            guard !legs.isEmpty, legs.count <= maximumSegments else { throw Problem.badRequest("a pattern has 1 to \(maximumSegments) legs") }
            return (RoutePattern(legs: legs), uses)
        }
    }

    /// An id as the data writes them: letters, digits and . - _ (nothing to escape anywhere).
    static func id(_ text: String, what: String) throws -> String {
        guard !text.isEmpty, text.utf8.count <= 200,
              text.utf8.allSatisfy({ $0 < 0x80 && (isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")) }) else {
            throw Problem.badRequest("\(what) must be an id like Minatomirai.Minatomirai.Bashamichi, got \(QueryParameters.quoted(text))")
        }
        return text
    }

    /// A rider's impossible request about a route, as a problem: ids and segments that are not
    /// there are 404; a well-formed route the timetable cannot ride (a train that does not run that
    /// day, does not stop there, or is left before it arrives) is 422.
    static func routing<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RouteError {
            switch error {
            case .noTrain, .noStation, .noSegment, .noTrainReaches: throw Problem.notFound(error.description)
            default: throw Problem(.unprocessableContent, error.description)
            }
        }
    }
}
