import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Logging
import Synchronization
import Testing

/// Issue 33, 2: while a copy of another database was written over the live file in place, requests
/// in the second before the watcher looked were read from the old connection — its cached pages and
/// the new file's bytes — and 52 of 1,374 got 200 with no departures. Each request now looks at the
/// file itself, before it is routed and once its answer is made: an answer read across the change is
/// not sent, nor kept for later. The tests never call `checkFile()` before the requests they judge
/// (the watcher's second is exactly the gap), and change the file at a known point of a request.
@Suite struct TornReadTests {
    /// Boards at one station of the hand-written Tokyo (HotSwapTests.Files), different enough to
    /// need different rows of the file: 中央通 on the 海岸線, both ways, morning, noon and evening.
    static let moments = [("Inbound", "2026-11-24T07:30"), ("Outbound", "2026-11-24T07:30"), ("Inbound", "2026-11-24T12:00"),
                          ("Outbound", "2026-11-24T18:45")]
    static let boards = moments.map { "/api/v1/departures?station=Umi.Kaigan.Chuodori&direction=\($0.0)&at=\($0.1)" }
    /// The same boards with their parameters in another order: the same queries (the same pages of
    /// the file), other answers in the answer cache.
    static let reordered = moments.map { "/api/v1/departures?at=\($0.1)&direction=\($0.0)&station=Umi.Kaigan.Chuodori" }

    /// How many departures a board lists; nil when the answer is not a 200 with a list.
    static func departures(_ status: HTTPResponse.Status, _ body: ByteBuffer) -> Int? {
        guard status == .ok,
              let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any] else { return nil }
        return (object["departures"] as? [Any])?.count
    }

    /// A 503 that says the database cannot be read now and when to ask again: what a request gets
    /// from a file changed in place, when it is not in memory.
    static func expectUnreadable(_ response: TestResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .serviceUnavailable,
                "\(what): \(response.status.code), \(departures(response.status, response.body).map { "\($0) departures" } ?? "")",
                sourceLocation: sourceLocation)
        #expect(response.headers[.retryAfter] == "5", "\(what)", sourceLocation: sourceLocation)
        let detail = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["detail"] as? String
        #expect(detail?.hasPrefix("the timetable database cannot be read right now") == true, "\(what): \(detail ?? "no detail")",
                sourceLocation: sourceLocation)
    }

    @Test func aRequestAfterAnInPlaceCopyIsNotAnsweredFromTheOldConnection() async throws {
        let files = try HotSwapTests.Files()
        defer { files.scratch.remove() }
        let lines = LogLines()
        let (app, responder) = try HotSwapTests.application(files.live, logger: Logger(label: "test", factory: { _ in lines }))
        try await app.test(.router) { client in
            // Every board read once, asked with its parameters in another order: the same queries,
            // so their pages are in the old connection's cache, but other answers in the answer cache.
            var before: [String: Int] = [:]
            for warm in Self.reordered {
                let count = try await client.execute(uri: warm, method: .get) { Self.departures($0.status, $0.body) }
                #expect((count ?? 0) > 0, "\(warm) before the copy")
                before[warm] = count
            }
            // `cp mini.sqlite live.sqlite`: another whole database written over the live file's bytes.
            try InPlaceChangeTests.overwriteInPlace(files.live, with: try Data(contentsOf: files.mini))
            // Before the watcher looks: neither the old data from cached pages nor what the old
            // connection makes of the new file's pages (main answered these 200).
            for board in Self.boards {
                let response = try await client.execute(uri: board, method: .get) { $0 }
                Self.expectUnreadable(response, board)
            }
            // Answers made before the change are still given from memory, as they were.
            for (warm, count) in before {
                let again = try await client.execute(uri: warm, method: .get) { Self.departures($0.status, $0.body) }
                #expect(again == count, "\(warm) from memory")
            }
            #expect(responder.isDamaged)
            #expect(lines.errors.count == 1)
            #expect(lines.errors.first?.hasPrefix("the database at \(files.live.path) was changed in place (same file, ") == true)
            // The watcher looks: the whole new file is served.
            responder.checkFile()
            #expect(!responder.isDamaged)
            let railways = try await client.execute(uri: "/api/v1/schedule?date=2026-11-25", method: .get) { HotSwapTests.railways($0.status, $0.body) }
            #expect(railways == 2)
            #expect(lines.errors.count == 1)
        }
    }

    @Test func anAnswerReadWhileTheFileIsWrittenOverIsNotSentNorKept() async throws {
        let files = try HotSwapTests.Files()
        defer { files.scratch.remove() }
        let lines = LogLines()
        let pending = PendingOverwrite(live: files.live)
        let clock = APIClient.tuesdayMorning
        // The real router behind one middleware that writes over the file as a request reaches it:
        // after the responder's first look, before any query.
        let responder = try LiveResponder(timetable: Timetable(url: files.live), logger: Logger(label: "test", factory: { _ in lines }),
                                          interval: nil) { timetable in
            let inner = try buildRouter(timetable: timetable, clock: { clock }).buildResponder()
            let router = Router(context: EkiRequestContext.self)
            router.add(middleware: pending)
            router.get("**") { request, context in try await inner.respond(to: request, context: context) }
            return router.buildResponder()
        }
        try await Application(responder: responder).test(.router) { client in
            let known = try await client.execute(uri: Self.boards[0], method: .get) { Self.departures($0.status, $0.body) }
            #expect((known ?? 0) > 0)

            pending.bytes.withLock { $0 = try? Data(contentsOf: files.mini) }
            let torn = try await client.execute(uri: Self.boards[1], method: .get) { $0 }
            #expect(pending.bytes.withLock { $0 } == nil, "the file must have been written over during the request")
            Self.expectUnreadable(torn, "the board read while the file was written over")
            #expect(responder.isDamaged)
            #expect(lines.errors.count == 1)

            // Not kept either: asked again, still not a 200 made from the changed file.
            let again = try await client.execute(uri: Self.boards[1], method: .get) { $0 }
            Self.expectUnreadable(again, "the same board asked again")
            // An answer made before the change is still given from memory.
            let cached = try await client.execute(uri: Self.boards[0], method: .get) { Self.departures($0.status, $0.body) }
            #expect(cached == known)
        }
    }
}

/// Writes `bytes` over the live file in place when the next request passes, once.
final class PendingOverwrite: RouterMiddleware, Sendable {
    typealias Context = EkiRequestContext
    let live: URL
    let bytes = Mutex<Data?>(nil)

    init(live: URL) { self.live = live }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let data = bytes.withLock({ pending in defer { pending = nil }; return pending }) {
            try InPlaceChangeTests.overwriteInPlace(live, with: data)
        }
        return try await next(request, context)
    }
}
