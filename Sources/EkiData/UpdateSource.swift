import Foundation

/// Where a published dataset is: an http(s) URL, a file:// URL or a plain folder path, naming the
/// folder (manifest.json inside) or the manifest itself (anything ending in .json).
public struct UpdateSource: Sendable, Equatable {
    public let manifestURL: URL
    /// What the messages call it: the text as given, without a query string (it may hold a key).
    public let name: String

    public init(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        let given: URL
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("file://") {
            guard let url = URL(string: trimmed), url.host != nil || url.isFileURL else {
                throw UpdateError.unreachable(trimmed, "not a valid URL")
            }
            given = url
        } else if lowered.contains("://") {
            throw UpdateError.unreachable(trimmed, "only http://, https://, file:// or a folder path")
        } else {
            guard !trimmed.isEmpty else { throw UpdateError.unreachable("--from", "empty") }
            given = URL(fileURLWithPath: trimmed)
        }
        manifestURL = given.pathExtension.lowercased() == "json"
            ? given : given.appendingPathComponent(DatasetManifest.fileName)
        name = trimmed.split(separator: "?", maxSplits: 1).first.map(String.init) ?? trimmed
    }

    /// The dataset file the manifest names, in the manifest's folder.
    func file(_ name: String) -> URL {
        manifestURL.deletingLastPathComponent().appendingPathComponent(name)
    }
}
