import Foundation
import Hummingbird
import HTTPTypes
import Testing

/// HEAD answers like GET without a body; any method a real path does not serve — known or not —
/// is 405 with an Allow header naming the ones it does; unknown paths stay 404 whatever the method.
@Suite struct MethodTests {
    static let paths = [
        "/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&at=2026-11-24T07:30",
        "/api/v1/calendar/2026",
        "/api/openapi.json",
        "/",
        "/assets/app.css",
        "/station/Minatomirai.Minatomirai.Bashamichi?at=2026-11-24T07:30",
        "/board/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&at=2026-11-24T07:30",
        "/nearby?lat=35.4505&lon=139.6337&at=2026-11-24T07:30",
    ]

    @Test func headAnswersWithTheHeadersOfGetAndNoBody() async throws {
        for path in Self.paths {
            let get = try await APIClient.get(path)
            let head = try await APIClient.get(path, method: .head)
            #expect(get.status == .ok && head.status == .ok, "\(path): \(head.status)")
            #expect(head.body.isEmpty, "\(path)")
            #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
            #expect(head.headers[.contentLength] == String(get.body.count), "\(path)")
        }
        // HEAD of what is not there is the GET's 404 or 400, again without a body.
        let missing = try await APIClient.get("/api/v1/station/Nowhere", method: .head)
        #expect(missing.status == .notFound && missing.body.isEmpty)
        let bad = try await APIClient.get("/api/v1/schedule?date=4652-03-01", method: .head)
        #expect(bad.status == .badRequest && bad.body.isEmpty)
    }

    @Test func otherMethodsOnARealPathAre405WithAllow() async throws {
        for path in Self.paths {
            for method: HTTPRequest.Method in [.post, .put, .patch, .delete, .options] {
                let answer = try await APIClient.get(path, method: method)
                #expect(answer.status == .methodNotAllowed, "\(method) \(path): \(answer.status)")
                #expect(answer.headers[.allow] == "GET, HEAD", "\(method) \(path)")
                #expect(answer.headers[.contentType] == "application/problem+json")
                #expect(answer.object["status"] as? Int == 405)
                #expect(answer.detail == "\(method) is not allowed here; this path answers GET, HEAD")
            }
        }
        // A path with a parameter counts whatever the parameter is; a path that does not exist is 404.
        #expect(try await APIClient.get("/api/v1/train/Anything", method: .delete).status == .methodNotAllowed)
        let none = try await APIClient.get("/api/v1/nope", method: .post)
        #expect(none.status == .notFound && none.headers[.allow] == nil)
        // Methods the server has never heard of, and ones it knows but serves nowhere, are 405 too on
        // a real path (never 501), and 404 on a path that does not exist.
        for name in ["PROPFIND", "QUERY", "TRACE", "CONNECT", "BREW"] {
            let method = try #require(HTTPRequest.Method(name))
            let answer = try await APIClient.get("/api/v1/calendar/2026", method: method)
            #expect(answer.status == .methodNotAllowed && answer.headers[.allow] == "GET, HEAD", "\(name)")
            #expect(answer.detail == "\(name) is not allowed here; this path answers GET, HEAD")
            #expect(try await APIClient.get("/api/v1/nope", method: method).status == .notFound, "\(name)")
        }
        // A path served by POST only answers the other methods with Allow: POST.
        for method: HTTPRequest.Method in [.get, .head, .put, .trace, HTTPRequest.Method("QUERY")!] {
            let answer = try await APIClient.get("/api/v1/ride/fix", method: method)
            #expect(answer.status == .methodNotAllowed && answer.headers[.allow] == "POST", "\(method)")
        }
    }
}
