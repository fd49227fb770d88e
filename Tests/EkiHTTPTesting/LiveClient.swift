import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A plain HTTP/1.1 client of a live test server: one connection, one request at a time, the answer
/// read whole. No timeout of its own: a test that waits on a server guards hangs with its time limit,
/// it never times an answer (issue 27).
public final class LiveClient: TestClientProtocol, @unchecked Sendable {
    /// For HummingbirdTesting's spelling of a client with its own connection; the timeout is kept for
    /// callers that name one and not applied (see above).
    public struct Configuration: Sendable {
        public var timeout: Duration
        public init(timeout: Duration = .seconds(600)) { self.timeout = timeout }
    }

    typealias Connection = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    public let port: Int?
    let host: String
    // Used by one task at a time (`withClient` hands the client to one closure): no lock needed for
    // the iterator, which is why the class is @unchecked Sendable.
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    private let busy = NIOLockedValueBox(false)

    private init(host: String, port: Int, outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>,
                 inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator) {
        self.host = host
        self.port = port
        self.outbound = outbound
        self.inbound = inbound
    }

    /// A connection to `host:port` for as long as `body` runs, then closed.
    public static func withClient<Value>(host: String, port: Int, configuration: Configuration = .init(),
                                         _ body: (LiveClient) async throws -> Value) async throws -> Value {
        let connection = try await connect(host: host, port: port)
        return try await connection.executeThenClose { inbound, outbound in
            try await body(LiveClient(host: host, port: port, outbound: outbound, inbound: inbound.makeAsyncIterator()))
        }
    }

    static func connect(host: String, port: Int) async throws -> Connection {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHTTPClientHandlers()
                return try Connection(wrappingChannelSynchronously: channel)
            }
        }
    }

    public func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await executeRequest(uri: uri, method: .get, headers: headers, body: nil)
    }

    public func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        precondition(busy.withLockedValue { busy in defer { busy = true }; return !busy }, "one request at a time on a LiveClient")
        defer { busy.withLockedValue { $0 = false } }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
        head.headers.add(name: "Host", value: "\(host):\(port ?? 80)")
        for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
        if let body { head.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes)) }
        try await outbound.write(.head(head))
        if let body { try await outbound.write(.body(.byteBuffer(body))) }
        try await outbound.write(.end(nil))

        var answer: TestResponse?
        while let part = try await inbound.next() {
            switch part {
            case .head(let head):
                var fields = HTTPFields()
                for (name, value) in head.headers {
                    if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
                }
                answer = TestResponse(status: HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase),
                                      headers: fields, body: ByteBuffer())
            case .body(var part):
                answer?.body.writeBuffer(&part)
            case .end:
                guard let answer else { throw LiveClientError.noAnswer(uri) }
                return answer
            }
        }
        throw LiveClientError.closed(uri)
    }

    /// Requests on a fresh connection each (the client a `.live` test gets).
    struct OneShot: TestClientProtocol {
        let port: Int?
        init(port: Int) { self.port = port }

        func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
            try await LiveClient.withClient(host: "127.0.0.1", port: port!) { client in
                try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
            }
        }
    }
}

/// HummingbirdTesting's name for the client of a live server, kept so tests read the same.
public typealias TestClient = LiveClient

public enum LiveClientError: Error, CustomStringConvertible {
    case closed(String), noAnswer(String)
    public var description: String {
        switch self {
        case .closed(let uri): "the server closed the connection before answering \(uri)"
        case .noAnswer(let uri): "the server ended an answer to \(uri) that had no head"
        }
    }
}
