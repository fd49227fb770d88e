import Foundation
import Hummingbird
import HTTPTypes
import Testing

/// Every answer — pages, the API, assets, the service worker, problems, the error page, 304, 405,
/// HEAD — tells the browser not to sniff types, to run only the app's own scripts and styles (JSON:
/// nothing at all), to send no Referer and to let no other site frame it. On the hand-written Tokyo
/// (`TokyoFixture`): 中央通's page and board, and the route of OpenAPITests' examples as a card.
@Suite struct SecurityHeadersTests {
    static let html: HTTPFields = [.accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]

    static func expectHeaders(_ answer: APIClient.Answer, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(what)", sourceLocation: sourceLocation)
        #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(what)", sourceLocation: sourceLocation)
        #expect(answer.headers[values: .contentSecurityPolicy].count == 1, "\(what)", sourceLocation: sourceLocation)
        let policy = answer.headers[.contentSecurityPolicy] ?? ""
        // JSON loads nothing: its policy allows nothing, and no one may frame it.
        if let type = answer.headers[.contentType], type.hasPrefix("application/json") || type.hasPrefix("application/problem+json") {
            #expect(policy == "default-src 'none'; frame-ancestors 'none'", "\(what): \(policy)", sourceLocation: sourceLocation)
            return
        }
        let directives = Dictionary(policy.split(separator: ";").map { part -> (String, String) in
            let words = part.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            return (String(words.first ?? ""), words.count > 1 ? String(words[1]) : "")
        }, uniquingKeysWith: { first, _ in first })
        #expect(directives["default-src"] == "'self'", "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(directives["script-src"] == "'self'", "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(directives["style-src"] == "'self'", "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(directives["frame-ancestors"] == "'none'", "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(directives["object-src"] == "'none'" && directives["base-uri"] == "'none'", "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(!policy.contains("unsafe") && !policy.contains("*") && !policy.contains("http"), "\(what): \(policy)", sourceLocation: sourceLocation)
    }

    @Test func everyKindOfAnswerCarriesThem() async throws {
        let fixture = try APIClient.fixture()
        let uris = ["/", "/station/Umi.Kaigan.Chuodori?at=2026-11-24T07:30", "/assets/app.css", "/sw.js", "/api/openapi.json",
                    "/api/v1/departures?station=Umi.Kaigan.Chuodori&at=2026-11-24T07:30", "/api/v1/departures?station=Nowhere",
                    "/api/v1/departures?limit=0", "/api/v1/nope", "/route/card.svg?date=2026-11-24&segments=" + OpenAPITests.route]
        let answers = try await APIClient.get(uris, on: fixture)
        #expect(answers.map(\.status.code) == [200, 200, 200, 200, 200, 200, 404, 400, 404, 200])
        for (uri, answer) in zip(uris, answers) { Self.expectHeaders(answer, uri) }
        // The error page a browser gets, a 405, a 304, a HEAD.
        Self.expectHeaders(try await APIClient.get("/nowhere", on: fixture, headers: Self.html), "error page")
        Self.expectHeaders(try await APIClient.get("/api/v1/search?q=a", on: fixture, method: .delete), "405")
        let etag = try #require(answers[5].headers[.eTag])
        let notModified = try await APIClient.get(uris[5], on: fixture, headers: [.ifNoneMatch: etag])
        #expect(notModified.status == .notModified)
        Self.expectHeaders(notModified, "304")
        Self.expectHeaders(try await APIClient.get("/", on: fixture, method: .head), "HEAD")
    }
}
