import EkiCore
import EkiJSON
import EkiStore
import Foundation
import Hummingbird

/// Finding stations: by name (search) and by position (nearby).
extension TimetableAPI {
    func addPlaceRoutes(to router: Router<some RequestContext>) throws {
        let search = try contract.operation("search"), nearby = try contract.operation("nearby")
        router.get("/api/v1/search") { request, _ in try self.search(try QueryParameters(request, operation: search), request) }
        router.get("/api/v1/nearby") { request, _ in try self.nearby(try QueryParameters(request, operation: nearby), request) }
    }

    func search(_ query: QueryParameters, _ request: Request) throws -> Response {
        // An empty q is a valid search with no results (a search box being cleared); a missing one is not.
        guard let text = query.raw("q") else { throw Problem.badRequest("missing parameter q (e.g. q=しぶや)") }
        let limit = try query.int("limit")
        return try cache.respond(to: request, moment: nil, now: clock()) {
            SearchJSON(try timetable.search(text, limit: limit), reference: timetable.reference)
        }
    }

    func nearby(_ query: QueryParameters, _ request: Request) throws -> Response {
        let point = GeoPoint(latitude: try query.double("lat") ?? 0, longitude: try query.double("lon") ?? 0)
        let radius = try query.int("radius")
        let limit = try query.int("limit")
        let withDepartures = try query.bool("departures")
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: withDepartures ? moment : nil, now: now) {
            let result = try timetable.nearby(point, radius: Double(radius), limit: limit)
            let departures = try withDepartures ? timetable.nextDepartureEachWay(from: result.stations, at: moment.instant) : nil
            return NearbyJSON(result, departures: departures, reference: timetable.reference)
        }
    }
}
