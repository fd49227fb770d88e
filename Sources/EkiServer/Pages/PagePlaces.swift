import EkiCore
import EkiStore
import Foundation
import Hummingbird

/// How pages find what a link names: exactly as the API does — the same `StationNames` over
/// `Timetable.resolveStations`, `narrow` (`railway=`) and `resolveDirections` — so a name, a
/// railway and a direction that work in /api/v1 work in /timetable and /board too
/// (`/board/馬車道?direction=上り`). A name that still covers several platforms is never settled
/// by guessing: the rider gets a choice page.
struct PagePlaces: Sendable {
    let timetable: Timetable
    let names = StationNames()

    enum Platform {
        case one(Reference.Station, Reference.Direction)
        /// Several railways (or directions) fit what was asked: each is offered as a link.
        case choice([(station: Reference.Station, direction: Reference.Direction)])
    }

    /// The stations a path segment names (an id, or a name in any script), narrowed by `railway=`.
    func stations(_ request: Request, _ raw: String) throws -> [Reference.Station] {
        let text = raw.removingPercentEncoding ?? raw   // path parameters arrive still encoded (/station/%E6%B8%8B…)
        return try names.resolve(text, railway: Self.query(request, "railway"), in: timetable)
    }

    /// One platform for a timetable or a board: the asked direction (by id or name, any railway of
    /// the name that has it), or without one the station's first direction — when the name means
    /// one station. Anything wider is a choice.
    func platform(_ request: Request, _ raw: String) throws -> Platform {
        let stations = try stations(request, raw)
        let found = try timetable.resolveDirections(Self.query(request, "direction"), at: stations, named: raw)
        let pairs = found.flatMap { station, directions in directions.map { (station: station, direction: $0) } }
        if found.count == 1, let first = pairs.first { return .one(first.station, first.direction) }
        return .choice(pairs)
    }

    /// A query value as given, nil when absent or empty (an empty form field means "not given").
    static func query(_ request: Request, _ name: String) -> String? {
        guard let value = request.uri.queryParameters[Substring(name)], !value.isEmpty else { return nil }
        return String(value)
    }

    /// `at=YYYY-MM-DDTHH:MM` when given, else now; within the years the calendar is known for.
    static func instant(_ request: Request, timeZone: TimeZone = TokyoTime.zone) throws -> ServiceInstant {
        guard let text = query(request, "at") else { return ServiceInstant(RiderClock.now(), timeZone: timeZone) }
        guard let instant = ServiceInstant(parsing: text) else {
            throw PageError(.badRequest, ja: "時刻は YYYY-MM-DDTHH:MM で指定してください", en: "Give the time as YYYY-MM-DDTHH:MM")
        }
        guard instant.calendarDate.isSupported else { throw PageError.outOfRange }
        return instant
    }

    /// `date=YYYY-MM-DD` when given, else today's service day; within the supported years.
    static func date(_ request: Request, timeZone: TimeZone = TokyoTime.zone) throws -> CivilDate {
        guard let text = query(request, "date") else { return ServiceInstant(RiderClock.now(), timeZone: timeZone).serviceDate }
        guard let date = CivilDate(iso: text) else {
            throw PageError(.badRequest, ja: "日付は YYYY-MM-DD で指定してください", en: "Give the date as YYYY-MM-DD")
        }
        guard date.isSupported else { throw PageError.outOfRange }
        return date
    }
}

/// Bad input on a page: a heading in the page's language over the detail, with a 4xx status.
struct PageError: Error {
    var status: HTTPResponse.Status
    var ja: String
    var en: String
    var detail: String?

    init(_ status: HTTPResponse.Status, ja: String, en: String, detail: String? = nil) {
        self.status = status; self.ja = ja; self.en = en; self.detail = detail
    }

    static var outOfRange: PageError {
        let years = JapaneseHolidays.supportedYears
        return PageError(.badRequest, ja: "\(years.lowerBound)年から\(years.upperBound)年までの日付で指定してください",
                         en: "Give a date from \(years.lowerBound) to \(years.upperBound)", detail: CivilDate.supportedRange)
    }

    /// What the store says about a name that matches nothing, headed in the rider's language.
    init(_ error: ResolveError) {
        switch error {
        case .unreadableStation:
            self.init(.badRequest, ja: "駅名が長すぎるか、読めない文字を含んでいます", en: "That station name cannot be read")
        case .noStation, .noRailwayNamed:
            self.init(.notFound, ja: "その駅は見つかりません", en: "No such station", detail: error.description)
        case .noDepartures:
            self.init(.notFound, ja: "この駅から出る列車はありません", en: "No train leaves from this station", detail: error.description)
        case .noTrains:
            self.init(.notFound, ja: "この駅に止まる列車はありません", en: "No train stops at this station", detail: error.description)
        case .noDirection:
            self.init(.notFound, ja: "その方向の列車はありません", en: "No trains leave in that direction", detail: error.description)
        case .noRailway:
            self.init(.notFound, ja: "その駅にその路線はありません", en: "That railway does not stop here", detail: error.description)
        }
    }
}
