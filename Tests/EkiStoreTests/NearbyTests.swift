import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// "Near me" on the hand-written Tokyo (`TokyoFixture`), checked against a scan of every station;
/// distances worked out from the fixture's positions (渋谷坂 35.6580,139.7016, 表参 35.6650,139.7120,
/// 新宿原 35.6900,139.7000, 東京前 35.6810,139.7670, …). A real exit's neighbours: `RealDataStoreTests`.
@Suite struct NearbyTests {
    /// The same answer the slow way: every station, its position (or its complex's), departures
    /// read through the board query, the nearest station of each complex.
    static func bruteForce(_ point: GeoPoint, radius: Double, in timetable: Timetable,
                           departing: Set<String>) -> [(complex: ComplexHandle, station: String, distance: Double)] {
        var nearest: [ComplexHandle: (station: String, distance: Double)] = [:]
        for station in timetable.reference.stations.values where departing.contains(station.id) {
            guard let position = station.coordinate ?? timetable.reference.complexes[station.complex]?.coordinate else { continue }
            let distance = point.distance(to: position)
            guard distance <= radius else { continue }
            if let current = nearest[station.complex], (current.distance, current.station) <= (distance, station.id) { continue }
            nearest[station.complex] = (station.id, distance)
        }
        return nearest.map { ($0.key, $0.value.station, $0.value.distance) }
            .sorted { ($0.distance, $0.complex) < ($1.distance, $1.complex) }
    }

    static func departing(in timetable: Timetable) -> Set<String> {
        Set(timetable.reference.stations.values.filter { !((try? timetable.directions(at: $0)) ?? []).isEmpty }.map(\.id))
    }

    @Test func matchesAScanOfEveryStationAtRandomPoints() throws {
        let timetable = try TokyoFixture.timetable()
        let departing = Self.departing(in: timetable)
        #expect(departing.count == 14)   // every station of the fixture has a train leaving it
        var generator = SplitMix64(seed: 2026_11_22)
        var nonEmpty = 0, several = 0
        for _ in 0..<300 {
            // Around the fixture's stations (港町 35.45 in the south to 所沢野 35.787, 139.473 in the
            // west to 上野森 139.777 in the east); radii from a short walk to a long ride.
            let point = GeoPoint(latitude: 35.40 + Double.random(in: 0..<0.45, using: &generator),
                                 longitude: 139.40 + Double.random(in: 0..<0.45, using: &generator))
            let radius = Double.random(in: 200..<12_000, using: &generator)
            let found = try timetable.nearby(point, radius: radius).stations
            let expected = Self.bruteForce(point, radius: radius, in: timetable, departing: departing)
            #expect(found.map(\.complex.handle) == expected.map(\.complex), "\(point) \(radius)")
            #expect(found.map(\.nearest.id) == expected.map(\.station))
            #expect(zip(found, expected).allSatisfy { abs($0.distance - $1.distance) < 1e-6 })
            if !found.isEmpty { nonEmpty += 1 }
            if found.count > 1 { several += 1 }
        }
        // Many points do land near stations, and some near several (93 and 42 of 300 with this seed).
        #expect(nonEmpty > 60 && several > 20, "\(nonEmpty) \(several)")
    }

    @Test func nearShibuyazakaExit() throws {
        let timetable = try TokyoFixture.timetable()
        // 35.6600,139.7050, north-east of 渋谷坂: 渋谷坂 379 m, 表参 842 m, 新宿原 3,366 m, 東京前
        // 6,068 m (池袋台 at 7,692 m is a fifth, past the limit).
        let result = try timetable.nearby(GeoPoint(latitude: 35.6600, longitude: 139.7050), radius: 8000, limit: 4)
        #expect(!result.outsideArea)
        #expect(result.stations.map(\.nearest.name.ja) == ["渋谷坂", "表参", "新宿原", "東京前"])
        let shibuyazaka = result.stations[0]
        #expect((378...380).contains(shibuyazaka.distance))
        #expect(shibuyazaka.walkMinutes == 5)   // 379 m at 80 m a minute, rounded up
        // Its four railways stand at one position: the smallest id stands for the complex.
        #expect(shibuyazaka.nearest.id == TokyoFixture.kanjoShibuyazaka)
        #expect(Set(shibuyazaka.stations.map(\.id)) == [TokyoFixture.kaiganShibuyazaka, TokyoFixture.fukuShibuyazaka,
                                                        TokyoFixture.kanjoShibuyazaka, TokyoFixture.ginShibuyazaka])
        // 新宿原's complex: 副線 and 環状線.
        #expect(Set(result.stations[2].stations.compactMap { timetable.reference.railwayId(of: $0) }) == ["Metro.Fuku", "JR.Kanjo"])
        #expect(result.stations.map(\.distance) == result.stations.map(\.distance).sorted())
    }

    @Test func walkingMinutesRoundUp() {
        #expect([0, 1, 80, 80.5, 160, 799, 801].map(NearbyStation.walkMinutes) == [0, 1, 1, 2, 2, 10, 11])
    }

    @Test func sayWhenThePointIsOutsideTheData() throws {
        // The fixture's area is its stations' box (35.45–35.787 N, 139.473–139.777 E) and 20 km round it.
        let timetable = try TokyoFixture.timetable()
        let osaka = try timetable.nearby(GeoPoint(latitude: 34.7025, longitude: 135.4959), radius: 5000)
        #expect(osaka.outsideArea && osaka.stations.isEmpty)
        let sea = try timetable.nearby(GeoPoint(latitude: 0, longitude: 0), radius: 5000)
        #expect(sea.outsideArea)
        // Inside the area, nothing within a short radius is an empty answer, not "outside"; the
        // nearest station all the same: 中央通, 7.7 km off.
        let field = try timetable.nearby(GeoPoint(latitude: 35.60, longitude: 139.60), radius: 300)
        #expect(!field.outsideArea && field.stations.isEmpty)
        #expect(field.nearestOutside?.nearest.id == TokyoFixture.chuodori)
        #expect(field.nearestOutside.map { (7700...7780).contains($0.distance) } == true)
        // 35.20 N is 28 km south of the box, past its 20 km margin: outside.
        #expect(try timetable.nearby(GeoPoint(latitude: 35.20, longitude: 139.40), radius: 5000).outsideArea)
    }

    @Test func aStationWithoutPositionStandsAtItsComplex() throws {
        // B1 has no coordinates; it shares a complex with A3, whose position the complex takes.
        let folder = try MiniFolder(trains: """
            [{"id": "Op.B.1.Weekday", "r": "Op.B", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.B.B1", "d": "10:00"}, {"s": "Op.B.B2", "a": "10:05"}]}]
            """, omitCoordinatesOf: ["Op.B.B1"])
        defer { folder.remove() }
        let database = folder.scratch.file("out/eki.sqlite")
        _ = try Importer().run(folder: folder.url, database: database)
        let timetable = try Timetable(url: database)
        let result = try timetable.nearby(GeoPoint(latitude: 35.62, longitude: 139.72), radius: 100)
        #expect(result.stations.map(\.nearest.id) == ["Op.B.B1"])
        #expect(result.stations.first?.distance ?? 1 < 1)
        // No train leaves A1, A2, A3 or B2 (where the only train ends): left out even where closer.
        let wide = try timetable.nearby(GeoPoint(latitude: 35.60, longitude: 139.70), radius: 10_000)
        #expect(wide.stations.flatMap(\.stations).map(\.id) == ["Op.B.B1"])
    }
}
