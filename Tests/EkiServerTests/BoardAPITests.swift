import Foundation
import Testing

/// Departures, timetables, trains and station detail over HTTP, on the hand-written Tokyo
/// (`TokyoFixture`): the same JSON as the CLI's --json (see DeparturesCommandTests and
/// StationCommandTests for the CLI side). Worked out from the fixture: 海岸線 locals leave 港町
/// every 15 minutes on weekdays from 05:00 (and once more at 24:30) and are at 中央通 6 minutes
/// later, for 渋谷坂; the through expresses A0701/A0801 leave 港町 at 07:00 and 08:00, are at
/// 中央通 5 minutes later and run on to 所沢野 on the 副線 and the 北線. Outbound locals leave
/// 渋谷坂 at 05:10 and every 15 minutes and are at 中央通 8 minutes later.
@Suite struct BoardAPITests {
    static let chuodori = "Umi.Kaigan.Chuodori"

    /// At 08:00 the 08:00 express from 港町 is at 中央通 at 08:05, through to 所沢野 on another
    /// operator's line; the 08:00 local follows at 08:06.
    @Test func departuresOfOnePlatform() async throws {
        let fixture = try APIClient.fixture()
        let answer = try await APIClient.get("/api/v1/departures?station=\(Self.chuodori)&direction=Inbound&at=2026-11-24T08:00&limit=2",
                                             on: fixture)
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
        let board = answer.object
        #expect(board["station"] as? String == Self.chuodori)
        #expect(board["schedule"] as? String == "Weekday")
        let departures = board["departures"] as? [[String: Any]] ?? []
        #expect(departures.map { $0["time"] as? String } == ["08:05", "08:06"])
        #expect(departures.first?["trainId"] as? String == "Umi.Kaigan.A0801.Weekday")
        #expect((departures.first?["destinationName"] as? [String: String])?["ja"] == "所沢野")
        #expect(departures.first?["minutesUntil"] as? Int == 5)
        #expect(departures.last?["trainId"] as? String == "Umi.Kaigan.K480.Weekday")
        #expect((departures.last?["destinationName"] as? [String: String])?["ja"] == "渋谷坂")
    }

    /// 中央通 at 07:30: Outbound 07:33 and 07:48, Inbound 07:36 and 07:51.
    @Test func aStationByNameInKanjiOrRomajiWithBothDirections() async throws {
        let fixture = try APIClient.fixture()
        let kanji = try await APIClient.get("/api/v1/departures?station=\(APIClient.encode("中央通"))&at=2026-11-24T07:30&limit=3", on: fixture)
        let romaji = try await APIClient.get("/api/v1/departures?station=chuodori&at=2026-11-24T07:30&limit=3", on: fixture)
        #expect(kanji.status == .ok)
        #expect(kanji.body == romaji.body)
        let departures = kanji.object["departures"] as? [[String: Any]] ?? []
        let directions = Set(departures.compactMap { $0["direction"] as? String })
        #expect(directions == ["Inbound", "Outbound"])
        #expect(departures.prefix(2).map { $0["time"] as? String } == ["07:33", "07:36"])
    }

    /// 渋谷坂 is four stations (海岸線, 副線, 環状線, 銀線), each with trains leaving it.
    @Test func aNameForSeveralStationsGivesAnArrayAndARailwayNarrowsIt() async throws {
        let fixture = try APIClient.fixture()
        let all = try await APIClient.get("/api/v1/departures?station=\(APIClient.encode("渋谷坂"))&at=2026-11-24T12:00&limit=1", on: fixture)
        #expect(all.status == .ok)
        let railways = Set(all.array.compactMap { $0["railway"] as? String })
        #expect(railways == ["Umi.Kaigan", "Metro.Fuku", "JR.Kanjo", "Metro.Gin"])
        let gin = try await APIClient.get("/api/v1/departures?station=shibuyazaka&railway=gin&direction=Eastbound&at=2026-11-24T12:00&limit=1",
                                          on: fixture)
        #expect(gin.status == .ok, "\(gin.text)")
        #expect(gin.object["station"] as? String == "Metro.Gin.Shibuyazaka")
        // 銀線 east every 5 minutes from 05:30: the 12:00.
        #expect((gin.object["departures"] as? [[String: Any]])?.first?["time"] as? String == "12:00")
    }

    /// Now is 07:30:15: the 07:30 local from 港町 is at 中央通 at 07:36.
    @Test func withoutATimeTheBoardIsForNow() async throws {
        let now = try await APIClient.get("/api/v1/departures?station=\(Self.chuodori)&direction=Inbound&limit=1", on: APIClient.fixture())
        let departures = now.object["departures"] as? [[String: Any]] ?? []
        #expect(departures.first?["time"] as? String == "07:36")
        #expect(departures.first?["trainId"] as? String == "Umi.Kaigan.K450.Weekday")
        #expect(now.headers[.cacheControl] == "public, max-age=45")
    }

    /// 76 locals from 05:00 to 23:45, the 24:30 and the two expresses: the day's first at 05:06,
    /// its last at 24:36 (00:36 on the clock).
    @Test func timetableListsTheWholeServiceDay() async throws {
        let answer = try await APIClient.get("/api/v1/timetable?station=\(Self.chuodori)&direction=Inbound&date=2026-11-24",
                                             on: APIClient.fixture())
        #expect(answer.status == .ok)
        let departures = answer.object["departures"] as? [[String: Any]] ?? []
        #expect(departures.count == 76 + 1 + 2)
        #expect(departures.first?["time"] as? String == "05:06")
        #expect(departures.last?["time"] as? String == "00:36")
        #expect(departures.last?["serviceMinute"] as? Int == 1476)
    }

    /// A0701: 海岸線 港町 07:00 → 渋谷坂, 副線 07:13 → 池袋台, 北線 07:25 → 所沢野 07:40.
    @Test func trainFollowedAcrossThroughService() async throws {
        let answer = try await APIClient.get("/api/v1/train/Umi.Kaigan.A0701.Weekday", on: APIClient.fixture())
        #expect(answer.status == .ok)
        let parts = answer.object["parts"] as? [[String: Any]] ?? []
        #expect(parts.compactMap { $0["railway"] as? String } == ["Umi.Kaigan", "Metro.Fuku", "Kita.Kita"])
        let firstStop = (parts.first?["stops"] as? [[String: Any]])?.first
        #expect(firstStop?["station"] as? String == "Umi.Kaigan.Minatomachi")
        #expect(firstStop?["departure"] as? String == "07:00")
        let lastStop = (parts.last?["stops"] as? [[String: Any]])?.last
        #expect(lastStop?["station"] as? String == "Kita.Kita.Tokorozawano")
        #expect(lastStop?["arrival"] as? String == "07:40")
        #expect(lastStop?["departure"] is NSNull)
    }

    @Test func stationDetailHasBothSidesAndNoBookmarks() async throws {
        let answer = try await APIClient.get("/api/v1/station/\(Self.chuodori)?at=2026-11-24T07:30", on: APIClient.fixture())
        #expect(answer.status == .ok)
        let sides = answer.object["sides"] as? [[String: Any]] ?? []
        #expect(Set(sides.compactMap { $0["direction"] as? String }) == ["Inbound", "Outbound"])
        #expect(sides.allSatisfy { $0["bookmarked"] as? Bool == false })
        let inbound = sides.first { $0["direction"] as? String == "Inbound" }
        #expect((inbound?["next"] as? [[String: Any]])?.first?["time"] as? String == "07:36")
        let outbound = sides.first { $0["direction"] as? String == "Outbound" }
        #expect((outbound?["next"] as? [[String: Any]])?.first?["time"] as? String == "07:33")
        #expect(answer.object["at"] as? String == "2026-11-24T07:30")
    }

    @Test func stationDetailByNameOnOneRailway() async throws {
        let fixture = try APIClient.fixture()
        let shibuyazaka = try await APIClient.get("/api/v1/station/\(APIClient.encode("渋谷坂"))?at=2026-11-24T07:30", on: fixture)
        #expect(shibuyazaka.array.count == 4)
        let gin = try await APIClient.get("/api/v1/station/\(APIClient.encode("渋谷坂"))?railway=\(APIClient.encode("銀線"))&at=2026-11-24T07:30",
                                          on: fixture)
        #expect(gin.status == .ok, "\(gin.text)")
        #expect(gin.object["station"] as? String == "Metro.Gin.Shibuyazaka")
    }
}
