import EkiJSON
import EkiStore
import Foundation
import Hummingbird
import Synchronization

/// A newer dataset the operator's source publishes, found by `eki serve --update-from` and told
/// quietly — in the log and in /api/v1/info — until it is installed (issue 32, 20). Set by the
/// server's periodic check, read by every answer; one value for the whole server, across swaps.
public final class UpdateNotice: Sendable {
    public struct Published: Sendable, Equatable, Encodable {
        /// The manifest's version (its publication time as digits, YYYYMMDDhhmmss).
        public var version: Int64
        /// "version N (source snapshot date)", as `eki data update` says it.
        public var summary: String
        /// Where it is published, as the operator gave it.
        public var source: String
        /// Its database's snapshot digest and import time: once the served database has both, it
        /// is the one published (installed since the check), and the notice is not told.
        public var snapshotDigest: String
        public var importedAt: String

        public init(version: Int64, summary: String, source: String, snapshotDigest: String, importedAt: String) {
            self.version = version; self.summary = summary; self.source = source
            self.snapshotDigest = snapshotDigest; self.importedAt = importedAt
        }

        enum CodingKeys: String, CodingKey { case version, summary, source }

        /// Whether `info` is this dataset's database.
        func isServed(_ info: DatabaseInfo) -> Bool { info.snapshotDigest == snapshotDigest && info.importedAt == importedAt }
    }

    private let state = Mutex<Published?>(nil)

    public init() {}

    public var published: Published? { state.withLock { $0 } }

    /// nil: nothing newer (up to date, or installed since).
    public func set(_ published: Published?) { state.withLock { $0 = published } }
}

/// GET /api/v1/info: what the served database holds, as `eki info --json` says it but for the
/// path on this machine, and the newer dataset published, when the server's check found one.
struct InfoJSON: Encodable {
    var info: DatabaseInfo
    var update: UpdateNotice.Published?

    enum Keys: String, CodingKey {
        case source, snapshotDate, snapshotDigest, importedAt, attribution, timeZone, language, schemaVersion, sizeBytes, counts, update
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(info.source, forKey: .source)
        try c.encode(info.snapshotDate, forKey: .snapshotDate)
        try c.encode(info.snapshotDigest, forKey: .snapshotDigest)
        try c.encode(info.importedAt, forKey: .importedAt)
        try c.encode(info.attribution, forKey: .attribution)
        try c.encode(info.timeZone, forKey: .timeZone)
        try c.encode(info.language, forKey: .language)
        try c.encode(info.schemaVersion, forKey: .schemaVersion)
        try c.encode(info.sizeBytes, forKey: .sizeBytes)
        try c.encode(info.counts, forKey: .counts)
        try c.encodeIfPresent(update, forKey: .update)
    }
}

extension TimetableAPI {
    /// Not kept in the answer cache and not cached by clients: the notice may come at any time.
    func addInfoRoute(to router: Router<some RequestContext>, notice: UpdateNotice?) throws {
        let operation = try contract.operation("info")
        router.get("/api/v1/info") { request, _ in
            _ = try QueryParameters(request, operation: operation)
            let info = try timetable.info()
            let answer = InfoJSON(info: info, update: notice?.published.flatMap { $0.isServed(info) ? nil : $0 })
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
                            body: .init(byteBuffer: ByteBuffer(bytes: try JSONOutput.data(answer, pretty: false))))
        }
    }
}
