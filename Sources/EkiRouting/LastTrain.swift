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

    /// Every station of the complexes of `stations` that trains stop at: "渋谷" is all of 渋谷.
    public static func complexStations(_ stations: [Reference.Station], _ timetable: Timetable) -> [Reference.Station] {
        let reference = timetable.reference
        return Set(stations.map(\.complex)).sorted().flatMap { id in
            (reference.complexes[id]?.stations ?? []).compactMap { reference.stations[$0] }.filter { $0.trains > 0 }
        }
    }
}
