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

    func addRoutes(to router: Router<some RequestContext>) {
        router.post("/api/v1/ride/fix") { request, context in
            let body = try await Self.body(request, context)
            let session = try Self.session(body)
            let fixes = try Self.fixes(body)
            return try await Self.respond { try await sessions.update(session: session, fixes: fixes) }
        }
        router.post("/api/v1/ride/pin") { request, context in
            let body = try await Self.body(request, context)
            let session = try Self.session(body)
            let railway = try Self.optionalId(body["railway"], what: "railway")
            let direction = try Self.optionalId(body["direction"], what: "direction")
            guard (railway == nil) == (direction == nil) else {
                throw Problem.badRequest("give both railway and direction to pin a line, or neither to unpin")
            }
            return try await Self.respond { try await sessions.pin(session: session, railway: railway, direction: direction) }
        }
    }

    static func respond(_ answer: () async throws -> Data) async throws -> Response {
        do {
            let data = try await answer()
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        } catch is RideSessionsFull {
            throw Problem(.serviceUnavailable, "too many rides are being tracked right now; try again in a few minutes")
        }
    }

    /// The request's JSON object. No query parameters at all: nothing about a ride goes in a URL.
    static func body(_ request: Request, _ context: some RequestContext) async throws -> [String: Any] {
        _ = try QueryParameters(request, allowed: [])
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBody)
        } catch {
            throw Problem(.contentTooLarge, "the request body is over \(maximumBody / 1024) KB; send fewer fixes at a time")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any] else {
            throw Problem.badRequest("the request body must be a JSON object")
        }
        return object
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
            // A JSON number, not true or false (which JSONSerialization also hands over as NSNumber).
            func number(_ key: String) -> Double? {
                guard let value = fix[key] as? NSNumber, String(cString: value.objCType) != "c" else { return nil }
                return value.doubleValue
            }
            /// Absent or null: unknown (-1); anything but a number is refused, as openapi.json says.
            func optionalNumber(_ key: String, what: String) throws -> Double {
                guard let value = fix[key], !(value is NSNull) else { return -1 }
                guard let number = number(key) else { throw Problem.badRequest("\(place): \(what) must be a number or null") }
                return number
            }
            var time: Double
            if let text = fix["t"] as? String {
                guard let seconds = Self.time(text) else { throw Problem.badRequest("\(place): t must be an ISO 8601 time or epoch seconds") }
                time = seconds
            } else {
                guard let number = number("t") else { throw Problem.badRequest("\(place): t must be an ISO 8601 time or epoch seconds") }
                time = number >= 100_000_000_000 ? number / 1000 : number
                // Within the years the calendar covers (1949–2099), as openapi.json says: a time far
                // outside them has no service day (and once took the server down).
                guard RideFileReader.supportedTimes.contains(time) else {
                    throw Problem.badRequest("\(place): t must be a time from 1949 to 2099 (epoch seconds or milliseconds)")
                }
            }
            guard let lat = number("lat"), (-90...90).contains(lat), let lon = number("lon"), (-180...180).contains(lon) else {
                throw Problem.badRequest("\(place): lat and lon must be numbers within -90…90 and -180…180")
            }
            let accuracy = fix["accuracy"] == nil ? RideFileReader.defaultAccuracy : number("accuracy") ?? -1
            guard accuracy.isFinite, accuracy >= 0 else { throw Problem.badRequest("\(place): accuracy must be a number of metres, 0 or more") }
            return Fix(time: time, latitude: lat, longitude: lon, accuracy: accuracy,
                       speed: try optionalNumber("speed", what: "speed"), course: try optionalNumber("course", what: "course"))
        }
    }

    /// `t` as text, exactly as openapi.json's pattern has it: YYYY-MM-DDTHH:MM:SS, a real date of
    /// 1949–2099, fractions of a second, then Z, ±HH:MM or nothing (Tokyo time); epoch seconds.
    static func time(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))?/.asciiOnlyDigits()),
              let date = CivilDate(year: Int(match.1)!, month: Int(match.2)!, day: Int(match.3)!), date.isSupported,
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
