import Foundation
import Hummingbird
import Testing

/// ETags name the database and the request (and the minute, for answers about now); a client that
/// still holds the answer gets a 304.
@Suite struct CachingTests {
    static let board = "/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at=2026-11-24T07:30&limit=3"

    @Test func anAnswerFixedByItsURIIsTaggedAndKeptForAnHour() async throws {
        let answers = try await APIClient.get([Self.board, Self.board, Self.board + "&railway=Minatomirai.Minatomirai"])
        let etag = try #require(answers[0].headers[.eTag])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 20)
        #expect(answers[0].headers[.cacheControl] == "public, max-age=3600")
        #expect(answers[1].headers[.eTag] == etag)
        #expect(answers[1].body == answers[0].body)   // the second from the answer cache, byte for byte
        #expect(answers[2].headers[.eTag] != etag)
    }

    @Test func ifNoneMatchGetsA304() async throws {
        let first = try await APIClient.get(Self.board)
        let etag = try #require(first.headers[.eTag])
        for header in [etag, "W/" + etag, "\"other\", " + etag, "*"] {
            let again = try await APIClient.get(Self.board, headers: [.ifNoneMatch: header])
            #expect(again.status == .notModified, "\(header)")
            #expect(again.body.isEmpty)
            #expect(again.headers[.eTag] == etag)
            #expect(again.headers[.cacheControl] == "public, max-age=3600")
        }
        let changed = try await APIClient.get(Self.board, headers: [.ifNoneMatch: "\"something-else\""])
        #expect(changed.status == .ok)
        #expect(changed.body == first.body)
    }

    @Test func anAnswerAboutNowLastsUntilTheMinuteEnds() async throws {
        let uri = "/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&limit=3"
        let now = try await APIClient.get(uri)
        #expect(now.headers[.cacheControl] == "public, max-age=45")
        let sameMinute = try await APIClient.get(uri, clock: APIClient.tuesdayMorning.addingTimeInterval(30))
        #expect(sameMinute.headers[.eTag] == now.headers[.eTag])
        #expect(sameMinute.headers[.cacheControl] == "public, max-age=15")
        let nextMinute = try await APIClient.get(uri, clock: APIClient.tuesdayMorning.addingTimeInterval(60))
        #expect(nextMinute.headers[.eTag] != now.headers[.eTag])
        let stale = try await APIClient.get(uri, headers: [.ifNoneMatch: now.headers[.eTag] ?? ""],
                                            clock: APIClient.tuesdayMorning.addingTimeInterval(60))
        #expect(stale.status == .ok)
    }

    @Test func problemsAreNeverStored() async throws {
        let answer = try await APIClient.get("/api/v1/departures?station=Nowhere")
        #expect(answer.headers[.cacheControl] == "no-store")
        #expect(answer.headers[.eTag] == nil)
    }
}
