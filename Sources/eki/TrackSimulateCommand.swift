import ArgumentParser

// Placeholder: being written (issue 9).
struct TrackSimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "simulate", abstract: "Not yet available.")
    func run() async throws { throw failure("eki track simulate is not available yet") }
}
