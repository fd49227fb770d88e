import ArgumentParser
import EkiCLI

/// `eki`: answers the read-only commands itself and hands the others (`Commands.tools`) to
/// `eki-tools` beside it, so that a board, a search or a route from a fresh process costs only what
/// they need to start: no web server, fetcher, importer or scanner linked in (docs/PERFORMANCE.md).
@main
struct Eki: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eki",
        abstract: Commands.abstract,
        discussion: Commands.discussion,
        version: Commands.version,
        subcommands: Commands.reading + ToolCommand.listed)

    static func main() {
        Commands.refuseUnreadableClock()
        ToolsBinary.handOver(CommandLine.arguments)
        // A board, a next train or a search in the plain shape a status bar sends, without
        // ArgumentParser's start-up; anything else (help, errors) is parsed by it as always.
        if var command = QuickStart.command(CommandLine.arguments) {
            do { try command.run() } catch { exit(withError: error) }
            return
        }
        main(nil)
    }
}
