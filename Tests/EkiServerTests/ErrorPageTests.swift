import Foundation
import Hummingbird
import HTTPTypes
import Testing

/// A browser asking for a page that is not there, or an address it cannot read, gets a page in its
/// language with search (prefilled with what the address named); API clients, and anything under
/// /api/, keep problem details. On the hand-written Tokyo (`TokyoFixture`): a page about 中央通
/// that cannot be read, and names no station there has.
@Suite struct ErrorPageTests {
    static let browser = SecurityHeadersTests.html

    static func errorPage(_ uri: String, _ status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let answer = try await APIClient.get(uri, on: APIClient.fixture(), headers: Self.browser)
        #expect(answer.status == status, "\(uri)", sourceLocation: sourceLocation)
        #expect(answer.headers[.contentType] == "text/html; charset=utf-8", "\(uri)", sourceLocation: sourceLocation)
        #expect(answer.text.contains("<form class=\"route-form search-again\" action=\"/search\""), "\(uri)", sourceLocation: sourceLocation)
        return answer.text
    }

    @Test func aMissingPageIsAPageWithSearchInItsLanguage() async throws {
        let japanese = try await Self.errorPage("/stations/shinjukuhara", .notFound)
        #expect(japanese.contains("<html lang=\"ja\">") && japanese.contains("<h1>ページが見つかりません</h1>"))
        #expect(japanese.contains("name=\"q\" value=\"shinjukuhara\""))
        let english = try await Self.errorPage("/stations/shinjukuhara?lang=en", .notFound)
        #expect(english.contains("<html lang=\"en\">") && english.contains("<h1>There is no such page</h1>"))
        #expect(english.contains("<input type=\"hidden\" name=\"lang\" value=\"en\">"))
        let home = try await Self.errorPage("/favicon.ico", .notFound)
        #expect(home.contains("<a href=\"/\">ホームへ</a>"))
    }

    /// What the address named goes back into the page only as text.
    @Test func aHostileAddressIsShownAsText() async throws {
        let page = try await Self.errorPage("/station/%3Cscript%3Ealert(1)%3C%2Fscript%3E", .notFound)
        #expect(page.contains("その駅は見つかりません"))
        #expect(page.contains("value=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(!page.contains("<script>alert"))
        let unknown = try await Self.errorPage("/%3Cimg%20src=x%20onerror=alert(1)%3E", .notFound)
        #expect(!unknown.contains("<img"))
    }

    @Test func malformedAddressesAndMethodsArePagesToo() async throws {
        let date = try await Self.errorPage("/timetable/chuodori?direction=Inbound&date=2026-13-40&lang=en", .badRequest)
        #expect(date.contains("Give the date as YYYY-MM-DD"))
        let long = try await Self.errorPage("/station/" + String(repeating: "x", count: 3000), .uriTooLong)
        #expect(long.contains("URL が長すぎます"))
        let post = try await APIClient.get("/station/chuodori", on: APIClient.fixture(), headers: Self.browser, method: .post)
        #expect(post.status == .methodNotAllowed && post.headers[.allow] == "GET, HEAD")
        #expect(post.headers[.contentType] == "text/html; charset=utf-8" && post.text.contains("このページでは使えない操作です"))
    }

    @Test func apiClientsKeepProblemDetails() async throws {
        let fixture = try APIClient.fixture()
        // Under /api/ even a browser gets JSON; elsewhere, a client that does not ask for HTML.
        for (uri, headers) in [("/api/v1/nope", Self.browser), ("/api/v1/station/Nowhere", Self.browser), ("/nope", [:] as HTTPFields),
                               ("/nope", [.accept: "application/json"] as HTTPFields)] {
            let answer = try await APIClient.get(uri, on: fixture, headers: headers)
            #expect(answer.status == .notFound, "\(uri)")
            #expect(answer.headers[.contentType] == "application/problem+json", "\(uri)")
            #expect(answer.object["status"] as? Int == 404, "\(uri)")
        }
    }
}
