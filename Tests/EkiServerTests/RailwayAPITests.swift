import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// A railway over HTTP, named the ways riders name it, on the hand-written Tokyo (`TokyoFixture`):
/// the 海岸線 港町 → 中央通 → 渋谷坂 with its through trains onto the 副線, and the 環状線 loop.
@Suite struct RailwayAPITests {
    /// 76 inbound locals, the 24:30 and 76 outbound ones on weekdays, with the two through
    /// expresses; 54 each way on Saturdays and holidays (every 20 minutes from 06:00 and 06:10).
    @Test func kaiganByKanaName() async throws {
        let answer = try await APIClient.get("/api/v1/railway/\(APIClient.encode("かいがん"))", on: APIClient.fixture())
        #expect(answer.status == .ok, "\(answer.text.prefix(200))")
        #expect(answer.object["id"] as? String == "Umi.Kaigan")
        #expect((answer.object["title"] as? [String: String])?["ja"] == "海岸線")
        let stations = answer.object["stations"] as? [[String: Any]] ?? []
        #expect(stations.compactMap { $0["id"] as? String } == ["Umi.Kaigan.Minatomachi", "Umi.Kaigan.Chuodori", "Umi.Kaigan.Shibuyazaka"])
        #expect((stations.first?["title"] as? [String: String])?["ja"] == "港町")
        #expect((stations.last?["title"] as? [String: String])?["en"] == "Shibuyazaka")
        #expect(answer.object["trainsPerCalendar"] as? [String: Int] == ["Weekday": 155, "SaturdayHoliday": 108])
        // The two expresses run on as 副線 trains from 渋谷坂.
        let through = answer.object["throughService"] as? [[String: Any]] ?? []
        #expect(through.compactMap { $0["id"] as? String } == ["Metro.Fuku"])
        #expect(through.first?["trains"] as? Int == 2)
        let directions = answer.object["directions"] as? [[String: Any]] ?? []
        #expect(directions.map { $0["terminal"] as? String } == ["Umi.Kaigan.Shibuyazaka", "Umi.Kaigan.Minatomachi"])
        // The fixture draws no line: no shape (a drawn one: `aDrawnLineIsServedInItsParts`).
        #expect((answer.object["shape"] as? [Any])?.isEmpty == true)
    }

    /// The drawn line is served as the source draws it, part by part, in [latitude, longitude]
    /// points — far more than the stations (a variant of the fixture with the 海岸線 drawn in two
    /// parts, bending between the stations).
    @Test func aDrawnLineIsServedInItsParts() async throws {
        let parts = [[(35.4500, 139.6400), (35.4800, 139.6420), (35.5100, 139.6500), (35.5600, 139.6700)],
                     [(35.5600, 139.6700), (35.6000, 139.6850), (35.6300, 139.6990), (35.6580, 139.7016)]]
        let drawn = try TokyoFixture.timetable(changing: { data in
            data.shapes["Umi.Kaigan"] = parts.map { $0.map { GeoPoint(latitude: $0.0, longitude: $0.1) } }
        })
        let answer = try await APIClient.get("/api/v1/railway/Umi.Kaigan", on: drawn)
        #expect(answer.status == .ok)
        let shape = answer.object["shape"] as? [[[Double]]] ?? []
        #expect(shape == parts.map { $0.map { [$0.0, $0.1] } })
        #expect(shape.reduce(0) { $0 + $1.count } > (answer.object["stations"] as? [Any])?.count ?? 0)
        // The other railways stay undrawn.
        let gin = try await APIClient.get("/api/v1/railway/Metro.Gin", on: drawn)
        #expect((gin.object["shape"] as? [Any])?.isEmpty == true)
    }

    /// 渋谷坂 → 新宿原 (north) → 上野森 (east) → 東京前 (south) and back: the outer loop, in list
    /// order, runs clockwise on the map.
    @Test func kanjoIsALoopWithoutTerminals() async throws {
        let answer = try await APIClient.get("/api/v1/railway/kanjo+line", on: APIClient.fixture())
        #expect(answer.object["id"] as? String == "JR.Kanjo")
        #expect(answer.object["loop"] as? Bool == true)
        // Round the loop once: 渋谷坂 listed once.
        #expect((answer.object["stations"] as? [[String: Any]])?.count == 4)
        let directions = answer.object["directions"] as? [[String: Any]] ?? []
        #expect(directions.count == 2)
        #expect(directions.allSatisfy { $0["terminal"] is NSNull })
        let clockwise = Dictionary(directions.compactMap { direction in
            (direction["id"] as? String).map { ($0, direction["clockwise"] as? Bool) }
        }, uniquingKeysWith: { first, _ in first })
        #expect(clockwise == ["OuterLoop": true, "InnerLoop": false])
    }

    @Test func anUnknownRailwayIsANotFoundProblem() async throws {
        let answer = try await APIClient.get("/api/v1/railway/zzqqxx", on: APIClient.fixture())
        #expect(answer.status == .notFound)
        #expect(answer.detail.hasPrefix("no railway matches \"zzqqxx\""))
    }
}
