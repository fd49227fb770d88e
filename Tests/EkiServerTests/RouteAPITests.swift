import EkiTestSupport
import Foundation
import Hummingbird
import Testing

/// DIY routes over HTTP, with the route in the request, on the hand-written Tokyo (`TokyoFixture`):
/// the same answers as the CLI, and every kind of bad route a one-line problem. The route is
/// OpenAPITests' (DIYRouteTests works it out by hand): 港町 07:00 on the through express A0701, on
/// as a 副線 train from 渋谷坂, to 新宿原 07:18; 6 minutes there (the rule's 5 through another
/// operator's gates); the 環状線's outer lap from 新宿原 07:24 to 上野森 07:32.
@Suite struct RouteAPITests {
    static let route = OpenAPITests.route
    static let base = "/api/v1/route?date=2026-11-24&segments="

    @Test func aRouteIsWorkedOutWithItsTransfer() async throws {
        let answer = try await APIClient.get(Self.base + Self.route, on: APIClient.fixture())
        #expect(answer.status == .ok, "\(answer.text.prefix(300))")
        let route = answer.object
        #expect(route["departure"] as? String == "07:00" && route["arrival"] as? String == "07:32")
        #expect(route["minutes"] as? Int == 32 && route["feasible"] as? Bool == true)
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.map { $0["category"] as? String } == ["express", "local"])
        #expect(segments[0]["railways"].flatMap { ($0 as? [[String: Any]])?.map { $0["id"] as? String } }
                == ["Umi.Kaigan", "Metro.Fuku"])
        #expect(segments[0]["parts"] as? [String] == ["Umi.Kaigan.A0701.Weekday", "Metro.Fuku.A0701.Weekday"])
        #expect(segments.map { $0["arrival"] as? String } == ["07:18", "07:32"])
        let transfer = try #require((route["transfers"] as? [[String: Any]])?.first)
        #expect(transfer["minutes"] as? Int == 6 && transfer["place"] as? String == "sameStation")
        #expect(transfer["neededMinutes"] as? Int == 5 && transfer["kind"] as? String == "gates")
        #expect(answer.headers[.eTag] != nil && answer.headers[.cacheControl] == "public, max-age=3600")
    }

    /// Only the two expresses run 港町 → 新宿原: the 08:00 is the first segment's one later train.
    /// It reaches 新宿原 at 08:18, after the 07:24 has gone: the swap proposes the first outer lap
    /// after, 08:24 (the 08:20 from 渋谷坂), which is what "next" answers at 08:19.
    @Test func alternativesSwapAndNextAgreeWithEachOther() async throws {
        let fixture = try APIClient.fixture()
        let alternatives = try await APIClient.get("/api/v1/route/alternatives?date=2026-11-24&segments=\(Self.route)&segment=1", on: fixture)
        #expect((alternatives.object["earlier"] as? [Any])?.isEmpty == true)
        let later = try #require(alternatives.object["later"] as? [[String: Any]])
        #expect(later.count == 1)
        let express = try #require(later.last?["segment"] as? [String: Any])
        #expect(express["departure"] as? String == "08:00" && express["category"] as? String == "express")
        #expect(later.last?["arrivesBy"] as? Int == 60)
        let train = try #require(express["train"] as? String)
        #expect(train == "Umi.Kaigan.A0801.Weekday")
        let swap = try await APIClient.get("/api/v1/route/swap?date=2026-11-24&segments=\(Self.route)&segment=1&train=\(train)", on: fixture)
        #expect(swap.status == .ok)
        #expect(((swap.object["route"] as? [String: Any])?["transfers"] as? [[String: Any]])?.first?["minutes"] as? Int == -54)
        let proposal = try #require((swap.object["proposals"] as? [[String: Any]])?.first)
        #expect(proposal["reason"] as? String == "missed")
        let proposed = try #require(proposal["train"] as? [String: Any])
        #expect(proposed["train"] as? String == "JR.Kanjo.J500.Weekday" && proposed["departure"] as? String == "08:24")
        // The proposal is what "next" answers for 新宿原 a minute after the express arrives.
        let next = try await APIClient.get("/api/v1/route/next?from=Metro.Fuku.Shinjukuhara&to=JR.Kanjo.Uenomori&at=2026-11-24T08:19",
                                           on: fixture)
        #expect(next.status == .ok)
        #expect(next.object["train"] as? String == proposed["train"] as? String)
        #expect((next.object["board"] as? [String: Any])?["id"] as? String == "JR.Kanjo.Shinjukuhara")
    }

    /// 東京前 → 新宿原 at 07:03 (FastestRouteTests works it out by hand from the 環状線's laps): the
    /// outer 07:08, changing at 渋谷坂 for the 07:20, at 新宿原 07:24 — fastest; the inner 07:12 the
    /// other way round, 07:26 — fewer changes; the outer 07:18 and 07:30, 07:34 — later.
    @Test func fastestAnswersFromTheCachedNetwork() async throws {
        let fixture = try APIClient.fixture()
        let uri = "/api/v1/route/fastest?from=\(APIClient.encode("東京前"))&to=\(APIClient.encode("新宿原"))&at=2026-11-24T07:03"
        let answers = try await APIClient.get([uri, uri.replacingOccurrences(of: "07:03", with: "07:13")], on: fixture)
        let options = try #require(answers[0].object["options"] as? [[String: Any]])
        #expect(options.map { $0["kind"] as? String } == ["fastest", "fewerTransfers", "later"])
        #expect(options.map { ($0["route"] as? [String: Any])?["arrival"] as? String } == ["07:24", "07:26", "07:34"])
        #expect(options.map { $0["transfers"] as? Int } == [1, 0, 1])
        #expect(answers[1].status == .ok)
        // After the last trains: the first trains of the next service day.
        let late = try await APIClient.get(uri.replacingOccurrences(of: "2026-11-24T07:03", with: "2026-11-25T02:30"), on: fixture)
        #expect(late.object["at"] as? String == "2026-11-25T03:00")
        let first = try #require((late.object["options"] as? [[String: Any]])?.first?["route"] as? [String: Any])
        #expect(first["serviceDate"] as? String == "2026-11-25")
    }

    /// The pace rides in the query (issue 29): said back, and a word it does not know is a 400.
    /// 港町 → 表参 on Tuesday 2026-12-01 at 07:30: the 07:30 local is at 渋谷坂 07:44, and 銀線
    /// trains leave every 5 minutes. 海岸線 → 銀線 is another operator's gates, 5 minutes by the
    /// rule: 4 in a hurry and 8 relaxed, so the 07:50 (表参 07:53) in a hurry and at the standard
    /// pace, the 07:55 (07:58) relaxed.
    @Test func fastestTakesThePace() async throws {
        let uri = "/api/v1/route/fastest?from=\(APIClient.encode("港町"))&to=\(APIClient.encode("表参"))&at=2026-12-01T07:30"
        let answers = try await APIClient.get([uri + "&pace=hurry", uri, uri + "&pace=relaxed", uri + "&pace=fast"], on: APIClient.fixture())
        #expect(answers.map(\.status.code) == [200, 200, 200, 400])
        #expect(answers[0].object["pace"] as? String == "hurry" && answers[1].object["pace"] as? String == "standard")
        #expect(answers[2].object["pace"] as? String == "relaxed")
        let routes = answers.prefix(3).map { (($0.object["options"] as? [[String: Any]])?.first?["route"] as? [String: Any]) ?? [:] }
        #expect(routes.map { $0["arrival"] as? String } == ["07:53", "07:53", "07:58"])
        let transfers = routes.map { ($0["transfers"] as? [[String: Any]])?.first ?? [:] }
        #expect(transfers.map { $0["neededMinutes"] as? Int } == [4, 5, 8])
        #expect(transfers.map { $0["minutes"] as? Int } == [6, 6, 11])
        // Each change says what it gives, needs and is.
        #expect(transfers.allSatisfy { ($0["minutes"] as? Int ?? 0) >= ($0["neededMinutes"] as? Int ?? 99) && $0["kind"] as? String == "gates" })
    }

    /// Every change of 渋谷坂's four stations. The reviewed table (`TokyoFixture.withReviewedChanges`)
    /// gives 海岸線 → 銀線 8 minutes, a long passage; without it the rule counts 5 through the gates.
    @Test func transfersOfAStation() async throws {
        let uri = "/api/v1/transfers?station=\(APIClient.encode("渋谷坂"))"
        let answer = try await APIClient.get(uri, on: TokyoFixture.reviewedTimetable())
        #expect(answer.status == .ok)
        let gin = try #require(answer.array.first { $0["from"] as? String == "Umi.Kaigan.Shibuyazaka" && $0["to"] as? String == "Metro.Gin.Shibuyazaka" })
        #expect(gin["minutes"] as? Int == 8 && gin["kind"] as? String == "long-walk" && gin["source"] as? String == "table")
        #expect(answer.array.allSatisfy { ($0["station"] as? [String: Any])?["ja"] as? String == "渋谷坂" })
        // Four stations, each to the three others.
        #expect(answer.array.count == 4 * 3)
        let rule = try await APIClient.get(uri, on: APIClient.fixture())
        let byRule = try #require(rule.array.first { $0["from"] as? String == "Umi.Kaigan.Shibuyazaka" && $0["to"] as? String == "Metro.Gin.Shibuyazaka" })
        #expect(byRule["minutes"] as? Int == 5 && byRule["kind"] as? String == "gates" && byRule["source"] as? String == "rule")
    }

    @Test func badRoutesAreProblems() async throws {
        let minatomachi = "Umi.Kaigan.Minatomachi", shinjukuhara = "Metro.Fuku.Shinjukuhara"
        try await BadInputTests.expectProblem("/api/v1/route?segments=\(Self.route)", .badRequest, "missing parameter date")
        try await BadInputTests.expectProblem("/api/v1/route?date=2026-13-01&segments=\(Self.route)", .badRequest, "date expects a date")
        try await BadInputTests.expectProblem("/api/v1/route?date=4652-03-01&segments=\(Self.route)", .badRequest, "date must be between 1949-01-01")
        try await BadInputTests.expectProblem("/api/v1/route/fastest?from=a&to=b&at=9999-12-31T23:59", .badRequest, "at must be between")
        try await BadInputTests.expectProblem("/api/v1/route?date=2026-11-24", .badRequest, "missing parameter segments")
        try await BadInputTests.expectProblem(Self.base + "a~b", .badRequest, "each segment is TRAIN~BOARD~ALIGHT")
        try await BadInputTests.expectProblem(Self.base + "a~b~%3Cscript%3E", .badRequest, "alight station must be an id")
        try await BadInputTests.expectProblem(Self.base + Array(repeating: "a~b~c", count: 9).joined(separator: ","), .badRequest,
                                              "a route has at most 8 segments")
        try await BadInputTests.expectProblem(Self.base + "No.Such.1.Weekday~\(minatomachi)~\(shinjukuhara)", .notFound, "no train \"No.Such.1.Weekday\"")
        // Well-formed routes the timetable cannot ride are 422, segments the route does not have 404.
        try await BadInputTests.expectProblem("/api/v1/route?date=2026-11-28&segments=\(Self.route)", .unprocessableContent,
                                              "train Umi.Kaigan.A0701.Weekday does not run on 2026-11-28")
        try await BadInputTests.expectProblem(Self.base + "Umi.Kaigan.A0701.Weekday~\(minatomachi)~Metro.Gin.Omotesan",
                                              .unprocessableContent, "train Umi.Kaigan.A0701.Weekday does not stop at Metro.Gin.Omotesan")
        try await BadInputTests.expectProblem("/api/v1/route/alternatives?date=2026-11-24&segments=\(Self.route)&segment=3", .notFound,
                                              "no segment 3: the route has 2 (1–2)")
        try await BadInputTests.expectProblem("/api/v1/route/alternatives?date=2026-11-24&segments=\(Self.route)&segment=9", .badRequest,
                                              "segment must be a whole number from 1 to 8")
        try await BadInputTests.expectProblem("/api/v1/route/swap?date=2026-11-24&segments=\(Self.route)&segment=1", .badRequest,
                                              "missing parameter train")
        try await BadInputTests.expectProblem("/api/v1/route/fastest?from=\(APIClient.encode("渋谷坂"))&to=shibuyazaka", .unprocessableContent,
                                              "渋谷坂 and shibuyazaka are the same station")
        try await BadInputTests.expectProblem("/api/v1/route/fastest?from=Nowhere&to=shibuyazaka", .notFound, "no station matches \"Nowhere\"")
        try await BadInputTests.expectProblem("/api/v1/route/next?from=\(minatomachi)&to=\(minatomachi)&at=2026-11-24T07:30", .notFound,
                                              "no train from \(minatomachi) reaches")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=x", .badRequest, "each pattern is USES*")
        // Empty patterns or legs are not skipped over: the document's pattern has none.
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=1*a~b~c%7C%7C1*a~b~c", .badRequest, "each pattern is USES*")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=1*a~b~c,", .badRequest, "each pattern leg is")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=%2B1*a~b~c", .badRequest, "each pattern is USES*")
        try await BadInputTests.expectProblem("/api/v1/route/suggest?patterns=1*a~b~c&lat=35.6", .unprocessableContent,
                                              "give lat and lon together, or neither")
    }
}
