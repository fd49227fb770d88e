import ArgumentParser
import EkiData
import EkiStore
import Foundation

/// `eki data update`: install a newer published dataset as the live database, verified, atomically.
struct DataUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Install a newer published dataset as the live database.",
        discussion: """
            Reads the manifest at URL (http://, https://, file:// or a folder path), and when it offers a \
            newer version than the one installed, downloads it, checks its size, SHA-512 and schema, opens \
            it, and renames it over the live database, keeping the old one for `eki data rollback`. A \
            running `eki serve` switches to it within a second. Nothing changes when any check fails.
            """)

    @Option(name: .long, help: ArgumentHelp("Where the dataset is published: a URL or folder holding manifest.json.", valueName: "url"))
    var from: String

    @OptionGroup var database: DatabaseOptions
}

extension DataUpdateCommand {
    func run() async throws {
        let live = LiveDatabase(url: database.url)
        let interruption = UpdateInterruption(live)
        defer { interruption.cancel() }
        let showSteps = Terminal.stderrIsTerminal
        let updater = DatasetUpdater(report: { line in if showSteps { Terminal.error(line) } })
        try await dataStep {
            let source = try UpdateSource(from)
            switch try await updater.update(from: source, live: live) {
            case .upToDate(let installed, let offered):
                print("already up to date: version \(installed.map(String.init) ?? "?") is live, \(source.name) offers version \(offered.version)")
            case .installed(let manifest, let replaced):
                let kept = replaced.map { "version \($0)" } ?? "the database imported here"
                print("updated \(live.url.path) to \(manifest.summary); \(kept) kept for `eki data rollback`")
            }
        }
    }
}

/// Removes the update's work files if it is interrupted (Ctrl-C, kill), then exits; the live
/// database is only ever replaced by one rename, so it is whole either way.
final class UpdateInterruption {
    private let sources: [any DispatchSourceSignal]

    init(_ live: LiveDatabase) {
        sources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                live.removeWorkFiles()
                Terminal.error("eki: update interrupted; its work files are removed and the live database is whole")
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
