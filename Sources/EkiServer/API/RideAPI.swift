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

    init(timetable: Timetable, clock: @escaping @Sendable () -> Date = Date.init) {
        let network = LazyTrackingNetwork(timetable: timetable)
        sessions = RideSessions(network: { try network.get() }, clock: clock)
    }

    func addRoutes<Context: RemoteAddressRequestContext>(to router: Router<Context>) {
        router.post("/api/v1/ride/fix") { request, context in
            let body = try await Self.body(request, context)
            let session = try Self.session(body)
            let fixes = try Self.fixes(body)
            let client = Self.client(context)
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
            let client = Self.client(context)
            return try await Self.respond { try await sessions.pin(session: session, client: client, railway: railway, direction: direction) }
        }
    }

    /// Who is asking, for the per-client bound on sessions: the peer's IP address (no port: a
    /// phone opens new connections). Requests without a socket (in-process tests) share one key.
    static func client(_ context: some RemoteAddressRequestContext) -> String {
        context.remoteAddress?.ipAddress ?? "local"
    }

    static func respond(_ answer: () async throws -> Data) async throws -> Response {
        do {
            let data = try await answer()
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        } catch let refused as RideFixRefused {
            throw Problem(.unprocessableContent, refused.detail)
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

    /// `fixes`: 1 to 120 fixes as the ride files write them — `t` as ISO 8601 or epoch seconds
    /// (epoch milliseconds, as browsers count, are accepted too), `lat`, `lon`, and optionally
    /// `accuracy` (metres), `speed` (m/s), `course` (degrees), -1 or null when unknown.
    static func fixes(_ body: [String: Any]) throws -> [Fix] {
        guard let list = body["fixes"] as? [Any], (1...maximumFixes).contains(list.count) else {
            throw Problem.badRequest("fixes must be an array of 1 to \(maximumFixes) fixes")
        }
        return try list.enumerated().map { index, item in
            let place = "fix \(index + 1)"
            guard let fix = item as? [String: Any] else { throw Problem.badRequest("\(place) must be an object") }
            // A number, a boolean is not; nil when absent or null; a wrong type is an error.
            func number(_ key: String, _ what: String) throws -> Double? {
                guard let value = fix[key], !(value is NSNull) else { return nil }
                guard let number = JSONNumber.double(value), number.isFinite else { throw Problem.badRequest("\(place): \(what)") }
                return number
            }
            let when = "t must be an ISO 8601 time or epoch seconds between \(Fix.supportedYears)"
            var time: Double
            if let text = fix["t"] as? String {
                // Read exactly as openapi.json's pattern has it; its years keep it near the range
                // (an offset may carry it a day past the ends: the tracker then skips the fix).
                guard let seconds = Self.time(text) else { throw Problem.badRequest("\(place): \(when)") }
                time = seconds
            } else {
                guard let seconds = try number("t", when) else { throw Problem.badRequest("\(place): \(when)") }
                time = seconds > 100_000_000_000 ? seconds / 1000 : seconds
                // Checked before anything turns it into a service day: -1e19 s has none.
                guard Fix.supportedTimes.contains(time) else { throw Problem.badRequest("\(place): \(when)") }
            }
            let position = "lat and lon must be numbers within -90…90 and -180…180"
            guard let lat = try number("lat", position), (-90...90).contains(lat),
                  let lon = try number("lon", position), (-180...180).contains(lon) else {
                throw Problem.badRequest("\(place): \(position)")
            }
            let metres = "accuracy must be a number of metres, 0 or more"
            let accuracy = try number("accuracy", metres) ?? RideFileReader.defaultAccuracy
            guard accuracy >= 0 else { throw Problem.badRequest("\(place): \(metres)") }
            return Fix(time: time, latitude: lat, longitude: lon, accuracy: accuracy,
                       speed: try number("speed", "speed must be a number of m/s, -1 or null when unknown") ?? -1,
                       course: try number("course", "course must be a number of degrees, -1 or null when unknown") ?? -1)
        }
    }

    /// `t` as text, exactly as openapi.json's pattern has it: YYYY-MM-DDTHH:MM:SS, a real date of
    /// 1970–2099, fractions of a second, then Z, ±HH:MM or nothing (Tokyo time); epoch seconds.
    static func time(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))?/.asciiOnlyDigits()),
              let date = CivilDate(year: Int(match.1)!, month: Int(match.2)!, day: Int(match.3)!), (1970...2099).contains(date.year),
              let hour = Int(match.4), hour < 24, let minute = Int(match.5), minute < 60, let second = Int(match.6), second < 60 else { return nil }
        var offset = 9 * 3600
        if match.8 == "Z" { offset = 0 }
        if let sign = match.9, let hours = Int(match.10 ?? ""), hours < 24, let minutes = Int(match.11 ?? ""), minutes < 60 {
            offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else if match.9 != nil {
            return nil
        }
        let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
        return Double(date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }
}

private extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
