import EkiJSON
import Foundation
import Hummingbird

/// The API's OpenAPI 3.1 description, served at /api/openapi.json. Hand-written beside the
/// routes; OpenAPITests keeps it true (every route documented, every documented path served,
/// real answers carrying the required fields).
enum OpenAPI {
    static func response(to request: Request, document: [UInt8]) throws -> Response {
        _ = try QueryParameters(request, allowed: [])
        let etag = "\"\(CachedJSON.hex(CachedJSON.fnv1a(document)))\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=\(CachedJSON.maxAge)"]
        if let ifNoneMatch = request.headers[.ifNoneMatch], CachedJSON.matches(ifNoneMatch, etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document)))
    }
}
