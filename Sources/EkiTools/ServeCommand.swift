import ArgumentParser
import EkiCLI
import EkiCore
import EkiData
import EkiServer
import EkiStore
import Foundation
import Logging

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: Commands.toolAbstract("serve"),
        discussion: """
            Stops gracefully on SIGINT (Ctrl-C) or SIGTERM, finishing the requests under way. Follows the \
            database file: after `eki data update` or `eki data rollback` it serves the new data within a \
            second, without a restart. Every connection is timed (header, idle, body, whole request) and \
            their number capped; fastest routes are worked out in the background for dates near today.
            """)

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port; the URL printed names it).")
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug (every request), info, notice, warning, error.", valueName: "level"))
    var logLevel = "info"

    @Option(name: .long, help: ArgumentHelp(
        "Also serve a folder made by `eki data publish` under /data/, for `eki data update --from http://host:port/data/`.",
        valueName: "dir"))
    var publish: String?

    @Option(name: .long, help: ArgumentHelp(
        "Check this publication (as `eki data update --from`) at start and every hour: a newer dataset is told in the log and /api/v1/info, never installed.",
        valueName: "url"))
    var updateFrom: String?

    @Option(name: .long, help: ArgumentHelp("Open connections at most; one more is answered 503 and closed.", valueName: "n"))
    var maxConnections = 512

    @Option(name: .long, help: ArgumentHelp("Open connections from one client address (an IPv6 /64) at most; one more is answered 503.", valueName: "n"))
    var maxConnectionsPerAddress = 64

    @Option(name: .long, help: ArgumentHelp(
        "The IP address of the one reverse proxy (HTTPS) in front: X-Forwarded-For is read from it only, to tell its clients apart.",
        valueName: "addr"))
    var trustedProxy: String?

    @Option(name: .long, help: ArgumentHelp("Seconds from a connection's opening (or a request's first byte) to the end of its header.", valueName: "s"))
    var headerTimeout = 10.0

    @Option(name: .long, help: ArgumentHelp("Seconds a kept-alive connection may wait for its next request.", valueName: "s"))
    var idleTimeout = 30.0

    @Option(name: .long, help: ArgumentHelp("Seconds from the end of a request's header to the end of its body.", valueName: "s"))
    var bodyTimeout = 30.0

    @Option(name: .long, help: ArgumentHelp("Seconds a request may go without progress: from its header to its answer, then between pieces the client reads.", valueName: "s"))
    var requestTimeout = 60.0

    @Option(name: .long, help: ArgumentHelp("Fastest routes are served from this many days before today…", valueName: "days"))
    var routeDaysBack = 1

    @Option(name: .long, help: ArgumentHelp("…to this many days after today (other dates get 422).", valueName: "days"))
    var routeDaysAhead = 30

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...1_000_000).contains(maxConnections) else { throw ValidationError("--max-connections must be from 1 to 1000000") }
        guard (1...1_000_000).contains(maxConnectionsPerAddress) else {
            throw ValidationError("--max-connections-per-address must be from 1 to 1000000")
        }
        if let trustedProxy, !ServerLimits.isIPAddress(trustedProxy) {
            throw ValidationError("--trusted-proxy \(trustedProxy) is not an IP address (such as 127.0.0.1 or ::1)")
        }
        for (name, value) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout),
                              ("--body-timeout", bodyTimeout), ("--request-timeout", requestTimeout)] {
            guard value.isFinite, (0.1...86_400).contains(value) else { throw ValidationError("\(name) must be a number of seconds from 0.1 to 86400") }
        }
        guard (0...366).contains(routeDaysBack), (0...366).contains(routeDaysAhead) else {
            throw ValidationError("--route-days-back and --route-days-ahead must be from 0 to 366")
        }
        if let publish {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: publish, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--publish \(publish) is not a folder: make it with `eki data publish --out \(publish)`")
            }
        }
        if let updateFrom { _ = try UpdateSource(updateFrom) }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }
}

extension ServeCommand {
    func run() async throws {
        // POST /api/v1/ticket/scan runs Tesseract: its OpenMP threads must not spin (CalmOpenMP).
        CalmOpenMP.restartIfNeeded()
        let timetable = try database.open(whole: true)
        // What imports and updates killed midway (kill -9) left beside the database: a server that
        // runs for months would otherwise keep them until the next import or update (issue 33).
        WorkFiles(for: database.url).removeStale()
        var logger = Logger(label: "eki.server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let published = publish.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var limits = ServerLimits()
        limits.maxConnections = maxConnections
        limits.maxConnectionsPerAddress = maxConnectionsPerAddress
        limits.trustedProxy = trustedProxy
        limits.headerTimeout = .seconds(headerTimeout)
        limits.idleTimeout = .seconds(idleTimeout)
        limits.bodyTimeout = .seconds(bodyTimeout)
        limits.requestTimeout = .seconds(requestTimeout)
        limits.routeDays = -routeDaysBack...routeDaysAhead
        limits.routeNetworkFolder = DatabaseLocation.cacheFolder()
        OpenFileLimit.raise(toServe: limits.maxConnections + limits.refusalSlack, logger: logger)
        let notice = UpdateNotice()
        let watch = try updateFrom.map { try UpdateWatch(source: UpdateSource($0), from: $0, live: LiveDatabase(url: database.url),
                                                         database: database.db, notice: notice, logger: logger) }
        let checks = watch.map { watch in Task { await watch.run() } }
        defer { checks?.cancel() }
        let app = try buildApplication(timetable: timetable, configuration: ServerConfiguration(host: host, port: port, limits: limits),
                                       logger: logger, published: published, notice: notice) { url in
            // The one line on stdout: scripts read the URL (and the port, when 0 was asked) from it.
            // A clock set by EKI_NOW is named in it, so that it is never left set by accident.
            let clock = RiderClock.notice.map { ", \($0)," } ?? ""
            FileHandle.standardOutput.write(Data("eki serving \(database.url.path)\(clock) on \(url)\n".utf8))
        }
        do {
            try await app.runService()
        } catch {
            throw failure("cannot serve on \(host):\(port): \(error)")
        }
    }
}

/// `eki serve --update-from`: the publication checked at start and every hour, as `eki data update
/// --check` checks it (manifest and signature; nothing downloaded). A newer dataset is told once in
/// the log, at notice level, and stays in /api/v1/info until a check finds it installed; a check
/// that fails is a warning, and the next one tries again. Installing stays the operator's choice.
struct UpdateWatch: Sendable {
    let source: UpdateSource
    /// The source as the operator typed it, for the command the log suggests.
    let from: String
    let live: LiveDatabase
    /// `--db` as the operator gave it, for the command the log suggests.
    let database: String?
    let notice: UpdateNotice
    let logger: Logger
    var every: Duration = .seconds(3600)

    func run() async {
        var told: Int64?
        let install = "eki data update --from \(from)" + (database.map { " --db \($0)" } ?? "")
        while !Task.isCancelled {
            // Only what the trusted publisher signed is ever told of, as only that is installed.
            guard (try? live.trustedKey()) != nil else {
                logger.warning("cannot check \(source.name) for a newer timetable: no publisher key is trusted for \(live.url.path); set one with `eki data trust PUBKEY\(database.map { " --db \($0)" } ?? "")` and restart")
                return
            }
            do {
                let updater = DatasetUpdater(transport: .downloading(with: Downloader(timeout: .seconds(30))), deadline: .seconds(120))
                switch try await updater.check(from: source, live: live) {
                case .newer(_, let offered):
                    notice.set(.init(version: offered.version, summary: offered.summary, source: source.name,
                                     snapshotDigest: offered.snapshotDigest, importedAt: offered.imported))
                    if told != offered.version {
                        logger.notice("新しい時刻表があります / a newer timetable is published: \(offered.summary) at \(source.name); `\(install)` installs it")
                        told = offered.version
                    }
                case .upToDate:
                    notice.set(nil)
                }
            } catch is CancellationError {
                return
            } catch {
                logger.warning("cannot check \(source.name) for a newer timetable: \(error)")
            }
            try? await Task.sleep(for: every)
        }
    }
}
