import ArgumentParser

@main
struct Eki: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eki",
        abstract: "Tokyo train timetables, offline: the departure board of your platform, now.",
        discussion: "Timetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D.",
        version: "0.1.0",
        subcommands: [DeparturesCommand.self, NextCommand.self, SearchCommand.self, NearbyCommand.self, StationCommand.self, RailwayCommand.self,
                      BookmarkCommand.self, HistoryCommand.self, RouteCommand.self,
                      TimetableCommand.self, TrainCommand.self,
                      CalendarCommand.self, ScheduleCommand.self, ImportCommand.self, DataCommand.self, InfoCommand.self, ServeCommand.self,
                      TrackCommand.self, TicketCommand.self]
    )
}
