import Foundation
import Testing

/// Departures, timetables, trains and station detail over HTTP, with real data: the same JSON as
/// the CLI's --json (see DeparturesCommandTests and StationCommandTests for the CLI side).
@Suite struct BoardAPITests {
    @Test func departuresOfOnePlatform() async throws {
        let answer = try await APIClient.get("/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at=2026-11-24T07:30&limit=2")
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
        let board = answer.object
        #expect(board["station"] as? String == "Minatomirai.Minatomirai.Bashamichi")
        #expect(board["schedule"] as? String == "Weekday")
        let departures = board["departures"] as? [[String: Any]] ?? []
        #expect(departures.map { $0["time"] as? String } == ["07:31", "07:34"])
        #expect(departures.first?["trainId"] as? String == "Minatomirai.Minatomirai.006072.Weekday")
        #expect((departures.first?["destinationName"] as? [String: String])?["ja"] == "清瀬")
        #expect(departures.first?["minutesUntil"] as? Int == 1)
    }

    @Test func aStationByNameInKanjiOrRomajiWithBothDirections() async throws {
        let kanji = try await APIClient.get("/api/v1/departures?station=\(APIClient.encode("馬車道"))&at=2026-11-24T07:30&limit=3")
        let romaji = try await APIClient.get("/api/v1/departures?station=bashamichi&at=2026-11-24T07:30&limit=3")
        #expect(kanji.status == .ok)
        #expect(kanji.body == romaji.body)
        let directions = Set((kanji.object["departures"] as? [[String: Any]] ?? []).compactMap { $0["direction"] as? String })
        #expect(directions == ["Inbound", "Outbound"])
    }

    @Test func aNameForSeveralStationsGivesAnArrayAndARailwayNarrowsIt() async throws {
        let all = try await APIClient.get("/api/v1/departures?station=\(APIClient.encode("渋谷"))&at=2026-11-24T12:00&limit=1")
        #expect(all.status == .ok)
        let railways = Set(all.array.compactMap { $0["railway"] as? String })
        #expect(railways.isSuperset(of: ["JR-East.Yamanote", "Tokyu.Toyoko", "TokyoMetro.Ginza"]))
        let toyoko = try await APIClient.get("/api/v1/departures?station=shibuya&railway=toyoko&direction=Outbound&at=2026-11-24T12:00&limit=1")
        #expect(toyoko.status == .ok, "\(toyoko.text)")
        #expect(toyoko.object["station"] as? String == "Tokyu.Toyoko.Shibuya")
    }

    @Test func withoutATimeTheBoardIsForNow() async throws {
        let now = try await APIClient.get("/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&limit=1")
        let departures = now.object["departures"] as? [[String: Any]] ?? []
        #expect(departures.first?["time"] as? String == "07:31")
        #expect(now.headers[.cacheControl] == "public, max-age=45")
    }

    @Test func timetableListsTheWholeServiceDay() async throws {
        let answer = try await APIClient.get("/api/v1/timetable?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&date=2026-11-24")
        #expect(answer.status == .ok)
        let departures = answer.object["departures"] as? [[String: Any]] ?? []
        #expect(departures.first?["time"] as? String == "05:00")
        #expect(departures.last?["time"] as? String == "00:22")
        #expect(departures.last?["serviceMinute"] as? Int == 1462)
    }

    @Test func trainFollowedAcrossThroughService() async throws {
        let answer = try await APIClient.get("/api/v1/train/Minatomirai.Minatomirai.026054.Weekday")
        #expect(answer.status == .ok)
        let parts = answer.object["parts"] as? [[String: Any]] ?? []
        #expect(parts.compactMap { $0["railway"] as? String } == ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "TokyoMetro.Fukutoshin",
                                                                 "Seibu.SeibuYurakucho", "Seibu.Ikebukuro"])
        let lastStop = (parts.last?["stops"] as? [[String: Any]])?.last
        #expect(lastStop?["station"] as? String == "Seibu.Ikebukuro.Kiyose")
        #expect(lastStop?["arrival"] as? String == "07:39")
        #expect(lastStop?["departure"] is NSNull)
    }

    @Test func stationDetailHasBothSidesAndNoBookmarks() async throws {
        let answer = try await APIClient.get("/api/v1/station/Minatomirai.Minatomirai.Bashamichi?at=2026-11-24T07:30")
        #expect(answer.status == .ok)
        let sides = answer.object["sides"] as? [[String: Any]] ?? []
        #expect(Set(sides.compactMap { $0["direction"] as? String }) == ["Inbound", "Outbound"])
        #expect(sides.allSatisfy { $0["bookmarked"] as? Bool == false })
        let inbound = sides.first { $0["direction"] as? String == "Inbound" }
        #expect((inbound?["next"] as? [[String: Any]])?.first?["time"] as? String == "07:31")
        #expect(answer.object["at"] as? String == "2026-11-24T07:30")
    }

    @Test func stationDetailByNameOnOneRailway() async throws {
        let shibuya = try await APIClient.get("/api/v1/station/\(APIClient.encode("渋谷"))?at=2026-11-24T07:30")
        #expect(shibuya.array.count > 2)
        let toyoko = try await APIClient.get("/api/v1/station/\(APIClient.encode("渋谷"))?railway=\(APIClient.encode("東横線"))&at=2026-11-24T07:30")
        #expect(toyoko.status == .ok, "\(toyoko.text)")
        #expect(toyoko.object["station"] as? String == "Tokyu.Toyoko.Shibuya")
    }
}
