import EkiCore
import EkiJSON
import EkiStore
import Foundation
import Hummingbird

/// Finding stations: by name (search) and by position (nearby).
extension TimetableAPI {
    func addPlaceRoutes(to router: Router<some RequestContext>) {
        router.get("/api/v1/search") { request, _ in try search(request) }
        router.get("/api/v1/nearby") { request, _ in try nearby(request) }
    }

    func search(_ request: Request) throws -> Response {
        let query = try QueryParameters(request, allowed: ["q", "limit"])
        // An empty q is a valid search with no results (a search box being cleared); a missing one is not.
        guard let text = query.raw("q") else { throw Problem.badRequest("missing parameter q (e.g. q=しぶや)") }
        let limit = try query.int("limit", default: 10, in: 1...100)
        return try cache.respond(to: request, moment: nil, now: clock()) {
            SearchJSON(try timetable.search(text, limit: limit))
        }
    }

    func nearby(_ request: Request) throws -> Response {
        let query = try QueryParameters(request, allowed: ["lat", "lon", "radius", "limit", "at", "departures"])
        let point = GeoPoint(latitude: try query.double("lat", in: -90...90, example: "35.4505"),
                             longitude: try query.double("lon", in: -180...180, example: "139.6337"))
        let radius = try query.int("radius", default: 1000, in: 1...50_000)
        let limit = try query.int("limit", default: 10, in: 1...100)
        let withDepartures = try query.bool("departures", default: true)
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        return try cache.respond(to: request, moment: withDepartures ? moment : nil, now: now) {
            let result = try timetable.nearby(point, radius: Double(radius), limit: limit)
            let departures = try withDepartures ? timetable.nextDepartureEachWay(from: result.stations, at: moment.instant) : nil
            return NearbyJSON(result, departures: departures, reference: timetable.reference)
        }
    }
}
