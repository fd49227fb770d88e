import Foundation
import Testing

/// A railway over HTTP, named the ways riders name it, with real data.
@Suite struct RailwayAPITests {
    @Test func toyokoByKanaName() async throws {
        let answer = try await APIClient.get("/api/v1/railway/\(APIClient.encode("とうよこ"))")
        #expect(answer.status == .ok, "\(answer.text.prefix(200))")
        #expect(answer.object["id"] as? String == "Tokyu.Toyoko")
        let stations = answer.object["stations"] as? [[String: Any]] ?? []
        #expect(stations.count == 21)
        #expect((stations.first?["title"] as? [String: String])?["ja"] == "渋谷")
        #expect((stations.last?["title"] as? [String: String])?["en"] == "Yokohama")
        let through = (answer.object["throughService"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(through.contains("Minatomirai.Minatomirai"))
        // The drawn line has far more points than stations (coordinates.json's polyline, in parts).
        let shape = answer.object["shape"] as? [[[Double]]] ?? []
        #expect(shape.reduce(0) { $0 + $1.count } > 200)
        #expect(shape.allSatisfy { $0.allSatisfy { $0.count == 2 && (35...36).contains($0[0]) && (139...140).contains($0[1]) } })
    }

    @Test func yamanoteIsALoopWithoutTerminals() async throws {
        let answer = try await APIClient.get("/api/v1/railway/yamanote+line")
        #expect(answer.object["id"] as? String == "JR-East.Yamanote")
        #expect(answer.object["loop"] as? Bool == true)
        let directions = answer.object["directions"] as? [[String: Any]] ?? []
        #expect(directions.count == 2)
        #expect(directions.allSatisfy { $0["terminal"] is NSNull })
        #expect(Set(directions.compactMap { $0["clockwise"] as? Bool }) == [true, false])
    }

    @Test func anUnknownRailwayIsANotFoundProblem() async throws {
        let answer = try await APIClient.get("/api/v1/railway/zzqqxx")
        #expect(answer.status == .notFound)
        #expect(answer.detail.hasPrefix("no railway matches \"zzqqxx\""))
    }
}
