import EkiJSON
import Foundation
import Hummingbird

/// ETag and Cache-Control for JSON answers. The timetable only changes with the database, so an
/// answer is fixed by the database and the request target — plus the minute, when the request
/// leaves the time to the server's clock. A matching If-None-Match gets a 304 before any query runs;
/// an answer already encoded is sent again from the answer cache.
struct CachedJSON: Sendable {
    /// Names the database's contents: its snapshot digest and import time, read once at start.
    let databaseTag: String
    let answers: AnswerCache
    /// Whether the file answers are read from is still the one opened (`ServedFile.intact`).
    let mayKeep: @Sendable () -> Bool

    init(snapshotDigest: String, importedAt: String, cacheBytes: Int, mayKeep: @escaping @Sendable () -> Bool = { true }) {
        databaseTag = Self.hex(Self.fnv1a(snapshotDigest + "|" + importedAt))
        answers = AnswerCache(capacity: cacheBytes)
        self.mayKeep = mayKeep
    }

    /// How long a client may reuse an answer fixed by its URI alone (a re-import is rare and
    /// revalidation costs one 304).
    static var maxAge: Int { 3600 }

    /// `moment`: the time the answer is for, when it depends on one; an answer for "now" may be
    /// reused until the minute ends, since boards move by the minute.
    func respond(to request: Request, moment: Moment?, now: Date, _ make: () throws -> any Encodable) throws -> Response {
        var key = request.uri.string
        var cacheControl = "public, max-age=\(Self.maxAge)"
        if let moment, moment.isNow {
            key += "@" + moment.instant.description
            cacheControl = "public, max-age=\(60 - Int(now.timeIntervalSince1970.rounded(.down)) % 60)"
        }
        let etag = "\"\(databaseTag)-\(Self.hex(Self.fnv1a(key)))\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: cacheControl]
        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        if let known = answers.answer(for: key) {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: known))
        }
        let body = ByteBuffer(bytes: try JSONOutput.data(make(), pretty: false))
        // Not kept when the file changed in place while it was read (issue 33): the answer itself is
        // not sent either (`LiveResponder`), and the cache must not give it later.
        if mayKeep() { answers.keep(body, for: key) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// If-None-Match holds `*` or a list of tags, strong or weak (W/"…"); weak comparison applies.
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }

    /// FNV-1a, 64 bits: a stable hash (Swift's Hasher is seeded per process, useless for ETags).
    static func fnv1a(_ text: String) -> UInt64 { fnv1a(text.utf8) }

    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
