import EkiCore
import Foundation
import Testing
@testable import EkiStore
import EkiTestSupport

/// A railway as a whole, on the hand-written Tokyo (`TokyoFixture`): stations, directions, what
/// runs and where it runs to, each worked out from the fixture's lines. (A real line's drawn shape
/// against its stations: `RealDataStoreTests`.)
@Suite struct RailwayDetailTests {
    static func detail(_ id: String) throws -> RailwayDetail {
        let timetable = try TokyoFixture.timetable()
        return try timetable.railwayDetail(try #require(timetable.reference.railways[id: id]))
    }

    /// The fixture's train parts of one railway, as its dataset has them (not read back).
    static func trains(_ railway: String) -> [TimetableDataset.Train] {
        TokyoFixture.dataset.trains.filter { $0.railwayId == railway }
    }

    @Test func kaiganLineStationsDirectionsAndThroughService() throws {
        let detail = try Self.detail("Umi.Kaigan")
        #expect(detail.railway.name == LocalizedName(ja: "海岸線", en: "Kaigan Line"))
        #expect(detail.railway.operatorName?.ja == "海鉄")
        #expect(detail.railway.color == "#0070c0")
        #expect(!detail.isLoop)
        #expect(detail.stations.map(\.name.ja) == ["港町", "中央通", "渋谷坂"])
        #expect(detail.stations.allSatisfy { $0.coordinate != nil })
        // Ascending (上り Inbound) runs to the last station, descending (下り Outbound) to the first.
        #expect(detail.directions.map(\.direction.id) == ["Inbound", "Outbound"])
        #expect(detail.directions.map { $0.terminal?.id } == [TokyoFixture.kaiganShibuyazaka, TokyoFixture.minatomachi])
        #expect(detail.directions.allSatisfy { $0.clockwise == nil })
        // The through expresses go on as 副線 trains at 渋谷坂, and only there.
        #expect(detail.throughService.map(\.railway.id) == ["Metro.Fuku"])
        #expect(detail.throughService.map(\.trains) == [2])   // A0701 and A0801

        // Weekday: inbound 05:00–23:45 every 15 minutes (76) and the 24:30 (77), outbound 05:10–23:55
        // (76), two expresses: 155. SaturdayHoliday: 06:00–23:40 every 20 minutes each way, 54 + 54.
        #expect(detail.calendars == [.init(service: "Weekday", trains: 155), .init(service: "SaturdayHoliday", trains: 108)])
        // The same counted from the dataset by each train's calendar.
        let counted = Dictionary(grouping: Self.trains("Umi.Kaigan"), by: \.serviceId).mapValues(\.count)
        #expect(Dictionary(uniqueKeysWithValues: detail.calendars.map { ($0.service, $0.trains) }) == counted)
        // No shape in the fixture: none is made up.
        #expect(detail.shape.isEmpty)
    }

    @Test func fukuLineTrainTypesAndThroughService() throws {
        let detail = try Self.detail("Metro.Fuku")
        #expect(detail.stations.map(\.name.ja) == ["渋谷坂", "新宿原", "池袋台"])
        // The through expresses come from 海岸線 and go on to 北線.
        let through = detail.throughService.map(\.railway.id)
        #expect(Set(through) == ["Umi.Kaigan", "Kita.Kita"])
        #expect(!through.contains("Metro.Fuku"))

        let express = try #require(detail.trainTypes.first { $0.id == "Metro.Express" })
        #expect(express.name.ja == "急行" && express.category == .express)
        // Exactly the types its trains run as — locals, the hourly 準急, the through 急行 — local first.
        #expect(Set(detail.trainTypes.map(\.id)) == Set(Self.trains("Metro.Fuku").map(\.typeId)))
        #expect(detail.trainTypes.map(\.id) == ["Metro.Local", "Metro.SemiExpress", "Metro.Express"])
        #expect(detail.trainTypes.map(\.category) == detail.trainTypes.map(\.category).sorted())
    }

    @Test func kanjoIsALoopListedOnce() throws {
        let detail = try Self.detail("JR.Kanjo")
        #expect(detail.isLoop)
        #expect(detail.railway.stations.count == 5)   // the fixture closes the ring with 渋谷坂 again
        #expect(detail.stations.count == 4)
        #expect(Set(detail.stations.map(\.id)).count == 4)
        #expect(detail.stations.map(\.name.ja) == ["渋谷坂", "新宿原", "上野森", "東京前"])
        // No ends on a loop. 外回り runs 渋谷坂 → north to 新宿原 → east to 上野森 → south to 東京前 →
        // back west: clockwise on the map.
        #expect(detail.directions.map(\.direction.id) == ["OuterLoop", "InnerLoop"])
        #expect(detail.directions.allSatisfy { $0.terminal == nil })
        #expect(detail.directions.map(\.clockwise) == [true, false])
        #expect(detail.throughService.isEmpty)
        // Laps linked to the next lap of the same railway (as the real Yamanote's are) are not
        // through service either.
        let linked = try TokyoFixture.timetable { data in
            let first = data.trains.firstIndex { $0.id == "JR.Kanjo.J300.Weekday" }!
            let second = data.trains.firstIndex { $0.id == "JR.Kanjo.J310.Weekday" }!
            data.trains[first].next = ["JR.Kanjo.J310.Weekday"]
            data.trains[second].previous = ["JR.Kanjo.J300.Weekday"]
        }
        #expect(try linked.railwayDetail(try #require(linked.reference.railways[id: "JR.Kanjo"])).throughService.isEmpty)
        // The 環状線 runs 各駅停車 and, on the hour until 22:00, 快速.
        #expect(detail.trainTypes.map(\.id) == ["JR.Local", "JR.Rapid"])
    }

    @Test func throughServiceGoesBothWays() throws {
        let timetable = try TokyoFixture.timetable()
        var through: [String: Set<String>] = [:]
        for railway in timetable.reference.railways.values {
            through[railway.id] = Set(try timetable.railwayDetail(railway).throughService.map(\.railway.id))
        }
        for (railway, others) in through {
            for other in others {
                #expect(through[other]?.contains(railway) == true, "\(railway) runs to \(other) but not back")
            }
        }
        // 海岸線 → 副線 → 北線 and back; 環状線 and 銀線 alone.
        #expect(through == ["Umi.Kaigan": ["Metro.Fuku"], "Metro.Fuku": ["Umi.Kaigan", "Kita.Kita"], "Kita.Kita": ["Metro.Fuku"],
                            "JR.Kanjo": [], "Metro.Gin": []])
    }

    @Test func packedPointsReadBack() {
        let points = [GeoPoint(latitude: 35.466419, longitude: 139.622203), GeoPoint(latitude: -33.5, longitude: -70.25)]
        let data = Data(TimetableWriter.Builder.packPoints(points))
        #expect(Timetable.unpackPoints(data) == points)
        #expect(Timetable.unpackPoints(data.prefix(12)) == [points[0]])   // a torn tail is dropped
        #expect(Timetable.runs([1, 2, 3, 7, 9, 10]) == [1...3, 7...7, 9...10])
    }
}
