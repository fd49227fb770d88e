import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The real Mini Tokyo 3D snapshot in ../shared/data, imported once, checked against the JSON read
/// independently here.
@Suite struct RealDataImportTests {
    @Test func countsMatchTheJSONFiles() throws {
        let (timetable, report) = try SharedData.imported()
        let railways = try SharedData.json("railways.json") as! [[String: Any]]
        let stations = try SharedData.json("stations.json") as! [[String: Any]]
        let types = try SharedData.json("train-types.json") as! [[String: Any]]
        let trains = try SharedData.allTrains()
        let stopEvents = trains.reduce(0) { $0 + ($1["tt"] as! [Any]).count }

        let info = try timetable.info()
        #expect(info.counts.railways == railways.count)
        #expect(info.counts.stations == stations.count)
        #expect(info.counts.trains == trains.count)
        #expect(info.counts.stopEvents == stopEvents)
        #expect(info.counts.trainTypes == types.count)
        #expect(info.counts.services == Set(trains.map { Self.calendar(of: $0) }).count)
        #expect(report.counts.trains == trains.count)
        #expect(info.source == "minitokyo3d")
        #expect(info.attribution.contains("ODPT") && info.attribution.contains("Mini Tokyo 3D"))
        #expect(info.schemaVersion == Schema.version)
    }

    @Test func everyStationWithoutCoordinatesIsReported() throws {
        let (_, report) = try SharedData.imported()
        let stations = try SharedData.json("stations.json") as! [[String: Any]]
        let withoutCoordinates = Set(stations.filter { $0["coord"] == nil }.map { $0["id"] as! String })
        let reported = Set(report.warnings.filter { $0.kind == .stationWithoutCoordinates }.flatMap(\.ids))
        #expect(reported == withoutCoordinates)
        #expect(!withoutCoordinates.isEmpty)
    }

    @Test func minatomiraiWeekdayTrainHasItsStopsAndTimes() throws {
        let (timetable, _) = try SharedData.imported()
        let train = try #require(try timetable.trainPart("Minatomirai.Minatomirai.011051.Weekday"))
        #expect(train.railway == "Minatomirai.Minatomirai")
        #expect(train.service == "Weekday")
        #expect(train.direction == "Outbound")
        #expect(train.trainType == "Minatomirai.Local")
        #expect(train.destinations == ["Minatomirai.Minatomirai.MotomachiChukagai"])
        #expect(train.stops.map { $0.station.split(separator: ".").last! } ==
                ["Yokohama", "ShinTakashima", "Minatomirai", "Bashamichi", "NihonOdori", "MotomachiChukagai"])
        #expect(train.stops.map { $0.departure?.serviceClock } == ["05:10", "05:11", "05:13", "05:15", "05:16", nil])
        #expect(train.stops.last?.arrival?.serviceClock == "05:18")
    }

    @Test func throughServiceLinksAreKeptBothWays() throws {
        let (timetable, _) = try SharedData.imported()
        let toyoko = try #require(try timetable.trainPart("Tokyu.Toyoko.002051.Weekday"))
        #expect(toyoko.next == ["Minatomirai.Minatomirai.002051.Weekday"])
        #expect(toyoko.stops.last == .init(station: "Tokyu.Toyoko.Yokohama", arrival: ServiceMinute(parsing: "05:40"), departure: nil))
        let minatomirai = try #require(try timetable.trainPart("Minatomirai.Minatomirai.002051.Weekday"))
        #expect(minatomirai.previous == ["Tokyu.Toyoko.002051.Weekday"])
    }

    @Test func afterMidnightTimesAreOnTheSameServiceDay() throws {
        // Bashamichi inbound on weekdays: first train 05:00, last "00:22" in the JSON, minute 1462.
        let (timetable, _) = try SharedData.imported()
        let board = try timetable.departures(station: "Minatomirai.Minatomirai.Bashamichi", direction: "Inbound", service: "Weekday")
        let trains = try SharedData.allTrains().filter {
            ($0["r"] as! String) == "Minatomirai.Minatomirai" && Self.calendar(of: $0) == "Weekday" && ($0["d"] as! String) == "Inbound"
        }
        let expected = trains.flatMap { train in
            (train["tt"] as! [[String: String]]).filter { $0["s"] == "Minatomirai.Minatomirai.Bashamichi" && $0["d"] != nil }
                .map { ServiceMinute(parsing: $0["d"]!)!.value }
        }.sorted()
        #expect(board.map(\.time.value) == expected)
        #expect(board.last?.time.serviceClock == "24:22")
        #expect(board.last?.time.clock == "00:22")
        #expect(board.last?.trainId == "Minatomirai.Minatomirai.010242.Weekday")
        #expect(board.first?.time.serviceClock == "05:00")
        #expect(board.first?.trainId == "Minatomirai.Minatomirai.013042.Weekday")
    }

    @Test func toyokoYokohamaOutboundListsTrainsContinuingToMotomachiChukagai() throws {
        let (timetable, _) = try SharedData.imported()
        let board = try timetable.departures(station: "Tokyu.Toyoko.Yokohama", direction: "Outbound", service: "Weekday")
        let through = board.filter { $0.railway == "Minatomirai.Minatomirai" }
        let first = try #require(through.first)
        // Toyoko 006051 arrives at Yokohama and leaves at 05:19 as Minatomirai 006051.
        #expect(first.trainId == "Minatomirai.Minatomirai.006051.Weekday")
        #expect(first.time.serviceClock == "05:19")
        #expect(first.destinations == ["Minatomirai.Minatomirai.MotomachiChukagai"])
        // Every Toyoko weekday outbound part ending at Yokohama and continuing shows up exactly once.
        let toyoko = try SharedData.json("train-timetables/tokyu-toyoko.json") as! [[String: Any]]
        let continuing = toyoko.filter { train in
            Self.calendar(of: train) == "Weekday" && (train["d"] as! String) == "Outbound" && train["nt"] != nil
                && ((train["tt"] as! [[String: String]]).last?["s"]) == "Tokyu.Toyoko.Yokohama"
        }
        #expect(through.count == continuing.count)
    }

    static func calendar(of train: [String: Any]) -> String {
        let id = train["id"] as! String, base = train["t"] as! String
        return String(id.dropFirst(base.count + 1).split(separator: ".").first!)
    }

    /// The real Mini Tokyo 3D folder imports as Tokyo's own: Japanese, Tokyo time, its calendars
    /// named as Japanese timetables are, and no snapshot date (a bare copy of the files says none).
    /// Other feeds' languages, clocks and names: AnyFeedTests and GTFSImportTests.
    @Test func theRealFolderReadsAsTokyo() throws {
        let (timetable, report) = try SharedData.imported()
        #expect(timetable.language == .ja)
        #expect(timetable.reference.serviceNames["Weekday"] == LocalizedName(ja: "平日ダイヤ", en: "Weekday timetable"))
        #expect(report.snapshotDate == "unknown")
        #expect(timetable.timeZone.secondsFromGMT() == 9 * 3600)
        #expect(try timetable.info().timeZone == "Asia/Tokyo")
        #expect(timetable.now(Date(timeIntervalSince1970: 1_767_767_400)).description == "2026-01-07T15:30")
    }
}
