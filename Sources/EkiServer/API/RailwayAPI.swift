import EkiJSON
import EkiStore
import Hummingbird

/// A railway as a whole (eki railway --json): stations, directions, train types, through service, shape.
extension TimetableAPI {
    func addRailwayRoutes(to router: Router<some RequestContext>) throws {
        let railway = try contract.operation("railway")
        router.get("/api/v1/railway/{railwayId}") { request, context in
            _ = try QueryParameters(request, operation: railway)
            return try self.railway(request, query: try Self.path("railwayId", context))
        }
    }

    /// A railway id, or a name as search reads it (at most 64 characters, as openapi.json says).
    func railway(_ request: Request, query text: String) throws -> Response {
        guard text.unicodeScalars.count <= SearchError.maximumLength || timetable.reference.railways[id: text] != nil else {
            throw Problem.badRequest("the railway name is too long (at most \(SearchError.maximumLength) characters)")
        }
        return try cache.respond(to: request, moment: nil, now: clock()) {
            RailwayJSON(try timetable.railwayDetail(try timetable.resolveRailway(text).railway))
        }
    }
}
