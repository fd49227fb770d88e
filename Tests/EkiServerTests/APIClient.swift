import EkiServer
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting

/// Drives the API in-process over the shared real data, with "now" pinned to Tuesday
/// 2026-11-24 07:30:15 in Tokyo (a weekday; 45 seconds left in the minute).
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

    static func router(clock: Date = tuesdayMorning) throws -> Router<EkiRequestContext> {
        // A route network takes seconds to build in a debug build on a busy test machine: these
        // tests are about answers, so fastest routes may wait that long (RouteNetworkWaitTests
        // checks the wait itself).
        var limits = ServerLimits()
        limits.routeWait = .seconds(120)
        // Each test's server reads a day's network the first one built, as a restarted server does.
        limits.routeNetworkFolder = SharedData.processFolder("route-networks")
        return try buildRouter(timetable: SharedData.imported().timetable, clock: { clock }, limits: limits)
    }

    /// Each request on its own; `headers` as a client sends them.
    static func get(_ uri: String, headers: HTTPFields = [:], method: HTTPRequest.Method = .get,
                    clock: Date = tuesdayMorning) async throws -> Answer {
        try await get([uri], headers: headers, method: method, clock: clock)[0]
    }

    /// Several requests through one application (its answer cache shared between them).
    static func get(_ uris: [String], headers: HTTPFields = [:], method: HTTPRequest.Method = .get,
                    clock: Date = tuesdayMorning) async throws -> [Answer] {
        let app = Application(router: try router(clock: clock))
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
