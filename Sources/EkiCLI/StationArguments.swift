import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

/// Turns what the rider typed into stations, directions and moments — or a clear message and exit 2.
package enum Resolve {
    /// Stations for an id or a name in kanji, kana or romaji; only stations trains leave from.
    package static func stations(_ query: String, in timetable: Timetable) throws -> [Reference.Station] {
        try rider { try timetable.resolveStations(query) }
    }

    /// Stations to go to: any a train stops at, the ends of lines included (`Timetable.resolveDestinations`).
    package static func destinations(_ query: String, in timetable: Timetable) throws -> [Reference.Station] {
        try rider { try timetable.resolveDestinations(query) }
    }

    /// Each station with the directions to show: all of them, or the asked one (`Timetable.resolveDirections`).
    /// `named`: what the rider typed for the station (a one-way platform's id gives its direction).
    package static func directions(_ id: String?, at stations: [Reference.Station], named: String? = nil,
                           in timetable: Timetable) throws -> [(Reference.Station, [Reference.Direction])] {
        try rider { try timetable.resolveDirections(id, at: stations, named: named).map { ($0.station, $0.directions) } }
    }

    /// Keeps the stations on one railway, named by id or by name in any script.
    package static func narrow(_ stations: [Reference.Station], toRailway query: String?, in timetable: Timetable) throws -> [Reference.Station] {
        try rider { try timetable.narrow(stations, toRailway: query) }
    }

    /// A rider's mistake becomes "eki: …" and exit 2.
    private static func rider<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ResolveError { throw failure(error.description, code: 2) }
    }

    /// `timeZone`: the timetable's own (`Timetable.timeZone`), the clock "now" is read on.
    package static func instant(_ text: String?, timeZone: TimeZone = TokyoTime.zone) throws -> ServiceInstant {
        guard let text else { return ServiceInstant(RiderClock.now(), timeZone: timeZone) }
        guard let instant = ServiceInstant(parsing: text) else {
            throw failure("--at expects Tokyo local time as YYYY-MM-DDTHH:MM (e.g. 2026-11-24T07:30), got \"\(text)\"", code: 2)
        }
        guard instant.calendarDate.isSupported else { throw outOfRange("--at", text) }
        return instant
    }

    package static func date(_ text: String?, option: String = "--date", timeZone: TimeZone = TokyoTime.zone) throws -> CivilDate {
        guard let text else { return ServiceInstant(RiderClock.now(), timeZone: timeZone).serviceDate }
        guard let date = CivilDate(iso: text) else {
            throw failure("\(option) expects a date as YYYY-MM-DD (e.g. 2026-11-24), got \"\(text)\"", code: 2)
        }
        guard date.isSupported else { throw outOfRange(option, text) }
        return date
    }

    /// The holiday calendar is known for 1949–2099 only (as `eki calendar`); a year like 4652 is a typo.
    private static func outOfRange(_ option: String, _ text: String) -> ExitCode {
        failure("\(option) must be \(CivilDate.supportedRange) (the years the holiday calendar covers), got \"\(text)\"", code: 2)
    }
}

extension Language: ExpressibleByArgument {}
