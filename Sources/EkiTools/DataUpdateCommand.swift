import ArgumentParser
import EkiCLI
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

            Signed by default: only a dataset whose manifest carries the publisher's Ed25519 signature is \
            installed. Configure the publisher's public key once with `eki data trust PUBKEY` (kept beside \
            the database), or give it with --trust, which overrides. With no key, nothing is installed \
            unless you say --allow-unsigned; that also lets in a dataset the trusted key did not sign \
            because it is not signed at all, never one with a wrong signature.

            A version older than the newest ever installed here is refused as a downgrade, also after \
            `eki data rollback` (which does not lower it): say --allow-downgrade to install it anyway.

            With --check, only says whether the source offers a dataset this update would install (its \
            manifest and signature checked the same way); nothing is downloaded or changed.
            """)

    @Option(name: .long, help: ArgumentHelp("Where the dataset is published: a URL or folder holding manifest.json.", valueName: "url"))
    var from: String

    @Option(name: .long, help: ArgumentHelp(
        "Install only a dataset signed by this Ed25519 public key (a PEM file, or its base64 line), instead of the one `eki data trust` set.",
        valueName: "pubkey"))
    var trust: String?

    @Flag(name: .long, help: "Install a dataset without a signature (no key trusted, or none published). A wrong signature is refused all the same.")
    var allowUnsigned = false

    @Flag(name: .long, help: "Install a version older than the newest installed here (refused otherwise, also after a rollback).")
    var allowDowngrade = false

    @Flag(name: .long, help: "Only say whether a newer dataset is published (its manifest read and its signature checked as an update would); download and install nothing.")
    var check = false

    @Option(name: .long, help: ArgumentHelp("Give up on the whole update after this many seconds.", valueName: "s"))
    var timeout = 1800.0

    @Option(name: .long, help: ArgumentHelp("Drop a connection that sends nothing for this many seconds (then retry).", valueName: "s"))
    var stallTimeout = 30.0

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        for (name, value) in [("--timeout", timeout), ("--stall-timeout", stallTimeout)] {
            guard value.isFinite, (0.1...604_800).contains(value) else { throw ValidationError("\(name) must be a number of seconds from 0.1 to 604800") }
        }
    }
}

extension DataUpdateCommand {
    /// The update this check stands for, with the options it was given (the database, the key).
    var installCommand: String {
        var words = ["eki data update --from", from]
        if let db = database.db { words += ["--db", db] }
        if let trust { words += ["--trust", trust] }
        if allowUnsigned { words.append("--allow-unsigned") }
        if allowDowngrade { words.append("--allow-downgrade") }
        return words.joined(separator: " ")
    }

    func run() async throws {
        let live = LiveDatabase(url: database.url)
        let interruption = UpdateInterruption(live)
        defer { interruption.cancel() }
        let showSteps = Terminal.stderrIsTerminal
        try await dataStep {
            let key = try trust.map { try DatasetSignature.publicKey($0) }
            let transport = UpdateTransport.downloading(with: Downloader(timeout: .seconds(stallTimeout)))
            var updater = DatasetUpdater(transport: transport, trustedKey: key, allowUnsigned: allowUnsigned,
                                         allowDowngrade: allowDowngrade, deadline: .seconds(timeout),
                                         report: { line in if showSteps { Terminal.error(line) } })
            updater.warn = { line in Terminal.error("eki: warning: \(line)") }
            let source = try UpdateSource(from)
            if check {
                switch try await updater.check(from: source, live: live) {
                case .newer(let installed, let offered):
                    let live = installed.map { "version \($0) is live" }
                        ?? (FileManager.default.fileExists(atPath: database.url.path) ? "the live database was imported here" : "no database is live yet")
                    print("a newer dataset is published: \(source.name) offers \(offered.summary); \(live). "
                          + "`\(installCommand)` installs it")
                case .upToDate(let installed, let offered):
                    print(installed.map { "up to date: version \($0) is live, \(source.name) offers version \(offered.version)" }
                          ?? "up to date: \(source.name) offers version \(offered.version), nothing newer than the live database")
                }
                return
            }
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
