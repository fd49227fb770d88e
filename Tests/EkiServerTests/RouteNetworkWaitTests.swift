import EkiServer
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// Fastest routes over HTTP with the network built in the background: a request waits a bounded
/// time for it, then gets 503 with Retry-After; a date outside the served window is a 422. On the
/// hand-written Tokyo in memory (`TokyoFixture`): how the server waits is not about the data.
@Suite struct RouteNetworkWaitTests {
    static func fastest(_ at: String) -> String {
        "/api/v1/route/fastest?from=\(APIClient.encode("港町"))&to=\(APIClient.encode("表参"))&at=\(at)"
    }

    static func application(wait: Duration) throws -> some ApplicationProtocol {
        var limits = ServerLimits()
        limits.routeWait = wait
        return Application(router: try buildRouter(timetable: TokyoFixture.timetable(whole: true),
                                                   clock: { APIClient.tuesdayMorning }, limits: limits))
    }

    /// Without time to wait, the first request for a day is told to come back; the build goes on
    /// behind it, and the same request is answered once it is done.
    @Test func aRequestThatCannotWaitGets503AndRetryAfter() async throws {
        try await Self.application(wait: .zero).test(.router) { client in
            let first = try await client.execute(uri: Self.fastest("2026-12-10T07:30"), method: .get) { $0 }
            #expect(first.status == .serviceUnavailable)
            #expect(first.headers[.retryAfter] == "2")
            #expect(first.headers[.contentType] == "application/problem+json")
            #expect(String(buffer: first.body).contains("the route network of 2026-12-10 is still being built; try again in 2 s"))
            // Asked again until it is built, however long a busy machine takes (no deadline to miss).
            var status = first.status
            while status == .serviceUnavailable {
                try await Task.sleep(for: .milliseconds(50))
                status = try await client.execute(uri: Self.fastest("2026-12-10T07:30"), method: .get) { $0.status }
            }
            #expect(status == .ok)
        }
    }

    /// A page asked for while its day's routes are being prepared says so in the rider's language
    /// and loads itself again after the Retry-After seconds: the rider never has to press reload.
    @Test func aPageThatCannotWaitReloadsItself() async throws {
        try await Self.application(wait: .zero).test(.router) { client in
            // A day of its own for each language: the fixture's network is built in a moment, so a
            // second request for the same day may find it ready.
            for (lang, day, words) in [("", "2026-12-11", "準備中です。まもなく自動で表示します"),
                                       ("&lang=en", "2026-12-12", "the page will load by itself in a moment")] {
                let page = try await client.execute(uri: "/route/fastest?from=\(APIClient.encode("港町"))&to=\(APIClient.encode("表参"))&at=\(day)T07:30\(lang)",
                                                    method: .get, headers: [.accept: "text/html"]) { $0 }
                #expect(page.status == .serviceUnavailable)
                #expect(page.headers[.retryAfter] == "2")
                let html = String(buffer: page.body)
                #expect(html.contains("<meta http-equiv=\"refresh\" content=\"2\">"), "\(html.prefix(400))")
                #expect(html.contains(words))
                #expect(!html.contains("サーバーが答えられませんでした"))
            }
            // Any other page has no reload in it.
            let board = try await client.execute(uri: "/search?q=shibuyazaka", method: .get, headers: [.accept: "text/html"]) { String(buffer: $0.body) }
            #expect(!board.contains("http-equiv=\"refresh\""))
        }
    }

    /// With time to wait (the default), the rider never sees the build: the first request is a 200.
    /// (An hour's wait here: the build's own time on a busy machine is not what is tested.)
    @Test func aRequestThatCanWaitIsAnswered() async throws {
        try await Self.application(wait: .seconds(3600)).test(.router) { client in
            let answer = try await client.execute(uri: Self.fastest("2026-11-26T07:30"), method: .get) { $0 }
            #expect(answer.status == .ok)
            let options = (try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any])?["options"] as? [Any]
            // The fastest (港町 07:30 → 渋谷坂, 銀線 07:50 → 表参 07:53) and the two that leave later.
            #expect(options?.count == 3)
        }
    }

    /// Well-formed, and within the years the document allows, but not a day this server works out: 422.
    /// The day after the last (2026-12-25) too: it was answered though the message ends the window
    /// the day before (review of issue 20, 8).
    @Test func datesOutsideTheServedWindowAre422() async throws {
        try await Self.application(wait: .seconds(1)).test(.router) { client in
            for at in ["2026-11-22T07:30", "2026-12-25T07:30", "2026-12-26T07:30", "2027-11-24T07:30"] {
                let answer = try await client.execute(uri: Self.fastest(at), method: .get) { $0 }
                #expect(answer.status == .unprocessableContent, "\(at)")
                #expect(String(buffer: answer.body).contains("fastest routes are served for dates from 2026-11-23 to 2026-12-24, not \(at.prefix(10))"))
                let page = try await client.execute(uri: "/route/fastest?from=minatomachi&to=omotesan&at=\(at)", method: .get) { $0.status }
                #expect(page == .unprocessableContent)
            }
        }
    }
}
