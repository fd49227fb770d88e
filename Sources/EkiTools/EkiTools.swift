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
        await main(nil)
    }
}
