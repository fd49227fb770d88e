import EkiTestSupport
import Foundation
import Hummingbird
import Testing
@testable import EkiServer

/// GET /api/v1/info on the hand-written Tokyo: what the served database holds, never where it is
/// on the server's disk, and the newer dataset `eki serve --update-from` found (issue 32, 20).
@Suite struct InfoAPITests {
    /// One request to a server of the fixture whose check left `notice`.
    static func get(_ uri: String, notice: UpdateNotice?) async throws -> APIClient.Answer {
        let router = try buildRouter(timetable: APIClient.fixture(), clock: { APIClient.tuesdayMorning }, notice: notice)
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                APIClient.Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
            }
        }
    }

    @Test func whatTheServedDatabaseHolds() async throws {
        let answer = try await Self.get("/api/v1/info", notice: UpdateNotice())
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
        #expect(answer.headers[.cacheControl] == "no-cache")
        let info = answer.object
        #expect(info["source"] as? String == "fixture" && info["snapshotDate"] as? String == "2026-11-01")
        #expect(info["attribution"] as? String == "Eki test fixture")
        #expect(info["timeZone"] as? String == "Asia/Tokyo" && info["language"] as? String == "ja")
        // Five railways, 14 stations in 9 places, 2,065 train parts of two calendars.
        #expect(info["counts"] as? [String: Int] == ["railways": 5, "stations": 14, "stationComplexes": 9, "trains": 2065, "stopEvents": 6017,
                                                     "departures": 3956, "trainTypes": 10, "services": 2])
        #expect(info["path"] == nil)     // where the file is on the server is nobody's business
        #expect(info["update"] == nil)   // nothing newer found
        let fixture = try APIClient.fixture().info()
        #expect(info["snapshotDigest"] as? String == fixture.snapshotDigest && info["schemaVersion"] as? Int == fixture.schemaVersion)
    }

    @Test func aNewerDatasetFoundIsToldUntilItIsInstalled() async throws {
        let notice = UpdateNotice()
        notice.set(.init(version: 20_261_201_000_000, summary: "version 20261201000000 (fixture snapshot 2026-12-01)",
                         source: "https://publisher.example/data/", snapshotDigest: "fixture-2", importedAt: "2026-12-01T00:00:00+09:00"))
        let told = try await Self.get("/api/v1/info", notice: notice)
        let update = try #require(told.object["update"] as? [String: Any])
        #expect((update["version"] as? NSNumber)?.int64Value == 20_261_201_000_000)
        #expect(update["summary"] as? String == "version 20261201000000 (fixture snapshot 2026-12-01)")
        #expect(update["source"] as? String == "https://publisher.example/data/")
        #expect(update.count == 3)
        // Installed since (`eki data update` swapped it in): the served database is the one published.
        let served = try APIClient.fixture().info()
        notice.set(.init(version: 20_261_201_000_000, summary: "version 20261201000000 (fixture snapshot 2026-12-01)",
                         source: "https://publisher.example/data/", snapshotDigest: served.snapshotDigest, importedAt: served.importedAt))
        #expect(try await Self.get("/api/v1/info", notice: notice).object["update"] == nil)
        notice.set(nil)
        #expect(try await Self.get("/api/v1/info", notice: notice).object["update"] == nil)
    }

    @Test func anUnknownParameterIsABadRequest() async throws {
        let answer = try await Self.get("/api/v1/info?station=x", notice: nil)
        #expect(answer.status == .badRequest)
        #expect(answer.detail.contains("station"), "\(answer.detail)")
    }
}
