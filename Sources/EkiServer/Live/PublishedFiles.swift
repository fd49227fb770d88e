import Foundation
import Hummingbird

/// `eki serve --publish DIR`: the published dataset (manifest.json and the compressed database)
/// under /data/, for `eki data update --from http://host:port/data/` on other machines.
///
/// Read-only and flat: only a plain file directly in DIR, named with letters, digits, `.`, `-` and `_`
/// and not starting with a dot (work files are hidden); no listing, nothing above DIR, no symlinks.
struct PublishedFiles: Sendable {
    let folder: URL

    static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")

    func register(on router: Router<BasicRequestContext>) {
        router.get("/data/:file") { request, context in
            try await serve(context.parameters.get("file") ?? "", context: context)
        }
    }

    /// The file's path when `name` is one we serve, else nil.
    func path(for name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("."), name.allSatisfy(Self.allowed.contains) else { return nil }
        let path = folder.appendingPathComponent(name).path
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else { return nil }
        return path
    }

    private func serve(_ name: String, context: BasicRequestContext) async throws -> Response {
        guard let path = path(for: name) else { throw Problem.notFound("no published file named \(name.debugDescription)") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        let body = try await FileIO().loadFile(path: path, context: context)
        let isManifest = name.hasSuffix(".json")
        return Response(status: .ok, headers: [
            .contentType: isManifest ? "application/json; charset=utf-8" : name.hasSuffix(".zip") ? "application/zip" : "application/octet-stream",
            .contentLength: String(size),
            // The manifest changes with each publication; an archive's name carries its version.
            .cacheControl: isManifest ? "no-cache" : "public, max-age=31536000, immutable",
        ], body: body)
    }
}
