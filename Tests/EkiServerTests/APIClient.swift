import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting

/// Drives the API in-process over the database a suite hands it, with "now" pinned to Tuesday
/// 2026-11-24 07:30:15 in Tokyo (a weekday; 45 seconds left in the minute): the hand-written Tokyo
/// (`fixture`) for the logic suites, the real data for RealDataServerTests.
enum APIClient {
    static let tuesdayMorning = ISO8601DateFormatter().date(from: "2026-11-23T22:30:15Z")!

    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: Data

        var json: Any { (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) ?? NSNull() }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
        var detail: String { object["detail"] as? String ?? "" }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The hand-written Tokyo, opened whole as `eki serve` opens its database.
    static func fixture() throws -> Timetable { try TokyoFixture.timetable(whole: true) }

    /// `timetable`: the database served.
    static func router(_ timetable: Timetable, clock: Date = tuesdayMorning) throws -> Router<EkiRequestContext> {
        // A route network takes seconds to build in a debug build on a busy test machine, and its
        // builder runs at a lower CPU priority: with every suite running beside it on two cores it
        // once starved past 120 s (RouteAPITests' next-day question answered 503). These tests are
        // about answers, so fastest routes wait for the build itself, with the scripts' patience as
        // the guard against a hang (RouteNetworkWaitTests checks the wait and its 503).
        var limits = ServerLimits()
        limits.routeWait = .seconds(600)
        // The fixture's networks take a moment to build: each server builds its own (its variants
        // share the fixture's snapshot digest, so a shared folder could hand one another's).
        return try buildRouter(timetable: timetable, clock: { clock }, limits: limits)
    }

    /// Each request on its own; `headers` as a client sends them.
    static func get(_ uri: String, on timetable: Timetable, headers: HTTPFields = [:], method: HTTPRequest.Method = .get,
                    clock: Date = tuesdayMorning) async throws -> Answer {
        try await get([uri], on: timetable, headers: headers, method: method, clock: clock)[0]
    }

    /// Several requests through one application (its answer cache shared between them).
    static func get(_ uris: [String], on timetable: Timetable, headers: HTTPFields = [:], method: HTTPRequest.Method = .get,
                    clock: Date = tuesdayMorning) async throws -> [Answer] {
        let app = Application(router: try router(timetable, clock: clock))
        return try await app.test(.router) { client in
            var answers: [Answer] = []
            for uri in uris {
                answers.append(try await client.execute(uri: uri, method: method, headers: headers) { response in
                    Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
                })
            }
            return answers
        }
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes a query value as a browser would (UTF-8, reserved characters escaped).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
