import EkiCore
import EkiTestSupport
import EkiTracking
import Foundation
import Hummingbird
import EkiHTTPTesting
import Logging
import PropertyBased
import Testing
@testable import EkiServer

/// Issue 20: no request can crash the server. Every API handler and every parameter it takes gets
/// extreme values (±inf, NaN, ±1e300, Int64's edges, huge strings, wrong JSON types): the answer is
/// a 200 or a 4xx problem in one line, never a 5xx and never a trap (a trap ends this test process).
/// On the hand-written Tokyo: what a hostile value meets is the handlers' reading of parameters,
/// which the size of the data does not change.
@Suite struct HostileInputTests {
    /// One application for all cases: its caches and route networks are shared, as on a server.
    static func withClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: try APIClient.router(APIClient.fixture()))
        try await app.test(.router, body)
    }

    /// The weekday 07:15 local 港町 → 渋谷坂 (there 07:29), then 銀線's 07:35 to 表参: a route of the
    /// hand-written Tokyo, changing platforms at 渋谷坂.
    static let route = "Umi.Kaigan.K435.Weekday~Umi.Kaigan.Minatomachi~Umi.Kaigan.Shibuyazaka,"
        + "Metro.Gin.G455.Weekday~Metro.Gin.Shibuyazaka~Metro.Gin.Omotesan"

    /// A request of the hand-written Tokyo for every documented path (beside OpenAPITests.examples,
    /// another set of its stations and trains), each answered with a 200 (`everyExampleIsAnswered`),
    /// so that a hostile value in one parameter meets the others' good ones and reaches as deep into
    /// a handler as it can.
    static let examples: [String: String] = [
        "/api/v1/departures": "/api/v1/departures?station=Umi.Kaigan.Minatomachi&at=2026-11-24T07:30",
        "/api/v1/timetable": "/api/v1/timetable?station=minatomachi&direction=Inbound&date=2026-11-24",
        "/api/v1/timeline": "/api/v1/timeline?station=Umi.Kaigan.Minatomachi&direction=Inbound&at=2026-11-24T07:30",
        "/api/v1/train/{trainId}": "/api/v1/train/Umi.Kaigan.A0701.Weekday",
        "/api/v1/search": "/api/v1/search?q=shibuyazaka",
        "/api/v1/nearby": "/api/v1/nearby?lat=35.45&lon=139.64&at=2026-11-24T07:30",
        "/api/v1/station/{stationId}": "/api/v1/station/Umi.Kaigan.Minatomachi?at=2026-11-24T07:30",
        "/api/v1/railway/{railwayId}": "/api/v1/railway/Umi.Kaigan",
        "/api/v1/transfers": "/api/v1/transfers?station=%E6%B8%8B%E8%B0%B7%E5%9D%82",   // 渋谷坂
        "/api/v1/calendar/{year}": "/api/v1/calendar/2026",
        "/api/v1/schedule": "/api/v1/schedule?date=2026-11-23",
        "/api/v1/info": "/api/v1/info",
        "/api/v1/route": "/api/v1/route?date=2026-11-24&segments=\(route)",
        "/api/v1/route/alternatives": "/api/v1/route/alternatives?date=2026-11-24&segments=\(route)&segment=2",
        "/api/v1/route/swap": "/api/v1/route/swap?date=2026-11-24&segments=\(route)&segment=1&train=Umi.Kaigan.K420.Weekday",
        "/api/v1/route/next": "/api/v1/route/next?from=Umi.Kaigan.Shibuyazaka&to=%E8%A1%A8%E5%8F%82&at=2026-11-24T07:29",   // 表参
        "/api/v1/route/fastest": "/api/v1/route/fastest?from=%E6%B8%AF%E7%94%BA&to=%E8%A1%A8%E5%8F%82&at=2026-11-24T07:30",   // 港町 → 表参
        "/api/v1/route/last": "/api/v1/route/last?from=%E6%B8%AF%E7%94%BA&to=%E6%89%80%E6%B2%A2%E9%87%8E&date=2026-11-24",   // 港町 → 所沢野
        "/api/v1/route/suggest": "/api/v1/route/suggest?patterns=2*Umi.Kaigan.Minatomachi~Inbound~Umi.Kaigan.Shibuyazaka&at=2026-11-24T07:30",
        "/api/openapi.json": "/api/openapi.json",
    ]

    /// Every documented path has an example here, and each is answered: else the hostile values
    /// would stop at a 404 of a station the fixture does not have.
    @Test func everyExampleIsAnswered() async throws {
        #expect(Set(Self.examples.keys) == Set(OpenAPITests.examples.keys))
        try await Self.withClient { client in
            for (_, example) in Self.examples.sorted(by: { $0.key < $1.key }) {
                let (status, body) = try await client.execute(uri: example, method: .get) { ($0.status, String(buffer: $0.body)) }
                #expect(status == .ok, "\(example): \(body.prefix(300))")
            }
        }
    }

    /// What a request may answer: anything but a server error, and a 4xx is problem JSON in one line.
    static func expectHandled(_ response: TestResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status.code < 500, "\(what.prefix(200)) → \(response.status.code) \(String(buffer: response.body).prefix(200))",
                sourceLocation: sourceLocation)
        if response.status.code >= 400 {
            #expect(response.headers[.contentType] == "application/problem+json", "\(what.prefix(200))", sourceLocation: sourceLocation)
            let detail = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["detail"] as? String
            #expect(detail.map { !$0.contains("\n") && $0.count < 500 } == true, "\(what.prefix(200)): \(detail ?? "no detail")",
                    sourceLocation: sourceLocation)
        }
    }

    /// Where a hostile value can go in `example`: each query parameter the endpoint takes (the
    /// server lists them when asked with an unknown one) and each path parameter of `template`.
    static func slots(template: String, example: String, client: some TestClientProtocol) async throws -> [String] {
        let probe = example + (example.contains("?") ? "&" : "?") + "zzz=1"
        let detail = try await client.execute(uri: probe, method: .get) { response in
            (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["detail"] as? String ?? ""
        }
        let taken = detail.components(separatedBy: "this endpoint takes: ").dropFirst().first ?? ""
        let query = taken.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let path = template.split(separator: "/").enumerated().filter { $0.element.hasPrefix("{") }.map { "/\($0.offset)" }
        return query + path
    }

    /// `example` with `slot` (a query name, or "/N" for the Nth path segment) set to `value`.
    static func uri(_ example: String, slot: String, value: String) -> String {
        let parts = example.split(separator: "?", maxSplits: 1).map(String.init)
        var path = parts[0], query = parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []
        let encoded = APIClient.encode(value)
        if slot.hasPrefix("/"), let index = Int(slot.dropFirst()) {
            var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            segments[index + 1] = encoded.isEmpty ? "%20" : encoded
            path = segments.joined(separator: "/")
        } else {
            query.removeAll { $0.hasPrefix(slot + "=") }
            query.append(slot + "=" + encoded)
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    @Test func everyParameterOfEveryEndpointSurvivesExtremeValues() async throws {
        try await Self.withClient { client in
            var cases: [(String, String)] = []   // (example, slot)
            for (template, example) in Self.examples.sorted(by: { $0.key < $1.key }) where template.hasPrefix("/api/v1/") {
                for slot in try await Self.slots(template: template, example: example, client: client) {
                    cases.append((example, slot))
                }
            }
            #expect(cases.count >= 50)
            // Every (parameter, value) pair, not a sample (review of issue 20, 11): a few thousand
            // in-process requests.
            for (example, slot) in cases {
                for value in HostileValues.texts {
                let uri = Self.uri(example, slot: slot, value: value)
                do {
                    let response = try await client.execute(uri: uri, method: .get) { $0 }
                    Self.expectHandled(response, uri)
                } catch {
                    Issue.record("\(uri.prefix(200)): \(error)")
                }
                }
            }
        }
    }

    /// The web pages read the same kinds of parameters (HTML errors rather than problem JSON).
    @Test func everyParameterOfEveryPageSurvivesExtremeValues() async throws {
        let route = Self.route
        let pages: [(String, String)] = [
            ("/search", "/search?q=shibuyazaka&lang=en"), ("/nearby", "/nearby?lat=35.45&lon=139.64&at=2026-11-24T07:30"),
            ("/station/{s}", "/station/minatomachi?at=2026-11-24T07:30&railway=Umi.Kaigan"),
            ("/timetable/{s}", "/timetable/minatomachi?direction=Inbound&date=2026-11-24&railway=Umi.Kaigan"),
            ("/board/{s}", "/board/minatomachi?direction=Inbound&at=2026-11-24T07:30"),
            ("/train/{t}", "/train/Umi.Kaigan.A0701.Weekday"), ("/railway/{r}", "/railway/Umi.Kaigan"),
            ("/route", "/route?date=2026-11-24&segments=\(route)&use=new"), ("/route/card.svg", "/route/card.svg?date=2026-11-24&segments=\(route)"),
            ("/route/fastest", "/route/fastest?from=minatomachi&to=omotesan&at=2026-11-24T07:30"), ("/ride", "/ride?lang=en"), ("/", "/?lang=en"),
        ]
        try await Self.withClient { client in
            var cases: [(String, String)] = []
            for (template, example) in pages {
                let query = example.split(separator: "?", maxSplits: 1).dropFirst().first.map { $0.split(separator: "&").map { String($0.prefix { $0 != "=" }) } } ?? []
                let path = template.split(separator: "/").enumerated().filter { $0.element.hasPrefix("{") }.map { "/\($0.offset)" }
                for slot in query + path + ["lang", "zzz"] { cases.append((example, slot)) }
            }
            await propertyCheck(count: 600, input: Gen.element(of: cases), Gen.element(of: HostileValues.texts)) { target, value in
                guard let (example, slot) = target, let value else { return }
                let uri = Self.uri(example, slot: slot, value: value)
                do {
                    let status = try await client.execute(uri: uri, method: .get) { $0.status }
                    #expect(status.code < 500, "\(uri.prefix(200)) → \(status.code)")
                } catch {
                    Issue.record("\(uri.prefix(200)): \(error)")
                }
            }
        }
    }

    // MARK: - Ride fixes

    static let session = "0123456789abcdef0123456789abcdef"
    static let goodFix = #"{"t":1796085000,"lat":35.4505,"lon":139.6337,"accuracy":10,"speed":-1,"course":-1}"#

    static func post(_ client: some TestClientProtocol, _ path: String = "/api/v1/ride/fix", body: String,
                     contentType: String? = "application/json") async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body)) { $0 }
    }

    /// The request that killed the server: a time of -1e19 seconds (and 9.3e21) reached a
    /// Double-to-Int conversion in the service-day arithmetic.
    @Test func theFixThatKilledTheServerIsA400() async throws {
        try await Self.withClient { client in
            for t in ["-1e19", "9.3e21", "-9.2e18", "1e300", "\"-1e19\"", "\"+275760-09-13T00:00:00Z\"", "4102444800", "-1"] {
                let response = try await Self.post(client, body: #"{"session":"aaaaaaaaaaaaaaaa","fixes":[{"t":\#(t),"lat":35.45,"lon":139.63}]}"#)
                #expect(response.status == .badRequest, "t \(t)")
                #expect(String(buffer: response.body).contains("fix 1: t must be an ISO 8601 time or epoch seconds between 1970–2099"))
            }
            // The server is still there, and takes a fix of this century.
            let fine = try await Self.post(client, body: #"{"session":"aaaaaaaaaaaaaaaa","fixes":[\#(Self.goodFix)]}"#)
            #expect(fine.status == .ok)
        }
    }

    /// JSON booleans are not numbers (`"lat": true` was read as 1.0).
    @Test func booleansAreNotNumbers() async throws {
        try await Self.withClient { client in
            for (field, message) in [("lat", "lat and lon must be numbers"), ("lon", "lat and lon must be numbers"),
                                     ("t", "t must be"), ("accuracy", "accuracy must be"), ("speed", "speed must be"), ("course", "course must be")] {
                for value in ["true", "false"] {
                    let fix = Self.goodFix.replacingOccurrences(of: #""\#(field)":"#, with: #""\#(field)":\#(value),"x\#(field)":"#)
                    let response = try await Self.post(client, body: #"{"session":"\#(Self.session)","fixes":[\#(fix)]}"#)
                    #expect(response.status == .badRequest, "\(field): \(value)")
                    #expect(String(buffer: response.body).contains("fix 1: \(message)"), "\(field): \(String(buffer: response.body))")
                }
            }
        }
    }

    /// Only JSON is taken: a cross-site form (urlencoded, multipart, text/plain) cannot start rides.
    @Test func ridePostsMustBeJSON() async throws {
        try await Self.withClient { client in
            let body = #"{"session":"\#(Self.session)","fixes":[\#(Self.goodFix)]}"#
            for type in ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil] {
                for path in ["/api/v1/ride/fix", "/api/v1/ride/pin"] {
                    let response = try await Self.post(client, path, body: body, contentType: type)
                    #expect(response.status == .unsupportedMediaType, "\(path) \(type ?? "no type")")
                    #expect(String(buffer: response.body).contains("Content-Type: application/json"))
                }
            }
            for type in ["application/json", "Application/JSON; charset=utf-8"] {
                #expect(try await Self.post(client, body: body, contentType: type).status == .ok)
            }
        }
    }

    /// A 413 closes the connection rather than reading a body nobody wants.
    @Test func aBodyTooLargeClosesTheConnection() async throws {
        try await Self.withClient { client in
            let response = try await Self.post(client, body: String(repeating: " ", count: 70_000))
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.connection] == "close")
        }
    }

    /// Every field of a fix, and the batch around it, with every extreme JSON value.
    @Test func everyFieldOfARideFixSurvivesExtremeValues() async throws {
        try await Self.withClient { client in
            let fields = ["t", "lat", "lon", "accuracy", "speed", "course", "session", "fixes", "fix", "railway"]
            await propertyCheck(count: 300, input: Gen.element(of: fields), Gen.element(of: HostileValues.jsonTokens)) { field, token in
                guard let field, let token else { return }
                let body: String
                let path = field == "railway" ? "/api/v1/ride/pin" : "/api/v1/ride/fix"
                switch field {
                case "session": body = #"{"session":\#(token),"fixes":[\#(Self.goodFix)]}"#
                case "fixes": body = #"{"session":"\#(Self.session)","fixes":\#(token)}"#
                case "fix": body = #"{"session":"\#(Self.session)","fixes":[\#(token)]}"#
                case "railway": body = #"{"session":"\#(Self.session)","railway":\#(token),"direction":\#(token)}"#
                default:
                    let fix = Self.goodFix.replacingOccurrences(of: #""\#(field)":"#, with: #""\#(field)":\#(token),"x\#(field)":"#)
                    body = #"{"session":"\#(Self.session)","fixes":[\#(fix)]}"#
                }
                let response = try await Self.post(client, path, body: body)
                Self.expectHandled(response, "\(field)=\(token.prefix(40))")
            }
        }
    }

    /// A method nobody implements is a client's mistake: not a line in the error log per request.
    @Test func unknownMethodsAreNotErrors() async throws {
        let captured = CapturedLog()
        var logger = Logger(label: "test") { _ in captured.handler() }
        logger.logLevel = .info
        let app = Application(router: try APIClient.router(APIClient.fixture()), logger: logger)
        try await app.test(.router) { client in
            for method in ["QUERY", "FROB", "PROPFIND"] {
                let status = try await client.execute(uri: "/api/v1/search?q=a", method: HTTPRequest.Method(method)!) { $0.status }
                #expect(status.code >= 400 && status.code < 600)
            }
        }
        #expect(captured.lines.isEmpty, "\(captured.lines.prefix(2))")
    }

    // MARK: - Ranges

    /// `Range: bytes=-N` is the last N bytes (it was a 416).
    @Test func suffixRangesOfPublishedFiles() async throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let content = String((0..<1000).map { Character(UnicodeScalar(UInt8(65 + $0 % 26))) })
        try scratch.write("manifest.json", content)
        let app = Application(router: try buildRouter(timetable: TokyoFixture.timetable(whole: true), published: scratch.url))
        try await app.test(.router) { client in
            func get(_ range: String) async throws -> (HTTPResponse.Status, String?, String) {
                try await client.execute(uri: "/data/manifest.json", method: .get, headers: [.range: range]) {
                    ($0.status, $0.headers[.contentRange], String(buffer: $0.body))
                }
            }
            let last = try await get("bytes=-10")
            #expect(last.0 == .partialContent)
            #expect(last.1 == "bytes 990-999/1000")
            #expect(last.2 == String(content.suffix(10)))
            let more = try await get("bytes=-5000")
            #expect(more.0 == .partialContent && more.1 == "bytes 0-999/1000" && more.2 == content)
            let huge = try await get("bytes=-99999999999999999999999")
            #expect(huge.0 == .partialContent && huge.1 == "bytes 0-999/1000")
            let middle = try await get("bytes=10-19")
            #expect(middle.1 == "bytes 10-19/1000" && middle.2 == String(content.dropFirst(10).prefix(10)))
            for bad in ["bytes=-0", "bytes=-", "bytes=--5", "bytes=-+5", "bytes=1000-", "bytes=5-3", "bytes=-1-2"] {
                #expect(try await get(bad).0 == .rangeNotSatisfiable, "\(bad)")
            }
            // Review of issue 20, 10: the unit is any case; another unit is ignored and several
            // ranges are answered whole (both were 416).
            let upper = try await get("BYTES=-5")
            #expect(upper.0 == .partialContent && upper.2 == String(content.suffix(5)))
            for whole in ["lines=-5", "bytes=0-0,5-6", "items=0-9"] {
                let answer = try await get(whole)
                #expect(answer.0 == .ok && answer.1 == nil && answer.2 == content, "\(whole)")
            }
        }
    }
}
