import Foundation

/// Gets one URL's bytes into one local file (replacing it), or throws saying why. `maximumBytes`:
/// what the caller will take at most; a transport that can should stop reading there (the updater
/// checks the size after, whatever the transport did).
public struct UpdateTransport: Sendable {
    public var fetch: @Sendable (_ url: URL, _ file: URL, _ maximumBytes: Int64) async throws -> Void

    public init(fetch: @escaping @Sendable (_ url: URL, _ file: URL, _ maximumBytes: Int64) async throws -> Void) {
        self.fetch = fetch
    }

    /// A transport that takes no limit (the updater still refuses a file over it).
    public init(fetch: @escaping @Sendable (_ url: URL, _ file: URL) async throws -> Void) {
        self.fetch = { url, file, _ in try await fetch(url, file) }
    }

    /// http(s) and file:// through the shared `Downloader` (retries, resumption, stall timeout).
    public static let standard = downloading(with: Downloader())

    public static func downloading(with downloader: Downloader) -> UpdateTransport {
        UpdateTransport { url, file, maximumBytes in
            do {
                try await downloader.download(url, to: file, maximumBytes: maximumBytes, validate: { _ in })
            } catch let error as DownloadError {
                // Named by the URL's last component: the work file's name means nothing to a person,
                // and the query string may hold a key.
                let tries = error.attempts > 1 ? " (after \(error.attempts) attempts)" : ""
                throw UpdateError.unreachable(url.lastPathComponent, "\(error.reason)\(tries)")
            }
        }
    }
}
