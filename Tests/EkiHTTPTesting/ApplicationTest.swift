import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import ServiceLifecycle

/// Requests to an application in a test, as HummingbirdTesting does, without its HTTP client: that
/// one brings AsyncHTTPClient, HTTP/2 and a second BoringSSL into every build of the tests (about
/// four of a fresh clone's fifteen minutes of building, docs/PERFORMANCE.md).
///
/// `.router` hands each request to the application's responder in this process (no socket);
/// `.live` runs the server on a free port of 127.0.0.1 and talks HTTP/1.1 to it (`LiveClient`).
public enum TestMode: Sendable {
    case router, live
}

/// One answer, its body read whole.
public struct TestResponse: Sendable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    public var body: ByteBuffer
}

public protocol TestClientProtocol: Sendable {
    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse
    /// The live server's port; nil when requests go to the router in-process.
    var port: Int? { get }
}

extension TestClientProtocol {
    public func execute<Value>(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
                               _ check: (TestResponse) async throws -> Value) async throws -> Value {
        try await check(executeRequest(uri: uri, method: method, headers: headers, body: body))
    }

    public func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> TestResponse {
        try await executeRequest(uri: uri, method: method, headers: headers, body: body)
    }
}

extension ApplicationProtocol {
    /// Runs `body` with a client of this application (see `TestMode`), then stops what was started.
    public func test<Value>(_ mode: TestMode, _ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        switch mode {
        case .router:
            let client = RouterClient(responder: try await responder, logger: logger)
            return try await withServices(services) {
                for process in processesRunBeforeServerStart { try await process() }
                return try await body(client)
            }
        case .live:
            let app = OnAnyPort(base: self)
            return try await withServices([app]) {
                let port = await app.port.value()
                return try await body(LiveClient.OneShot(port: port))
            }
        }
    }
}

/// Runs `services` (when there are any) for as long as `body` takes, then shuts them down.
func withServices<Value>(_ services: [any Service], _ body: () async throws -> Value) async throws -> Value {
    if services.isEmpty { return try await body() }
    return try await withThrowingTaskGroup(of: Void.self) { group in
        let group2 = ServiceGroup(configuration: .init(services: services, logger: Logger(label: "test")))
        group.addTask { try await group2.run() }
        do {
            let value = try await body()
            await group2.triggerGracefulShutdown()
            try await group.waitForAll()
            return value
        } catch {
            await group2.triggerGracefulShutdown()
            throw error
        }
    }
}

/// Each request straight to the responder, with a context on a test channel.
struct RouterClient<Responder: HTTPResponder>: TestClientProtocol
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let responder: Responder
    let logger: Logger
    var port: Int? { nil }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
                              body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = Responder.Context(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        // A handler's error is what the server would answer 500 for (the app's own middleware turns
        // the errors it knows into answers before this).
        let response = (try? await responder.respond(to: request, context: context)) ?? Response(status: .internalServerError)
        let collected = Collected()
        try await response.body.write(collected)
        return TestResponse(status: response.status, headers: response.headers, body: collected.buffer.withLockedValue { $0 })
    }

    /// The body as the responder writes it.
    final class Collected: ResponseBodyWriter, Sendable {
        let buffer = NIOLockedValueBox(ByteBuffer())
        func write(_ part: ByteBuffer) async throws { buffer.withLockedValue { $0.writeImmutableBuffer(part) } }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

/// The application on port 0 of 127.0.0.1; `port` says which port the system gave it.
struct OnAnyPort<Base: ApplicationProtocol>: ApplicationProtocol, Service {
    let base: Base
    let port = Promised<Int>()

    var responder: Base.Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration.with(address: .hostname("127.0.0.1", port: 0)) }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        port.fulfil(channel.localAddress?.port ?? 0)
    }
}

/// A value that arrives once, awaited by any number of tasks.
final class Promised<Value: Sendable>: Sendable {
    private let state = NIOLockedValueBox<(value: Value?, waiting: [CheckedContinuation<Value, Never>])>((nil, []))

    func value() async -> Value {
        await withCheckedContinuation { waiter in
            let ready = state.withLockedValue { state -> Value? in
                if let value = state.value { return value }
                state.waiting.append(waiter)
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    func fulfil(_ value: Value) {
        let waiting = state.withLockedValue { state -> [CheckedContinuation<Value, Never>] in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in waiting { waiter.resume(returning: value) }
    }
}
