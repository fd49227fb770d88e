import Foundation
import Hummingbird
import Testing

/// DIY routes over HTTP, with the route in the request: the same answers as the CLI, and every
/// kind of bad route a one-line problem.
@Suite struct RouteAPITests {
    static let route = OpenAPITests.route
    static let base = "/api/v1/route?date=2026-11-24&segments="

    @Test func aRouteIsWorkedOutWithItsTransfer() async throws {
        let answer = try await APIClient.get(Self.base + Self.route)
        #expect(answer.status == .ok, "\(answer.text.prefix(300))")
        let route = answer.object
        #expect(route["departure"] as? String == "07:37" && route["arrival"] as? String == "08:40")
        #expect(route["minutes"] as? Int == 63 && route["feasible"] as? Bool == true)
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.map { $0["category"] as? String } == ["express", "local"])
        #expect(segments[0]["railways"].flatMap { ($0 as? [[String: Any]])?.map { $0["id"] as? String } }
                == ["Minatomirai.Minatomirai", "Tokyu.Toyoko"])
        let transfer = try #require((route["transfers"] as? [[String: Any]])?.first)
        #expect(transfer["minutes"] as? Int == 1 && transfer["place"] as? String == "samePlatform")
        #expect(answer.headers[.eTag] != nil && answer.headers[.cacheControl] == "public, max-age=3600")
    }

    @Test func alternativesSwapAndNextAgreeWithEachOther() async throws {
        let alternatives = try await APIClient.get("/api/v1/route/alternatives?date=2026-11-24&segments=\(Self.route)&segment=1")
        let later = try #require(alternatives.object["later"] as? [[String: Any]])
        let limited = try #require(later.last?["segment"] as? [String: Any])
        #expect(limited["departure"] as? String == "07:43" && limited["category"] as? String == "limited")
        #expect(later.last?["arrivesBy"] as? Int == 5)
        let train = try #require(limited["train"] as? String)
        let swap = try await APIClient.get("/api/v1/route/swap?date=2026-11-24&segments=\(Self.route)&segment=1&train=\(train)")
        #expect(swap.status == .ok)
        let proposal = try #require((swap.object["proposals"] as? [[String: Any]])?.first)
        #expect(proposal["reason"] as? String == "missed")
        let proposed = try #require(proposal["train"] as? [String: Any])
        // The proposal is what "next" answers for Naka-meguro a minute after the limited express arrives.
        let next = try await APIClient.get("/api/v1/route/next?from=Tokyu.Toyoko.NakaMeguro&to=TokyoMetro.Hibiya.Ginza&at=2026-11-24T08:24")
        #expect(next.status == .ok)
        #expect(next.object["train"] as? String == proposed["train"] as? String)
        #expect((next.object["board"] as? [String: Any])?["id"] as? String == "TokyoMetro.Hibiya.NakaMeguro")
    }

    @Test func fastestAnswersFromTheCachedNetwork() async throws {
        let uri = "/api/v1/route/fastest?from=\(APIClient.encode("馬車道"))&to=\(APIClient.encode("銀座"))&at=2026-11-24T07:30"
        let answers = try await APIClient.get([uri, uri.replacingOccurrences(of: "07:30", with: "07:40")])
        let options = try #require(answers[0].object["options"] as? [[String: Any]])
        #expect(options.map { $0["kind"] as? String } == ["fastest", "fewerTransfers", "later"])
        #expect((options[0]["route"] as? [String: Any])?["arrival"] as? String == "08:20")
        #expect(answers[1].status == .ok)
        // After the last trains: the first trains of the next service day.
        let late = try await APIClient.get(uri.replacingOccurrences(of: "2026-11-24T07:30", with: "2026-11-25T02:30"))
        #expect(late.object["at"] as? String == "2026-11-25T03:00")
        let first = try #require((late.object["options"] as? [[String: Any]])?.first?["route"] as? [String: Any])
        #expect(first["serviceDate"] as? String == "2026-11-25")
    }

    /// The pace rides in the query (issue 29): said back, and a word it does not know is a 400.
    @Test func fastestTakesThePace() async throws {
        let uri = "/api/v1/route/fastest?from=\(APIClient.encode("上野"))&to=\(APIClient.encode("海浜幕張"))&at=2026-12-01T08:00"
        let answers = try await APIClient.get([uri + "&pace=hurry", uri, uri + "&pace=relaxed", uri + "&pace=fast"])
        #expect(answers.map(\.status.code) == [200, 200, 200, 400])
        #expect(answers[0].object["pace"] as? String == "hurry" && answers[1].object["pace"] as? String == "standard")
        let arrivals = answers.prefix(3).map { ((($0.object["options"] as? [[String: Any]])?.first?["route"] as? [String: Any])?["arrival"] as? String) ?? "" }
        #expect(arrivals[0] <= arrivals[1] && arrivals[1] <= arrivals[2] && arrivals[0] < arrivals[2], "\(arrivals)")
        // Each change says what it gives, needs and is.
        let transfer = try #require(((answers[1].object["options"] as? [[String: Any]])?.first?["route"] as? [String: Any])?["transfers"] as? [[String: Any]])
        #expect(transfer.allSatisfy { ($0["minutes"] as? Int ?? 0) >= ($0["neededMinutes"] as? Int ?? 99) && $0["kind"] is String })
    }

    @Test func transfersOfAStation() async throws {
        let answer = try await APIClient.get("/api/v1/transfers?station=\(APIClient.encode("渋谷"))")
        #expect(answer.status == .ok)
        let ginza = try #require(answer.array.first { $0["from"] as? String == "Tokyu.Toyoko.Shibuya" && $0["to"] as? String == "TokyoMetro.Ginza.Shibuya" })
        #expect(ginza["minutes"] as? Int == 8 && ginza["kind"] as? String == "deep")
        #expect(answer.array.allSatisfy { ($0["station"] as? [String: Any])?["ja"] as? String == "渋谷" })
    }

    @Test func badRoutesAreProblems() async throws {
        let bashamichi = "Minatomirai.Minatomirai.Bashamichi", nakaMeguro = "Tokyu.Toyoko.NakaMeguro"
        try await BadInputTests.expectProblem("/api/v1/route?segments=\(Self.route)", .badRequest, "missing parameter date")
        try await BadInputTests.expectProblem("/api/v1/route?date=2026-13-01&segments=\(Self.route)", .badRequest, "date expects a date")
        try await BadInputTests.expectProblem("/api/v1/route?date=4652-03-01&segments=\(Self.route)", .badRequest, "date must be between 1949-01-01")
        try await BadInputTests.expectProblem("/api/v1/route/fastest?from=a&to=b&at=9999-12-31T23:59", .badRequest, "at must be between")
        try await BadInputTests.expectProblem("/api/v1/route?date=2026-11-24", .badRequest, "missing parameter segments")
        try await BadInputTests.expectProblem(Self.base + "a~b", .badRequest, "each segment is TRAIN~BOARD~ALIGHT")
        try await BadInputTests.expectProblem(Self.base + "a~b~%3Cscript%3E", .badRequest, "alight station must be an id")
        try await BadInputTests.expectProblem(Self.base + Array(repeating: "a~b~c", count: 9).joined(separator: ","), .badRequest,
                                              "a route has at most 8 segments")
        try await BadInputTests.expectProblem(Self.base + "No.Such.1.Weekday~\(bashamichi)~\(nakaMeguro)", .notFound, "no train \"No.Such.1.Weekday\"")
        // Well-formed routes the timetable cannot ride are 422, segments the route does not have 404.
        try await BadInputTests.expectProblem("/api/v1/route?date=2026-11-28&segments=\(Self.route)", .unprocessableContent,
                                              "train Minatomirai.Minatomirai.060072.Weekday does not run on 2026-11-28")
        try await BadInputTests.expectProblem(Self.base + "Minatomirai.Minatomirai.060072.Weekday~\(bashamichi)~Minatomirai.Minatomirai.ShinTakashima",
                                              .unprocessableContent, "train Minatomirai.Minatomirai.060072.Weekday does not stop at Minatomirai.Minatomirai.ShinTakashima")
        try await BadInputTests.expectProblem("/api/v1/route/alternatives?date=2026-11-24&segments=\(Self.route)&segment=3", .notFound,
                                              "no segment 3: the route has 2 (1–2)")
        try await BadInputTests.expectProblem("/api/v1/route/alternatives?date=2026-11-24&segments=\(Self.route)&segment=9", .badRequest,
                                              "segment must be a whole number from 1 to 8")
        try await BadInputTests.expectProblem("/api/v1/route/swap?date=2026-11-24&segments=\(Self.route)&segment=1", .badRequest,
                                              "missing parameter train")
        try await BadInputTests.expectProblem("/api/v1/route/fastest?from=\(APIClient.encode("渋谷"))&to=shibuya", .unprocessableContent,
                                              "渋谷 and shibuya are the same station")
        try await BadInputTests.expectProblem("/api/v1/route/fastest?from=Nowhere&to=shibuya", .notFound, "no station matches \"Nowhere\"")
        try await BadInputTests.expectProblem("/api/v1/route/next?from=\(bashamichi)&to=\(bashamichi)&at=2026-11-24T07:30", .notFound,
                                              "no train from \(bashamichi) reaches")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=x", .badRequest, "each pattern is USES*")
        // Empty patterns or legs are not skipped over: the document's pattern has none.
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=1*a~b~c%7C%7C1*a~b~c", .badRequest, "each pattern is USES*")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=1*a~b~c,", .badRequest, "each pattern leg is")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=%2B1*a~b~c", .badRequest, "each pattern is USES*")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=1*a~b~c&lat=35.6", .unprocessableContent,
                                              "give lat and lon together, or neither")
    }
}
