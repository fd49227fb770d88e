import Foundation
import Hummingbird
import HTTPTypes
import Testing

/// Every route is read-only: HEAD answers like GET without a body, the other methods on a real
/// path are 405 with an Allow header, and unknown paths stay 404 whatever the method.
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
        // A method the server has never heard of is not implemented, wherever it is sent.
        let webdav = try await APIClient.get("/api/v1/calendar/2026", method: HTTPRequest.Method("PROPFIND")!)
        #expect(webdav.status == .notImplemented)
        #expect(webdav.detail == "the method PROPFIND is not implemented; this server answers GET, HEAD")
    }
}
