import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// A DIY route: `eki route … --json` and `/api/v1/route…` answer with these shapes.
public struct RouteJSON: Encodable {
    var id: String
    var serviceDate: String
    var departure: String?
    var arrival: String?
    var minutes: Int?
    var feasible: Bool
    var segments: [RouteSegmentJSON]
    var transfers: [TransferJSON]

    /// `fallbacks`: a last train's later trains at each change (`LastTrain.fallbacks`).
    public init(_ plan: RoutePlan, reference: Reference, fallbacks: [LastTrain.Fallback?]? = nil) {
        id = plan.route.id
        serviceDate = plan.route.serviceDate.iso
        departure = plan.departure?.clock
        arrival = plan.arrival?.clock
        minutes = plan.departure.flatMap { start in plan.arrival.map { $0.value - start.value } }
        feasible = plan.isFeasible
        segments = plan.segments.map { RouteSegmentJSON($0, reference: reference) }
        transfers = plan.transfers.map(TransferJSON.init)
        if let fallbacks {
            for (index, fallback) in fallbacks.enumerated() where index < transfers.count {
                transfers[index].fallback = fallback?.departure.clock
                transfers[index].fallbackArrival = fallback?.arrival.clock
                transfers[index].fallbackRailway = fallback?.railway?.id
                transfers[index].fallbackDirection = fallback?.direction?.id
                transfers[index].lastChance = fallback == nil
            }
        }
    }
}

public struct RouteSegmentJSON: Encodable {
    struct Stop: Encodable {
        var station: String
        var title: NameJSON
        var arrival: String?
        var departure: String?
        /// Service-day minutes (24:40 is 1480), for clients that count down.
        var arrivalMinute: Int?
        var departureMinute: Int?
    }

    /// The train part boarded; `parts` lists every part ridden across through service.
    var train: String
    var parts: [String]
    var board: StationJSON
    var alight: StationJSON
    var direction: DirectionJSON
    var departure: String
    var arrival: String
    var departureMinute: Int
    var arrivalMinute: Int
    var minutes: Int
    var stopsToRide: Int
    var trainType: String?
    var trainTypeName: NameJSON?
    /// Absent when the source gives no Japanese train types.
    var category: String?
    var destinationName: NameJSON
    var railways: [RailwayRefJSON]
    var stops: [Stop]

    public init(_ segment: RoutePlan.Segment, reference: Reference) {
        train = segment.publicTrain
        parts = segment.publicParts
        board = StationJSON(segment.board, reference: reference)
        alight = StationJSON(segment.alight, reference: reference)
        direction = DirectionJSON(id: segment.direction.id, title: NameJSON(segment.direction.name))
        departure = segment.departure.clock
        arrival = segment.arrival.clock
        departureMinute = segment.departure.value
        arrivalMinute = segment.arrival.value
        minutes = segment.minutes
        stopsToRide = segment.stopsToRide
        trainType = segment.trainType?.id
        trainTypeName = segment.trainType.map { NameJSON($0.name) }
        category = segment.trainType?.classified == false ? nil : segment.category.rawValue
        destinationName = NameJSON(segment.destination)
        var seen: [RailwayHandle] = []
        for stop in segment.stops where !seen.contains(stop.railway) { seen.append(stop.railway) }
        railways = seen.compactMap { reference.railways[$0].map(RailwayRefJSON.init) }
        stops = segment.stops.map {
            Stop(station: $0.station.publicId, title: NameJSON($0.station.name), arrival: $0.arrival?.clock,
                 departure: $0.departure?.clock, arrivalMinute: $0.arrival?.value, departureMinute: $0.departure?.value)
        }
    }
}

public struct StationJSON: Encodable {
    var id: String
    var title: NameJSON
    var railway: String?
    var railwayTitle: NameJSON?
    init(_ station: Reference.Station, reference: Reference) {
        id = station.publicId
        title = NameJSON(station.name)
        railway = station.railway.flatMap { reference.railways.id(of: $0) }
        railwayTitle = station.railway.flatMap { reference.railways[$0] }.map { NameJSON($0.name) }
    }
}

public struct DirectionJSON: Encodable {
    var id: String
    var title: NameJSON
}

public struct TransferJSON: Encodable {
    var minutes: Int
    /// samePlatform, sameStation or otherStation.
    var place: String
    /// cross-platform, same-line, same-area, concourse, long-walk, deep, gates, street or feed.
    var kind: String
    /// "同じホーム", "徒歩12分（長い通路）" in both languages.
    var words: NameJSON
    var walkMeters: Int?
    /// The minutes the change needs at the rider's pace (the rule fastest routes use): `tight`
    /// when `minutes` is less.
    var neededMinutes: Int
    /// `neededMinutes` rests on a rough figure (the rule's, or the table's own estimate): a 目安.
    var neededEstimated: Bool
    var impossible: Bool
    var tight: Bool
    /// Last-train answers only: the latest later train from this change that still gets there, when
    /// it arrives, and its railway and direction (it may leave from another platform).
    var fallback: String?
    var fallbackArrival: String?
    var fallbackRailway: String?
    var fallbackDirection: String?
    /// Last-train answers only: the planned train is the last one from this change.
    var lastChance: Bool?

    init(_ transfer: RoutePlan.Transfer) {
        minutes = transfer.minutes
        place = transfer.place.rawValue
        kind = transfer.kind.rawValue
        words = NameJSON(RouteWords.place(transfer))
        walkMeters = transfer.walkMeters
        neededMinutes = transfer.needed
        neededEstimated = transfer.estimated
        impossible = transfer.impossible
        tight = transfer.tight
    }
}

/// The active route of the CLI's state: the route, or why there is none.
public struct ActiveRouteJSON: Encodable {
    var route: RouteJSON?
    /// The service day of a route that just expired (it was dropped).
    var expired: String?
    public init(route: RouteJSON?, expired: CivilDate?) {
        self.route = route
        self.expired = expired?.iso
    }
}

public struct AlternativesJSON: Encodable {
    struct Option: Encodable {
        var departsBy: Int
        var arrivesBy: Int
        /// `ok`, `tight` (a change before or after it is shorter than it needs) or `impossible`
        /// (it leaves before the previous train arrives, arrives after the next leaves, or the
        /// data says the change cannot be made): `Standing`, as the route page greys and flags them.
        var change: String
        var segment: RouteSegmentJSON
    }
    /// 1-based, as the rider numbers segments.
    var segment: Int
    var chosen: RouteSegmentJSON
    /// `Standing` of the train the route has now, as of each option.
    var chosenChange: String
    var earlier: [Option]
    var later: [Option]

    /// `plan` and `rules`: the route the alternatives stand in for, at the rider's pace.
    public init(_ alternatives: SegmentAlternatives, plan: RoutePlan, rules: TransferRules, reference: Reference) {
        segment = alternatives.index + 1
        chosen = RouteSegmentJSON(alternatives.chosen, reference: reference)
        chosenChange = Standing(alternatives.chosen, at: alternatives.index, in: plan, rules: rules, reference: reference).word
        func option(_ alternative: Alternative) -> Option {
            Option(departsBy: alternative.departsBy, arrivesBy: alternative.arrivesBy,
                   change: Standing(alternative.segment, at: alternatives.index, in: plan, rules: rules, reference: reference).word,
                   segment: RouteSegmentJSON(alternative.segment, reference: reference))
        }
        earlier = alternatives.earlier.map(option)
        later = alternatives.later.map(option)
    }
}

public struct SwapJSON: Encodable {
    struct Proposal: Encodable {
        var segment: Int
        var reason: String
        var train: RouteSegmentJSON
    }
    var route: RouteJSON
    var proposals: [Proposal]

    public init(plan: RoutePlan, proposals: [SwapProposal], reference: Reference) {
        route = RouteJSON(plan, reference: reference)
        self.proposals = proposals.map {
            Proposal(segment: $0.index + 1, reason: $0.reason.rawValue, train: RouteSegmentJSON($0.segment, reference: reference))
        }
    }
}

public struct FastestJSON: Encodable {
    struct Option: Encodable {
        var kind: String
        var transfers: Int
        var route: RouteJSON
    }
    var from: String
    var to: String
    var at: String
    /// The rider's change pace the options were planned at: hurry, standard or relaxed.
    var pace: String
    var options: [Option]

    public init(from: LocalizedName, to: LocalizedName, at instant: ServiceInstant, pace: Pace,
                options: [FastestOption], reference: Reference) {
        self.from = from.ja
        self.to = to.ja
        at = instant.description
        self.pace = pace.rawValue
        self.options = options.map {
            Option(kind: $0.kind.rawValue, transfers: max(0, $0.plan.segments.count - 1), route: RouteJSON($0.plan, reference: reference))
        }
    }
}

public struct SuggestionsJSON: Encodable {
    struct Suggestion: Encodable {
        struct Leg: Encodable {
            var board: String
            var boardTitle: NameJSON?
            var direction: String
            var alight: String
            var alightTitle: NameJSON?
        }
        var pattern: [Leg]
        var uses: Int
        var lastUsed: String
        var distanceMeters: Int?
        var walkMinutes: Int?
        /// The next trains along the pattern; null when a leg has no train left today.
        var route: RouteJSON?
    }
    var suggestions: [Suggestion]

    public init(_ suggestions: [RouteSuggestion], reference: Reference) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TokyoTime.zone
        self.suggestions = suggestions.map { suggestion in
            Suggestion(
                pattern: suggestion.remembered.pattern.legs.map {
                    Suggestion.Leg(board: reference.stations[id: $0.board]?.publicId ?? $0.board,
                                   boardTitle: reference.stations[id: $0.board].map { NameJSON($0.name) },
                                   direction: $0.direction, alight: reference.stations[id: $0.alight]?.publicId ?? $0.alight,
                                   alightTitle: reference.stations[id: $0.alight].map { NameJSON($0.name) })
                },
                uses: suggestion.remembered.uses, lastUsed: formatter.string(from: suggestion.remembered.lastUsed),
                distanceMeters: suggestion.distanceMeters, walkMinutes: suggestion.walkMinutes,
                route: suggestion.plan.map { RouteJSON($0, reference: reference) })
        }
    }
}
