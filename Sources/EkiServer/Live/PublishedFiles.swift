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

    func register(on router: Router<EkiRequestContext>) {
        router.get("/data/:file") { request, context in
            try await serve(context.parameters.get("file") ?? "", request: request, context: context)
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

    private func serve(_ name: String, request: Request, context: EkiRequestContext) async throws -> Response {
        guard let path = path(for: name) else { throw Problem.notFound("no published file named \(name.debugDescription)") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        let isManifest = name.hasSuffix(".json")
        var headers: HTTPFields = [
            .contentType: isManifest ? "application/json; charset=utf-8" : name.hasSuffix(".zip") ? "application/zip" : "application/octet-stream",
            // The manifest changes with each publication; an archive's name carries its version.
            .cacheControl: isManifest ? "no-cache" : "public, max-age=31536000, immutable",
            .acceptRanges: "bytes",
        ]
        // A download that broke off resumes with `Range: bytes=N-` (the Downloader sends it).
        // Another unit, or several ranges, get the whole file (RFC 9110 §14.2).
        if let range = request.headers[.range], Self.isOneByteRange(range) {
            guard let bytes = Self.byteRange(range, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)"
            headers[.contentLength] = String(bytes.count)
            let body = try await FileIO().loadFile(path: path, range: bytes, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
        headers[.contentLength] = String(size)
        return Response(status: .ok, headers: headers, body: try await FileIO().loadFile(path: path, context: context))
    }

    /// Whether a Range header asks for one range of bytes (the unit in any case). Any other unit
    /// must be ignored; several ranges may be: both are answered with the whole file.
    static func isOneByteRange(_ header: String) -> Bool {
        header.prefix(6).lowercased() == "bytes=" && !header.contains(",")
    }

    /// One range within a file of `size` bytes (RFC 9110 §14.1.2): `bytes=N-`, `bytes=N-M`, or the
    /// last N bytes, `bytes=-N` (the whole file when N is larger); nil when unsatisfiable.
    static func byteRange(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard isOneByteRange(header) else { return nil }
        let parts = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        if parts[0].isEmpty {
            // A suffix: digits only, so no sign; a number past Int is as good as "all of it".
            guard !parts[1].isEmpty, size > 0 else { return nil }
            let count = Int(parts[1]) ?? Int.max
            guard count > 0 else { return nil }
            return max(0, size - count)...(size - 1)
        }
        guard let first = Int(parts[0]), first < size else { return nil }
        let last = parts[1].isEmpty ? size - 1 : min(Int(parts[1]) ?? Int.max, size - 1)
        guard last >= first else { return nil }
        return first...last
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
