import EkiStore
import Foundation
import Hummingbird
import Testing

/// Every kind of bad input gets a 4xx problem detail in one line, never a 5xx or a trace:
/// 400 for what cannot be read, 404 for a name that matches nothing, 414 for a huge URI. On the
/// hand-written Tokyo (`TokyoFixture`): 中央通 on the 海岸線 (Inbound 上り, Outbound 下り).
@Suite struct BadInputTests {
    static let chuodori = "/api/v1/departures?station=Umi.Kaigan.Chuodori"

    /// The answer is problem JSON with this status, and its detail starts as given; `timetable`
    /// the database served, the hand-written Tokyo unless given.
    static func expectProblem(_ uri: String, _ status: HTTPResponse.Status, _ detailPrefix: String = "", on timetable: Timetable? = nil,
                              method: HTTPRequest.Method = .get, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let answer = try await APIClient.get(uri, on: timetable ?? APIClient.fixture(), method: method)
        #expect(answer.status == status, "\(uri.prefix(120)): \(answer.text.prefix(300))", sourceLocation: sourceLocation)
        #expect(answer.headers[.contentType] == "application/problem+json", sourceLocation: sourceLocation)
        #expect(answer.object["status"] as? Int == status.code, sourceLocation: sourceLocation)
        #expect(answer.object["title"] as? String == status.reasonPhrase, sourceLocation: sourceLocation)
        #expect(answer.detail.hasPrefix(detailPrefix), "\(uri.prefix(120)): \(answer.detail)", sourceLocation: sourceLocation)
        #expect(!answer.detail.contains("\n") && answer.detail.count < 400, sourceLocation: sourceLocation)
        #expect(answer.headers[.eTag] == nil, sourceLocation: sourceLocation)
    }

    @Test func namesThatMatchNothingAre404() async throws {
        try await Self.expectProblem("/api/v1/departures?station=Chuodor", .notFound,
                                     "no station matches \"Chuodor\"; did you mean: 中央通 Chuodori (Umi.Kaigan.Chuodori)")
        try await Self.expectProblem(Self.chuodori + "&direction=Up", .notFound,
                                     "no direction \"Up\" at Umi.Kaigan.Chuodori; valid: Inbound (上り), Outbound (下り)")
        try await Self.expectProblem(Self.chuodori + "&railway=\(APIClient.encode("環状線"))", .notFound,
                                     "no railway \"環状線\" at Chuodori; valid: Umi.Kaigan (海岸線)")
        try await Self.expectProblem("/api/v1/timetable?station=chuodori&direction=Sideways", .notFound, "no direction \"Sideways\"")
        try await Self.expectProblem("/api/v1/train/No.Such.Train", .notFound, "no train \"No.Such.Train\"")
        try await Self.expectProblem("/api/v1/station/Nowhere", .notFound, "no station matches \"Nowhere\"")
    }

    @Test func unknownPathsAre404() async throws {
        try await Self.expectProblem("/api/v1/nope", .notFound, "no endpoint GET /api/v1/nope")
        try await Self.expectProblem("/api", .notFound, "no endpoint GET /api")
        try await Self.expectProblem("/api/v1/nope", .notFound, "no endpoint POST /api/v1/nope", method: .post)
        try await Self.expectProblem("/api/v1/railway/Umi.Kaigan/extra", .notFound)
    }

    /// Dates the holiday calendar does not cover (it is known for 1949–2099, as /calendar/{year})
    /// are a 400 on every route that takes a date or a time — never a crash: the equinox formula
    /// once named March 32 for 4652 and took the server down.
    @Test func datesOutsideTheSupportedYearsAre400() async throws {
        let range = "between 1949-01-01 and 2099-12-31 (the years the holiday calendar covers)"
        for at in ["9999-12-31T23:59", "4652-03-20T12:00", "2100-01-01T03:00", "1948-12-31T12:00", "0001-01-01T00:00"] {
            for path in [Self.chuodori + "&at=\(at)",
                         "/api/v1/timeline?station=chuodori&direction=Inbound&at=\(at)",
                         "/api/v1/station/chuodori?at=\(at)",
                         "/api/v1/nearby?lat=35.56&lon=139.67&at=\(at)"] {
                try await Self.expectProblem(path, .badRequest, "at must be \(range), got \"\(at)\"")
            }
        }
        for date in ["4652-03-01", "9999-12-31", "2100-01-01", "1948-12-31", "0000-01-01"] {
            try await Self.expectProblem("/api/v1/schedule?date=\(date)", .badRequest, "date must be \(range), got \"\(date)\"")
            try await Self.expectProblem("/api/v1/timetable?station=chuodori&direction=Inbound&date=\(date)", .badRequest,
                                         "date must be \(range)")
        }
        // The edges are in: the first and last days, and the small hours of 1949-01-01 that
        // belong to 1948's last service day.
        let fixture = try APIClient.fixture()
        for uri in ["/api/v1/schedule?date=1949-01-01", "/api/v1/schedule?date=2099-12-31", Self.chuodori + "&at=2099-12-31T23:59",
                    Self.chuodori + "&at=1949-01-01T01:00"] {
            let answer = try await APIClient.get(uri, on: fixture)
            #expect(answer.status == .ok, "\(uri): \(answer.text.prefix(200))")
        }
    }

    @Test func malformedTimesAndDates() async throws {
        for at in ["2026-02-30T10:00", "tomorrow", "2026-11-24T25:00", "2026-11-24", "2026-11-24T7:30", "%E3%81%82"] {
            try await Self.expectProblem(Self.chuodori + "&at=\(at)", .badRequest, "at expects Tokyo local time as YYYY-MM-DDTHH:MM")
        }
        for date in ["24/11/2026", "2026-13-01", "2026-11-24T00:00", "yesterday"] {
            try await Self.expectProblem("/api/v1/timetable?station=chuodori&direction=Inbound&date=\(date)", .badRequest,
                                         "date expects a date as YYYY-MM-DD")
            try await Self.expectProblem("/api/v1/schedule?date=\(date)", .badRequest, "date expects a date as YYYY-MM-DD")
        }
        try await Self.expectProblem("/api/v1/station/chuodori?at=noon", .badRequest, "at expects")
        try await Self.expectProblem("/api/v1/nearby?lat=35.56&lon=139.67&at=noon", .badRequest, "at expects")
    }

    @Test func absurdNumbers() async throws {
        for limit in ["0", "-1", "101", "100000", "abc", "1.5", "99999999999999999999999"] {
            try await Self.expectProblem(Self.chuodori + "&limit=\(limit)", .badRequest, "limit must be a whole number from 1 to 100")
            try await Self.expectProblem("/api/v1/search?q=shibuyazaka&limit=\(limit)", .badRequest, "limit must be a whole number")
        }
        for (lat, lon) in [("abc", "139.6"), ("35.4", "east"), ("NaN", "139.6"), ("91", "139.6"), ("35.4", "inf"), ("35.4", "-181"), ("", "139.6")] {
            try await Self.expectProblem("/api/v1/nearby?lat=\(lat)&lon=\(lon)", .badRequest)
        }
        try await Self.expectProblem("/api/v1/nearby?lat=35.5610", .badRequest, "missing parameter lon")
        try await Self.expectProblem("/api/v1/nearby?lat=35.5610&lon=139.6710&radius=0", .badRequest, "radius must be a whole number from 1 to 50000")
        try await Self.expectProblem("/api/v1/nearby?lat=35.5610&lon=139.6710&departures=maybe", .badRequest, "departures must be true or false")
        for year in ["abc", "1800", "2100", "-2026", "2026.0"] {
            try await Self.expectProblem("/api/v1/calendar/\(year)", .badRequest, "the year must be a whole number from 1949 to 2099")
        }
    }

    @Test func missingUnknownAndRepeatedParameters() async throws {
        try await Self.expectProblem("/api/v1/departures", .badRequest, "missing parameter station")
        try await Self.expectProblem("/api/v1/departures?station=", .badRequest, "missing parameter station")
        try await Self.expectProblem("/api/v1/timetable?station=chuodori", .badRequest, "missing parameter direction")
        try await Self.expectProblem("/api/v1/search", .badRequest, "missing parameter q")
        try await Self.expectProblem(Self.chuodori + "&limt=3", .badRequest,
                                     "unknown parameter \"limt\"; this endpoint takes: station, direction, railway, at, limit")
        try await Self.expectProblem(Self.chuodori + "&station=shibuyazaka", .badRequest, "parameter station is given more than once")
        try await Self.expectProblem("/api/v1/train/Umi.Kaigan.A0701.Weekday?at=2026-11-24T07:30", .badRequest,
                                     "unknown parameter \"at\"")
    }

    @Test func oversizedText() async throws {
        let long = String(repeating: "あ", count: 65)
        try await Self.expectProblem("/api/v1/search?q=\(APIClient.encode(long))", .badRequest,
                                     "the search text is too long (65 characters; at most 64)")
        try await Self.expectProblem("/api/v1/departures?station=\(String(repeating: "x", count: 201))", .badRequest,
                                     "the station name is too long or contains control characters")
        try await Self.expectProblem("/api/v1/train/\(String(repeating: "T.", count: 101))", .badRequest, "the train id is too long")
        try await Self.expectProblem("/api/v1/search?q=\(String(repeating: "a", count: 2100))", .uriTooLong,
                                     "the request URI is longer than 2048 bytes")
        try await Self.expectProblem("/api/v1/nope/\(String(repeating: "a", count: 100_000))", .uriTooLong)
    }

    @Test func controlCharactersAndBrokenEncoding() async throws {
        for value in ["a%00b", "%0A", "x%0D%0Ay", "%7F", "%C2%85", "%1B%5B31m"] {
            try await Self.expectProblem(Self.chuodori.replacingOccurrences(of: "Umi.Kaigan.Chuodori", with: value),
                                         .badRequest, "parameter station contains control characters")
            try await Self.expectProblem("/api/v1/search?q=\(value)", .badRequest, "parameter q contains control characters")
        }
        try await Self.expectProblem("/api/v1/train/a%00b", .badRequest, "trainId contains control characters")
        try await Self.expectProblem("/api/v1/station/%0A", .badRequest, "stationId contains control characters")
        for value in ["%zz", "%", "%E3%81", "%FF", "abc%2"] {
            try await Self.expectProblem("/api/v1/search?q=\(value)", .badRequest, "parameter q has malformed percent-encoding")
        }
        try await Self.expectProblem("/api/v1/search?q%ZZ=1", .badRequest, "a parameter name has malformed percent-encoding")
    }
}
