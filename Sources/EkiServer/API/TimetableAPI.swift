import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// The JSON API under /api/v1: the same shapes as the CLI's --json, from the same EkiJSON types.
/// One station gives an object, a name covering several stations an array, as in the CLI.
struct TimetableAPI: Sendable {
    let timetable: Timetable
    let cache: CachedJSON
    let clock: @Sendable () -> Date
    let names = StationNames()
    /// Each service day's network for fastest routes, built on first use.
    let networks: RouteNetworks
    /// The OpenAPI document: each route reads its query as its operation there describes it.
    let contract: APIContract

    /// Each route by its operationId in openapi.json (the server does not start if one is missing).
    func addRoutes(to router: Router<some RequestContext>) throws {
        let departures = try contract.operation("departures"), timetable = try contract.operation("timetable")
        let train = try contract.operation("train"), station = try contract.operation("station")
        router.get("/api/v1/departures") { request, _ in try self.departures(try QueryParameters(request, operation: departures), request) }
        router.get("/api/v1/timetable") { request, _ in try stationTimetable(try QueryParameters(request, operation: timetable), request) }
        router.get("/api/v1/train/{trainId}") { request, context in
            try self.train(try QueryParameters(request, operation: train), request, id: try Self.path("trainId", context))
        }
        router.get("/api/v1/station/{stationId}") { request, context in
            try self.station(try QueryParameters(request, operation: station), request, query: try Self.path("stationId", context))
        }
        try addPlaceRoutes(to: router)
        try addRailwayRoutes(to: router)
        try addTransferRoutes(to: router)
        try addCalendarRoutes(to: router)
        try addTimelineRoutes(to: router)
        try addRouteRoutes(to: router)
    }

    func departures(_ query: QueryParameters, _ request: Request) throws -> Response {
        let text = try query.required("station")
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        let limit = try query.int("limit")
        return try cache.respond(to: request, moment: moment, now: now) {
            let stations = try names.resolve(text, railway: query.optional("railway"), in: timetable)
            let boards = try timetable.resolveDirections(query.optional("direction"), at: stations, named: text).map { station, directions in
                StationBoardJSON(try directions.map {
                    try timetable.nextDepartures(station: station, direction: $0, at: moment.instant, limit: limit)
                }, reference: timetable.reference)
            }
            return Self.oneOrMany(boards)
        }
    }

    func stationTimetable(_ query: QueryParameters, _ request: Request) throws -> Response {
        let text = try query.required("station")
        let direction = try query.required("direction")
        let now = clock()
        let date = try query.date(now: now, timeZone: timetable.timeZone)
        let moment = Moment(day: date.date, isNow: date.isNow)
        return try cache.respond(to: request, moment: moment, now: now) {
            let stations = try names.resolve(text, railway: query.optional("railway"), in: timetable)
            let boards = try timetable.resolveDirections(direction, at: stations).flatMap { station, directions in
                try directions.map { StationBoardJSON([try timetable.stationTimetable(station: station, direction: $0, serviceDate: date.date)],
                                                      reference: timetable.reference) }
            }
            return Self.oneOrMany(boards)
        }
    }

    /// A train by its id: the database's own, or the feed's trip_id — of a trip that runs under
    /// several calendars, the copy running on `date` (default: today's service day).
    func train(_ query: QueryParameters, _ request: Request, id: String) throws -> Response {
        guard id.unicodeScalars.count <= 200 else { throw Problem.badRequest("the train id is too long") }
        let now = clock()
        let date = try query.date(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: Moment(day: date.date, isNow: date.isNow), now: now) {
            guard let train = try timetable.resolveTrain(id, on: date.date), let parts = try timetable.trainRun(train) else {
                throw Problem.notFound(timetable.noTrainMessage(id))
            }
            return TrainJSON(train: train, date: date.date, parts: parts, reference: timetable.reference)
        }
    }

    /// Station detail; `bookmarked` is always false here: bookmarks live in the browser, not the server.
    func station(_ query: QueryParameters, _ request: Request, query text: String) throws -> Response {
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: moment, now: now) {
            let stations = try names.resolve(text, railway: query.optional("railway"), in: timetable)
            let details = try stations.map {
                StationDetailJSON(try timetable.stationDetail($0, at: moment.instant), bookmarks: [], reference: timetable.reference)
            }
            return Self.oneOrMany(details)
        }
    }

    static func oneOrMany<T: Encodable>(_ values: [T]) -> any Encodable {
        values.count == 1 ? values[0] : values
    }

    /// A path segment, percent-decoded and checked like a query value.
    static func path(_ name: String, _ context: some RequestContext) throws -> String {
        try QueryParameters.decode(context.parameters.get(name).map { $0[...] } ?? "", what: name)
    }
}
