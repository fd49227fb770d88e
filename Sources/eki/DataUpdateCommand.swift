import ArgumentParser

// Placeholder: being written (issue 8).
struct DataUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: "Not yet available.")
    func run() async throws { throw failure("eki data update is not available yet") }
}
