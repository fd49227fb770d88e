import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// Bookmarks without JavaScript (issue 21): ☆ posts a form, the server keeps the bookmark in a
/// cookie and redirects; home draws the cookie's bookmarks with their next departures. On the
/// hand-written Tokyo (`TokyoFixture`): 中央通's inbound side, toward 渋谷坂.
@Suite struct BookmarkPageTests {
    static let chuodori = "station=Umi.Kaigan.Chuodori&direction=Inbound"
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", WebPages.secFetchSite: "same-origin"]

    static func post(_ client: any TestClientProtocol, _ body: String, headers: HTTPFields = form) async throws -> (HTTPResponse.Status, HTTPFields) {
        try await client.execute(uri: "/bookmark", method: .post, headers: headers, body: ByteBuffer(string: body)) { ($0.status, $0.headers) }
    }

    @Test func bookmarkPostRedirectsWithTheCookieAndHomeShowsItsDepartures() async throws {
        try await WebPageTests.withFixturePages { client in
            let (status, headers) = try await Self.post(client, Self.chuodori)
            #expect(status == .seeOther)
            #expect(headers[.location] == "/station/Umi.Kaigan.Chuodori#dir-Inbound")
            let cookie = try #require(headers[.setCookie])
            #expect(cookie.hasPrefix("eki_bookmarks=Umi.Kaigan.Chuodori:Inbound;") && cookie.contains("SameSite=Strict"))

            // Home from the cookie: 中央通's trains toward 渋谷坂 after 07:30 on a weekday — the 07:30
            // local from 港町 six minutes on, and the 08:00 急行 through to 所沢野 five minutes on.
            let sent: HTTPFields = [.cookie: "eki_bookmarks=Umi.Kaigan.Chuodori:Inbound"]
            let home = try await client.execute(uri: "/?at=2026-11-24T07:30", method: .get, headers: sent) { String(buffer: $0.body) }
            let card = home.components(separatedBy: "<div class=\"card\">").dropFirst().first ?? ""
            #expect(card.contains(">中央通</a>") && card.contains("上り 渋谷坂方面"))
            #expect(card.contains("<time>07:36</time><span class=\"badge c-local\" title=\"各駅停車\">各</span><span class=\"dest\">渋谷坂</span>"))
            #expect(card.contains("<time>08:05</time><span class=\"badge c-express\" title=\"急行\">急</span><span class=\"dest\">所沢野</span>"))
            // The station page shows the button pressed; posting again from home takes it away.
            let station = try await client.execute(uri: "/station/Umi.Kaigan.Chuodori", method: .get, headers: sent) { String(buffer: $0.body) }
            #expect(station.contains("data-direction=\"Inbound\"") && station.contains("aria-pressed=\"true\">★"))
            var again = Self.form
            again[.cookie] = "eki_bookmarks=Umi.Kaigan.Chuodori:Inbound"
            let (removed, removal) = try await Self.post(client, Self.chuodori + "&from=home", headers: again)
            #expect(removed == .seeOther && removal[.location] == "/")
            #expect(removal[.setCookie]?.hasPrefix("eki_bookmarks=; Path=/; Max-Age=0") == true)
        }
    }

    @Test func crossSiteAndBadBookmarksAreRefused() async throws {
        try await WebPageTests.withFixturePages { client in
            var crossSite: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example"]
            #expect(try await Self.post(client, Self.chuodori, headers: crossSite).0 == .forbidden)
            crossSite = [.contentType: "application/x-www-form-urlencoded", WebPages.secFetchSite: "cross-site"]
            let (status, headers) = try await Self.post(client, Self.chuodori, headers: crossSite)
            #expect(status == .forbidden && headers[.setCookie] == nil)
            #expect(try await Self.post(client, "station=Nowhere&direction=Inbound").0 == .badRequest)
            #expect(try await Self.post(client, "station=Umi.Kaigan.Chuodori&direction=Sideways").0 == .badRequest)
        }
    }

    /// Over the whole application (its 405 is the problem middleware's).
    @Test func otherMethodsAre405WithAllowPost() async throws {
        for method in [HTTPRequest.Method.get, .put, .delete] {
            let answer = try await APIClient.get("/bookmark", on: try APIClient.fixture(), headers: [.accept: "text/html"], method: method)
            #expect(answer.status == .methodNotAllowed && answer.headers[.allow] == "POST", "\(method)")
            #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
        }
    }

    @Test func aHostileCookieStillGivesThePage() async throws {
        try await WebPageTests.withFixturePages { client in
            let hostile = ["eki_bookmarks=" + String(repeating: "x:y|", count: 3000), "eki_bookmarks=%ff:<script>|::|a:b:c|;;=",
                           "eki_bookmarks=Umi.Kaigan.Chuodori:Nowhere|Nowhere:Inbound"]
            for cookie in hostile {
                for uri in ["/", "/station/Umi.Kaigan.Chuodori"] {
                    let (status, body) = try await client.execute(uri: uri, method: .get, headers: [.cookie: cookie]) { ($0.status, String(buffer: $0.body)) }
                    #expect(status == .ok, "\(uri) \(cookie.prefix(40))")
                    #expect(!body.contains("<script>|"))
                }
            }
            // A full cookie takes no more.
            let full = (0..<CookieBookmarks.maximum).map { "Umi.Kaigan.Chuodori:Dir\($0)" }.joined(separator: "|")
            var headers = Self.form
            headers[.cookie] = "eki_bookmarks=" + full
            let kept = CookieBookmarks(pairs: (0..<CookieBookmarks.maximum).map { .init(station: "Umi.Kaigan.Chuodori", direction: "Dir\($0)") })
            #expect(kept.value == full)
            #expect(try await Self.post(client, Self.chuodori, headers: headers).0 == .unprocessableContent)
        }
    }
}
