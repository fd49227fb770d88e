import EkiImport
import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Logging
import Synchronization
import Testing

/// A running server follows its database file: an update renamed over it is served without a
/// restart, requests keep succeeding while it happens, and answers (and ETags) are the new data's.
/// The tests look at the file themselves (`LiveResponder.checkFile`, which a server's watcher calls
/// once a second): what they assert follows the check, never a wall-clock wait for it.
@Suite struct HotSwapTests {
    static let schedule = "/api/v1/schedule?date=2026-11-24"
    /// Clients that wait for an answer however long a busy machine takes (the test framework's own
    /// gives up after 20 s, and a loaded CI machine has taken longer): a hang guard, not a measure.
    static let patient = TestClient.Configuration(timeout: .seconds(600))

    /// The hand-written Tokyo (5 railways) and a two-railway database, renamed over the live path
    /// in turn: each test's own copies, in its own scratch folder.
    // Immutable after init; ScratchFolder is a plain URL holder that is not marked Sendable.
    struct Files: @unchecked Sendable {
        let scratch = ScratchFolder()
        let tokyo: URL
        let mini: URL
        var live: URL { scratch.file("live/timetable.sqlite") }

        init() throws {
            tokyo = scratch.file("tokyo.sqlite")
            try FileManager.default.copyItem(at: TokyoFixtureFile.url(), to: tokyo)
            mini = scratch.file("mini.sqlite")
            let folder = try MiniFolder(trains: """
                [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
                  "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]}]
                """)
            defer { folder.remove() }
            _ = try Importer().run(folder: folder.url, database: mini)
            try FileManager.default.createDirectory(at: live.deletingLastPathComponent(), withIntermediateDirectories: true)
            try put(tokyo)
        }

        /// What `eki data update` does: a new name for the file, renamed over the live path.
        func put(_ database: URL) throws {
            let staged = live.deletingLastPathComponent().appendingPathComponent(".staged-\(UUID().uuidString)")
            try FileManager.default.linkItem(at: database, to: staged)
            guard rename(staged.path, live.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    /// A server over the live path, and its file check, which only the test calls.
    static func application(_ live: URL, logger: Logger = Logger(label: "test", factory: { _ in LogLines() })) throws
        -> (app: some ApplicationProtocol, responder: LiveResponder) {
        let clock = APIClient.tuesdayMorning
        let responder = try LiveResponder(timetable: Timetable(url: live), logger: logger, interval: nil) {
            try buildRouter(timetable: $0, clock: { clock }).buildResponder()
        }
        return (Application(responder: responder), responder)
    }

    /// How many railways a schedule answer lists (5 in the hand-written Tokyo, 2 mini); nil for
    /// anything but a 200.
    static func railways(_ status: HTTPResponse.Status, _ body: ByteBuffer?) -> Int? {
        guard status == .ok, let body,
              let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any] else { return nil }
        return (object["railways"] as? [Any])?.count
    }

    @Test func swapsUnderLoadWithoutFailingARequest() async throws {
        let files = try Files()
        defer { files.scratch.remove() }
        let (app, responder) = try Self.application(files.live)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let tally = Tally()
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Four clients, each on its own connection, asking as fast as they can.
                for _ in 0..<4 {
                    group.addTask {
                        try await TestClient.withClient(host: "localhost", port: port, configuration: Self.patient) { load in
                            while !tally.stop.load(ordering: .relaxed) {
                                do {
                                    let response = try await load.get(Self.schedule)
                                    let count = Self.railways(response.status, response.body)
                                    tally.seen.withLock { seen in
                                        if let count { seen.ok += 1; seen.counts.insert(count) } else { seen.failed.append("status \(response.status.code)") }
                                    }
                                } catch {
                                    tally.seen.withLock { $0.failed.append("\(error)") }
                                }
                            }
                        }
                    }
                }
                // Each swap happens while the clients are busy (after 20 more of their answers): the
                // file renamed over the live path and looked at; from then on the new data (and a
                // fresh ETag) is served.
                try await TestClient.withClient(host: "localhost", port: port, configuration: Self.patient) { checker in
                    var lastTag: String?
                    for (round, database) in [files.mini, files.tokyo, files.mini, files.tokyo].enumerated() {
                        try await tally.waitForAnswers(20)
                        try files.put(database)
                        responder.checkFile()
                        let expected = database == files.mini ? 2 : 5
                        let answer = try await checker.get(Self.schedule)
                        #expect(Self.railways(answer.status, answer.body) == expected, "round \(round)")
                        let tag = answer.headers[.eTag]
                        #expect(tag != nil && tag != lastTag, "round \(round): the ETag must change with the data")
                        if let lastTag {
                            let revalidated = try await checker.get(Self.schedule, headers: [.ifNoneMatch: lastTag])
                            #expect(revalidated.status == .ok, "round \(round): the old data's ETag must not get a 304")
                        }
                        lastTag = tag
                    }
                }
                tally.stop.store(true, ordering: .relaxed)
                try await group.waitForAll()
            }
            let result = tally.seen.withLock { $0 }
            #expect(result.failed.isEmpty, "\(result.failed.prefix(3))")
            #expect(result.ok >= 80)
            #expect(result.counts == [2, 5])
        }
    }

    @Test func aFileThatDoesNotOpenKeepsTheOldDataServed() async throws {
        let files = try Files()
        defer { files.scratch.remove() }
        let lines = LogLines()
        let (app, responder) = try Self.application(files.live, logger: Logger(label: "test", factory: { _ in lines }))
        try await app.test(.router) { client in
            let first = try await client.execute(uri: Self.schedule, method: .get) { Self.railways($0.status, $0.body) }
            #expect(first == 5)
            let garbage = files.scratch.file("garbage.sqlite")
            try Data("not a database at all".utf8).write(to: garbage)
            try files.put(garbage)
            // Not looked at yet: the old data, and nothing logged.
            let before = try await client.execute(uri: Self.schedule, method: .get) { Self.railways($0.status, $0.body) }
            #expect(before == 5 && lines.errors.isEmpty)
            // Looked at: said once in the log, the old data still served — also when looked at again.
            responder.checkFile()
            responder.checkFile()
            #expect(lines.errors.count == 1)
            #expect(lines.errors.first?.hasPrefix("a new database at \(files.live.path) cannot be used, still serving the previous one: ") == true)
            let after = try await client.execute(uri: Self.schedule, method: .get) { Self.railways($0.status, $0.body) }
            #expect(after == 5)
            // A good file after the bad one is picked up.
            try files.put(files.mini)
            responder.checkFile()
            let railways = try await client.execute(uri: Self.schedule, method: .get) { Self.railways($0.status, $0.body) }
            #expect(railways == 2)
            #expect(lines.errors.count == 1)
        }
    }
}

/// What the load clients saw, shared between their tasks.
final class Tally: Sendable {
    let stop = Atomic<Bool>(false)
    let seen = Mutex<(ok: Int, failed: [String], counts: Set<Int>)>((0, [], []))

    /// Returns once `more` answers have come in, however long a busy machine takes for them.
    func waitForAnswers(_ more: Int) async throws {
        let target = seen.withLock { $0.ok + $0.failed.count } + more
        while seen.withLock({ $0.ok + $0.failed.count }) < target {
            try await Task.sleep(for: .milliseconds(5))   // a pause between looks, not a deadline
        }
    }
}

/// Collects the error lines a server logs.
final class LogLines: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var errors: [String] { lock.withLock { stored } }
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.level >= .error else { return }
        lock.withLock { stored.append(event.message.description) }
    }
}
