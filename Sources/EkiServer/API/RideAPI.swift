import EkiCore
import EkiStore
import EkiTracking
import Foundation
import Hummingbird

/// The live ride page's API: the page POSTs the phone's fixes with a session id it made up, the
/// server keeps one tracker per session in memory (RideSessions) and answers what it believes.
/// Positions travel only in request bodies — never in a URL, which the request log records — and
/// no error message repeats a position.
struct RideAPI: Sendable {
    static let maximumBody = 64 * 1024
    static let maximumFixes = 120
    let sessions: RideSessions
    /// The proxy whose X-Forwarded-For names the client (`eki serve --trusted-proxy`).
    let trustedProxy: String?

    init(timetable: Timetable, clock: @escaping @Sendable () -> Date = Date.init, trustedProxy: String? = nil) {
        self.trustedProxy = trustedProxy
        let network = LazyTrackingNetwork(timetable: timetable)
        sessions = RideSessions(network: { try network.get() }, clock: clock)
    }

    func addRoutes<Context: RemoteAddressRequestContext>(to router: Router<Context>) {
        router.post("/api/v1/ride/fix") { request, context in
            let body = try await Self.body(request, context)
            let session = try Self.session(body)
            let fixes = try Self.fixes(body)
            let client = Self.client(request, context, trustedProxy: trustedProxy)
            return try await Self.respond { try await sessions.update(session: session, client: client, fixes: fixes) }
        }
        router.post("/api/v1/ride/pin") { request, context in
            let body = try await Self.body(request, context)
            let session = try Self.session(body)
            let railway = try Self.optionalId(body["railway"], what: "railway")
            let direction = try Self.optionalId(body["direction"], what: "direction")
            guard (railway == nil) == (direction == nil) else {
                throw Problem.badRequest("give both railway and direction to pin a line, or neither to unpin")
            }
            let client = Self.client(request, context, trustedProxy: trustedProxy)
            return try await Self.respond { try await sessions.pin(session: session, client: client, railway: railway, direction: direction) }
        }
    }

    /// Who is asking, for the per-client bound on sessions: the client's address (no port: a
    /// phone opens new connections; see `ClientAddress`). Requests without a socket (in-process
    /// tests) share one key.
    static func client(_ request: Request, _ context: some RemoteAddressRequestContext, trustedProxy: String?) -> String {
        ClientAddress.key(peer: context.remoteAddress, headers: request.headers, trustedProxy: trustedProxy)
    }

    static func respond(_ answer: () async throws -> Data) async throws -> Response {
        do {
            let data = try await answer()
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        } catch let refused as RideFixRefused {
            throw Problem(.unprocessableContent, refused.detail)
        } catch is RideSessionsFull {
            throw Problem(.serviceUnavailable, "ride tracking is full: every place is a rider who spoke in the last two minutes; try again in a minute",
                          retryAfter: 60)
        }
    }

    /// The request's JSON object. No query parameters at all: nothing about a ride goes in a URL.
    /// Only `Content-Type: application/json`: a page on another site can send a form or plain text
    /// without asking, but not JSON (the browser asks first, and this server allows no other origin).
    static func body(_ request: Request, _ context: some RequestContext) async throws -> [String: Any] {
        _ = try QueryParameters(request, allowed: [])
        guard isJSON(request.headers[.contentType]) else {
            throw Problem(.unsupportedMediaType, "send the body as JSON with Content-Type: application/json")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBody)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Problem(.contentTooLarge, "the request body is over \(maximumBody / 1024) KB; send fewer fixes at a time")
        } catch {
            // Broken framing (a bad chunk size) or a connection closed half way: the client's doing.
            throw Problem(.badRequest, "the request body could not be read")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any] else {
            throw Problem.badRequest("the request body must be a JSON object")
        }
        return object
    }

    /// `application/json`, with or without parameters (`; charset=utf-8`), in any case.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type == "application/json"
    }

    /// A session id the page made up: 16 to 64 letters, digits, - or _.
    static func session(_ body: [String: Any]) throws -> String {
        guard let id = body["session"] as? String, (16...64).contains(id.utf8.count),
              id.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else {
            throw Problem.badRequest("session must be a string of 16 to 64 letters, digits, - or _")
        }
        return id
    }

    static func optionalId(_ value: Any?, what: String) throws -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let id = value as? String, (1...200).contains(id.unicodeScalars.count) else { throw Problem.badRequest("\(what) must be an id string") }
        return id
    }

    /// `fixes`: 1 to 120 fixes as the ride files write them, read by `FixReader` (the one reader
    /// for files and the API); a fix must also be on the globe with an accuracy of 0 or more.
    static func fixes(_ body: [String: Any]) throws -> [Fix] {
        guard let list = body["fixes"] as? [Any], (1...maximumFixes).contains(list.count) else {
            throw Problem.badRequest("fixes must be an array of 1 to \(maximumFixes) fixes")
        }
        return try list.enumerated().map { index, item in
            let place = "fix \(index + 1)"
            guard let object = item as? [String: Any] else { throw Problem.badRequest("\(place) must be an object") }
            let fix: Fix
            do { fix = try FixReader.fix(object) } catch let error as FixReader.Failure { throw Problem.badRequest("\(place): \(error.message)") }
            guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude) else {
                throw Problem.badRequest("\(place): \(FixReader.positionRule)")
            }
            guard fix.accuracy >= 0 else { throw Problem.badRequest("\(place): \(FixReader.accuracyRule)") }
            return fix
        }
    }
}

private extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
