import ArgumentParser
import EkiCore
import Foundation

/// What both binaries say about themselves and the commands they share. `eki` is small and answers
/// the read-only commands itself, a fresh process in a few milliseconds (docs/PERFORMANCE.md, issue
/// 19); `eki-tools` beside it carries the server, the importer, the data fetcher, ride tracking and
/// the ticket scanner, and `eki` hands their commands over to it unchanged (`eki serve` runs it).
package enum Commands {
    package static let abstract = "Tokyo train timetables, offline: the departure board of your platform, now."
    package static let discussion = "Timetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D."
    package static let version = "0.1.0"

    /// The commands `eki` answers itself, in the order `eki --help` lists them.
    package static let reading: [any ParsableCommand.Type] = [
        DeparturesCommand.self, NextCommand.self, SearchCommand.self, NearbyCommand.self, StationCommand.self,
        RailwayCommand.self, TransfersCommand.self, BookmarkCommand.self, HistoryCommand.self, RouteCommand.self, TimetableCommand.self,
        TrainCommand.self, CalendarCommand.self, ScheduleCommand.self, InfoCommand.self,
    ]

    /// The commands of `eki-tools`, by name, with the line `eki --help` shows for each.
    package static let tools: [(name: String, abstract: String)] = [
        ("import", "Import a timetable data folder or GTFS feed into the local database."),
        ("data", "Fetch source data, publish a built database, and update or roll back the live one."),
        ("serve", "Serve the timetable as a JSON API over HTTP (described at /api/openapi.json)."),
        ("track", "Which train you are on, and the next station, from GPS fixes alone."),
        ("ticket", "Your Shinkansen trip: scan the ticket once, then the countdown, the car and seat, and the arrival."),
    ]

    /// The abstract of the `eki-tools` command `name` (one text for both binaries' help).
    package static func toolAbstract(_ name: String) -> String {
        tools.first { $0.name == name }?.abstract ?? ""
    }

    /// Stops both binaries at start when `EKI_NOW` is set to something that is not a moment
    /// (`RiderClock`): a test's clock that cannot be read must not fall back to the machine's.
    package static func refuseUnreadableClock() {
        guard let problem = RiderClock.problem else { return }
        Terminal.error("eki: " + problem)
        exit(2)
    }
}
