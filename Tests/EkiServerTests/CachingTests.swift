import Foundation
import Hummingbird
import Testing

/// ETags name the database and the request (and the minute, for answers about now); a client that
/// still holds the answer gets a 304. On the hand-written Tokyo (`TokyoFixture`): 中央通's inbound
/// board.
@Suite struct CachingTests {
    static let board = "/api/v1/departures?station=Umi.Kaigan.Chuodori&direction=Inbound&at=2026-11-24T07:30&limit=3"

    @Test func anAnswerFixedByItsURIIsTaggedAndKeptForAnHour() async throws {
        let answers = try await APIClient.get([Self.board, Self.board, Self.board + "&railway=Umi.Kaigan"], on: APIClient.fixture())
        let etag = try #require(answers[0].headers[.eTag])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 20)
        #expect(answers[0].headers[.cacheControl] == "public, max-age=3600")
        #expect(answers[1].headers[.eTag] == etag)
        #expect(answers[1].body == answers[0].body)   // the second from the answer cache, byte for byte
        #expect(answers[2].headers[.eTag] != etag)
        // The same board by another request: its own tag, the same departures (07:36, 07:51, 08:05).
        #expect(answers[2].body == answers[0].body)
        #expect((answers[0].object["departures"] as? [[String: Any]])?.map { $0["time"] as? String } == ["07:36", "07:51", "08:05"])
    }

    @Test func ifNoneMatchGetsA304() async throws {
        let fixture = try APIClient.fixture()
        let first = try await APIClient.get(Self.board, on: fixture)
        let etag = try #require(first.headers[.eTag])
        for header in [etag, "W/" + etag, "\"other\", " + etag, "*"] {
            let again = try await APIClient.get(Self.board, on: fixture, headers: [.ifNoneMatch: header])
            #expect(again.status == .notModified, "\(header)")
            #expect(again.body.isEmpty)
            #expect(again.headers[.eTag] == etag)
            #expect(again.headers[.cacheControl] == "public, max-age=3600")
        }
        let changed = try await APIClient.get(Self.board, on: fixture, headers: [.ifNoneMatch: "\"something-else\""])
        #expect(changed.status == .ok)
        #expect(changed.body == first.body)
    }

    @Test func anAnswerAboutNowLastsUntilTheMinuteEnds() async throws {
        let fixture = try APIClient.fixture()
        let uri = "/api/v1/departures?station=Umi.Kaigan.Chuodori&direction=Inbound&limit=3"
        let now = try await APIClient.get(uri, on: fixture)
        #expect(now.headers[.cacheControl] == "public, max-age=45")
        let sameMinute = try await APIClient.get(uri, on: fixture, clock: APIClient.tuesdayMorning.addingTimeInterval(30))
        #expect(sameMinute.headers[.eTag] == now.headers[.eTag])
        #expect(sameMinute.headers[.cacheControl] == "public, max-age=15")
        let nextMinute = try await APIClient.get(uri, on: fixture, clock: APIClient.tuesdayMorning.addingTimeInterval(60))
        #expect(nextMinute.headers[.eTag] != now.headers[.eTag])
        let stale = try await APIClient.get(uri, on: fixture, headers: [.ifNoneMatch: now.headers[.eTag] ?? ""],
                                            clock: APIClient.tuesdayMorning.addingTimeInterval(60))
        #expect(stale.status == .ok)
    }

    @Test func problemsAreNeverStored() async throws {
        let answer = try await APIClient.get("/api/v1/departures?station=Nowhere", on: APIClient.fixture())
        #expect(answer.headers[.cacheControl] == "no-store")
        #expect(answer.headers[.eTag] == nil)
    }
}
