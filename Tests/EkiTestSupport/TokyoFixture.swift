import EkiCore
import EkiStore
import Foundation
import GRDB
import Synchronization

/// A small Tokyo, written by hand and built in memory: the timetable the logic suites run on, so
/// they need neither `../shared` nor the half-minute import of the real data (issue 28).
///
/// Five railways of four operators, named like the real ones' ids (`Umi.Kaigan.Minatomachi`):
///
/// ```
///   港町 ─ 中央通 ─ 渋谷坂 ═ 新宿原 ═ 池袋台 ─ 所沢野        海岸線 Umi.Kaigan · 副線 Metro.Fuku · 北線 Kita.Kita
///                  │ ╲      │                             (through trains 港町 → 所沢野 across all three)
///                  │  表参   │                              銀線 Metro.Gin: 渋谷坂 → 表参
///                  東京前 ─ 上野森                            環状線 JR.Kanjo: a loop 渋谷坂 → 新宿原 → 上野森 → 東京前 → 渋谷坂
/// ```
///
/// - **Through service across three railways**: the weekday 急行 A0701/A0801 leave 港町 at 07:00 and 08:00
///   as 海岸線 trains, run on as 副線 trains from 渋谷坂 and as 北線 trains from 池袋台 to 所沢野.
/// - **A loop line**: 環状線 trains go once round (外回り OuterLoop in list order, 内回り InnerLoop back)
///   and name no destination; a board says where they go by the major stations ahead.
/// - **Past 24:00**: the 海岸線's last weekday inbound train leaves 港町 at 24:30 (service-day minute 1470).
/// - **Two schedules**: every railway runs Weekday and SaturdayHoliday timetables (a holiday by
///   Japan's rules — 2026-11-23, 勤労感謝の日 — runs SaturdayHoliday).
/// - **A complex with three platform groups**: 渋谷坂 = [海岸線, 副線] (one island, trains run through),
///   [環状線], [銀線]; 新宿原 and 池袋台 are complexes of two.
/// - **Five categories**: 各停 local, 快速 rapid (環状線), 準急 semi-express (副線), 急行 express (the
///   through trains), 特急 limited express (北線 ちちぶ, named trains).
///
/// Variants add what the fixture leaves out, each in a database of its own so the values every
/// other test relies on stay as they are: `withUnservedStation` (a station no train leaves from),
/// `withReviewedChanges` (a reviewed interchange table: figures at 渋谷坂 and 新宿原, one pair of
/// directions across the island at 池袋台; the fixture itself has none, every change is the rule's)
/// and `timetable(changing:)` (any change a test makes, such as a train that splits or a loop's laps
/// linked). `TokyoFixtureFile` writes the fixture to a file, for `eki` run as a process.
///
/// The GTFS-style feed beside it is `GTFSFeedFixture` (imported with `Importer.run(folder:into:)`).
public enum TokyoFixture {
    /// The fixture as a dataset: what an importer would hand the writer.
    public static let dataset: TimetableDataset = make()

    /// The fixture written into a database in memory and opened (once per test process; a
    /// `Timetable` is safe to share). `whole`: every station read at open, as `eki serve` has it.
    public static func timetable(whole: Bool = false) throws -> Timetable {
        try (whole ? wholeOnce : askedOnce).value.get()
    }

    /// A new database in memory holding the fixture (for a test that wants its own).
    public static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        _ = try TimetableWriter.write(dataset, into: queue, importedAt: importedAt)
        return queue
    }

    /// When the fixture says it was imported: a fixed moment, so no answer depends on the clock.
    public static let importedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The fixture as `change` leaves it, in a database in memory of its own, opened: for a test
    /// that wants something the fixture leaves out (a train that splits, a loop's laps linked).
    public static func timetable(changing change: (inout TimetableDataset) -> Void) throws -> Timetable {
        var variant = dataset
        change(&variant)
        let queue = try DatabaseQueue()
        _ = try TimetableWriter.write(variant, into: queue, importedAt: importedAt)
        return try Timetable(reader: queue)
    }

    /// The fixture and one station more that no train leaves from, as the real data has いわき at
    /// the end of the Joban line: 秩父山 (`unserved`), listed on 北線 past 所沢野, where no train
    /// runs, far to the north-west of everything else (a complex of its own).
    public static let withUnservedStation: TimetableDataset = {
        var data = dataset
        let kita = data.railways.firstIndex { $0.id == "Kita.Kita" }!
        data.railways[kita].stations.append(unserved)
        data.stations.append(.init(id: unserved, railwayId: "Kita.Kita", name: .init(ja: "秩父山", en: "Chichibuyama"),
                                   coordinate: GeoPoint(latitude: 35.9900, longitude: 139.0800)))
        data.stations.sort { $0.id < $1.id }
        return data
    }()

    /// Draws each railway of `data` as one polyline through its stations, bowed a little between
    /// them as a real line is (the fixture itself draws none): for `timetable(changing:)`, where a
    /// test wants the tracker to have lines to follow.
    public static func drawShapes(_ data: inout TimetableDataset) {
        let places = Dictionary(uniqueKeysWithValues: data.stations.compactMap { station in station.coordinate.map { (station.id, $0) } })
        for railway in data.railways {
            let points = railway.stations.compactMap { places[$0] }
            guard let last = points.last else { continue }
            var line: [GeoPoint] = []
            for (a, b) in zip(points, points.dropFirst()) {
                line.append(a)
                line.append(GeoPoint(latitude: (a.latitude + b.latitude) / 2 + 0.002, longitude: (a.longitude + b.longitude) / 2 - 0.002))
            }
            line.append(last)
            data.shapes[railway.id] = [line]
        }
    }

    /// The fixture in a database of its own whose queries are counted (GRDB's trace), opened whole:
    /// for tests of how many statements an answer costs.
    public final class Counted: Sendable {
        public let timetable: Timetable
        private let log = Log()

        /// What the trace writes to (a class: the connection's hook holds it).
        final class Log: Sendable {
            let statements = Mutex<[String]>([])
            let counting = Mutex(false)
        }

        public init() throws {
            var configuration = Configuration()
            let log = self.log
            configuration.prepareDatabase { db in
                db.trace(options: .statement) { event in
                    guard log.counting.withLock({ $0 }) else { return }
                    log.statements.withLock { $0.append("\(event)") }
                }
            }
            let queue = try DatabaseQueue(configuration: configuration)
            _ = try TimetableWriter.write(TokyoFixture.dataset, into: queue)
            timetable = try Timetable(reader: queue, whole: true)
        }

        /// The queries `work` ran (not the transactions around them).
        public func count(_ work: () throws -> Void) rethrows -> [String] {
            log.statements.withLock { $0 = [] }
            log.counting.withLock { $0 = true }
            defer { log.counting.withLock { $0 = false } }
            try work()
            return log.statements.withLock { $0 }.filter { $0.hasPrefix("SELECT") }
        }
    }

    private static let askedOnce = Once { Result { try Timetable(reader: database()) } }
    private static let wholeOnce = Once { Result { try Timetable(reader: database(), whole: true) } }

    // MARK: - What the tests name

    public static let minatomachi = "Umi.Kaigan.Minatomachi"
    public static let chuodori = "Umi.Kaigan.Chuodori"
    public static let kaiganShibuyazaka = "Umi.Kaigan.Shibuyazaka"
    public static let fukuShibuyazaka = "Metro.Fuku.Shibuyazaka"
    public static let fukuShinjukuhara = "Metro.Fuku.Shinjukuhara"
    public static let fukuIkebukurodai = "Metro.Fuku.Ikebukurodai"
    public static let kitaIkebukurodai = "Kita.Kita.Ikebukurodai"
    public static let tokorozawano = "Kita.Kita.Tokorozawano"
    public static let kanjoShibuyazaka = "JR.Kanjo.Shibuyazaka"
    public static let kanjoShinjukuhara = "JR.Kanjo.Shinjukuhara"
    public static let uenomori = "JR.Kanjo.Uenomori"
    public static let tokyomae = "JR.Kanjo.Tokyomae"
    public static let ginShibuyazaka = "Metro.Gin.Shibuyazaka"
    public static let omotesan = "Metro.Gin.Omotesan"
    /// 秩父山, only in `withUnservedStation`: no train leaves from it.
    public static let unserved = "Kita.Kita.Chichibuyama"

    /// The weekday through train leaving 港町 at 07:00, as each railway's part.
    public static let throughParts = ["Umi.Kaigan.A0701.Weekday", "Metro.Fuku.A0701.Weekday", "Kita.Kita.A0701.Weekday"]

    // MARK: - Building it

    private static func make() -> TimetableDataset {
        var source = TimetableDataset.SourceInfo(format: "fixture", snapshotDate: "2026-11-01", digest: "fixture-1",
                                                 attribution: "Eki test fixture")
        source.language = .ja
        var data = TimetableDataset(source: source)
        data.operators = [
            .init(id: "Umi", name: .init(ja: "海鉄", en: "Umi Railway"), color: "#0070c0"),
            .init(id: "Metro", name: .init(ja: "メトロ", en: "Metro"), color: "#00a0e9"),
            .init(id: "Kita", name: .init(ja: "北鉄", en: "Kita Railway"), color: "#2e8b57"),
            .init(id: "JR", name: .init(ja: "JR", en: "JR"), color: "#008000"),
        ]
        data.directions = [
            .init(id: "Inbound", name: .init(ja: "上り", en: "Inbound")),
            .init(id: "Outbound", name: .init(ja: "下り", en: "Outbound")),
            .init(id: "Northbound", name: .init(ja: "北行", en: "Northbound")),
            .init(id: "Southbound", name: .init(ja: "南行", en: "Southbound")),
            .init(id: "OuterLoop", name: .init(ja: "外回り", en: "Outer loop")),
            .init(id: "InnerLoop", name: .init(ja: "内回り", en: "Inner loop")),
            .init(id: "Eastbound", name: .init(ja: "東行", en: "Eastbound")),
            .init(id: "Westbound", name: .init(ja: "西行", en: "Westbound")),
        ]
        let names: [String: (ja: String, en: String, lat: Double, lon: Double)] = [
            "Minatomachi": ("港町", "Minatomachi", 35.4500, 139.6400),
            "Chuodori": ("中央通", "Chuodori", 35.5600, 139.6700),
            "Shibuyazaka": ("渋谷坂", "Shibuyazaka", 35.6580, 139.7016),
            "Shinjukuhara": ("新宿原", "Shinjukuhara", 35.6900, 139.7000),
            "Ikebukurodai": ("池袋台", "Ikebukurodai", 35.7290, 139.7110),
            "Tokorozawano": ("所沢野", "Tokorozawano", 35.7870, 139.4730),
            "Uenomori": ("上野森", "Uenomori", 35.7130, 139.7770),
            "Tokyomae": ("東京前", "Tokyomae", 35.6810, 139.7670),
            "Omotesan": ("表参", "Omotesan", 35.6650, 139.7120),
        ]
        func railway(_ id: String, ja: String, en: String, color: String, ascending: String, descending: String,
                     _ places: [String]) {
            data.railways.append(.init(id: id, operatorId: String(id.split(separator: ".")[0]), name: .init(ja: ja, en: en),
                                       color: color, ascending: ascending, descending: descending,
                                       stations: places.map { "\(id).\($0)" }))
            for place in Set(places) {
                let name = names[place]!
                data.stations.append(.init(id: "\(id).\(place)", railwayId: id, name: .init(ja: name.ja, en: name.en),
                                           coordinate: GeoPoint(latitude: name.lat, longitude: name.lon)))
            }
        }
        railway("Umi.Kaigan", ja: "海岸線", en: "Kaigan Line", color: "#0070c0", ascending: "Inbound", descending: "Outbound",
                ["Minatomachi", "Chuodori", "Shibuyazaka"])
        railway("Metro.Fuku", ja: "副線", en: "Fuku Line", color: "#9c5e31", ascending: "Northbound", descending: "Southbound",
                ["Shibuyazaka", "Shinjukuhara", "Ikebukurodai"])
        railway("Kita.Kita", ja: "北線", en: "Kita Line", color: "#2e8b57", ascending: "Outbound", descending: "Inbound",
                ["Ikebukurodai", "Tokorozawano"])
        railway("JR.Kanjo", ja: "環状線", en: "Kanjo Line", color: "#80c241", ascending: "OuterLoop", descending: "InnerLoop",
                ["Shibuyazaka", "Shinjukuhara", "Uenomori", "Tokyomae", "Shibuyazaka"])
        railway("Metro.Gin", ja: "銀線", en: "Gin Line", color: "#ff9500", ascending: "Eastbound", descending: "Westbound",
                ["Shibuyazaka", "Omotesan"])
        data.stations.sort { $0.id < $1.id }
        data.complexes = [
            [[kaiganShibuyazaka, fukuShibuyazaka], [kanjoShibuyazaka], [ginShibuyazaka]],
            [[fukuShinjukuhara], [kanjoShinjukuhara]],
            [[fukuIkebukurodai, kitaIkebukurodai]],
        ]
        data.trainTypes = [
            .init(id: "Umi.Local", name: .init(ja: "各停", en: "Local"), category: .local),
            .init(id: "Umi.Express", name: .init(ja: "急行", en: "Express"), category: .express),
            .init(id: "Metro.Local", name: .init(ja: "各停", en: "Local"), category: .local),
            .init(id: "Metro.SemiExpress", name: .init(ja: "準急", en: "Semi Express"), category: .semiExpress),
            .init(id: "Metro.Express", name: .init(ja: "急行", en: "Express"), category: .express),
            .init(id: "Kita.Local", name: .init(ja: "各停", en: "Local"), category: .local),
            .init(id: "Kita.Express", name: .init(ja: "急行", en: "Express"), category: .express),
            .init(id: "Kita.LimitedExpress", name: .init(ja: "特急", en: "Limited Express"), category: .limited),
            .init(id: "JR.Local", name: .init(ja: "各駅停車", en: "Local"), category: .local),
            .init(id: "JR.Rapid", name: .init(ja: "快速", en: "Rapid"), category: .rapid),
        ]
        data.services = [.init(id: "Weekday", kind: .weekday), .init(id: "SaturdayHoliday", kind: .saturdayHoliday)]

        /// One train part: `times` the minutes after `start` at each of `places` (a stop's arrival
        /// and departure are one minute apart where `dwell` says so).
        func train(_ railway: String, _ number: String, _ service: String, type: String, direction: String,
                   start: Int, places: [String], times: [Int], dwell: Set<Int> = [],
                   destination: String? = nil, names: [LocalizedName] = [], next: String? = nil, previous: String? = nil) {
            let stops = places.indices.map { index -> TimetableDataset.Stop in
                let minute = start + times[index]
                let station = "\(railway).\(places[index])"
                if index == 0 { return .init(station: station, arrival: nil, departure: minute) }
                if index == places.count - 1 { return .init(station: station, arrival: minute, departure: nil) }
                return .init(station: station, arrival: minute, departure: minute + (dwell.contains(index) ? 1 : 0))
            }
            data.trains.append(.init(
                id: "\(railway).\(number).\(service)", railwayId: railway, serviceId: service, number: number, typeId: type,
                directionId: direction, origins: previous == nil ? [stops.first!.station] : [],
                destinations: destination.map { [$0] } ?? [], names: names, vehicle: nil, stops: stops,
                next: next.map { [$0] } ?? [], previous: previous.map { [$0] } ?? []))
        }
        func clock(_ hour: Int, _ minute: Int) -> Int { hour * 60 + minute }
        let kaigan = ["Minatomachi", "Chuodori", "Shibuyazaka"]
        let fuku = ["Shibuyazaka", "Shinjukuhara", "Ikebukurodai"]
        let kita = ["Ikebukurodai", "Tokorozawano"]
        let loop = ["Shibuyazaka", "Shinjukuhara", "Uenomori", "Tokyomae", "Shibuyazaka"]

        for (service, first, every, last) in [("Weekday", clock(5, 0), 15, clock(23, 45)), ("SaturdayHoliday", clock(6, 0), 20, clock(23, 40))] {
            let tag = service == "Weekday" ? "" : "H"
            // 海岸線: locals both ways; the weekday inbound one more at 24:30, past midnight.
            var inbound = Array(stride(from: first, through: last, by: every))
            if service == "Weekday" { inbound.append(clock(24, 30)) }
            for start in inbound {
                train("Umi.Kaigan", "\(tag)K\(start)", service, type: "Umi.Local", direction: "Inbound", start: start,
                      places: kaigan, times: [0, 6, 14], destination: kaiganShibuyazaka)
            }
            for start in stride(from: first + 10, through: last + 10, by: every) {
                train("Umi.Kaigan", "\(tag)K\(start)B", service, type: "Umi.Local", direction: "Outbound", start: start,
                      places: kaigan.reversed(), times: [0, 8, 14], destination: minatomachi)
            }
            // 副線: locals both ways, a semi-express each hour northbound.
            for start in stride(from: first + 20, through: last, by: every) {
                train("Metro.Fuku", "\(tag)F\(start)", service, type: "Metro.Local", direction: "Northbound", start: start,
                      places: fuku, times: [0, 5, 12], destination: fukuIkebukurodai)
                train("Metro.Fuku", "\(tag)F\(start)B", service, type: "Metro.Local", direction: "Southbound", start: start + 3,
                      places: fuku.reversed(), times: [0, 7, 12], destination: fukuShibuyazaka)
            }
            for hour in 9...20 {
                train("Metro.Fuku", "\(tag)S\(hour)", service, type: "Metro.SemiExpress", direction: "Northbound",
                      start: clock(hour, 7), places: fuku, times: [0, 4, 10], destination: fukuIkebukurodai)
            }
            // 北線: locals both ways every 20 minutes; 特急 ちちぶ at 10:30 and 18:30, named.
            for start in stride(from: first + 40, through: last, by: 20) {
                train("Kita.Kita", "\(tag)N\(start)", service, type: "Kita.Local", direction: "Outbound", start: start,
                      places: kita, times: [0, 20], destination: tokorozawano)
                train("Kita.Kita", "\(tag)N\(start)B", service, type: "Kita.Local", direction: "Inbound", start: start + 5,
                      places: kita.reversed(), times: [0, 20], destination: kitaIkebukurodai)
            }
            for (index, hour) in [10, 18].enumerated() {
                train("Kita.Kita", "\(tag)L\(hour)", service, type: "Kita.LimitedExpress", direction: "Outbound",
                      start: clock(hour, 30), places: kita, times: [0, 15], destination: tokorozawano,
                      names: [.init(ja: "ちちぶ\(index * 2 + 1)号", en: "Chichibu \(index * 2 + 1)")])
            }
            // 環状線: once round each way, every 10 minutes, rapid on the hour; no destination.
            for start in stride(from: first, through: clock(24, 0), by: 10) {
                let rapid = start % 60 == 0 && start < clock(22, 0)
                train("JR.Kanjo", "\(tag)J\(start)", service, type: rapid ? "JR.Rapid" : "JR.Local", direction: "OuterLoop",
                      start: start, places: loop, times: [0, 4, 12, 18, 25])
                train("JR.Kanjo", "\(tag)J\(start)B", service, type: "JR.Local", direction: "InnerLoop", start: start + 5,
                      places: loop.reversed(), times: [0, 7, 13, 21, 25])
            }
            // 銀線: every 5 minutes east, back 2 minutes later.
            for start in stride(from: first + 30, through: last, by: 5) {
                train("Metro.Gin", "\(tag)G\(start)", service, type: "Metro.Local", direction: "Eastbound", start: start,
                      places: ["Shibuyazaka", "Omotesan"], times: [0, 3], destination: omotesan)
                train("Metro.Gin", "\(tag)G\(start)B", service, type: "Metro.Local", direction: "Westbound", start: start + 2,
                      places: ["Omotesan", "Shibuyazaka"], times: [0, 3], destination: ginShibuyazaka)
            }
        }
        // The weekday through trains: 急行 港町 → 所沢野 as three parts.
        for hour in [7, 8] {
            let number = String(format: "A%02d01", hour)
            let ids = ["Umi.Kaigan", "Metro.Fuku", "Kita.Kita"].map { "\($0).\(number).Weekday" }
            train("Umi.Kaigan", number, "Weekday", type: "Umi.Express", direction: "Inbound", start: clock(hour, 0),
                  places: kaigan, times: [0, 5, 12], destination: tokorozawano, next: ids[1])
            train("Metro.Fuku", number, "Weekday", type: "Metro.Express", direction: "Northbound", start: clock(hour, 13),
                  places: fuku, times: [0, 5, 11], dwell: [], destination: tokorozawano, next: ids[2], previous: ids[0])
            train("Kita.Kita", number, "Weekday", type: "Kita.Express", direction: "Outbound", start: clock(hour, 25),
                  places: kita, times: [0, 15], destination: tokorozawano, previous: ids[1])
        }
        return data
    }
}
