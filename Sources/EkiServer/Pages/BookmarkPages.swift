import EkiCore
import EkiStore
import Foundation
import HTTPTypes
import Hummingbird

/// Bookmarks without JavaScript (issue 21): the ☆ button on a station page is a form that posts
/// here, and the server keeps the (station, direction) pairs in a cookie, then sends the rider
/// back (POST, 303, GET). Home shows each one's next departures from the cookie. With JavaScript,
/// app.js keeps bookmarks in localStorage as before and takes the cookie's in once.
struct CookieBookmarks: Equatable {
    static let name = "eki_bookmarks"
    /// At most this many bookmarks, and this many bytes of cookie: a browser keeps ~4 KB a cookie.
    static let maximum = 20
    static let maximumBytes = 2000

    var pairs: [Pair] = []
    struct Pair: Equatable { var station: String; var direction: String }

    /// The request's cookie, read defensively: anything malformed is skipped, never an error.
    init(_ request: Request) {
        for header in request.headers[values: .cookie] {
            for item in header.split(separator: ";") {
                let part = item.trimmingCharacters(in: .whitespaces)
                guard part.hasPrefix(Self.name + "=") else { continue }
                let value = part.dropFirst(Self.name.count + 1)
                guard value.utf8.count <= Self.maximumBytes else { continue }
                for entry in value.split(separator: "|") {
                    let ids = entry.split(separator: ":", omittingEmptySubsequences: false)
                    guard ids.count == 2, Self.isId(ids[0]), Self.isId(ids[1]) else { continue }
                    let pair = Pair(station: String(ids[0]), direction: String(ids[1]))
                    if !pairs.contains(pair), pairs.count < Self.maximum { pairs.append(pair) }
                }
            }
        }
    }

    init(pairs: [Pair]) { self.pairs = pairs }

    /// Ids as app.js checks them (isId): letters, digits, `.`, `_`, `-`; all safe in a cookie.
    static func isId<S: StringProtocol>(_ text: S) -> Bool {
        (1...200).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    func contains(station: String, direction: String) -> Bool { pairs.contains(Pair(station: station, direction: direction)) }

    var value: String { pairs.map { $0.station + ":" + $0.direction }.joined(separator: "|") }

    /// SameSite=Strict: a page on another site cannot make the browser send it along; not
    /// HttpOnly, so that app.js can take the bookmarks into localStorage.
    var setCookie: String {
        pairs.isEmpty ? "\(Self.name)=; Path=/; Max-Age=0; SameSite=Strict"
            : "\(Self.name)=\(value); Path=/; Max-Age=31536000; SameSite=Strict"
    }
}

extension WebPages {
    static func registerBookmarkPage<Router: RouterMethods>(on router: Router, timetable: Timetable, site: PageScope.Site) {
        router.post("/bookmark") { request, _ in
            let scope = PageScope(lang: language(request, default: site.language), site: site)
            do {
                guard sameOrigin(request) else {
                    throw PageError(.forbidden, ja: "他のサイトからの操作は受け付けません", en: "A request from another site is refused")
                }
                let form = try await self.form(request)
                let lang: PageLanguage = form["lang"] == "en" ? .en : form["lang"] == "ja" ? .ja : scope.lang
                let scope = PageScope(lang: lang, site: site)
                guard let station = form["station"].flatMap({ timetable.reference.stations[id: $0] }), let id = form["direction"],
                      try timetable.directions(at: station).contains(where: { $0.id == id }) else {
                    throw PageError(.badRequest, ja: "その駅と方向はありません", en: "No such station and direction")
                }
                var bookmarks = CookieBookmarks(request)
                let pair = CookieBookmarks.Pair(station: station.id, direction: id)
                if let index = bookmarks.pairs.firstIndex(of: pair) {
                    bookmarks.pairs.remove(at: index)
                } else {
                    bookmarks.pairs.append(pair)
                    guard bookmarks.pairs.count <= CookieBookmarks.maximum, bookmarks.value.utf8.count <= CookieBookmarks.maximumBytes else {
                        throw PageError(.unprocessableContent, ja: "ブックマークがいっぱいです。どれかを外してください",
                                        en: "Too many bookmarks: remove one first")
                    }
                }
                // Back to where the button was: home, or the station page at the bookmarked direction.
                let back = form["from"] == "home" ? scope.link("/")
                    : scope.link(Phrases.station("/station", station, reference: timetable.reference)) + "#dir-" + id
                return Response(status: .seeOther, headers: [.location: back, .setCookie: bookmarks.setCookie, .cacheControl: "no-store"])
            } catch let error as PageError {
                return scope.html(ErrorView(error, scope: scope), status: error.status)
            }
        }
    }

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// A post from this site's own page: the browser says where it came from and it must be here.
    /// Sec-Fetch-Site decides when sent; else Origin — which our Referrer-Policy: no-referrer
    /// makes "null" even for our own forms, so "null" is refused only then. A client that says
    /// neither (curl) is let in: the SameSite=Strict cookie is not sent from another site anyway.
    static func sameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[secFetchSite] { return site == "same-origin" }
        if let origin = request.headers[.origin] {
            guard let host = URLComponents(string: origin).flatMap({ components in
                components.host.map { $0 + (components.port.map { ":\($0)" } ?? "") }
            }) else { return false }
            let here = request.head.authority
            return here?.lowercased() == host.lowercased()
        }
        return true
    }

    /// An application/x-www-form-urlencoded body of at most 4 KB, as name → value (first wins).
    static func form(_ request: Request) async throws -> [String: String] {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            throw PageError(.unsupportedMediaType, ja: "フォームとして送ってください", en: "Send the form as application/x-www-form-urlencoded")
        }
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: 4096) } catch {
            throw PageError(.contentTooLarge, ja: "送られた内容が大きすぎます", en: "The form is too large")
        }
        var fields: [String: String] = [:]
        for item in String(buffer: buffer).split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first, let value = (parts.count == 2 ? parts[1] : "").replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                  let key = String(name).removingPercentEncoding, fields[key] == nil else { continue }
            fields[key] = value
        }
        return fields
    }
}
