import EkiData
import EkiTestSupport
import Foundation
import Testing

/// One file from the loopback server, with every fault a real network produces.
@Suite struct DownloaderTests {
    static let body = Data(#"[{"id": "Op.A", "title": {"ja": "甲線", "en": "A Line"}}, {"id": "Op.B"}]"#.utf8)

    /// Short backoffs so that a retry costs a fraction of a second. The stall timeout is short only
    /// where a test wants a stall: on a loaded machine a short one could see stalls that are not there.
    static let stallTimeout = Duration.milliseconds(600)
    static func downloader(retries: Int = 2, timeout: Duration = .seconds(10), events: EventLog? = nil) -> Downloader {
        Downloader(timeout: timeout, retries: retries, backoff: Backoff(first: .milliseconds(20), limit: .milliseconds(50)),
                   progress: { event in events?.append(event) })
    }

    static func json(_ file: URL) throws { try JSONCheck.validate(file, as: .array) }

    /// Runs one download into a fresh folder and returns the error it threw (nil on success).
    static func run(_ server: LoopbackServer, _ downloader: Downloader, into scratch: ScratchFolder) async -> DownloadError? {
        do {
            try await downloader.download(server.baseURL.appendingPathComponent("railways.json"),
                                          to: scratch.file("railways.json"), validate: json)
            return nil
        } catch let error as DownloadError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    static func leftovers(_ scratch: ScratchFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? []).sorted()
    }

    @Test func transientServerErrorsAreRetriedUntilTheFileArrives() async throws {
        let server = try LoopbackServer { _, attempt in attempt <= 2 ? .status(503) : .ok(Self.body) }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let events = EventLog()
        let error = await Self.run(server, Self.downloader(events: events), into: scratch)
        #expect(error == nil)
        #expect(try Data(contentsOf: scratch.file("railways.json")) == Self.body)
        #expect(server.requests.count == 3)
        let retries = events.all.compactMap { event -> String? in
            if case let .retrying(file, attempt, of, _, reason) = event { return "\(file) \(attempt)/\(of) \(reason)" }
            return nil
        }
        #expect(retries == ["railways.json 2/3 HTTP 503 Service Unavailable", "railways.json 3/3 HTTP 503 Service Unavailable"])
        #expect(events.all.last == .finished(file: "railways.json", bytes: Int64(Self.body.count)))
        #expect(Self.leftovers(scratch) == ["railways.json"])
    }

    @Test func aPersistentServerErrorGivesUpWithTheStatusAndKeepsNothing() async throws {
        let server = try LoopbackServer { _, _ in .status(500) }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let error = await Self.run(server, Self.downloader(retries: 2), into: scratch)
        #expect(error?.description == "railways.json: HTTP 500 Internal Server Error (after 3 attempts)")
        #expect(server.requests.count == 3)
        #expect(Self.leftovers(scratch).isEmpty)
    }

    @Test func aMissingFileIsNotRetried() async throws {
        let server = try LoopbackServer { _, _ in .status(404) }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let error = await Self.run(server, Self.downloader(retries: 3), into: scratch)
        #expect(error?.description == "railways.json: HTTP 404 Not Found")
        #expect(server.requests.count == 1)
        #expect(Self.leftovers(scratch).isEmpty)
    }

    @Test func aBodyCutShortIsReportedWithItsByteCounts() async throws {
        let server = try LoopbackServer { _, _ in .truncated(Self.body.prefix(20), claimed: Self.body.count) }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let error = await Self.run(server, Self.downloader(retries: 1), into: scratch)
        // The second attempt asks for the rest (Range) and is cut short again, still at byte 20.
        #expect(error?.description == "railways.json: truncated at 20 of \(Self.body.count) bytes (after 2 attempts)")
        #expect(Self.leftovers(scratch).isEmpty)
    }

    @Test func aBodyCutShortResumesFromWhereItStopped() async throws {
        let server = try LoopbackServer { _, attempt in
            attempt == 1 ? .truncated(Self.body.prefix(30), claimed: Self.body.count) : .ok(Self.body)
        }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let error = await Self.run(server, Self.downloader(), into: scratch)
        #expect(error == nil)
        #expect(server.requests.map { $0.headers["range"] } == [nil, "bytes=30-"])
        #expect(try Data(contentsOf: scratch.file("railways.json")) == Self.body)
    }

    @Test func aStalledConnectionTimesOutWithAClearMessage() async throws {
        let server = try LoopbackServer { _, _ in .stall }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let error = await Self.run(server, Self.downloader(retries: 1, timeout: Self.stallTimeout), into: scratch)
        #expect(error?.description == "railways.json: stalled for 0.6 s (after 2 attempts)")
        #expect(server.requests.count == 2)
        #expect(Self.leftovers(scratch).isEmpty)
    }

    @Test func anHTMLPageInsteadOfJSONIsRejectedAtOnce() async throws {
        let page = Data("<!DOCTYPE html><html><body>Rate limit exceeded</body></html>".utf8)
        let server = try LoopbackServer { _, _ in .ok(page, contentType: "text/html") }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let error = await Self.run(server, Self.downloader(), into: scratch)
        #expect(error?.description == "railways.json: not JSON at byte 0 (it starts like an HTML page: <!DOCTYPE html>…)")
        #expect(server.requests.count == 1)
        #expect(Self.leftovers(scratch).isEmpty)
    }

    @Test func aNewFileReplacesAnOldOneOnlyWhenValid() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("railways.json", "[\"old\"]")
        let server = try LoopbackServer { _, attempt in attempt == 1 ? .ok(Data("[1, 2".utf8)) : .ok(Self.body) }
        defer { server.stop() }
        let first = await Self.run(server, Self.downloader(), into: scratch)
        #expect(first?.description == "railways.json: not JSON: it ends early, at byte 5")
        #expect(try String(contentsOf: scratch.file("railways.json"), encoding: .utf8) == "[\"old\"]")
        let second = await Self.run(server, Self.downloader(), into: scratch)
        #expect(second == nil)
        #expect(try Data(contentsOf: scratch.file("railways.json")) == Self.body)
    }

    @Test func fileURLsAreCopiedAndChecked() async throws {
        let source = ScratchFolder(), scratch = ScratchFolder()
        defer { source.remove(); scratch.remove() }
        try source.write("stations.json", "[{\"id\": \"Op.A.A1\"}]")
        try await Self.downloader().download(source.file("stations.json"), to: scratch.file("stations.json"), validate: Self.json)
        #expect(try String(contentsOf: scratch.file("stations.json"), encoding: .utf8) == "[{\"id\": \"Op.A.A1\"}]")
        await #expect(throws: DownloadError(file: "nope.json", reason: .missing, attempts: 1)) {
            try await Self.downloader().download(source.file("nope.json"), to: scratch.file("nope.json"), validate: Self.json)
        }
        #expect(Self.leftovers(scratch) == ["stations.json"])
    }

    @Test func backoffDoublesUpToItsLimit() {
        let backoff = Backoff(first: .seconds(1), factor: 2, limit: .seconds(5))
        #expect((1...5).map { backoff.delay(beforeRetry: $0) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    }
}

/// Events collected from the downloader's callback, which runs on URLSession's threads.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [DownloadEvent] = []
    func append(_ event: DownloadEvent) { lock.withLock { events.append(event) } }
    var all: [DownloadEvent] { lock.withLock { events } }
}

extension DownloaderTests {
    /// `data` compressed by the system's gzip, as a web server would send it.
    static func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    }

    @Test func aGzippedBodyIsAskedForAndKeptDecoded() async throws {
        let body = Data(("[" + (1...400).map { #"{"id": "Op.A.\#($0)", "title": {"ja": "甲\#($0)"}}"# }.joined(separator: ", ") + "]").utf8)
        let compressed = try Self.gzip(body)
        #expect(compressed.count < body.count / 4)
        let server = try LoopbackServer { _, _ in .gzipped(compressed) }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let events = EventLog()
        let error = await Self.run(server, Self.downloader(events: events), into: scratch)
        #expect(error == nil)
        #expect(try Data(contentsOf: scratch.file("railways.json")) == body)
        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
        #expect(events.all.last == .finished(file: "railways.json", bytes: Int64(body.count)))
        // While compressed, the decoded size is unknown: no made-up total in the progress.
        #expect(events.all.allSatisfy { if case .received(_, _, let expected) = $0 { expected == nil } else { true } })
    }
}
