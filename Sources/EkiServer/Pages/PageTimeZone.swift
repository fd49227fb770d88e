import EkiCore
import Foundation
import Hummingbird

extension Page {
    /// The timetable's time zone while a request is served (`TimeZoneMiddleware`): the page tells the
    /// browser its offset and name, so "now" in the browser is the timetable's local time (Tokyo, or a
    /// GTFS feed's agency_timezone), whatever the phone's zone.
    @TaskLocal static var timeZone: TimeZone = TokyoTime.zone

    /// `data-utc-offset` (minutes, today's) and `data-time-zone` (a tz name for the board's clock).
    static var timeZoneAttributes: String {
        let zone = timeZone
        let name = zone.identifier.contains("/") ? zone.identifier : TokyoTime.identifier
        return "data-utc-offset=\"\(zone.secondsFromGMT() / 60)\" data-time-zone=\"\(HTML.escape(name))\""
    }
}

/// Serves every request with `Page.timeZone` set to the timetable's zone.
struct TimeZoneMiddleware<Context: RequestContext>: RouterMiddleware {
    let timeZone: TimeZone

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        try await Page.$timeZone.withValue(timeZone) { try await next(request, context) }
    }
}
