// Latency of the hot queries on a real database, in-process, as medians over many calls.
// Usage: swift run -c release EkiBench [database [only]]   (default: $EKI_DB or the XDG location;
// `only` runs just the measurements whose name holds it, e.g. "search")
import EkiCore
import EkiStore
import Foundation

let url = CommandLine.arguments.count > 1 ? URL(fileURLWithPath: CommandLine.arguments[1]) : DatabaseLocation.resolve(explicit: nil)
// Opened whole, as `eki serve` opens it: the hot queries below run with every station in memory.
let timetable = try Timetable(url: url, whole: true)
let reference = timetable.reference
let only = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : nil
/// Whether the measurement called `name` runs (all of them without `only`).
func wants(_ name: String) -> Bool { only.map(name.contains) ?? true }

// Opening a database: what every fresh `eki` process pays before its first query.
var openSamples: [Double] = []
for _ in 0..<30 {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = try Timetable(url: url)
    openSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
print("open database and load reference tables: median \(String(format: "%.1f", openSamples.sorted()[15])) ms (30 opens)")
// The first search of a process also lays out the search index (later ones reuse it).
var firstSearchSamples: [Double] = []
for _ in 0..<30 where wants("first search after opening") {
    let fresh = try Timetable(url: url)
    let start = DispatchTime.now().uptimeNanoseconds
    _ = try fresh.search("しぶや", limit: 10)
    firstSearchSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
if !firstSearchSamples.isEmpty {
    print("first search after opening (lays out the search index): median \(String(format: "%.1f", firstSearchSamples.sorted()[15])) ms (30 opens)")
}
// As a fresh `eki` does: the index read from the cache folder where the first open left it.
let keptFolder = FileManager.default.temporaryDirectory.appendingPathComponent("eki-bench-\(getpid())")
var keptSearchSamples: [Double] = []
for _ in 0..<31 where wants("first search after opening") {
    let fresh = try Timetable(url: url)
    fresh.keepSearchIndex(in: keptFolder)
    let start = DispatchTime.now().uptimeNanoseconds
    _ = try fresh.search("しぶや", limit: 10)
    keptSearchSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
try? FileManager.default.removeItem(at: keptFolder)
if !keptSearchSamples.isEmpty {
    print("first search after opening, index kept in the cache folder: median \(String(format: "%.2f", keptSearchSamples.dropFirst().sorted()[15])) ms (30 opens)")
}

func measure(_ name: String, iterations: Int, _ body: (Int) throws -> Void) rethrows {
    guard wants(name) else { return }
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    for i in 0..<100 { try body(i) }   // warm caches
    for i in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try body(i)
        samples.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    samples.sort()
    func µs(_ q: Double) -> String { String(format: "%.1f", Double(samples[Int(Double(samples.count - 1) * q)]) / 1000) }
    print("\(name): median \(µs(0.5)) µs, p90 \(µs(0.9)) µs, p99 \(µs(0.99)) µs (\(iterations) calls)")
}

// A spread of busy and quiet stations, both directions, times across the day.
let stations = reference.stations.values.filter { $0.railway != nil }.sorted { $0.id < $1.id }
var cases: [(Reference.Station, Reference.Direction)] = []
for station in stations where cases.count < 400 {
    for direction in try timetable.directions(at: station) { cases.append((station, direction)) }
}
let start = CivilDate(iso: "2026-11-24")!
measure("next 8 departures (station, direction)", iterations: 20_000) { i in
    let (station, direction) = cases[i % cases.count]
    let instant = ServiceInstant(serviceDate: start, minute: ServiceMinute(300 + (i * 37) % 1200))
    _ = try! timetable.nextDepartures(station: station, direction: direction, at: instant, limit: 8)
}
let bashamichi = reference.stations[id: "Minatomirai.Minatomirai.Bashamichi"]!
let inbound = reference.directions[id: "Inbound"]!
measure("next 8 departures, Bashamichi inbound 07:30", iterations: 20_000) { _ in
    _ = try! timetable.nextDepartures(station: bashamichi, direction: inbound,
                                      at: ServiceInstant(parsing: "2026-11-24T07:30")!, limit: 8)
}
measure("whole-day station timetable, Bashamichi inbound", iterations: 2_000) { _ in
    _ = try! timetable.stationTimetable(station: bashamichi, direction: inbound, serviceDate: start)
}
let throughTrain = try! timetable.resolveTrain("Tokyu.Toyoko.026054.Weekday")!
measure("train run across through service (5 parts)", iterations: 5_000) { _ in
    _ = try! timetable.trainRun(throughTrain)
}

// Search: what riders type, every script, partial and whole names.
let queries = ["しぶや", "shibuya", "渋谷", "シブヤ", "oosaki", "shinbashi", "jiyuugaoka", "市ヶ谷", "東横",
               "toyoko", "yamanote line", "shinj", "ike", "よこはま", "keikyu", "谷", "nihonbashi", "kamata",
               "おおさき", "Ōmiya"]
measure("search, 20 queries in all scripts, limit 10", iterations: 5_000) { i in
    _ = try! timetable.search(queries[i % queries.count], limit: 10)
}
// The first keystrokes of search as you type: one and two letters in every script match most
// of the data, so they are the slowest queries. Each is measured on its own; the worst median counts.
let shortQueries = ["a", "n", "e", "o", "s", "k", "m", "ka", "sh", "ni", "to", "あ", "か", "し", "と", "しぶ", "かわ",
                    "ア", "カ", "シ", "シブ", "東", "新", "大", "谷", "新宿", "川口"]
var worstShort = (query: "", median: 0.0)
for query in shortQueries where wants("search, one- and two-letter queries") {
    var samples: [UInt64] = []
    for _ in 0..<20 { _ = try! timetable.search(query, limit: 10) }
    for _ in 0..<300 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try! timetable.search(query, limit: 10)
        samples.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    samples.sort()
    let median = Double(samples[samples.count / 2]) / 1000
    if median > worstShort.median { worstShort = (query, median) }
    print("  search \"\(query)\": median \(String(format: "%.1f", median)) µs")
}
if worstShort.median > 0 { print("search, \(shortQueries.count) one- and two-letter queries: worst median \(String(format: "%.1f", worstShort.median)) µs (\"\(worstShort.query)\")") }
// Mixed scripts, operators and railway words (issue 4 review): each on its own.
let mixedQueries = ["しんじゅく三丁目", "大さき", "お茶の水", "JR渋谷", "東急渋谷", "shibuya toyoko", "toyokosen", "nihom", "四谷"]
measure("search, \(mixedQueries.count) mixed-script and operator queries, limit 10", iterations: 3_000) { i in
    _ = try! timetable.search(mixedQueries[i % mixedQueries.count], limit: 10)
}

// Nearby: where riders stand — 200 points a few hundred metres off real stations, all over the data.
let located = stations.compactMap(\.coordinate)
let points: [GeoPoint] = (0..<200).map { (i: Int) -> GeoPoint in
    let base = located[(i * 7919) % located.count]
    let dLat: Double = Double(i % 7 - 3) * 0.001
    let dLon: Double = Double(i % 5 - 2) * 0.0012
    return GeoPoint(latitude: base.latitude + dLat, longitude: base.longitude + dLon)
}
measure("nearby, 1 km, stations only", iterations: 5_000) { i in
    _ = try! timetable.nearby(points[i % points.count], radius: 1000, limit: 10)
}
let morning = ServiceInstant(parsing: "2026-11-24T07:30")!
measure("nearby, 1 km, with next departure each way", iterations: 1_000) { i in
    let result = try! timetable.nearby(points[i % points.count], radius: 1000, limit: 10)
    for station in result.stations.flatMap(\.stations) {
        for direction in try! timetable.directions(at: station) {
            _ = try! timetable.nextDepartures(station: station, direction: direction, at: morning, limit: 1)
        }
    }
}

// Station detail: the whole composite (both directions' day, next six, last trains, frequency,
// connections) for busy and quiet stations.
let detailStations = ["Minatomirai.Minatomirai.Bashamichi", "Tokyu.Toyoko.Shibuya", "JR-East.Yamanote.Osaki",
                      "JR-East.Yamanote.Shinjuku", "Seibu.Ikebukuro.Ikebukuro", "Keikyu.Main.Yokohama",
                      "TokyoMetro.Ginza.Asakusa", "JR-East.ChuoRapid.Tachikawa"].compactMap { reference.stations[id: $0] }
measure("station detail, 8 stations from busy to quiet", iterations: 400) { i in
    _ = try! timetable.stationDetail(detailStations[i % detailStations.count], at: morning)
}
// Railway detail: stations, directions, types, calendars, through service and shape (eki railway,
// /railway pages), for a short line, a long through-running one and the loop.
let detailRailways = ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "JR-East.Yamanote", "JR-East.Tokaido"]
    .compactMap { reference.railways[id: $0] }
measure("railway detail, 4 railways", iterations: 200) { i in
    _ = try! timetable.railwayDetail(detailRailways[i % detailRailways.count])
}
measure("raw departures query, whole day, Bashamichi inbound", iterations: 2_000) { _ in
    _ = try! timetable.departures(station: bashamichi.handle, direction: inbound.handle, service: reference.serviceHandle(id: "Weekday")!)
}

// Timeline: a busy platform's every board change from 03:00 to the end of the day, from one read.
let toyokoShibuya = reference.stations[id: "Tokyu.Toyoko.Shibuya"]!
measure("timeline, whole weekday, Shibuya Toyoko inbound, 3 a board", iterations: 1_000) { _ in
    _ = try! timetable.timeline(station: toyokoShibuya, direction: inbound, at: ServiceInstant(parsing: "2026-11-24T03:00")!, limit: 3)
}

try benchmarkRouting(timetable)
if wants("ride tracking") { try benchmarkTracking(timetable) }
