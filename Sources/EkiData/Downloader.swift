import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one URL into one file, or fails saying which file and why.
///
/// The body goes to `<file>.part` beside the target; a retry after a dropped or stalled connection
/// resumes that part with an HTTP Range request (or starts over if the server ignores the range).
/// Only a complete body that passes `validate` is renamed to `file`: a failed download leaves no
/// `file` and no `.part` behind. `file://` URLs are copied, then validated the same way.
///
/// Messages name the file, never the URL, so a key in the query string (ODPT's consumer key)
/// cannot leak into an error, a log or a progress line.
public struct Downloader: Sendable {
    /// A connection that delivers no byte for this long is stalled: it is dropped and retried.
    public var timeout: Duration
    /// Further attempts after the first, for transient failures (5xx, 408, 429, dropped, stalled).
    public var retries: Int
    public var backoff: Backoff
    public var progress: @Sendable (DownloadEvent) -> Void

    public init(timeout: Duration = .seconds(30), retries: Int = 4, backoff: Backoff = .standard,
                progress: @escaping @Sendable (DownloadEvent) -> Void = { _ in }) {
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.progress = progress
    }

    /// Downloads `url` to `file` (replacing it), calling `validate` on the complete body before keeping it.
    /// `maximumBytes`: a body past this size is cut off and refused (`tooLarge`), never written whole.
    /// Throws `DownloadError` (or `CancellationError` when the task is cancelled).
    public func download(_ url: URL, to file: URL, maximumBytes: Int64? = nil, validate: (URL) throws -> Void) async throws {
        let name = file.lastPathComponent
        let part = file.appendingPathExtension("part")
        let fileManager = FileManager.default
        defer { try? fileManager.removeItem(at: part) }
        progress(.started(file: name))

        if url.isFileURL {
            try? fileManager.removeItem(at: part)
            if let maximumBytes, let size = (try? fileManager.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value,
               size > maximumBytes {
                throw DownloadError(file: name, reason: .tooLarge(limit: maximumBytes), attempts: 1)
            }
            do {
                try fileManager.copyItem(at: url, to: part)
                // A copy keeps the source's mode (read-only in a published snapshot); a fetched folder is ours.
                try? fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: part.path)
            } catch {
                throw DownloadError(file: name, reason: .missing, attempts: 1)
            }
        } else {
            try await fetchWithRetries(url, into: part, name: name, maximumBytes: maximumBytes)
        }

        do {
            try validate(part)
        } catch {
            throw DownloadError(file: name, reason: .invalid(String(describing: error)), attempts: 1)
        }
        let bytes = (try? fileManager.attributesOfItem(atPath: part.path)[.size] as? NSNumber)?.int64Value ?? 0
        do {
            if fileManager.fileExists(atPath: file.path) { try fileManager.removeItem(at: file) }
            try fileManager.moveItem(at: part, to: file)
        } catch {
            throw DownloadError(file: name, reason: .notSaved(error.localizedDescription), attempts: 1)
        }
        progress(.finished(file: name, bytes: bytes))
    }

    private func fetchWithRetries(_ url: URL, into part: URL, name: String, maximumBytes: Int64?) async throws {
        try? FileManager.default.removeItem(at: part)
        let attempts = retries + 1
        for attempt in 1...attempts {
            try Task.checkCancellation()
            let failure: DownloadError.Reason
            do {
                try await Transfer(url: url, part: part, name: name, timeout: timeout, maximumBytes: maximumBytes, progress: progress).run()
                return
            } catch let reason as DownloadError.Reason {
                failure = reason
            }
            guard failure.isTransient, attempt < attempts else {
                throw DownloadError(file: name, reason: failure, attempts: attempt)
            }
            let delay = backoff.delay(beforeRetry: attempt)
            progress(.retrying(file: name, attempt: attempt + 1, of: attempts, after: delay, reason: failure.description))
            try await Task.sleep(for: delay)
        }
    }
}

/// Waits between attempts: `first`, then `factor` times longer each time, never more than `limit`.
public struct Backoff: Sendable, Equatable {
    public var first: Duration
    public var factor: Double
    public var limit: Duration

    public init(first: Duration, factor: Double = 2, limit: Duration = .seconds(60)) {
        self.first = first
        self.factor = max(1, factor)
        self.limit = limit
    }

    /// 1 s, 2 s, 4 s, 8 s … up to 30 s: a busy server gets room, a person does not wait long.
    public static let standard = Backoff(first: .seconds(1), factor: 2, limit: .seconds(30))

    /// The wait before retry `n` (1 = the first retry).
    public func delay(beforeRetry n: Int) -> Duration {
        let scaled = first * pow(factor, Double(max(0, n - 1)))
        return min(scaled, limit)
    }
}

/// What a download is doing, for progress bars and logs. Files are named, URLs never are.
public enum DownloadEvent: Sendable, Equatable {
    case started(file: String)
    /// `bytes` so far of this file (including a resumed part); `expected` when the server said.
    case received(file: String, bytes: Int64, expected: Int64?)
    case retrying(file: String, attempt: Int, of: Int, after: Duration, reason: String)
    case finished(file: String, bytes: Int64)
}

/// A download that failed for good: which file, why, after how many attempts.
public struct DownloadError: Error, CustomStringConvertible, Equatable {
    public enum Reason: Error, CustomStringConvertible, Equatable, Sendable {
        /// The server answered with this HTTP status.
        case status(Int)
        /// The connection ended after `received` of the `expected` bytes.
        case truncated(received: Int64, expected: Int64)
        /// No byte arrived for this many seconds.
        case stalled(seconds: Double)
        /// The connection could not be made or broke (DNS, refused, reset…).
        case transport(String)
        /// A `file://` source that does not exist or cannot be read.
        case missing
        /// The complete body was not what the file should be (not JSON, wrong shape…).
        case invalid(String)
        /// The body was complete and valid but could not be written to its place.
        case notSaved(String)
        /// The body is larger than the caller takes (it was cut off there).
        case tooLarge(limit: Int64)

        public var isTransient: Bool {
            switch self {
            case .status(let code): code >= 500 || code == 408 || code == 429
            case .truncated, .stalled, .transport: true
            case .missing, .invalid, .notSaved, .tooLarge: false
            }
        }

        public var description: String {
            switch self {
            case .status(let code):
                "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code).capitalized)"
            case .truncated(let received, let expected):
                "truncated at \(received) of \(expected) bytes"
            case .stalled(let seconds):
                "stalled for \(Self.seconds(seconds)) s"
            case .transport(let what): what
            case .missing: "no such file"
            case .invalid(let why): why
            case .notSaved(let why): "could not be saved: \(why)"
            case .tooLarge(let limit): "larger than \(limit) bytes, more than it can be; refused"
            }
        }

        private static func seconds(_ value: Double) -> String {
            value >= 10 || value == value.rounded() ? String(Int(value.rounded())) : String(format: "%.1f", value)
        }
    }

    public let file: String
    public let reason: Reason
    public let attempts: Int

    public init(file: String, reason: Reason, attempts: Int) {
        self.file = file
        self.reason = reason
        self.attempts = attempts
    }

    public var description: String {
        attempts > 1 ? "\(file): \(reason) (after \(attempts) attempts)" : "\(file): \(reason)"
    }
}
