import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// "Near me" over the real data, checked against a scan of every station.
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

    static let departing: Set<String> = {
        let timetable = try! SharedData.imported().timetable
        return Set(timetable.reference.stations.values.filter { !((try? timetable.directions(at: $0)) ?? []).isEmpty }.map(\.id))
    }()

    @Test func matchesAScanOfEveryStationAtRandomPoints() throws {
        let (timetable, _) = try SharedData.imported()
        var generator = SplitMix64(seed: 2026_11_22)
        var nonEmpty = 0
        for _ in 0..<300 {
            // Greater Tokyo, where stations are dense and sparse; radii from a short walk to a long ride.
            let point = GeoPoint(latitude: 35.2 + Double.random(in: 0..<0.8, using: &generator),
                                 longitude: 139.2 + Double.random(in: 0..<0.9, using: &generator))
            let radius = Double.random(in: 200..<4000, using: &generator)
            let found = try timetable.nearby(point, radius: radius).stations
            let expected = Self.bruteForce(point, radius: radius, in: timetable, departing: Self.departing)
            #expect(found.map(\.complex.handle) == expected.map(\.complex), "\(point) \(radius)")
            #expect(found.map(\.nearest.id) == expected.map(\.station))
            #expect(zip(found, expected).allSatisfy { abs($0.distance - $1.distance) < 1e-6 })
            if !found.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 100)   // many points do land near stations (145 of 300 with this seed)
    }

    @Test func nearBashamichiExit() throws {
        let (timetable, _) = try SharedData.imported()
        let result = try timetable.nearby(GeoPoint(latitude: 35.4505, longitude: 139.6337), radius: 1000, limit: 4)
        #expect(!result.outsideArea)
        #expect(result.stations.map(\.nearest.name.ja) == ["馬車道", "桜木町", "関内", "日ノ出町"])
        let bashamichi = result.stations[0]
        #expect((150...160).contains(bashamichi.distance))
        #expect(bashamichi.walkMinutes == 2)   // 154 m at 80 m a minute, rounded up
        #expect(bashamichi.stations.map(\.id) == ["Minatomirai.Minatomirai.Bashamichi"])
        // Sakuragicho's complex: JR and the Blue Line.
        #expect(Set(result.stations[1].stations.compactMap { timetable.reference.railwayId(of: $0) }) == ["JR-East.KeihinTohokuNegishi", "YokohamaMunicipal.Blue"])
        #expect(result.stations.map(\.distance) == result.stations.map(\.distance).sorted())
    }

    @Test func walkingMinutesRoundUp() {
        #expect([0, 1, 80, 80.5, 160, 799, 801].map(NearbyStation.walkMinutes) == [0, 1, 1, 2, 2, 10, 11])
    }

    @Test func sayWhenThePointIsOutsideTheData() throws {
        let (timetable, _) = try SharedData.imported()
        let osaka = try timetable.nearby(GeoPoint(latitude: 34.7025, longitude: 135.4959), radius: 5000)
        #expect(osaka.outsideArea && osaka.stations.isEmpty)
        let sea = try timetable.nearby(GeoPoint(latitude: 0, longitude: 0), radius: 5000)
        #expect(sea.outsideArea)
        // Inside the area, nothing within a short radius is an empty answer, not "outside".
        let bay = try timetable.nearby(GeoPoint(latitude: 35.55, longitude: 139.90), radius: 300)
        #expect(!bay.outsideArea && bay.stations.isEmpty)
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
