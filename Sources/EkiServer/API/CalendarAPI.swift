import EkiCore
import EkiJSON
import EkiStore
import Foundation
import Hummingbird

/// Holidays and which schedule each railway runs on a date.
extension TimetableAPI {
    static var years: ClosedRange<Int> { JapaneseHolidays.supportedYears }

    func addCalendarRoutes(to router: Router<some RequestContext>) throws {
        let calendar = try contract.operation("calendar"), schedule = try contract.operation("schedule")
        router.get("/api/v1/calendar/{year}") { request, context in
            _ = try QueryParameters(request, operation: calendar)
            let text = try Self.path("year", context)
            guard let year = Int(text), Self.years.contains(year) else {
                throw Problem.badRequest("the year must be a whole number from \(Self.years.lowerBound) to \(Self.years.upperBound), got \(QueryParameters.quoted(text))")
            }
            return try cache.respond(to: request, moment: nil, now: clock()) {
                CalendarJSON(year: year, reference: timetable.reference)
            }
        }
        router.get("/api/v1/schedule") { request, _ in
            let query = try QueryParameters(request, operation: schedule)
            let now = clock()
            let date = try query.date(now: now, timeZone: timetable.timeZone)
            let moment = Moment(day: date.date, isNow: date.isNow)
            return try cache.respond(to: request, moment: moment, now: now) {
                ScheduleJSON(timetable.reference.scheduleDay(date.date), reference: timetable.reference)
            }
        }
    }
}
