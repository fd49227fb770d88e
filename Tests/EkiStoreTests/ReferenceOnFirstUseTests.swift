import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Stations, complexes, search's list and the area are read as they are first asked for (issue 19):
/// whatever is read one by one must be what reading them all gives, on the real data.
@Suite struct ReferenceOnFirstUseTests {
    /// A fresh open of the shared database: nothing read yet but the small tables.
    func fresh() throws -> Timetable {
        _ = try SharedData.imported()
        return try Timetable(url: SharedData.databaseURL)
    }

    @Test func aStationReadByItselfIsTheOneReadWithAll() throws {
        let one = try fresh()
        let bashamichi = try #require(one.reference.stations[id: "Minatomirai.Minatomirai.Bashamichi"])
        #expect(bashamichi.name == LocalizedName(ja: "馬車道", en: "Bashamichi"))
        #expect(one.reference.railwayId(of: bashamichi) == "Minatomirai.Minatomirai")
        #expect(one.reference.stations[bashamichi.handle] == bashamichi)
        #expect(one.reference.stations[id: "Minatomirai.Minatomirai.Nowhere"] == nil)
        #expect(one.reference.stations[StationHandle(-1)] == nil)

        let all = try fresh().reference.stations.values
        #expect(all.count == 2_610)
        #expect(all.map(\.handle.row) == all.map(\.handle.row).sorted())
        #expect(all.first { $0.id == bashamichi.id } == bashamichi)
        // A station read by row id first, then by id: the same value either way.
        let other = try fresh()
        let shibuya = try #require(all.first { $0.id == "JR-East.Yamanote.Shibuya" })
        #expect(other.reference.stations[shibuya.handle] == shibuya)
        #expect(other.reference.stations[id: shibuya.id] == shibuya)
        #expect(other.reference.stations.highestRowId == all.map(\.handle.row).max())
    }

    @Test func aComplexReadByItselfHasItsStationsInOrder() throws {
        let all = try fresh().reference.complexes.values
        #expect(all.count == 1_966)
        let shibuya = try #require(try fresh().reference.stations[id: "JR-East.Yamanote.Shibuya"])
        let one = try fresh().reference.complexes[shibuya.complex]
        #expect(one == all.first { $0.handle == shibuya.complex })
        #expect(one?.name.ja == "渋谷")
        #expect(try fresh().reference.stationIds(in: shibuya.complex).contains("TokyoMetro.Ginza.Shibuya"))
        #expect(try fresh().reference.complexes[ComplexHandle(-1)] == nil)
    }

    @Test func searchListAndAreaComeFromTheStations() throws {
        let timetable = try fresh()
        let stations = timetable.reference.stations.values
        let departing = stations.filter { $0.departures > 0 }
        #expect(timetable.reference.searchable.map(\.station) == departing.map(\.handle))
        #expect(timetable.reference.searchable.map(\.id) == departing.map(\.id))
        // 四ツ谷 folds to 四tsu谷: search keeps its names to make 四谷 of them.
        let yotsuya = try #require(timetable.reference.searchable.first { $0.id == "JR-East.ChuoRapid.Yotsuya" })
        #expect(yotsuya.mixedName?.ja == "四ツ谷")
        #expect(timetable.reference.searchable.first { $0.id == "JR-East.Yamanote.Shibuya" }?.mixedName == nil)
        let box = GeoBox(enclosing: stations.compactMap(\.coordinate))
        #expect(timetable.reference.area == box)
    }

    /// A station by name (`eki next 馬車道`) is found without reading every station: the same
    /// stations as a timetable opened whole finds, for names in each script.
    @Test func stationsByNameAreTheSameReadAsAsked() throws {
        _ = try SharedData.imported()
        let whole = try Timetable(url: SharedData.databaseURL, whole: true)
        let stations = whole.reference.stations.values
        var names = ["馬車道", "ばしゃみち", "bashamichi", "渋谷", "Shibuya", "しぶや", "東京", "四ツ谷", "yotsuya", "nowhere", ""]
        for station in stride(from: 0, to: stations.count, by: 23).map({ stations[$0] }) {
            names += [station.name.ja, station.name.en]
        }
        var found = 0
        for name in names {
            let asked = try fresh()
            let expected = whole.stations(matching: name).map(\.id)
            #expect(asked.stations(matching: name).map(\.id) == expected, "\(name)")
            found += expected.isEmpty ? 0 : 1
        }
        #expect(found > 200)
        #expect(try fresh().stations(matching: "渋谷").count >= 8)
    }

    /// What `eki serve` opens: every station in memory, the same values as read as asked; and a
    /// file cut short in place afterwards (by hand, under the server) takes none of them with it.
    @Test func openedWholeNothingIsLeftToRead() throws {
        _ = try SharedData.imported()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let copy = scratch.file("copy.sqlite")
        try FileManager.default.copyItem(at: SharedData.databaseURL, to: copy)
        let timetable = try Timetable(url: copy, whole: true)
        let asked = try fresh().reference
        #expect(timetable.isWhole)
        #expect(!asked.stations.isWhole)
        #expect(timetable.reference.stations.values == asked.stations.values)
        #expect(timetable.reference.complexes.values == asked.complexes.values)
        let handle = try FileHandle(forWritingTo: copy)
        try handle.truncate(atOffset: 0)
        try handle.close()
        #expect(timetable.reference.stations.count == 2_610)
        #expect(timetable.reference.stations[id: "Minatomirai.Minatomirai.Bashamichi"]?.name.ja == "馬車道")
        let bashamichi = try #require(asked.stations[id: "Minatomirai.Minatomirai.Bashamichi"])
        #expect(timetable.reference.stations[bashamichi.handle] == bashamichi)
        #expect(timetable.reference.stations[id: "Minatomirai.Minatomirai.Nowhere"] == nil)
        #expect(timetable.reference.stationIds(in: bashamichi.complex) == ["Minatomirai.Minatomirai.Bashamichi"])
        #expect(timetable.reference.searchable.count == 2_578)
        #expect(timetable.reference.area != nil)
        // Opened fresh now, the cut file reads nothing, and says so instead of crashing.
        #expect(throws: (any Error).self) { try Timetable(url: copy) }
    }
}
