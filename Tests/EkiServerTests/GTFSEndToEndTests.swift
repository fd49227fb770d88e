import EkiCore
import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// Everything past the import on a GTFS database (the fixture feed, Europe/Paris): departures,
/// search, nearby, station and railway detail, fastest routes, the JSON API and the pages, with
/// "now" pinned to Thursday 2026-01-08 06:30 in Paris (05:30 UTC; 14:30 in Tokyo). The Tokyo
/// beside it is the hand-written one (`TokyoFixture`).
@Suite struct GTFSEndToEndTests {
    static let thursdayMorning = Date(timeIntervalSince1970: 1_767_850_200)   // 2026-01-08T05:30:00Z

    var timetable: Timetable { get throws { try GTFSFixtureDatabase.imported().timetable } }

    func get(_ uris: [String]) async throws -> [APIClient.Answer] {
        let app = Application(router: try buildRouter(timetable: timetable, clock: { Self.thursdayMorning }))
        return try await app.test(.router) { client in
            var answers: [APIClient.Answer] = []
            for uri in uris {
                answers.append(try await client.execute(uri: uri, method: .get) { response in
                    APIClient.Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
                })
            }
            return answers
        }
    }

    @Test func departuresNowAreOnTheFeedsClock() async throws {
        // The feed's own stop_id names the station; the answer gives it back as the feed writes it.
        let answer = try await get(["/api/v1/departures?station=P_A&direction=RED:0&limit=2"])[0]
        #expect(answer.status == .ok)
        let departures = answer.object["departures"] as? [[String: Any]] ?? []
        // 06:30 in Paris: R1 at 07:00 is 30 minutes away (in Tokyo's 14:30 it would be gone).
        #expect(departures.map { $0["trainId"] as? String } == ["R1", "R3"])
        #expect(departures.map { $0["serviceMinute"] as? Int } == [420, 1490])
        #expect(departures.first?["minutesUntil"] as? Int == 30)
        #expect(answer.object["station"] as? String == "P_A")
        #expect(answer.object["schedule"] as? String == "WK")
        #expect((answer.object["scheduleName"] as? [String: Any])?["en"] as? String == "Weekday service")
        #expect((answer.object["scheduleReason"] as? [String: Any])?["en"] as? String == "WK")
    }

    @Test func stationsAreFoundByEveryName() async throws {
        #expect(try timetable.resolveStations("north").map(\.id) == ["RED:P_A"])
        #expect(try timetable.resolveStations("北駅").map(\.id) == ["RED:P_A"])
        #expect(Set(try timetable.resolveStations("ちゅうおう").map(\.id)) == ["RED:P_B", "BLUE:P_B"])
        #expect(Set(try timetable.resolveStations("Chuo").map(\.id)) == ["RED:P_B", "BLUE:P_B"])
        guard case .station(let first)? = try timetable.search("sout").first else {
            Issue.record("no station found for sout"); return
        }
        #expect(first.complex.name == LocalizedName(ja: "南", en: "South"))
        #expect(Set(first.stations.map(\.id)) == ["RED:P_C", "BLUE:P_C"])
        #expect(try timetable.resolveRailway("red line").railway.id == "RED")
        #expect(try timetable.resolveRailway("青線").railway.id == "BLUE")
    }

    @Test func nearbyFindsTheComplexWithBothRailways() throws {
        let result = try timetable.nearby(GeoPoint(latitude: 48.8600, longitude: 2.3450), radius: 2500)
        #expect(result.stations.first?.complex.name.ja == "南")
        #expect(Set(result.stations.first?.stations.map(\.id) ?? []) == ["RED:P_C", "BLUE:P_C"])
        #expect(result.stations.map(\.complex.name.ja) == ["南", "中央", "東", "北駅"])
        #expect(result.stations.map(\.walkMinutes) == [0, 15, 24, 30])
        #expect(!result.outsideArea)
    }

    @Test func stationAndRailwayDetail() throws {
        let station = try #require(try timetable.reference.stations[id: "RED:P_B"])
        let instant = try #require(ServiceInstant(parsing: "2026-01-08T06:30"))
        let detail = try timetable.stationDetail(station, at: instant)
        #expect(detail.schedule == "WK")
        let south = try #require(detail.sides.first { $0.direction.id == "RED:0" })
        // The day's two, then Friday's first (six asked for, the day has two).
        #expect(south.next.map { "\($0.serviceDate.iso) \($0.departure.ids.id)" }
            == ["2026-01-08 R1", "2026-01-08 R3", "2026-01-09 R1", "2026-01-09 R3"])
        #expect(south.terminal?.id == "RED:P_C")
        #expect(detail.connections.map { $0.railway?.id } == ["BLUE"])
        let railway = try timetable.railwayDetail(try #require(try timetable.reference.railways[id: "BLUE"]))
        #expect(railway.stations.map(\.name.ja) == ["南", "中央", "東"])
    }

    @Test func fastestRouteFollowsTheBlocksThroughService() async throws {
        let answer = try await get([
            "/api/v1/route/fastest?from=" + APIClient.encode("北駅") + "&to=" + APIClient.encode("東") + "&at=2026-01-08T06:30",
        ])[0]
        #expect(answer.status == .ok, "\(answer.text)")
        let options = answer.object["options"] as? [[String: Any]] ?? []
        let best = try #require(options.first)
        let route = best["route"] as? [String: Any] ?? [:]
        let segments = route["segments"] as? [[String: Any]] ?? []
        #expect(segments.first?["train"] as? String == "R1")
        #expect(answer.text.contains("\"B1\""))
        #expect(best["transfers"] as? Int == 0 || segments.count == 2)
    }

    @Test func scheduleAndCalendarFollowTheFeed() async throws {
        let answers = try await get(["/api/v1/schedule?date=2026-01-12", "/api/v1/schedule?date=2026-01-10"])
        #expect(answers[0].object["dayKind"] as? String == "dates")
        let monday = answers[0].object["railways"] as? [[String: Any]] ?? []
        #expect(monday.map { $0["schedule"] as? String } == [nil, nil])   // WK removed on the 12th
        let saturday = answers[1].object["railways"] as? [[String: Any]] ?? []
        #expect(saturday.map { $0["railway"] as? String } == ["BLUE", "RED"])
        #expect(saturday.map { $0["schedule"] as? String } == ["WK#2", "EX+WK"])
    }

    @Test func pagesRenderAndTellTheBrowserTheFeedsOffset() async throws {
        let answers = try await get([
            "/board/RED:P_A?direction=RED:0", "/station/RED:P_C", "/railway/RED",
            "/timetable/RED:P_A?direction=RED:0&date=2026-01-07", "/train/R1", "/nearby?lat=48.86&lon=2.345",
        ])
        for answer in answers { #expect(answer.status == .ok, "\(answer.text.prefix(300))") }
        // Today's offset (60 in winter, 120 in summer), as the browser's clock needs it now.
        let offset = (TimeZone(identifier: "Europe/Paris")?.secondsFromGMT() ?? 0) / 60
        #expect(answers[0].text.contains(#"data-utc-offset="\#(offset)" data-time-zone="Europe/Paris""#))
        #expect(answers[0].text.contains("北駅"))
        // The feed's own attribution, not Mini Tokyo 3D's.
        #expect(answers[1].text.contains("<footer>Timetable data: Kita Railway, &quot;Nord&quot; Inc. (GTFS)</footer>"))
        #expect(answers[1].text.contains("南") && answers[1].text.contains("青線"))
        #expect(answers[2].text.contains("赤線") && answers[2].text.contains("中央"))
        #expect(answers[3].text.contains("12:00"))   // R9, the 7th's extra trip
        #expect(answers[4].text.contains("東"))      // R1 continues as B1 to 東
    }

    /// A Tokyo database beside it (the hand-written Tokyo) keeps Tokyo's clock and its own attribution.
    @Test func tokyoPagesStillSayTokyo() async throws {
        let answer = try await APIClient.get("/station/" + APIClient.encode("中央通"), on: try APIClient.fixture())
        #expect(answer.text.contains(#"data-utc-offset="540" data-time-zone="Asia/Tokyo""#))
        #expect(answer.text.contains("<footer>Eki test fixture</footer>"))
    }
}
