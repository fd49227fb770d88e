import EkiStore
import Foundation
import Hummingbird

/// What the pages link to under /assets/: each file of `Resources/assets` under a name carrying a
/// hash of its content (`app.1a2b3c4d5e.css`), served with a year-long immutable Cache-Control,
/// so a browser never asks twice and never keeps an old copy; and `lines.css`, made from the
/// database: one class per railway colour (`.line-da0442{--line:#da0442}`), because the
/// Content-Security-Policy allows no style attributes. The service worker's shell comes from the
/// same manifest (`serviceWorker`). The plain names answer too, revalidated by ETag, for anything
/// that still links to them.
struct AssetManifest: Sendable {
    struct File: Sendable {
        var name: String
        /// `/assets/app.1a2b3c4d5e.css`
        var url: String
        var etag: String
        var body: ByteBuffer
        var contentType: String
    }

    /// By plain name and by hashed name.
    private let files: [String: File]
    /// `self.ekiManifest = {…};` then sw.js.
    let serviceWorker: ByteBuffer

    /// The service worker keeps these for offline use: home and the ticket page in both languages
    /// (a Shinkansen trip is followed where there is no signal) and the assets they load, and the
    /// board's (the bookmarks' boards are kept for offline, and their pages load board.js/.css).
    static let shell = ["app.css", "lines.css", "route.css", "trip.css", "ticket.css", "board.css", "app.js", "home.js", "trip.js", "ticket.js",
                        "route.js", "board.js", "offline.js", "icon.svg"]
    /// Home and the ticket page in the data's language and, by `?lang=`, in the other one.
    static func shellPages(language: PageLanguage) -> [String] {
        let other = language == .ja ? "en" : "ja"
        return ["/", "/?lang=" + other, "/ticket", "/ticket?lang=" + other]
    }

    init(web: WebFiles, railways: some Sequence<Reference.Railway>, language: PageLanguage = .ja) throws {
        var files: [String: File] = [:]
        func add(_ name: String, _ body: [UInt8], _ contentType: String) {
            let hash = String(CachedJSON.hex(CachedJSON.fnv1a(body)).prefix(10))
            let dot = name.lastIndex(of: ".") ?? name.endIndex
            let file = File(name: name, url: "/assets/" + name[..<dot] + "." + hash + name[dot...], etag: "\"\(hash)\"",
                            body: ByteBuffer(bytes: body), contentType: contentType)
            files[name] = file
            files[String(file.url.dropFirst("/assets/".count))] = file
        }
        for asset in web.assets { add(asset.name, asset.body, asset.contentType) }
        add("lines.css", Array(Self.lineColours(railways).utf8), "text/css; charset=utf-8")
        self.files = files

        let shell = Self.shellPages(language: language) + Self.shell.compactMap { files[$0]?.url }
        let urls = Dictionary(uniqueKeysWithValues: Self.shell.compactMap { name in files[name].map { (name, $0.url) } })
        let version = CachedJSON.hex(CachedJSON.fnv1a(Array(shell.joined(separator: " ").utf8)))
        let manifest = try JSONSerialization.data(withJSONObject: ["version": version, "shell": shell, "assets": urls,
                                                                   "lang": language.rawValue],
                                                  options: [.sortedKeys, .withoutEscapingSlashes])
        serviceWorker = ByteBuffer(string: "self.ekiManifest = " + String(decoding: manifest, as: UTF8.self) + ";\n" + web.serviceWorker)
    }

    /// The hashed URL of a file of the manifest, for a page to link to.
    func url(_ name: String) -> String { files[name]?.url ?? "/assets/" + name }

    /// A railway colour's class (`#DA0442` → `line-da0442`), nil for a colour that is not #RGB or
    /// #RRGGBB (the page then draws the line grey). home.js applies the same rule to kept bookmarks.
    static func lineClass(_ colour: String?) -> String? {
        guard let colour, colour.first == "#", [4, 7].contains(colour.utf8.count),
              colour.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return "line-" + colour.dropFirst().lowercased()
    }

    static func lineColours(_ railways: some Sequence<Reference.Railway>) -> String {
        let classes = Set(railways.compactMap(\.color).compactMap { colour in lineClass(colour).map { ($0, colour.lowercased()) } }.map { "\($0.0){--line:\($0.1)}" })
        return "/* Railway colours, from the database. */\n" + classes.sorted().map { "." + $0 }.joined(separator: "\n") + "\n"
    }

    /// GET /assets/:file — a hashed name is immutable; a plain name is revalidated by its ETag.
    func response(for name: String, request: Request) -> Response? {
        guard let file = files[name] else { return nil }
        let hashed = name != file.name
        var headers: HTTPFields = [.eTag: file.etag,
                                   .cacheControl: hashed ? "public, max-age=31536000, immutable" : "no-cache"]
        if let ifNoneMatch = request.headers[.ifNoneMatch], CachedJSON.matches(ifNoneMatch, file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.body))
    }
}
