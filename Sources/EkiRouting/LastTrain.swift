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

    /// A later train a rider who misses a last train's change can still take: when it leaves, which
    /// line and way it is (the planned one may leave from the other side: 品川's 00:25 is the 山手線
    /// the other way round), and when it gets there.
    public struct Fallback: Sendable, Equatable {
        public var departure: ServiceMinute
        public var arrival: ServiceMinute
        public var railway: Reference.Railway?
        public var direction: Reference.Direction?
    }

    /// At each change of `plan` (a last-train plan found on `network`), the latest train from that
    /// station that still reaches `destinations` within the day, when it leaves after the planned one:
    /// what a rider who misses the change can still take ("乗り遅れても 00:25 発の山手線（内回り）で
    /// 01:03着"). nil at a change: the planned train is the last from there.
    public static func fallbacks(_ plan: RoutePlan, to destinations: [Reference.Station], planner: RoutePlanner,
                                 on network: RouteNetwork) -> [Fallback?] {
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
            var found: (journey: ConnectionScan.Journey, stations: [Int32])?
            for (earliest, stations) in byEarliest.sorted(by: { $0.key < $1.key }) {
                if let journey = scan.run(from: stations, to: targets, arriveBy: ServiceMinute.dayEnd, earliest: earliest),
                   journey.departure > found?.journey.departure ?? .min {
                    found = (journey, stations)
                }
            }
            guard let found else { return nil }
            // Its arrival as the rider would make it: the quickest way on from that departure (the
            // latest-departure scan follows the latest train that still makes each change).
            let quickest = FastestRoutes.fastest(ConnectionScan(network: network, rules: planner.rules)
                .run(from: found.stations, to: targets, at: found.journey.departure, slack: 0))
            let latest = quickest.flatMap { $0.departure == found.journey.departure ? $0 : nil } ?? found.journey
            guard let first = latest.legs.first else { return nil }
            let part = try? timetable.runningPart(TrainHandle(network.tripRowIds[Int(network.trip[first.board])]))
            return Fallback(departure: ServiceMinute(latest.departure), arrival: ServiceMinute(latest.arrival),
                            railway: part.flatMap { timetable.reference.railways[$0.railway] },
                            direction: part.flatMap { timetable.reference.directions[$0.direction] })
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
