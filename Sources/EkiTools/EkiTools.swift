import ArgumentParser
import EkiCLI

/// `eki-tools`: every command, the server, importer, fetcher, tracker and scanner among them. `eki`
/// runs this binary for those (`ToolsBinary` in `eki`), so a user types `eki serve` as before.
@main
struct EkiTools: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eki",
        abstract: Commands.abstract,
        discussion: Commands.discussion,
        version: Commands.version,
        subcommands: Commands.reading + [ImportCommand.self, DataCommand.self, ServeCommand.self, TrackCommand.self, TicketCommand.self])

    static func main() async {
        Commands.refuseUnreadableClock()
        let words = Array(CommandLine.arguments.dropFirst())
        if words.count >= 2, words[0] == "data", DataCommand.oneLineUsageErrors.contains(words[1]) {
            await runWithOneLineUsageErrors(words)
            return
        }
        await main(nil)
    }

    /// ArgumentParser's own run, except that a mistyped option or value is one line, not the usage
    /// too: `eki data update` runs from cron and scripts that keep the first line of a failure
    /// (issue 33, 5). Help and the commands' own failures are as always.
    static func runWithOneLineUsageErrors(_ words: [String]) async {
        do {
            var command = try parseAsRoot(words)
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let first = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            Terminal.error("Error: \(first) (see `eki data \(words[1]) --help`)")
            exit(withError: ExitCode.validationFailure)
        }
    }
}
