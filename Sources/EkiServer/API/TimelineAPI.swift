import EkiJSON
import EkiStore
import Hummingbird

/// A board's changes until the service day ends, for widget-like clients that fetch once and
/// show each entry in turn without asking again until `reloadAfter`.
extension TimetableAPI {
    func addTimelineRoutes(to router: Router<some RequestContext>) throws {
        let timeline = try contract.operation("timeline")
        router.get("/api/v1/timeline") { request, _ in try self.timeline(try QueryParameters(request, operation: timeline), request) }
    }

    func timeline(_ query: QueryParameters, _ request: Request) throws -> Response {
        let text = try query.required("station")
        // One direction: a widget shows one platform, and a timeline of several would change at
        // the union of their departures.
        let direction = try query.required("direction")
        let now = clock()
        let moment = try query.instant(now: now, timeZone: timetable.timeZone)
        // A widget has room for a few lines; each one more multiplies the answer by the day's entries.
        let limit = try query.int("limit")
        return try cache.respond(to: request, moment: moment, now: now) {
            let stations = try names.resolve(text, railway: query.optional("railway"), in: timetable)
            let timelines = try timetable.resolveDirections(direction, at: stations).flatMap { station, directions in
                try directions.map {
                    TimelineJSON(try timetable.timeline(station: station, direction: $0, at: moment.instant, limit: limit),
                                 reference: timetable.reference)
                }
            }
            return Self.oneOrMany(timelines)
        }
    }
}
