import EkiCore
import EkiStore

/// A fastest-route answer: a route to start from, and why it is offered.
public struct FastestOption: Sendable {
    public enum Kind: String, Sendable {
        /// The earliest arrival (leaving as late as still gets there then).
        case fastest
        /// Fewer changes of train, arriving later.
        case fewerTransfers
        /// The next way that leaves later.
        case later
    }
    public var kind: Kind
    public var plan: RoutePlan
}

/// What a fastest-route search found, and from when: `nextDay` when the asked service day had
/// nothing left and these are the next day's first trains.
public struct FastestAnswer: Sendable {
    public var at: ServiceInstant
    public var nextDay: Bool
    public var options: [FastestOption]
}

/// Fastest routes between two places over the whole network: up to three options, the fastest
/// first, then fewer changes or a later start. Every option is a `Route`, ready to become the
/// rider's DIY route.
public struct FastestRoutes: Sendable {
    public let planner: RoutePlanner

    public init(planner: RoutePlanner) { self.planner = planner }

    /// Options from any station of `origins` to any of `destinations`, leaving at `instant` or later
    /// on `network` (the network of `instant`'s service day). Empty when nothing gets there that day.
    /// `walks`: per origin, the minutes before it can be left (a walk to each railway's platforms
    /// off the Shinkansen); one search over all of them, each from its own minute.
    public func search(from origins: [Reference.Station], to destinations: [Reference.Station], at instant: ServiceInstant,
                       on network: RouteNetwork, options: Int = 3, walks: [Int]? = nil) throws -> [FastestOption] {
        let from = origins.map { Int32($0.handle.row) }, to = destinations.map { Int32($0.handle.row) }
        let minute = instant.minute.value
        let scan = Scan(scan: ConnectionScan(network: network, rules: planner.rules), from: from, to: to,
                        notBefore: walks.map { $0.map { minute + $0 } })
        let first = scan.run(at: minute)
        guard let fastest = Self.fastest(first) else { return [] }
        var journeys: [(FastestOption.Kind, ConnectionScan.Journey)] = [(.fastest, latest(fastest, scan))]

        // Fewer trains, later arrival: the Pareto points below the fastest's number of trains.
        var atMost = Int.max
        var fewer: [ConnectionScan.Journey] = []
        for legs in 1 ..< fastest.legs.count {
            if let journey = first[legs], journey.arrival < atMost {
                atMost = journey.arrival
                fewer.append(journey)
            }
        }
        for journey in fewer.reversed().prefix(options - 1) {
            journeys.append((.fewerTransfers, latest(journey, scan)))
        }
        // Then the next ways, each leaving after the last one found: only the earliest arrival is
        // wanted (and every way arriving then, whatever its trains), so no slack after it.
        var start = journeys[0].1.departure + 1
        while journeys.count < options, start <= ServiceMinute.dayEnd + 180,
              let next = Self.fastest(scan.run(at: start, slack: 0)) {
            let journey = latest(next, scan)
            if !journeys.contains(where: { $0.1.legs == journey.legs }) { journeys.append((.later, journey)) }
            start = journey.departure + 1
        }
        return try journeys.map { kind, journey in
            let (route, parts) = try route(journey, on: network)
            return FastestOption(kind: kind, plan: try planner.plan(route, parts: parts))
        }
    }

    /// Options from `instant` on; when nothing gets there any more that service day, the first
    /// trains of the next one (`nextDay`). `network` gives a service day's network.
    public func search(from origins: [Reference.Station], to destinations: [Reference.Station], at instant: ServiceInstant,
                       walks: [Int]? = nil, networks network: (CivilDate) throws -> RouteNetwork) throws -> FastestAnswer {
        let today = try search(from: origins, to: destinations, at: instant, on: network(instant.serviceDate), walks: walks)
        if !today.isEmpty { return FastestAnswer(at: instant, nextDay: false, options: today) }
        let morning = ServiceInstant(serviceDate: instant.serviceDate.adding(days: 1), minute: ServiceMinute(ServiceMinute.dayStart))
        return FastestAnswer(at: morning, nextDay: true,
                             options: try search(from: origins, to: destinations, at: morning, on: network(morning.serviceDate), walks: walks))
    }

    /// One search's scans: the same origins (each from its own minute at the earliest) and targets.
    struct Scan {
        let scan: ConnectionScan
        let from: [Int32], to: [Int32]
        let notBefore: [Int]?

        func run(at minute: Int, maxLegs: Int = ConnectionScan.maxLegs, slack: Int = 60, until: Int = .max) -> [ConnectionScan.Journey?] {
            scan.run(from: from, to: to, at: minute, maxLegs: maxLegs, slack: slack, until: until, notBefore: notBefore)
        }
    }

    /// The earliest arrival of a scan, with the fewest trains of those arriving then.
    static func fastest(_ byLegs: [ConnectionScan.Journey?]) -> ConnectionScan.Journey? {
        byLegs.compactMap { $0 }.min { ($0.arrival, $0.legs.count) < ($1.arrival, $1.legs.count) }
    }

    /// The same arrival with no more trains, leaving as late as possible: nobody wants to be told
    /// to take the 07:31 and wait 12 minutes at the change when the 07:37 makes the same train.
    func latest(_ journey: ConnectionScan.Journey, _ scan: Scan) -> ConnectionScan.Journey {
        var kept = journey
        for _ in 0 ..< 12 {
            let runs = scan.run(at: kept.departure + 1, maxLegs: journey.legs.count, slack: 0, until: journey.arrival)
            guard let later = runs.compactMap({ $0 }).filter({ $0.arrival <= journey.arrival })
                .min(by: { $0.legs.count < $1.legs.count }) else { break }
            kept = later
        }
        return kept
    }

    /// A journey as the DIY route it becomes: each train boarded, where, and where to get off; and
    /// each train's part, read once here and handed to the planner.
    func route(_ journey: ConnectionScan.Journey, on network: RouteNetwork) throws -> (Route, [RunningPart]) {
        let reference = planner.timetable.reference
        var segments: [Route.Segment] = [], parts: [RunningPart] = []
        for leg in journey.legs {
            let trip = Int(network.trip[leg.board])
            let handle = TrainHandle(network.tripRowIds[trip])
            guard let part = try planner.timetable.runningPart(handle), let ids = try planner.timetable.trainIds(handle),
                  let board = reference.stations[StationHandle(Int64(network.from[leg.board]))],
                  let alight = reference.stations[StationHandle(Int64(network.to[leg.exit]))] else {
                throw StoreError.inconsistent("a fastest route names a train or station the database does not have")
            }
            segments.append(Route.Segment(train: ids.id, board: board.id, alight: alight.id))
            parts.append(part)
        }
        return (Route(serviceDate: network.serviceDate, segments: segments), parts)
    }
}
