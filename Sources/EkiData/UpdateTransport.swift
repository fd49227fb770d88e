import Foundation

/// Gets one URL's bytes into one local file (replacing it), or throws saying why.
public struct UpdateTransport: Sendable {
    public var fetch: @Sendable (_ url: URL, _ file: URL) async throws -> Void

    public init(fetch: @escaping @Sendable (_ url: URL, _ file: URL) async throws -> Void) {
        self.fetch = fetch
    }

    /// http(s) and file:// through the shared `Downloader` (retries, resumption, stall timeout).
    public static let standard = downloading(with: Downloader())

    public static func downloading(with downloader: Downloader) -> UpdateTransport {
        UpdateTransport { url, file in
            do {
                try await downloader.download(url, to: file, validate: { _ in })
            } catch let error as DownloadError {
                // Named by the URL's last component: the work file's name means nothing to a person,
                // and the query string may hold a key.
                let tries = error.attempts > 1 ? " (after \(error.attempts) attempts)" : ""
                throw UpdateError.unreachable(url.lastPathComponent, "\(error.reason)\(tries)")
            }
        }
    }
}
