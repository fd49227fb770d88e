import ArgumentParser

/// `eki track`: ride tracking from GPS fixes (issue 9).
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Which train you are on, and the next station, from GPS fixes alone.",
        subcommands: [TrackSimulateCommand.self, TrackEvaluateCommand.self])

    // Placeholder: `--replay FILE [--json]` is being written.
    func run() async throws { throw failure("eki track --replay is not available yet") }
}
