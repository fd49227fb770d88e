import ArgumentParser
import EkiCLI
import EkiData
import Foundation

/// `eki data fetch`: download a source's data folder, ready for `eki import`.
struct DataFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download a source's timetable data into a folder for eki import.",
        discussion: """
            minitokyo3d (the default) fetches, from the Mini Tokyo 3D repository's data/ folder, exactly the \
            files eki import reads: seven reference files and one train timetable per railway in railways.json. \
            odpt fetches the ODPT API v4 dumps (odpt_Railway.json, odpt_Station.json, …) with the consumer key \
            in $ODPT_CONSUMER_KEY; the key is sent, never shown.

            Every file must parse as JSON before it is kept. Files download into a staging folder beside the \
            target, which takes the target's place in one rename only when every file arrived and parsed: a \
            failed or interrupted fetch leaves the target as it was. A failing download is retried up to 4 \
            times (waiting 1, 2, 4, 8 s); a dropped or stalled one (nothing for 30 s) resumes where it stopped \
            with an HTTP Range request. A fetch that fails anyway is discarded whole: the next run starts clean.
            """)

    @Option(name: .long, help: ArgumentHelp("The source to fetch.", valueName: "source"))
    var source: FetchSource = .minitokyo3d

    @Option(name: .long, help: ArgumentHelp(
        "The data folder to fill; an earlier fetch there is replaced whole.",
        discussion: "Defaults to $XDG_DATA_HOME/eki/sources/<source> (~/.local/share/eki/sources/<source>).",
        valueName: "dir"))
    var to: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp(
        "Where the source's files are: an http(s) URL, or a local folder (path or file:// URL).",
        discussion: "Defaults to \(SourceCatalogue.miniTokyo3DBaseURL) (minitokyo3d), \(SourceCatalogue.odptBaseURL) (odpt).",
        valueName: "url"))
    var baseURL: String?
}

extension FetchSource: ExpressibleByArgument {}

extension DataFetchCommand {
    func validate() throws {
        if let baseURL, Self.parseBaseURL(baseURL) == nil {
            throw ValidationError("--base-url must be an http(s) URL or a folder, not \(baseURL)")
        }
    }

    func run() async throws {
        let key = ProcessInfo.processInfo.environment[SourceCatalogue.odptKeyVariable]
        let target = to.map { URL(fileURLWithPath: $0) } ?? SourceCatalogue.defaultFolder(source)
        let base = baseURL.flatMap(Self.parseBaseURL)
        let redactor = Fetcher(source: source, consumerKey: key)
        let view = FetchProgressView(live: Terminal.stderrIsTerminal, redact: { redactor.redacted($0) })
        let fetcher = Fetcher(source: source, baseURL: base, consumerKey: key,
                              downloader: Downloader(progress: { view.download($0) }),
                              events: { view.stage($0) })

        let interruption = FetchInterruption(target: target)
        defer { interruption.cancel() }
        let result: Fetcher.Result
        do {
            result = try await fetcher.fetch(into: target)
        } catch let error as FetchError {
            view.abandon()
            let kept = error == .missingKey ? "" : "; \(target.path) was left as it was"
            throw failure(fetcher.redacted("fetch failed: \(error.description)\(Self.hint(error, source: source))\(kept)"))
        }
        print("Fetched \(source.rawValue) into \(result.folder.path): \(Terminal.number(result.files)) files, \(Terminal.byteCount(result.bytes))")
        print("Next: eki import \(Self.shellQuoted(result.folder.path))")
    }

    /// An http(s) or file URL as given, or a path (relative to here) as a folder URL.
    static func parseBaseURL(_ text: String) -> URL? {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased() {
            guard ["http", "https", "file"].contains(scheme), url.host != nil || scheme == "file" else { return nil }
            return url
        }
        guard !text.isEmpty else { return nil }
        return URL(fileURLWithPath: text, isDirectory: true)
    }

    /// ODPT refuses a wrong or expired key with 401 or 403: say where the key comes from.
    static func hint(_ error: FetchError, source: FetchSource) -> String {
        guard source == .odpt, case .download(let download) = error, case .status(let code) = download.reason,
              code == 401 || code == 403 else { return "" }
        return " (check \(SourceCatalogue.odptKeyVariable))"
    }

    static func shellQuoted(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+~:@".contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// Ctrl-C or kill during a fetch: remove the staging folder, put any set-aside folder back, exit.
final class FetchInterruption {
    private let sources: [any DispatchSourceSignal]

    init(target: URL) {
        sources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                Fetcher.recoverInterrupted(target: target)
                FileHandle.standardError.write(Data("\neki: fetch interrupted; \(target.path) was left as it was\n".utf8))
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
