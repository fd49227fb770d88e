import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Stations, complexes, search's list and the area are read as they are first asked for (issue 19):
/// whatever is read one by one must be what reading them all gives — on the hand-written Tokyo
/// (`TokyoFixture`) written to a file, opened afresh for each look. Its 14 stations: 海岸線 3, 副線 3,
/// 北線 2, 環状線 4 (its ring lists 渋谷坂 twice), 銀線 2; its 9 complexes: 渋谷坂 (four railways),
/// 新宿原 and 池袋台 (two each), and the six stations alone.
@Suite struct ReferenceOnFirstUseTests {
    /// A fresh open of the fixture's file: nothing read yet but the small tables.
    func fresh() throws -> Timetable {
        try Timetable(url: try TokyoFixtureFile.url())
    }

    @Test func aStationReadByItselfIsTheOneReadWithAll() throws {
        let one = try fresh()
        let chuodori = try #require(one.reference.stations[id: TokyoFixture.chuodori])
        #expect(chuodori.name == LocalizedName(ja: "中央通", en: "Chuodori"))
        #expect(one.reference.railwayId(of: chuodori) == "Umi.Kaigan")
        #expect(one.reference.stations[chuodori.handle] == chuodori)
        #expect(one.reference.stations[id: "Umi.Kaigan.Nowhere"] == nil)
        #expect(one.reference.stations[StationHandle(-1)] == nil)

        let all = try fresh().reference.stations.values
        #expect(all.count == 14)
        #expect(all.map(\.handle.row) == all.map(\.handle.row).sorted())
        #expect(all.first { $0.id == chuodori.id } == chuodori)
        // A station read by row id first, then by id: the same value either way.
        let other = try fresh()
        let shibuyazaka = try #require(all.first { $0.id == TokyoFixture.kanjoShibuyazaka })
        #expect(other.reference.stations[StationHandle(shibuyazaka.handle.row)] == shibuyazaka)
        #expect(other.reference.stations[id: shibuyazaka.id] == shibuyazaka)
        #expect(other.reference.stations.highestRowId == all.map(\.handle.row).max())
    }

    @Test func aComplexReadByItselfHasItsStationsInOrder() throws {
        let all = try fresh().reference.complexes.values
        #expect(all.count == 9)
        let shibuyazaka = try #require(try fresh().reference.stations[id: TokyoFixture.kanjoShibuyazaka])
        let one = try fresh().reference.complexes[shibuyazaka.complex]
        #expect(one == all.first { $0.handle == shibuyazaka.complex })
        #expect(one?.name.ja == "渋谷坂")
        #expect(Set(try fresh().reference.stationIds(in: shibuyazaka.complex)) == [TokyoFixture.kaiganShibuyazaka, TokyoFixture.fukuShibuyazaka,
                                             TokyoFixture.kanjoShibuyazaka, TokyoFixture.ginShibuyazaka])
        #expect(try fresh().reference.complexes[ComplexHandle(-1)] == nil)
    }

    @Test func searchListAndAreaComeFromTheStations() throws {
        let timetable = try fresh()
        let stations = timetable.reference.stations.values
        let departing = stations.filter { $0.departures > 0 }
        #expect(departing.count == 14)   // a train leaves every station of the fixture
        #expect(timetable.reference.searchable.map(\.station) == departing.map(\.handle))
        #expect(timetable.reference.searchable.map(\.id) == departing.map(\.id))
        // The fixture's names are kanji alone: none is kept to fold as a mix (the real 四ツ谷 is,
        // in RealDataStoreTests).
        #expect(timetable.reference.searchable.allSatisfy { $0.mixedName == nil })
        // The area: 港町 the south (35.45), 所沢野 the north and west (35.787, 139.473), 上野森 the east (139.777).
        let box = try #require(GeoBox(enclosing: stations.compactMap(\.coordinate)))
        #expect(timetable.reference.area == box)
        #expect(box.contains(GeoPoint(latitude: 35.6, longitude: 139.6)))
        #expect(!box.contains(GeoPoint(latitude: 35.44, longitude: 139.6)) && !box.contains(GeoPoint(latitude: 35.6, longitude: 139.78)))
    }

    /// A station by name (`eki next 中央通`) is found without reading every station: the same
    /// stations as a timetable opened whole finds, for names in each script.
    @Test func stationsByNameAreTheSameReadAsAsked() throws {
        let whole = try Timetable(url: try TokyoFixtureFile.url(), whole: true)
        let stations = whole.reference.stations.values
        var names = ["中央通", "chuodori", "渋谷坂", "Shibuyazaka", "SHIBUYAZAKA", TokyoFixture.ginShibuyazaka, "nowhere", ""]
        for station in stations {
            names += [station.name.ja, station.name.en]
        }
        var found = 0
        for name in names {
            let asked = try fresh()
            let expected = whole.stations(matching: name).map(\.id)
            #expect(asked.stations(matching: name).map(\.id) == expected, "\(name)")
            found += expected.isEmpty ? 0 : 1
        }
        // Every name but "nowhere" and "" finds its station.
        #expect(found == names.count - 2)
        #expect(try fresh().stations(matching: "渋谷坂").count == 4)
    }

    /// What `eki serve` opens: every station in memory, the same values as read as asked; and a
    /// file cut short in place afterwards (by hand, under the server) takes none of them with it.
    @Test func openedWholeNothingIsLeftToRead() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let copy = scratch.file("copy.sqlite")
        try FileManager.default.copyItem(at: try TokyoFixtureFile.url(), to: copy)
        let timetable = try Timetable(url: copy, whole: true)
        let asked = try fresh().reference
        #expect(timetable.isWhole)
        #expect(!asked.stations.isWhole)
        #expect(timetable.reference.stations.values == asked.stations.values)
        #expect(timetable.reference.complexes.values == asked.complexes.values)
        let handle = try FileHandle(forWritingTo: copy)
        try handle.truncate(atOffset: 0)
        try handle.close()
        #expect(timetable.reference.stations.count == 14)
        #expect(timetable.reference.stations[id: TokyoFixture.chuodori]?.name.ja == "中央通")
        let chuodori = try #require(asked.stations[id: TokyoFixture.chuodori])
        #expect(timetable.reference.stations[chuodori.handle] == chuodori)
        #expect(timetable.reference.stations[id: "Umi.Kaigan.Nowhere"] == nil)
        #expect(timetable.reference.stationIds(in: chuodori.complex) == [TokyoFixture.chuodori])
        #expect(timetable.reference.searchable.count == 14)
        #expect(timetable.reference.area != nil)
        // Opened fresh now, the cut file reads nothing, and says so instead of crashing.
        #expect(throws: (any Error).self) { try Timetable(url: copy) }
    }
}
