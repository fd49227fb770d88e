import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting

/// Drives the API in-process over the database a suite hands it, with "now" pinned to Tuesday
/// 2026-11-24 07:30:15 in Tokyo (a weekday; 45 seconds left in the minute). The logic suites hand
/// it the hand-written Tokyo (`fixture`); without a timetable it reads the real data, as the suites
/// not yet moved onto the fixture still do (issue 28), and those are skipped without ../shared.
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

    /// The real data, imported once per test process: the suites not yet moved onto the fixture
    /// read it through here (and RealDataServerTests, by name); skipped without ../shared.
    static func realData() throws -> Timetable { try SharedData.imported().timetable }

    /// `timetable`: the database served; nil, the real data.
    static func router(_ timetable: Timetable? = nil, clock: Date = tuesdayMorning) throws -> Router<EkiRequestContext> {
        // A route network takes seconds to build in a debug build on a busy test machine: these
        // tests are about answers, so fastest routes may wait that long (RouteNetworkWaitTests
        // checks the wait itself).
        var limits = ServerLimits()
        limits.routeWait = .seconds(120)
        guard let timetable else {
            // Each test's server reads a day's network the first one built, as a restarted server does.
            limits.routeNetworkFolder = SharedData.processFolder("route-networks")
            return try buildRouter(timetable: realData(), clock: { clock }, limits: limits)
        }
        // The fixture's networks take a moment to build: each server builds its own (its variants
        // share the fixture's snapshot digest, so a shared folder could hand one another's).
        return try buildRouter(timetable: timetable, clock: { clock }, limits: limits)
    }

    /// Each request on its own; `headers` as a client sends them.
    static func get(_ uri: String, on timetable: Timetable? = nil, headers: HTTPFields = [:], method: HTTPRequest.Method = .get,
                    clock: Date = tuesdayMorning) async throws -> Answer {
        try await get([uri], on: timetable, headers: headers, method: method, clock: clock)[0]
    }

    /// Several requests through one application (its answer cache shared between them).
    static func get(_ uris: [String], on timetable: Timetable? = nil, headers: HTTPFields = [:], method: HTTPRequest.Method = .get,
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
