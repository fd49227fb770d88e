import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP attempt: appends the body to a `.part` file (resuming it with a Range request when it
/// already holds bytes), reports progress, and drops the connection when no byte comes for `timeout`.
/// Throws a `DownloadError.Reason`; the caller decides whether to retry.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let part: URL
    private let name: String
    private let timeout: Duration
    private let maximumBytes: Int64?
    private let progress: @Sendable (DownloadEvent) -> Void

    // Everything below is touched from URLSession's delegate queue and the watchdog: under `lock`.
    private let lock = NSLock()
    private var handle: FileHandle?
    private var received: Int64 = 0
    private var expected: Int64?
    private var compressed = false
    private var lastActivity = ContinuousClock.now
    private var failure: DownloadError.Reason?
    private var continuation: CheckedContinuation<Void, any Error>?
    private var task: URLSessionDataTask?
    /// Bytes of a refused answer's body (an error page), read and dropped.
    private var dropped = 0
    private var cutOff = false

    init(url: URL, part: URL, name: String, timeout: Duration, maximumBytes: Int64? = nil,
         progress: @escaping @Sendable (DownloadEvent) -> Void) {
        self.url = url
        self.part = part
        self.name = name
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.progress = progress
    }

    func run() async throws {
        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: part.path) {
            guard fileManager.createFile(atPath: part.path, contents: nil) else {
                throw DownloadError.Reason.notSaved("cannot create \(part.lastPathComponent)")
            }
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: part)
            received = Int64(try handle.seekToEnd())
        } catch {
            throw DownloadError.Reason.notSaved(error.localizedDescription)
        }
        self.handle = handle
        defer { try? handle.close() }

        // Our watchdog judges stalls (it also covers a server that never answers); URLSession's own idle
        // timeout is only a backstop, set later so that the watchdog's clear verdict comes first.
        let backstop = timeout.seconds * 2 + 1
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: backstop)
        if received > 0 {
            // The part holds the file's own bytes (a compressed transfer is decoded as it arrives), so
            // the rest is asked for uncompressed: a range of the identity body is exactly what is missing.
            request.setValue("bytes=\(received)-", forHTTPHeaderField: "Range")
            request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        }
        // Otherwise URLSession offers gzip and decodes it: JSON shrinks about eightfold on the wire.

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = backstop
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }

        // A dispatch timer, not a sleeping task: when the cooperative pool is saturated (a busy test
        // run, a small machine), a stall must still be noticed on time.
        let watchdog = DispatchSource.makeTimerSource(queue: .global())
        let tick = DispatchTimeInterval.nanoseconds(max(1_000_000, Int(timeout.seconds * 1e9 / 4)))
        watchdog.schedule(deadline: .now() + tick, repeating: tick)
        watchdog.setEventHandler { [weak self] in self?.checkStalled() }
        watchdog.resume()
        defer { watchdog.cancel() }

        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                self.lock.withLock {
                    self.continuation = continuation
                    self.lastActivity = .now
                    let task = session.dataTask(with: request)
                    self.task = task
                    task.resume()
                    // Cancelled before the task existed: onCancel found nothing to cancel.
                    if Task.isCancelled { task.cancel() }
                }
            }
        } onCancel: {
            self.lock.withLock { self.task }?.cancel()
        }
    }

    private func checkStalled() {
        let stalledTask: URLSessionDataTask? = lock.withLock {
            guard failure == nil, continuation != nil, ContinuousClock.now - lastActivity > timeout else { return nil }
            failure = .stalled(seconds: timeout.seconds)
            return task
        }
        stalledTask?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 200
        let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        // A compressed body's length says nothing about the decoded bytes we count.
        let length = encoding == "identity" ? response.expectedContentLength : -1
        let proceed: Bool = lock.withLock {
            lastActivity = .now
            compressed = encoding != "identity"
            // A declared length past the limit is refused before any byte is written.
            if let maximumBytes, length > maximumBytes - (status == 206 ? received : 0) {
                failure = .tooLarge(limit: maximumBytes)
                return false
            }
            switch status {
            case 206:
                expected = length >= 0 ? received + length : nil
                return true
            case 200..<300:
                // A full body (the server ignored our Range, or there was nothing to resume): start over.
                if received > 0 {
                    do {
                        try handle?.truncate(atOffset: 0)
                    } catch {
                        failure = .notSaved(error.localizedDescription)
                        return false
                    }
                    received = 0
                }
                expected = length >= 0 ? length : nil
                return true
            case 416:
                // Our part is not a prefix of what the server has now: drop it, the retry starts clean.
                try? handle?.truncate(atOffset: 0)
                received = 0
                failure = .transport("the server refused to resume the download")
                return true
            default:
                failure = .status(status)
                return true
            }
        }
        // A refused answer's body (an error page) is read to its end and dropped, not cancelled: in
        // swift-corelibs-foundation a cancel that lands after a short body has completed the task
        // traps ("Trying to access a behaviour for a task that in not in the registry"; a 401 from
        // ODPT crashed the fetch that way). Only a declared length past the limit is cancelled here,
        // while the rest of that body is still to come.
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let event: DownloadEvent? = lock.withLock {
            if failure != nil {
                // A refused answer's body: dropped, and cut off if it goes on (the task is still running).
                dropped += data.count
                if dropped > 64 * 1024, !cutOff {
                    cutOff = true
                    task?.cancel()
                }
                return nil
            }
            guard let handle else { return nil }
            // No declared length, or a lying one: cut off at the limit, the rest never written.
            if let maximumBytes, received + Int64(data.count) > maximumBytes {
                failure = .tooLarge(limit: maximumBytes)
                task?.cancel()
                return nil
            }
            do {
                try handle.write(contentsOf: data)
            } catch {
                failure = .notSaved(error.localizedDescription)
                task?.cancel()
                return nil
            }
            received += Int64(data.count)
            lastActivity = .now
            return .received(file: name, bytes: received, expected: expected)
        }
        if let event { progress(event) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, outcome): (CheckedContinuation<Void, any Error>?, Result<Void, any Error>) = lock.withLock {
            let continuation = self.continuation
            self.continuation = nil
            return (continuation, Result { try self.verdict(error) })
        }
        continuation?.resume(with: outcome)
    }

    /// Why the attempt failed, in order of what is most telling: our own verdict (status, stall),
    /// then a short body, then whatever the connection said. Called under `lock`.
    private func verdict(_ error: (any Error)?) throws {
        if let failure { throw failure }
        // URLSession's backstop timeout: a stall our watchdog did not get to first.
        if (error as? URLError)?.code == .timedOut { throw DownloadError.Reason.stalled(seconds: timeout.seconds) }
        if let expected, received < expected {
            throw DownloadError.Reason.truncated(received: received, expected: expected)
        }
        guard let error else { return }
        if error is CancellationError || (error as? URLError)?.code == .cancelled {
            throw CancellationError()
        }
        if compressed, received > 0 {
            // No length to compare with: say how far the decoded file got before the connection broke.
            throw DownloadError.Reason.transport("the compressed transfer broke off after \(received) bytes")
        }
        throw Self.reason(for: error, timeout: timeout)
    }

    private static func reason(for error: any Error, timeout: Duration) -> DownloadError.Reason {
        guard let urlError = error as? URLError else { return .transport("connection failed") }
        // Our own words: URLError's text can carry the URL, and with it a key.
        switch urlError.code {
        case .timedOut: return .stalled(seconds: timeout.seconds)
        case .cannotFindHost, .dnsLookupFailed: return .transport("cannot find the server (DNS)")
        case .cannotConnectToHost: return .transport("cannot connect to the server")
        case .networkConnectionLost: return .transport("the connection was lost")
        case .notConnectedToInternet: return .transport("not connected to the internet")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .transport("the secure connection failed (TLS)")
        case .badServerResponse: return .transport("the server sent a malformed response")
        default: return .transport("connection failed (URL error \(urlError.code.rawValue))")
        }
    }
}

extension Duration {
    /// This duration in seconds, for APIs that take a TimeInterval.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
