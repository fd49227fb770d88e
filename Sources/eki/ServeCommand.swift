import ArgumentParser
import EkiServer
import Foundation
import Logging

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the timetable as a JSON API over HTTP (described at /api/openapi.json).",
        discussion: """
            Stops gracefully on SIGINT (Ctrl-C) or SIGTERM, finishing the requests under way. Follows the \
            database file: after `eki data update` or `eki data rollback` it serves the new data within a \
            second, without a restart.
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

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let publish {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: publish, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--publish \(publish) is not a folder: make it with `eki data publish --out \(publish)`")
            }
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }
}

extension ServeCommand {
    func run() async throws {
        let timetable = try database.open()
        var logger = Logger(label: "eki.server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let published = publish.map { URL(fileURLWithPath: $0).standardizedFileURL }
        let app = try buildApplication(timetable: timetable, configuration: ServerConfiguration(host: host, port: port),
                                       logger: logger, published: published) { url in
            // The one line on stdout: scripts read the URL (and the port, when 0 was asked) from it.
            FileHandle.standardOutput.write(Data("eki serving \(timetable.url.path) on \(url)\n".utf8))
        }
        do {
            try await app.runService()
        } catch {
            throw failure("cannot serve on \(host):\(port): \(error)")
        }
    }
}
