import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (a free port chosen by the kernel) whose answers a test scripts
/// per request, faults included: a status, a body that ends before its Content-Length, a connection
/// that sends headers and then nothing. Plain sockets rather than a framework, because the faults are
/// exactly what a well-behaved framework refuses to produce.
final class LoopbackServer: @unchecked Sendable {
    struct Request: Sendable {
        let method: String
        /// The path without the query, percent-decoded (`/api/v4/odpt:Railway.json`).
        let path: String
        /// The raw request target as sent, query included.
        let target: String
        let headers: [String: String]

        var query: [String: String] {
            let items = URLComponents(string: "http://x" + target)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    enum Reply: Sendable {
        /// 200 with the body, or 206 with the rest when the request asks for a `bytes=N-` range.
        case ok(Data, contentType: String = "application/json")
        case status(Int, body: String = "")
        /// 200 with the body as sent (already gzip-compressed) and `Content-Encoding: gzip`.
        case gzipped(Data)
        /// Headers promise `claimed` bytes, the body sends `body`, then the connection closes.
        case truncated(Data, claimed: Int)
        /// 301 to another path of this server.
        case redirect(String)
        /// Headers promising a body, then silence until the client gives up.
        case stall
        /// The body a byte at a time, one every `every` (never stalled, never done in time).
        case trickle(Data, every: Duration)
        /// 200 with no Content-Length: the body ends when the connection does.
        case unsized(Data)
    }

    /// Answers a request; `attempt` counts the requests for this path so far (1 for the first).
    typealias Handler = @Sendable (_ request: Request, _ attempt: Int) -> Reply

    let port: Int
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var log: [Request] = []
    private var attempts: [String: Int] = [:]
    private var connections: Set<Int32> = []

    init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// Every request received so far, in order.
    var requests: [Request] { lock.withLock { log } }

    /// Stops listening and drops every open connection (stalled ones included).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        let open = lock.withLock { connections }
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit { close(listener) }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            lock.withLock { _ = connections.insert(client) }
            let thread = Thread { [self] in
                serve(client)
                lock.withLock { _ = connections.remove(client) }
                close(client)
            }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        let attempt: Int = lock.withLock {
            log.append(request)
            attempts[request.path, default: 0] += 1
            return attempts[request.path] ?? 1
        }
        switch handler(request, attempt) {
        case .ok(let body, let contentType):
            if let range = request.headers["range"], range.hasPrefix("bytes="),
               let start = Int(range.dropFirst("bytes=".count).prefix(while: \.isNumber)), start < body.count {
                let rest = body.subdata(in: start..<body.count)
                send(fd, head: 206, headers: ["Content-Type": contentType, "Content-Length": "\(rest.count)",
                                              "Content-Range": "bytes \(start)-\(body.count - 1)/\(body.count)"], body: rest)
            } else {
                send(fd, head: 200, headers: ["Content-Type": contentType, "Content-Length": "\(body.count)",
                                              "Accept-Ranges": "bytes"], body: body)
            }
        case .gzipped(let body):
            send(fd, head: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip",
                                          "Content-Length": "\(body.count)"], body: body)
        case .redirect(let location):
            send(fd, head: 301, headers: ["Location": location, "Content-Length": "0"], body: Data())
        case .status(let code, let body):
            send(fd, head: code, headers: ["Content-Type": "text/plain", "Content-Length": "\(body.utf8.count)"],
                 body: Data(body.utf8))
        case .truncated(let body, let claimed):
            send(fd, head: 200, headers: ["Content-Type": "application/json", "Content-Length": "\(claimed)",
                                          "Accept-Ranges": "bytes"], body: body)
        case .unsized(let body):
            send(fd, head: 200, headers: ["Content-Type": "application/json"], body: body)
        case .trickle(let body, let every):
            send(fd, head: 200, headers: ["Content-Type": "application/octet-stream", "Content-Length": "\(body.count)"], body: Data())
            for byte in body {
                Thread.sleep(forTimeInterval: Double(every.components.attoseconds) / 1e18 + Double(every.components.seconds))
                var one = byte
                guard Glibc.send(fd, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
            }
        case .stall:
            send(fd, head: 200, headers: ["Content-Type": "application/json", "Content-Length": "1000"], body: Data())
            // Wait for the client to hang up (or stop() to shut the socket): read returns 0 then.
            var buffer = [UInt8](repeating: 0, count: 256)
            while read(fd, &buffer, buffer.count) > 0 {}
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Data("\r\n\r\n".utf8)
        while received.range(of: end) == nil {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(parts[1])
        let rawPath = String(target.prefix(while: { $0 != "?" }))
        return Request(method: String(parts[0]), path: rawPath.removingPercentEncoding ?? rawPath,
                       target: target, headers: headers)
    }

    private func send(_ fd: Int32, head status: Int, headers: [String: String], body: Data) {
        var text = "HTTP/1.1 \(status) \(HTTPURLResponse.localizedString(forStatusCode: status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Connection: close\r\n\r\n"
        var bytes = Data(text.utf8)
        bytes.append(body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
