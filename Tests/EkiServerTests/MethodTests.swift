import Foundation
import Hummingbird
import HTTPTypes
import Testing

/// HEAD answers like GET without a body; any method a real path does not serve — known or not —
/// is 405 with an Allow header naming the ones it does; unknown paths stay 404 whatever the method.
/// On the hand-written Tokyo (`TokyoFixture`): 中央通's board, page and surroundings.
@Suite struct MethodTests {
    static let paths = [
        "/api/v1/departures?station=Umi.Kaigan.Chuodori&at=2026-11-24T07:30",
        "/api/v1/calendar/2026",
        "/api/openapi.json",
        "/",
        "/assets/app.css",
        "/station/Umi.Kaigan.Chuodori?at=2026-11-24T07:30",
        "/board/Umi.Kaigan.Chuodori?direction=Inbound&at=2026-11-24T07:30",
        "/nearby?lat=35.5610&lon=139.6710&at=2026-11-24T07:30",
    ]

    @Test func headAnswersWithTheHeadersOfGetAndNoBody() async throws {
        let fixture = try APIClient.fixture()
        for path in Self.paths {
            let get = try await APIClient.get(path, on: fixture)
            let head = try await APIClient.get(path, on: fixture, method: .head)
            #expect(get.status == .ok && head.status == .ok, "\(path): \(head.status)")
            #expect(head.body.isEmpty, "\(path)")
            #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
            #expect(head.headers[.contentLength] == String(get.body.count), "\(path)")
        }
        // HEAD of what is not there is the GET's 404 or 400, again without a body.
        let missing = try await APIClient.get("/api/v1/station/Nowhere", on: fixture, method: .head)
        #expect(missing.status == .notFound && missing.body.isEmpty)
        let bad = try await APIClient.get("/api/v1/schedule?date=4652-03-01", on: fixture, method: .head)
        #expect(bad.status == .badRequest && bad.body.isEmpty)
    }

    @Test func otherMethodsOnARealPathAre405WithAllow() async throws {
        let fixture = try APIClient.fixture()
        for path in Self.paths {
            for method: HTTPRequest.Method in [.post, .put, .patch, .delete, .options] {
                let answer = try await APIClient.get(path, on: fixture, method: method)
                #expect(answer.status == .methodNotAllowed, "\(method) \(path): \(answer.status)")
                #expect(answer.headers[.allow] == "GET, HEAD", "\(method) \(path)")
                #expect(answer.headers[.contentType] == "application/problem+json")
                #expect(answer.object["status"] as? Int == 405)
                #expect(answer.detail == "\(method) is not allowed here; this path answers GET, HEAD")
            }
        }
        // A path with a parameter counts whatever the parameter is; a path that does not exist is 404.
        #expect(try await APIClient.get("/api/v1/train/Anything", on: fixture, method: .delete).status == .methodNotAllowed)
        let none = try await APIClient.get("/api/v1/nope", on: fixture, method: .post)
        #expect(none.status == .notFound && none.headers[.allow] == nil)
        // Methods the server has never heard of, and ones it knows but serves nowhere, are 405 too on
        // a real path (never 501), and 404 on a path that does not exist.
        for name in ["PROPFIND", "QUERY", "TRACE", "CONNECT", "BREW"] {
            let method = try #require(HTTPRequest.Method(name))
            let answer = try await APIClient.get("/api/v1/calendar/2026", on: fixture, method: method)
            #expect(answer.status == .methodNotAllowed && answer.headers[.allow] == "GET, HEAD", "\(name)")
            #expect(answer.detail == "\(name) is not allowed here; this path answers GET, HEAD")
            #expect(try await APIClient.get("/api/v1/nope", on: fixture, method: method).status == .notFound, "\(name)")
        }
        // A path served by POST only answers the other methods with Allow: POST.
        for method: HTTPRequest.Method in [.get, .head, .put, .trace, HTTPRequest.Method("QUERY")!] {
            let answer = try await APIClient.get("/api/v1/ride/fix", on: fixture, method: method)
            #expect(answer.status == .methodNotAllowed && answer.headers[.allow] == "POST", "\(method)")
        }
    }
}
