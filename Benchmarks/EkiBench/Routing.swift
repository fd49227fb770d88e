import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// DIY routes and fastest routes (issue 7): alternatives around a segment, working a route out,
/// building a day's network, and the Connection Scan between busy stations at times across the day.
func benchmarkRouting(_ timetable: Timetable) throws {
    let reference = timetable.reference
    let planner = RoutePlanner(timetable: timetable)
    let tuesday = CivilDate(iso: "2026-11-24")!
    let route = Route(serviceDate: tuesday, segments: [
        .init(train: "Minatomirai.Minatomirai.060072.Weekday", board: "Minatomirai.Minatomirai.Bashamichi", alight: "Tokyu.Toyoko.NakaMeguro"),
        .init(train: "TokyoMetro.Hibiya.B863S.Weekday", board: "TokyoMetro.Hibiya.NakaMeguro", alight: "TokyoMetro.Hibiya.Ginza"),
    ])
    let plan = try planner.plan(route)
    measure("route plan, 2 segments (Bashamichi → Naka-meguro → Ginza)", iterations: 500) { _ in
        _ = try! planner.plan(route)
    }
    measure("alternatives for a segment, 2 before and 2 after", iterations: 500) { i in
        _ = try! planner.alternatives(in: plan, segment: i % 2)
    }

    var buildSamples: [Double] = []
    var network: RouteNetwork?
    for _ in 0 ..< 5 {
        let start = DispatchTime.now().uptimeNanoseconds
        network = try RouteNetwork(timetable: timetable, serviceDate: tuesday)
        buildSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let built = network!
    print("build a weekday's network (\(built.connectionCount) connections, \(built.tripCount) trains): median \(String(format: "%.1f", buildSamples.sorted()[2])) ms (5 builds)")

    // Pairs of busy station complexes across the region, and times from 06:00 to 22:00.
    let busy = reference.stations.values.filter { $0.trains > 1500 }.sorted { $0.id < $1.id }
    func complex(_ station: Reference.Station) -> [Reference.Station] {
        (reference.complexes[station.complex]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.trains > 0 }
    }
    var pairs: [([Reference.Station], [Reference.Station], ServiceInstant)] = []
    var i = 0
    while pairs.count < 60 {
        let a = busy[(i * 7919) % busy.count], b = busy[(i * 104_729 + 13) % busy.count]
        i += 1
        guard a.complex != b.complex else { continue }
        pairs.append((complex(a), complex(b), ServiceInstant(serviceDate: tuesday, minute: ServiceMinute(360 + (i * 97) % 960))))
    }
    let search = FastestRoutes(planner: planner)
    measure("fastest routes, 60 busy pairs across the day, up to 3 options", iterations: 300) { i in
        let (from, to, at) = pairs[i % pairs.count]
        _ = try! search.search(from: from, to: to, at: at, on: built)
    }

    // 終電 on the same pairs: the plan (the latest-departure scan, then the forward scan for the
    // first connection at each change), and with what is left at each change (one more backward
    // scan per change) — the API's and the page's whole answer.
    measure("last train, 60 busy pairs: the plan", iterations: 120) { i in
        let (from, to, _) = pairs[i % pairs.count]
        _ = try! LastTrain.search(from: from, to: to, planner: planner, on: built)
    }
    measure("last train, 60 busy pairs: the plan and each change's fallback", iterations: 120) { i in
        let (from, to, _) = pairs[i % pairs.count]
        if let plan = try! LastTrain.search(from: from, to: to, planner: planner, on: built) {
            _ = LastTrain.fallbacks(plan, to: to, planner: planner, on: built)
        }
    }
}
