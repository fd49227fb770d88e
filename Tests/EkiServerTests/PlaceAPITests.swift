import Foundation
import Testing

/// Search, nearby, the holiday calendar and the schedule of a day, over HTTP on the hand-written
/// Tokyo (`TokyoFixture`): its stations' names and positions (中央通 at 35.5600, 139.6700, 港町
/// some 12 km south-west), its five railways, and its two schedules (SaturdayHoliday on the
/// holiday 2026-11-23).
@Suite struct PlaceAPITests {
    @Test func searchInHiragana() async throws {
        let answer = try await APIClient.get("/api/v1/search?q=\(APIClient.encode("しぶや"))&limit=3", on: APIClient.fixture())
        #expect(answer.status == .ok)
        let results = answer.object["results"] as? [[String: Any]] ?? []
        #expect((1...3).contains(results.count))
        #expect((results.first?["title"] as? [String: String])?["ja"] == "渋谷坂")
        #expect(results.first?["kind"] as? String == "station")
    }

    @Test func searchWithSpacesAsBrowsersSendThem() async throws {
        let answer = try await APIClient.get("/api/v1/search?q=kanjo+line&limit=1", on: APIClient.fixture())
        let first = (answer.object["results"] as? [[String: Any]])?.first
        #expect(first?["id"] as? String == "JR.Kanjo", "\(answer.text)")
    }

    @Test func anEmptySearchFindsNothing() async throws {
        let answer = try await APIClient.get("/api/v1/search?q=", on: APIClient.fixture())
        #expect(answer.status == .ok)
        #expect((answer.object["results"] as? [Any])?.isEmpty == true)
    }

    /// 0.001° north and east of 中央通: 143 m as the crow flies, a 2-minute walk at 80 m a minute;
    /// its next train each way (Inbound 07:36, Outbound 07:33).
    @Test func nearbyWithNextDepartures() async throws {
        let answer = try await APIClient.get("/api/v1/nearby?lat=35.5610&lon=139.6710&limit=2&at=2026-11-24T07:30", on: APIClient.fixture())
        #expect(answer.status == .ok)
        let results = answer.object["results"] as? [[String: Any]] ?? []
        let first = results.first
        #expect((first?["title"] as? [String: String])?["ja"] == "中央通")
        #expect(first?["distanceMeters"] as? Int == 143)
        #expect(first?["walkMinutes"] as? Int == 2)
        let station = (first?["stations"] as? [[String: Any]])?.first
        let next = station?["next"] as? [[String: Any]] ?? []
        // The next departure each way.
        let times = Dictionary(next.compactMap { departure in
            (departure["direction"] as? String).map { ($0, departure["time"] as? String ?? "") }
        }, uniquingKeysWith: { first, _ in first })
        #expect(next.count == 2)
        #expect(times == ["Inbound": "07:36", "Outbound": "07:33"])
        // Nothing else within the default radius: 港町 and 渋谷坂 are over 10 km away.
        #expect(results.count == 1)
        #expect(answer.object["outsideArea"] as? Bool == false)
    }

    @Test func nearbyWithoutDeparturesDoesNotDependOnTheTime() async throws {
        let answer = try await APIClient.get("/api/v1/nearby?lat=35.5610&lon=139.6710&limit=1&departures=false", on: APIClient.fixture())
        let station = ((answer.object["results"] as? [[String: Any]])?.first?["stations"] as? [[String: Any]])?.first
        #expect(station?["id"] as? String == "Umi.Kaigan.Chuodori")
        #expect(station?["next"] == nil)
        #expect(answer.headers[.cacheControl] == "public, max-age=3600")
    }

    /// Osaka is hundreds of kilometres beyond the fixture's outermost stations.
    @Test func nearbyFarAwayIsOutsideTheArea() async throws {
        let answer = try await APIClient.get("/api/v1/nearby?lat=34.6937&lon=135.5023", on: APIClient.fixture())
        #expect(answer.status == .ok)
        #expect(answer.object["outsideArea"] as? Bool == true)
        #expect((answer.object["results"] as? [Any])?.isEmpty == true)
    }

    @Test func calendarOfAYear() async throws {
        let answer = try await APIClient.get("/api/v1/calendar/2026", on: APIClient.fixture())
        #expect(answer.status == .ok)
        let holidays = answer.object["holidays"] as? [[String: String]] ?? []
        #expect(holidays.contains(["date": "2026-11-23", "name": "勤労感謝の日", "nameEn": "Labor Thanksgiving Day"]))
        #expect(holidays.count == 18)
        #expect(answer.object["year"] as? Int == 2026)
    }

    /// Every railway of the fixture runs its SaturdayHoliday timetable on the holiday.
    @Test func scheduleOfAHoliday() async throws {
        let answer = try await APIClient.get("/api/v1/schedule?date=2026-11-23", on: APIClient.fixture())
        #expect(answer.status == .ok)
        #expect(answer.object["dayKind"] as? String == "holiday")
        #expect((answer.object["reason"] as? [String: String])?["ja"] == "祝日: 勤労感謝の日")
        let railways = answer.object["railways"] as? [[String: Any]] ?? []
        #expect(Set(railways.compactMap { $0["railway"] as? String }) == ["Umi.Kaigan", "Metro.Fuku", "Kita.Kita", "JR.Kanjo", "Metro.Gin"])
        #expect(railways.allSatisfy { $0["schedule"] as? String == "SaturdayHoliday" })
    }

    @Test func scheduleOfTodayByDefault() async throws {
        let answer = try await APIClient.get("/api/v1/schedule", on: APIClient.fixture())
        #expect(answer.object["date"] as? String == "2026-11-24")
        #expect(answer.object["dayKind"] as? String == "weekday")
        let railways = answer.object["railways"] as? [[String: Any]] ?? []
        #expect(railways.count == 5 && railways.allSatisfy { $0["schedule"] as? String == "Weekday" })
    }
}
