import EkiCore
import Foundation
import Testing
@testable import EkiImport
@testable import EkiStore
import EkiTestSupport

/// A railway as a whole, over the real data: stations, directions, what runs and where it runs to.
@Suite struct RailwayDetailTests {
    static func detail(_ id: String) throws -> RailwayDetail {
        let timetable = try SharedData.imported().timetable
        return try timetable.railwayDetail(try #require(timetable.reference.railways[id: id]))
    }

    /// The train parts of one railway's timetable file, read without the importer.
    static func trains(_ file: String) throws -> [[String: Any]] {
        try #require(try SharedData.json("train-timetables/\(file).json") as? [[String: Any]])
    }

    @Test func minatomiraiLineStationsDirectionsAndThroughService() throws {
        let detail = try Self.detail("Minatomirai.Minatomirai")
        #expect(detail.railway.name == LocalizedName(ja: "みなとみらい線", en: "Minatomirai Line"))
        #expect(detail.railway.operatorName?.ja == "横浜高速鉄道")
        #expect(detail.railway.color == "#09357F")
        #expect(!detail.isLoop)
        #expect(detail.stations.map(\.name.ja) == ["横浜", "新高島", "みなとみらい", "馬車道", "日本大通り", "元町・中華街"])
        #expect(detail.stations.allSatisfy { $0.coordinate != nil })
        // Ascending (下り Outbound) runs to the last station, descending (上り Inbound) to the first.
        #expect(detail.directions.map(\.direction.id) == ["Outbound", "Inbound"])
        #expect(detail.directions.map { $0.terminal?.id } == ["Minatomirai.Minatomirai.MotomachiChukagai",
                                                              "Minatomirai.Minatomirai.Yokohama"])
        #expect(detail.directions.allSatisfy { $0.clockwise == nil })
        // Every through train continues onto the Toyoko line at Yokohama, and only there.
        #expect(detail.throughService.map(\.railway.id) == ["Tokyu.Toyoko"])

        // Trains per calendar, counted from the source file by each train id's calendar suffix.
        let raw = try Self.trains("minatomirai-minatomirai")
        var expected: [String: Int] = [:]
        for train in raw {
            let calendar = (train["id"] as! String).split(separator: ".").last { !$0.allSatisfy(\.isNumber) }!
            expected[String(calendar), default: 0] += 1
        }
        #expect(Dictionary(uniqueKeysWithValues: detail.calendars.map { ($0.service, $0.trains) }) == expected)
        #expect(detail.calendars.map(\.service) == ["Weekday", "SaturdayHoliday"])
    }

    @Test func toyokoLineTrainTypesAndThroughService() throws {
        let detail = try Self.detail("Tokyu.Toyoko")
        #expect(detail.stations.count == 21)
        #expect(detail.stations.first?.name.ja == "渋谷" && detail.stations.last?.name.ja == "横浜")
        let through = detail.throughService.map(\.railway.id)
        #expect(through.contains("Minatomirai.Minatomirai") && through.contains("TokyoMetro.Fukutoshin"))
        #expect(!through.contains("Tokyu.Toyoko"))

        let express = try #require(detail.trainTypes.first { $0.id == "Tokyu.Express" })
        #expect(express.name.ja == "急行" && express.category == .express)
        // Exactly the types the source file's trains run as (`y`), local first.
        let raw = try Self.trains("tokyu-toyoko")
        #expect(Set(detail.trainTypes.map(\.id)) == Set(raw.map { $0["y"] as! String }))
        #expect(detail.trainTypes.first?.category == .local)
        #expect(detail.trainTypes.map(\.category) == detail.trainTypes.map(\.category).sorted())
    }

    @Test func yamanoteIsALoopListedOnce() throws {
        let detail = try Self.detail("JR-East.Yamanote")
        #expect(detail.isLoop)
        #expect(detail.railway.stations.count == 31)   // the source closes the ring with 大崎 again
        #expect(detail.stations.count == 30)
        #expect(Set(detail.stations.map(\.id)).count == 30)
        #expect(detail.stations.first?.name.ja == "大崎")
        // No ends on a loop; 外回り runs clockwise on the map (大崎 → 五反田 → 目黒 … north on the west side).
        #expect(detail.directions.map(\.direction.id) == ["OuterLoop", "InnerLoop"])
        #expect(detail.directions.allSatisfy { $0.terminal == nil })
        #expect(detail.directions.map(\.clockwise) == [true, false])
        // Each lap links to the next lap of the same railway: that is not through service.
        #expect(detail.throughService.isEmpty)
    }

    @Test func throughServiceGoesBothWays() throws {
        let timetable = try SharedData.imported().timetable
        var through: [String: Set<String>] = [:]
        for railway in timetable.reference.railways.values {
            through[railway.id] = Set(try timetable.railwayDetail(railway).throughService.map(\.railway.id))
        }
        for (railway, others) in through {
            for other in others {
                #expect(through[other]?.contains(railway) == true, "\(railway) runs to \(other) but not back")
            }
        }
    }

    @Test func shapesFollowTheStations() throws {
        for id in ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "JR-East.Yamanote", "JR-East.ChuoRapid"] {
            let detail = try Self.detail(id)
            #expect(!detail.shape.isEmpty)
            for station in detail.stations {
                let position = try #require(station.coordinate)
                let distance = detail.shape.map { RailwayShapeResolver.Polyline.nearest(to: position, on: $0).distance }.min()!
                #expect(distance < 100, "\(station.id) is \(Int(distance)) m from the \(id) shape")
            }
        }
    }

    @Test func packedPointsReadBack() {
        let points = [GeoPoint(latitude: 35.466419, longitude: 139.622203), GeoPoint(latitude: -33.5, longitude: -70.25)]
        let data = Data(TimetableWriter.Builder.packPoints(points))
        #expect(Timetable.unpackPoints(data) == points)
        #expect(Timetable.unpackPoints(data.prefix(12)) == [points[0]])   // a torn tail is dropped
        #expect(Timetable.runs([1, 2, 3, 7, 9, 10]) == [1...3, 7...7, 9...10])
    }
}
