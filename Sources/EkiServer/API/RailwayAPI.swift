import EkiJSON
import EkiStore
import Hummingbird

/// A railway as a whole (eki railway --json): stations, directions, train types, through service, shape.
extension TimetableAPI {
    func addRailwayRoutes(to router: Router<some RequestContext>) {
        router.get("/api/v1/railway/{railwayId}") { request, context in
            try railway(request, query: try Self.path("railwayId", context))
        }
    }

    func railway(_ request: Request, query text: String) throws -> Response {
        _ = try QueryParameters(request, allowed: [])
        guard text.utf8.count <= 200 else { throw Problem.badRequest("the railway name is too long") }
        return try cache.respond(to: request, moment: nil, now: clock()) {
            RailwayJSON(try timetable.railwayDetail(try timetable.resolveRailway(text).railway))
        }
    }
}
