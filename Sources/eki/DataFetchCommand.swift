import ArgumentParser

// Placeholder: being written (issue 8).
struct DataFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fetch", abstract: "Not yet available.")
    func run() async throws { throw failure("eki data fetch is not available yet") }
}
