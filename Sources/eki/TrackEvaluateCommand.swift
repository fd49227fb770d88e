import ArgumentParser

// Placeholder: being written (issue 9).
struct TrackEvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "evaluate", abstract: "Not yet available.")
    func run() async throws { throw failure("eki track evaluate is not available yet") }
}
