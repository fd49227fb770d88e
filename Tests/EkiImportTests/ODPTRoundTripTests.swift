import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Real railways of the Mini Tokyo 3D snapshot written as ODPT dumps (`ODPTExport`) and imported
/// back: every board of theirs must be the Mini Tokyo 3D import's, train for train.
@Suite struct ODPTRoundTripTests {
    /// The Minatomirai line with the Toyoko line it runs through to, and two JR lines that run
    /// through each other at 東京 (Yokosuka ↔ Sobu Rapid).
    static let railways = ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "JR-East.Yokosuka", "JR-East.SobuRapid"]

    struct Imported: Sendable {
        var timetable: Timetable
        var report: Importer.Report
        var trainIds: Set<String>
    }

    /// Exported and imported once for the suite. `EKI_ODPT_EXPORT_DIR` keeps a copy of the dump
    /// there, to try the command line on it.
    static let imported = Result { () throws -> Imported in
        let scratch = ScratchFolder()
        var export = ODPTExport(railways: railways)
        try export.write(to: scratch.file("odpt"))
        if let keep = ProcessInfo.processInfo.environment["EKI_ODPT_EXPORT_DIR"] {
            try export.write(to: URL(fileURLWithPath: keep))
        }
        let database = scratch.file("odpt.sqlite")
        let report = try Importer().run(folder: scratch.file("odpt"), database: database)
        return Imported(timetable: try Timetable(url: database), report: report, trainIds: export.trainIds)
    }

    @Test func everyBoardOfTheExportedRailwaysMatchesTheMiniTokyo3DImport() throws {
        let odpt = try Self.imported.get()
        let (mt3d, _) = try SharedData.imported()
        #expect(odpt.report.source == "odpt")
        var compared = 0
        for railwayId in Self.railways {
            let railway = try #require(mt3d.reference.railways[id: railwayId])
            for station in Set(mt3d.reference.stationIds(of: railway)) {
                for direction in [railway.ascending, railway.descending].compactMap({ mt3d.reference.directionId($0) }) {
                    for service in ["Weekday", "SaturdayHoliday", "Saturday", "Holiday"] {
                        // Through departures onto railways not exported are the Mini Tokyo 3D import's alone.
                        let expected = try mt3d.departures(station: station, direction: direction, service: service)
                            .filter { odpt.trainIds.contains($0.trainId) }
                        let actual = try odpt.timetable.departures(station: station, direction: direction, service: service)
                        #expect(actual.map(Self.row) == expected.map(Self.row), "\(station) \(direction) \(service)")
                        compared += expected.count
                    }
                }
            }
        }
        #expect(compared > 30_000, "compared \(compared) departures")
    }

    @Test func bashamichiTowardShibuyaOnWeekdays() throws {
        let odpt = try Self.imported.get()
        let board = try odpt.timetable.departures(station: "Minatomirai.Minatomirai.Bashamichi", direction: "Inbound", service: "Weekday")
        // The raw JSON, read here on its own: every weekday inbound departure from 馬車道.
        let trains = try SharedData.json("train-timetables/minatomirai-minatomirai.json") as! [[String: Any]]
        let expected = trains.filter { ($0["id"] as! String).hasSuffix(".Weekday") && ($0["d"] as! String) == "Inbound" }
            .flatMap { train in
                (train["tt"] as! [[String: String]]).filter { $0["s"] == "Minatomirai.Minatomirai.Bashamichi" && $0["d"] != nil }
                    .map { (ServiceMinute(parsing: $0["d"]!)!.value, train["ds"] as! [String]) }
            }.sorted { $0.0 < $1.0 }
        #expect(board.map(\.time.value) == expected.map(\.0))
        #expect(board.map(\.destinations) == expected.map(\.1))
        #expect(board.first?.time.serviceClock == "05:00")
        #expect(board.last?.time.serviceClock == "24:22")
        // Through trains keep their far destinations (和光市, 飯能, …) though those railways were not exported.
        let far = board.filter { !($0.destinations.first ?? "").hasPrefix("Minatomirai.") && !($0.destinations.first ?? "").hasPrefix("Tokyu.") }
        #expect(far.count == expected.filter { !$0.1[0].hasPrefix("Minatomirai.") && !$0.1[0].hasPrefix("Tokyu.") }.count)
        #expect(far.count > 50)
        #expect(far.contains { $0.destinations == ["TokyoMetro.Fukutoshin.Wakoshi"] })
    }

    @Test func throughServiceJunctionsShareAPlatformAndTheStationTimetablesAgree() throws {
        let odpt = try Self.imported.get()
        let stations = odpt.timetable.reference.stations
        for (a, b) in [("Tokyu.Toyoko.Yokohama", "Minatomirai.Minatomirai.Yokohama"), ("JR-East.Yokosuka.Tokyo", "JR-East.SobuRapid.Tokyo")] {
            let (x, y) = (try #require(stations[id: a]), try #require(stations[id: b]))
            #expect(x.complex == y.complex && x.platformGroup == y.platformGroup, "\(a) \(b)")
        }
        // 横浜: JR, Toyoko and Minatomirai in one complex by name and place, the JR platforms apart.
        let toyoko = try #require(stations[id: "Tokyu.Toyoko.Yokohama"]), jr = try #require(stations[id: "JR-East.Yokosuka.Yokohama"])
        #expect(toyoko.complex == jr.complex && toyoko.platformGroup != jr.platformGroup)
        #expect(odpt.report.warningCounts["stationTimetableDisagrees"] == nil,
                "\(odpt.report.warnings.filter { $0.kind == .stationTimetableDisagrees }.prefix(5).map(\.message))")
        #expect(odpt.report.counts.throughDepartures > 1_000)
        // Links to trains on railways not exported are dropped with a warning each.
        #expect((odpt.report.warningCounts["danglingThroughService"] ?? 0) > 0)
    }

    static func row(_ departure: Departure) -> String {
        "\(departure.time.serviceClock) \(departure.trainId) \(departure.trainType) → \(departure.destinations.joined(separator: ",")) #\(departure.stopIndex)"
    }
}
