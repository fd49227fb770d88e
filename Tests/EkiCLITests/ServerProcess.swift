import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real `eki serve` process on a free loopback port, for what only a real server shows:
/// sockets left open, connections refused, a process that dies. Stopped (SIGTERM) by `stop()`.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    /// The line it printed on start: "eki serving PATH on URL".
    let startLine: String
    private let errorLog = LogBox()

    /// Starts `eki serve --port 0` with `arguments`, and returns once the URL line is printed.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = EkiProcess.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["EKI_DB"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading
        let box = errorLog
        let thread = Thread {
            while true {
                let chunk = errors.readChunk()
                if chunk.isEmpty { return }
                box.append(chunk)
            }
        }
        thread.start()
        // "eki serving PATH on http://127.0.0.1:PORT"
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.readChunk()
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.range(of: ":", options: .backwards), let port = Int(text[colon.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            Thread.sleep(forTimeInterval: 0.2)
            throw ServerError("eki serve printed no URL: \(text) \(box.text.prefix(500))")
        }
        self.port = port
        startLine = text
    }

    /// What the server wrote on stderr so far (its log).
    var log: String { errorLog.text }

    var isRunning: Bool { process.isRunning }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// Waits until `condition` holds, looking every 0.1 s: for what a server does in its own time (a
/// log line on its way through the pipe, a closed connection noticed, its file looked at). There is
/// no deadline a busy machine could miss; after ten minutes it gives up as a guard against a hang,
/// which is never what a test measures.
func waitUntil(_ condition: () throws -> Bool) rethrows {
    let hang = ContinuousClock.now + .seconds(600)
    while try !condition(), ContinuousClock.now < hang { Thread.sleep(forTimeInterval: 0.1) }
}

/// Bytes appended by one thread, read by others.
final class LogBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

/// One TCP connection to the server, spoken to in raw bytes: requests no HTTP client would send.
final class RawConnection {
    let fd: Int32

    init(port: Int, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw ServerProcess.ServerError("connect: \(String(cString: strerror(errno)))")
        }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    @discardableResult
    func send(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    func send(_ text: String) { send(Data(text.utf8)) }

    /// Everything until the server closes the connection; nil when it did not within the timeout.
    func readToClose() -> Data? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return received }
            if count < 0 { return errno == ECONNRESET ? received : nil }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// One response's head and as much body as arrives with it (enough to read a status line).
    func readResponse() -> String {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The status code of the response's first line, nil when none came.
    static func status(_ response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
        return Int(parts[1])
    }
}
