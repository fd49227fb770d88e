import Foundation
import Testing

/// Search, nearby, the holiday calendar and the schedule of a day, over HTTP with real data.
@Suite struct PlaceAPITests {
    @Test func searchInHiragana() async throws {
        let answer = try await APIClient.get("/api/v1/search?q=\(APIClient.encode("しぶや"))&limit=3")
        #expect(answer.status == .ok)
        let results = answer.object["results"] as? [[String: Any]] ?? []
        #expect((1...3).contains(results.count))
        #expect((results.first?["title"] as? [String: String])?["ja"] == "渋谷")
        #expect(results.first?["kind"] as? String == "station")
    }

    @Test func searchWithSpacesAsBrowsersSendThem() async throws {
        let answer = try await APIClient.get("/api/v1/search?q=yamanote+line&limit=1")
        let first = (answer.object["results"] as? [[String: Any]])?.first
        #expect(first?["id"] as? String == "JR-East.Yamanote", "\(answer.text)")
    }

    @Test func anEmptySearchFindsNothing() async throws {
        let answer = try await APIClient.get("/api/v1/search?q=")
        #expect(answer.status == .ok)
        #expect((answer.object["results"] as? [Any])?.isEmpty == true)
    }

    @Test func nearbyWithNextDepartures() async throws {
        let answer = try await APIClient.get("/api/v1/nearby?lat=35.4505&lon=139.6337&limit=2&at=2026-11-24T07:30")
        #expect(answer.status == .ok)
        let first = (answer.object["results"] as? [[String: Any]])?.first
        #expect((first?["title"] as? [String: String])?["ja"] == "馬車道")
        #expect(first?["distanceMeters"] as? Int == 154)
        #expect(first?["walkMinutes"] as? Int == 2)
        let station = (first?["stations"] as? [[String: Any]])?.first
        let next = station?["next"] as? [[String: Any]] ?? []
        #expect(Set(next.compactMap { $0["direction"] as? String }) == ["Inbound", "Outbound"])
        #expect(answer.object["outsideArea"] as? Bool == false)
    }

    @Test func nearbyWithoutDeparturesDoesNotDependOnTheTime() async throws {
        let answer = try await APIClient.get("/api/v1/nearby?lat=35.4505&lon=139.6337&limit=1&departures=false")
        let station = ((answer.object["results"] as? [[String: Any]])?.first?["stations"] as? [[String: Any]])?.first
        #expect(station?["id"] as? String == "Minatomirai.Minatomirai.Bashamichi")
        #expect(station?["next"] == nil)
        #expect(answer.headers[.cacheControl] == "public, max-age=3600")
    }

    @Test func nearbyFarAwayIsOutsideTheArea() async throws {
        let answer = try await APIClient.get("/api/v1/nearby?lat=34.6937&lon=135.5023")
        #expect(answer.status == .ok)
        #expect(answer.object["outsideArea"] as? Bool == true)
        #expect((answer.object["results"] as? [Any])?.isEmpty == true)
    }

    @Test func calendarOfAYear() async throws {
        let answer = try await APIClient.get("/api/v1/calendar/2026")
        #expect(answer.status == .ok)
        let holidays = answer.object["holidays"] as? [[String: String]] ?? []
        #expect(holidays.contains(["date": "2026-11-23", "name": "勤労感謝の日", "nameEn": "Labor Thanksgiving Day"]))
        #expect(holidays.count == 18)
        #expect(answer.object["year"] as? Int == 2026)
    }

    @Test func scheduleOfAHoliday() async throws {
        let answer = try await APIClient.get("/api/v1/schedule?date=2026-11-23")
        #expect(answer.status == .ok)
        #expect(answer.object["dayKind"] as? String == "holiday")
        #expect((answer.object["reason"] as? [String: String])?["ja"] == "祝日: 勤労感謝の日")
        let railways = answer.object["railways"] as? [[String: Any]] ?? []
        #expect(railways.first { $0["railway"] as? String == "Minatomirai.Minatomirai" }?["schedule"] as? String == "SaturdayHoliday")
    }

    @Test func scheduleOfTodayByDefault() async throws {
        let answer = try await APIClient.get("/api/v1/schedule")
        #expect(answer.object["date"] as? String == "2026-11-24")
        #expect(answer.object["dayKind"] as? String == "weekday")
    }
}
