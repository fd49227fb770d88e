import EkiCore
import Foundation
import Hummingbird

extension Page {
    /// The timetable's time zone while a request is served (`TimeZoneMiddleware`): the page tells the
    /// browser its offset and name, so "now" in the browser is the timetable's local time (Tokyo, or a
    /// GTFS feed's agency_timezone), whatever the phone's zone.
    @TaskLocal static var timeZone: TimeZone = TokyoTime.zone
    /// The database's attribution when it is not Mini Tokyo 3D's (a GTFS feed's agencies); nil keeps
    /// the ODPT / Mini Tokyo 3D footer.
    @TaskLocal static var otherAttribution: String?

    /// The footer's data attribution in the page's language.
    static func attribution(_ lang: PageLanguage) -> String {
        otherAttribution.map(HTML.escape) ?? lang.t("時刻表データ: 公共交通オープンデータセンター (ODPT) / Mini Tokyo 3D",
                                                     "Timetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D")
    }

    /// `data-utc-offset` (minutes, today's) and `data-time-zone` (a tz name for the board's clock).
    static var timeZoneAttributes: String {
        let zone = timeZone
        let name = zone.identifier.contains("/") ? zone.identifier : TokyoTime.identifier
        return "data-utc-offset=\"\(zone.secondsFromGMT() / 60)\" data-time-zone=\"\(HTML.escape(name))\""
    }
}

/// Serves every request with `Page.timeZone` (and the attribution) set to the timetable's.
struct TimeZoneMiddleware<Context: RequestContext>: RouterMiddleware {
    let timeZone: TimeZone
    var attribution: String?

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        try await Page.$timeZone.withValue(timeZone) {
            try await Page.$otherAttribution.withValue(attribution) { try await next(request, context) }
        }
    }
}
