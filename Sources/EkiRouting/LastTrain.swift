import EkiCore
import EkiStore

/// 終電検索: the last departure from a station that still reaches another within the service day
/// (by 26:59), across changes and through service — `LatestRoutes` with the day's end as the
/// deadline. Shared by `eki route last`, the API and the page.
public enum LastTrain {
    /// The latest way from any of `origins` to any of `destinations` on `network`'s service day.
    public static func search(from origins: [Reference.Station], to destinations: [Reference.Station], planner: RoutePlanner,
                              on network: RouteNetwork) throws -> RoutePlan? {
        try LatestRoutes(planner: planner).search(from: origins, to: destinations, arriveBy: ServiceMinute(ServiceMinute.dayEnd), on: network)
    }

    /// At each change of `plan` (a last-train plan found on `network`), the latest train from that
    /// station that still reaches `destinations` within the day, when it leaves after the planned one:
    /// what a rider who misses the change can still take ("乗り遅れても 00:25 があります"). nil at a
    /// change: the planned train is the last from there.
    public static func fallbacks(_ plan: RoutePlan, to destinations: [Reference.Station], planner: RoutePlanner,
                                 on network: RouteNetwork) -> [ServiceMinute?] {
        let timetable = planner.timetable
        let scan = LatestDeparture(network: network, rules: planner.rules)
        let targets = destinations.map { Int32($0.handle.row) }
        return plan.transfers.indices.map { index in
            let arrived = plan.segments[index], planned = plan.segments[index + 1]
            // A later train from anywhere in the station, once the change to it is made (the one
            // rule, at the rider's pace): stations grouped by the first minute they can be boarded.
            var byEarliest: [Int: [Int32]] = [:]
            for station in complexStations([arrived.alight], timetable) {
                guard let needed = planner.rules.needed(from: arrived.alight, to: station, reference: timetable.reference) else { continue }
                byEarliest[max(planned.departure.value + 1, arrived.arrival.value + needed), default: []].append(Int32(station.handle.row))
            }
            var latest: Int?
            for (earliest, stations) in byEarliest {
                if let journey = scan.run(from: stations, to: targets, arriveBy: ServiceMinute.dayEnd, earliest: earliest) {
                    latest = max(latest ?? journey.departure, journey.departure)
                }
            }
            return latest.map { ServiceMinute($0) }
        }
    }

    /// Every station of the complexes of `stations` that trains stop at: "渋谷" is all of 渋谷.
    public static func complexStations(_ stations: [Reference.Station], _ timetable: Timetable) -> [Reference.Station] {
        let reference = timetable.reference
        return Set(stations.map(\.complex)).sorted().flatMap { id in
            (reference.complexes[id]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.trains > 0 }
        }
    }
}
