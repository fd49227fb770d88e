import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Logging
import Testing

/// A live database overwritten in place (not renamed over) — issue 20: it answered 500 "database
/// disk image is malformed" while the log said the previous database was still served. Now: what is
/// in memory is still answered, the rest is a 503 problem that says why, the log tells the truth,
/// and a complete file written the same way is served once it checks out.
@Suite struct InPlaceChangeTests {
    /// 中央通's inbound board on the hand-written Tokyo (HotSwapTests.Files): read from the file when asked.
    static let departures = "/api/v1/departures?station=Umi.Kaigan.Chuodori&direction=Inbound&at=2026-11-24T07:30"

    /// Writes `data` over the live file's own bytes: same inode, as `cp` or an editor would.
    static func overwriteInPlace(_ url: URL, with data: Data) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
        try handle.close()
    }

    @Test func aDatabaseChangedInPlaceIs503NeverA500AndTheLogSaysSo() async throws {
        let files = try HotSwapTests.Files()
        defer { files.scratch.remove() }
        let lines = LogLines()
        let (app, responder) = try HotSwapTests.application(files.live, logger: Logger(label: "test", factory: { _ in lines }))
        try await app.test(.router) { client in
            let schedule = try await client.execute(uri: HotSwapTests.schedule, method: .get) { HotSwapTests.railways($0.status, $0.body) }
            #expect(schedule == 5)   // the hand-written Tokyo's five railways
            let inode = try #require(try FileManager.default.attributesOfItem(atPath: files.live.path)[.systemFileNumber] as? NSNumber)

            // Part of a database: the first 64 KB of the hand-written Tokyo's, written over the live file.
            let whole = try Data(contentsOf: files.tokyo)
            #expect(whole.count > 4 * 65_536, "the test needs a database much larger than the part it writes")
            try Self.overwriteInPlace(files.live, with: whole.prefix(65_536))
            let after = try FileManager.default.attributesOfItem(atPath: files.live.path)[.systemFileNumber] as? NSNumber
            #expect(after == inode, "the test must change the file in place")

            responder.checkFile()
            #expect(lines.errors.count == 1)
            let logged = lines.errors.first ?? ""
            #expect(logged.hasPrefix("the database at \(files.live.path) was changed in place (same file, "))
            #expect(logged.contains("503 for the rest") && !logged.contains("still serving the previous one"))

            // An answer already made is still given; one that needs the file is a 503 saying why.
            let cached = try await client.execute(uri: HotSwapTests.schedule, method: .get) { HotSwapTests.railways($0.status, $0.body) }
            #expect(cached == 5)
            let fresh = try await client.execute(uri: Self.departures, method: .get) { $0 }
            #expect(fresh.status == .serviceUnavailable)
            #expect(fresh.headers[.contentType] == "application/problem+json")
            #expect(fresh.headers[.retryAfter] == "5")
            let detail = (try? JSONSerialization.jsonObject(with: Data(fresh.body.readableBytesView)) as? [String: Any])?["detail"] as? String
            #expect(detail?.hasPrefix("the timetable database cannot be read right now") == true)

            // The whole file written the same way (a `cp` that finished) is served again.
            try Self.overwriteInPlace(files.live, with: try Data(contentsOf: files.mini))
            responder.checkFile()
            let railways = try await client.execute(uri: "/api/v1/schedule?date=2026-11-25", method: .get) { HotSwapTests.railways($0.status, $0.body) }
            #expect(railways == 2)
            #expect(lines.errors.count == 1)
        }
    }
}
