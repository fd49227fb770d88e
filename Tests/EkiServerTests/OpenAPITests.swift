import Foundation
import Hummingbird
import Testing
@testable import EkiServer

/// The OpenAPI document stays true: every route documented, every documented path served, each
/// endpoint's parameters the ones it takes, and real answers carrying the documented required fields.
/// On the hand-written Tokyo (`TokyoFixture`): what the document promises is the server's, and the
/// fixture's answers have every shape (a through train, a loop without terminals, a name for several
/// stations, a route with a change).
@Suite struct OpenAPITests {
    /// A request for every documented path, each answered with a 200 by the hand-written Tokyo (a
    /// new path without one fails `everyPathHasAnExample`).
    static let examples: [String: String] = [
        "/api/v1/departures": "/api/v1/departures?station=Umi.Kaigan.Chuodori&at=2026-11-24T07:30",
        // 渋谷坂 names four stations; of them only the 海岸線's has trains going Outbound.
        "/api/v1/timetable": "/api/v1/timetable?station=shibuyazaka&direction=Outbound&date=2026-11-24",
        "/api/v1/timeline": "/api/v1/timeline?station=Umi.Kaigan.Chuodori&direction=Inbound&at=2026-11-24T07:30",
        "/api/v1/train/{trainId}": "/api/v1/train/Umi.Kaigan.A0701.Weekday",
        "/api/v1/search": "/api/v1/search?q=shibuyazaka",
        "/api/v1/nearby": "/api/v1/nearby?lat=35.5610&lon=139.6710&at=2026-11-24T07:30",
        "/api/v1/station/{stationId}": "/api/v1/station/Umi.Kaigan.Chuodori?at=2026-11-24T07:30",
        "/api/v1/railway/{railwayId}": "/api/v1/railway/JR.Kanjo",
        "/api/v1/transfers": "/api/v1/transfers?station=\(APIClient.encode("渋谷坂"))",
        "/api/v1/calendar/{year}": "/api/v1/calendar/2026",
        "/api/v1/schedule": "/api/v1/schedule?date=2026-11-23",
        "/api/v1/info": "/api/v1/info",
        "/api/v1/route": "/api/v1/route?date=2026-11-24&segments=\(route)",
        "/api/v1/route/alternatives": "/api/v1/route/alternatives?date=2026-11-24&segments=\(route)&segment=2",
        "/api/v1/route/swap": "/api/v1/route/swap?date=2026-11-24&segments=\(route)&segment=1&train=Umi.Kaigan.A0801.Weekday",
        "/api/v1/route/next": "/api/v1/route/next?from=Metro.Fuku.Shinjukuhara&to=\(APIClient.encode("上野森"))&at=2026-11-24T07:19",
        "/api/v1/route/fastest": "/api/v1/route/fastest?from=\(APIClient.encode("東京前"))&to=\(APIClient.encode("新宿原"))&at=2026-11-24T07:03",
        "/api/v1/route/last": "/api/v1/route/last?from=\(APIClient.encode("港町"))&to=\(APIClient.encode("所沢野"))&date=2026-11-24",
        "/api/v1/route/suggest": "/api/v1/route/suggest?patterns=2*Umi.Kaigan.Chuodori~Inbound~Umi.Kaigan.Shibuyazaka&at=2026-11-24T07:30",
        "/api/openapi.json": "/api/openapi.json",
    ]
    /// Paths answered by POST only (their bodies are checked in RideAPITests).
    static let postPaths: Set<String> = ["/api/v1/ride/fix", "/api/v1/ride/pin", "/api/v1/ticket/scan"]
    /// 港町 07:00 on the weekday through express A0701 (海岸線, on as a 副線 train from 渋谷坂) to
    /// 新宿原 07:18, then the 環状線's 07:20 outer lap from 新宿原 07:24 to 上野森 07:32 (a Tuesday):
    /// DIYRouteTests' route.
    static let route = "Umi.Kaigan.A0701.Weekday~Umi.Kaigan.Minatomachi~Metro.Fuku.Shinjukuhara,"
        + "JR.Kanjo.J440.Weekday~JR.Kanjo.Shinjukuhara~JR.Kanjo.Uenomori"

    static func document() async throws -> [String: Any] {
        let answer = try await APIClient.get("/api/openapi.json", on: APIClient.fixture())
        #expect(answer.status == .ok)
        return try #require(answer.json as? [String: Any])
    }

    static func paths(_ document: [String: Any]) -> [String: [String: Any]] {
        document["paths"] as? [String: [String: Any]] ?? [:]
    }

    @Test func isOpenAPI31WithSchemas() async throws {
        let document = try await Self.document()
        #expect(document["openapi"] as? String == "3.1.0")
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        #expect(Set(schemas.keys).isSuperset(of: ["Problem", "Departure", "StationBoard", "Train", "SearchResults", "Nearby",
                                                 "StationDetail", "Railway", "Calendar", "Schedule", "Timeline",
                                                 "Route", "RouteSegment", "Alternatives", "Swap", "Fastest", "Suggestions"]))
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedPathIsARoute() async throws {
        // The web pages share the router; the document describes everything under /api. The
        // other methods on those paths only answer 405 (MethodTests), so GET is what is documented.
        let all = try APIClient.router(APIClient.fixture()).routes
        let getPaths = Set(all.filter { $0.method == .get }.map { "\($0.path)" })
        // POST routes of their own.
        let routes = Set(all.filter { $0.method == .get || ($0.method == .post && !getPaths.contains("\($0.path)")) }
            .map { "\($0.method) \($0.path)" }.filter { $0.contains(" /api/") })
        let documented = Set(Self.paths(try await Self.document()).flatMap { path, operations in
            operations.keys.map { "\($0.uppercased()) \(path)" }
        })
        #expect(routes == documented)
    }

    @Test func everyPathHasAnExample() async throws {
        #expect(Set(Self.paths(try await Self.document()).keys) == Set(Self.examples.keys).union(Self.postPaths))
    }

    /// An unknown parameter's problem lists what the endpoint takes: it must be what is documented.
    @Test func documentedQueryParametersAreTheAcceptedOnes() async throws {
        let document = try await Self.document()
        let fixture = try APIClient.fixture()
        for (path, example) in Self.examples {
            let documented = Set(Self.parameters(of: path, in: document).filter { $0["in"] as? String == "query" }
                .compactMap { $0["name"] as? String })
            let probe = example + (example.contains("?") ? "&" : "?") + "zzz=1"
            let detail = try await APIClient.get(probe, on: fixture).detail
            let taken = detail.components(separatedBy: "this endpoint takes: ").last ?? ""
            let accepted = Set(taken.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            #expect(detail.hasPrefix("unknown parameter \"zzz\""), "\(path): \(detail)")
            #expect(accepted == documented, "\(path)")
        }
    }

    @Test func realAnswersCarryTheRequiredFields() async throws {
        let document = try await Self.document()
        let fixture = try APIClient.fixture()
        for (path, example) in Self.examples {
            let answer = try await APIClient.get(example, on: fixture)
            #expect(answer.status == .ok, "\(example): \(answer.text.prefix(200))")
            let operation = (Self.paths(document)[path]?["get"] as? [String: Any]) ?? [:]
            var response = ((operation["responses"] as? [String: Any])?["200"] as? [String: Any]) ?? [:]
            response = Self.resolve(response, in: document)
            let content = (response["content"] as? [String: Any])?["application/json"] as? [String: Any]
            let schema = try #require(content?["schema"] as? [String: Any], "\(path)")
            Self.check(answer.json, against: schema, in: document, at: path)
        }
    }

    // MARK: - A small checker: $ref, oneOf (object or array), required properties, array items, one level of nesting.

    static func parameters(of path: String, in document: [String: Any]) -> [[String: Any]] {
        let operation = paths(document)[path]?["get"] as? [String: Any] ?? [:]
        return (operation["parameters"] as? [[String: Any]] ?? []).map { resolve($0, in: document) }
    }

    static func resolve(_ node: [String: Any], in document: [String: Any]) -> [String: Any] {
        guard let reference = node["$ref"] as? String else { return node }
        var current: Any = document
        for key in reference.dropFirst(2).split(separator: "/") { current = (current as? [String: Any])?[String(key)] ?? [:] }
        return resolve(current as? [String: Any] ?? [:], in: document)
    }

    static func check(_ value: Any, against node: [String: Any], in document: [String: Any], at place: String, depth: Int = 0) {
        let schema = resolve(node, in: document)
        if let choices = schema["oneOf"] as? [[String: Any]] {
            let wanted = value is [Any] ? "array" : "object"
            let choice = choices.map { resolve($0, in: document) }.first { ($0["type"] as? String ?? "object") == wanted }
            #expect(choice != nil, "\(place): no \(wanted) in oneOf")
            if let choice { check(value, against: choice, in: document, at: place, depth: depth) }
            return
        }
        // The type: one name or a list of them (["string", "null"]).
        let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty {
            let actual: String = switch value {
            case is NSNull: "null"
            case is String: "string"
            case is [Any]: "array"
            case is [String: Any]: "object"
            case let number as NSNumber where String(cString: number.objCType) == "c": "boolean"
            case let number as NSNumber: number.doubleValue.rounded() == number.doubleValue ? "integer" : "number"
            default: "?"
            }
            #expect(types.contains(actual) || (actual == "integer" && types.contains("number")), "\(place): \(actual), documented \(types)")
        }
        if let values = schema["enum"] as? [String], let text = value as? String {
            #expect(values.contains(text), "\(place): \(text) is not one of \(values)")
        }
        if let items = value as? [Any], let itemSchema = schema["items"] as? [String: Any], depth < 10 {
            for (index, item) in items.prefix(5).enumerated() {
                check(item, against: itemSchema, in: document, at: place + "[\(index)]", depth: depth + 1)
            }
            return
        }
        guard let object = value as? [String: Any] else { return }
        for key in schema["required"] as? [String] ?? [] {
            #expect(object[key] != nil, "\(place): missing required \(key)")
        }
        let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
        // Closed objects: a field the document does not name is a difference.
        if schema["additionalProperties"] as? Bool == false {
            let extra = Set(object.keys).subtracting(properties.keys)
            #expect(extra.isEmpty, "\(place): undocumented \(extra.sorted())")
        }
        guard depth < 10 else { return }
        for (key, property) in properties {
            if let child = object[key] {
                check(child, against: property, in: document, at: place + "." + key, depth: depth + 1)
            }
        }
    }

    /// The document is read at start: a route it does not describe, or an operation no route
    /// serves, and the server does not start.
    @Test func aRouteAndTheDocumentCannotDrift() throws {
        let contract = try WebFiles.shared.get().api
        let routes = try APIClient.router(APIClient.fixture()).routes.map { (path: $0.path, method: $0.method) }
        try contract.verify(routes: routes)
        let extra = routes + [(path: RouterPath("/api/v1/station/{stationId}/extra"), method: .get)]
        #expect(throws: WebFilesError.self) { try contract.verify(routes: extra) }
        let put = routes + [(path: RouterPath("/api/v1/schedule"), method: .put)]
        #expect(throws: WebFilesError.self) { try contract.verify(routes: put) }
        let fewer = routes.filter { $0.path.description != "/api/v1/schedule" }
        #expect(throws: WebFilesError.self) { try contract.verify(routes: fewer) }
        // What the routes take from it: the ranges and defaults the handlers use are the document's.
        let departures = try contract.operation("departures")
        #expect(departures.query.map(\.name) == ["station", "direction", "railway", "at", "limit"])
        let limit = try #require(departures.parameter("limit"))
        #expect(limit.minimum == 1 && limit.maximum == 100 && limit.fallback == "8" && limit.kind == .integer)
        #expect(try contract.operation("nearby").parameter("departures")?.fallback == "true")
    }

    /// Every operation answers every documented error with problem JSON of the documented shape.
    @Test func problemsHaveTheDocumentedShape() async throws {
        let document = try await Self.document()
        let problem = (((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Problem"] as? [String: Any]) ?? [:]
        let fixture = try APIClient.fixture()
        // Not found, a bad limit, a URI too long, a route whose weekday train does not run on a
        // Saturday (422), no such endpoint.
        for (uri, status) in [("/api/v1/departures?station=Nowhere", 404), ("/api/v1/departures?station=x&limit=0", 400),
                              ("/api/v1/search?q=" + String(repeating: "a", count: 3000), 414),
                              ("/api/v1/route?date=2026-11-28&segments=" + Self.route, 422), ("/api/v1/nope", 404)] {
            let answer = try await APIClient.get(uri, on: fixture)
            #expect(answer.status.code == status, "\(uri.prefix(60))")
            #expect(answer.headers[.contentType] == "application/problem+json")
            Self.check(answer.json, against: problem, in: document, at: String(uri.prefix(60)))
        }
    }
}
