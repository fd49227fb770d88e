import ArgumentParser

/// `eki data`: get timetable data and keep the live database up to date.
struct DataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Fetch source data, publish a built database, and update or roll back the live one.",
        subcommands: [DataFetchCommand.self, DataPublishCommand.self, DataUpdateCommand.self, DataRollbackCommand.self])
}
