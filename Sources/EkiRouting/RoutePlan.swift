import EkiCore
import EkiStore

/// A route worked out against the timetable: every segment's times and stops, and what each
/// transfer between them asks of the rider.
public struct RoutePlan: Sendable {
    public var route: Route
    public var segments: [Segment]
    /// `transfers[i]` lies between `segments[i]` and `segments[i + 1]`.
    public var transfers: [Transfer]

    /// One train as ridden, from the board station to the one to get off at.
    public struct Segment: Sendable {
        public var choice: Route.Segment
        public var board: Reference.Station
        public var alight: Reference.Station
        /// The direction of the board the train leaves from (the platform).
        public var direction: Reference.Direction
        /// The direction code of the train part that arrives where the rider gets off (another
        /// railway's after through service): a change across the platform holds for some only.
        public var arrivalDirection: String
        public var departure: ServiceMinute
        public var arrival: ServiceMinute
        public var trainType: Reference.TrainType?
        public var category: TrainCategory
        /// Where the train goes, as the platform sign says it.
        public var destination: LocalizedName
        /// Every stop from boarding to getting off, both included, across through service.
        public var stops: [Stop]
        /// The ids of the train parts ridden (`parts`), in order: a route names its trains by them.
        public var partIds: [TrainIds]

        /// Stops after boarding until the one to get off at (1: the next stop).
        public var stopsToRide: Int { stops.count - 1 }
        public var minutes: Int { arrival.value - departure.value }
        /// The train parts ridden, in order (more than one across through service).
        public var parts: [TrainHandle] { Self.parts(of: stops) }
        static func parts(of stops: [Stop]) -> [TrainHandle] {
            stops.reduce(into: []) { parts, stop in if parts.last != stop.part { parts.append(stop.part) } }
        }
        /// The same, by the ids riders know them by (GTFS trip_ids).
        public var publicParts: [String] { partIds.map(\.publicId) }
        /// The train boarded, by the id riders know it by (a GTFS trip_id).
        public var publicTrain: String { partIds.first?.publicId ?? choice.train }
    }

    /// A stop of a ridden train. Where a train runs through onto another railway the two parts'
    /// stops at that station are one stop: arriving on one part, leaving on the next.
    public struct Stop: Sendable {
        public var station: Reference.Station
        public var arrival: ServiceMinute?
        public var departure: ServiceMinute?
        /// The train part that leaves from here (that arrives, at the last stop).
        public var part: TrainHandle
        public var railway: RailwayHandle
        /// Where a through-service train arrives on one station id and leaves from another of the
        /// same platform group (東横線 渋谷 → 副都心線 渋谷): the station it arrived at.
        public var arrivedAt: Reference.Station?
        /// At a through stop, the part that arrives here (`part` is the one that leaves): getting off
        /// there, the train the rider was on is this one, with its own direction.
        public var arrivingPart: TrainHandle? = nil

        /// Whether getting off here is getting off at `station` (either id of a through stop).
        func isAt(_ id: String) -> Bool {
            station.id == id || arrivedAt?.id == id || station.publicId == id || arrivedAt?.publicId == id
        }
    }

    /// Between getting off one train and boarding the next.
    public struct Transfer: Sendable, Equatable {
        public enum Place: String, Sendable {
            /// Across the platform, as the data says (`ChangeKind.crossPlatform`).
            case samePlatform
            /// Elsewhere in the same station complex: a walk inside the station.
            case sameStation
            /// Another station altogether: out and walk.
            case otherStation
        }
        /// From arriving to the next train leaving.
        public var minutes: Int
        public var place: Place
        /// Straight-line distance between the two stations when they are different stations.
        public var walkMeters: Int?
        /// The minutes the change needs (`TransferRules.needed`, the rule fastest routes use too).
        public var needed: Int
        /// False where the source says this change cannot be made (GTFS transfer_type 3).
        public var allowed: Bool
        /// What the change is: across the platform, a walk through the concourse, the gates…
        public var kind: ChangeKind
        /// `needed` rests on a rough figure (`StationChange.estimated`): the words say 目安.
        public var estimated: Bool

        public init(minutes: Int, place: Place, walkMeters: Int?, needed: Int, allowed: Bool = true, kind: ChangeKind? = nil,
                    estimated: Bool = false) {
            self.estimated = estimated
            self.kind = kind ?? (place == .samePlatform ? .crossPlatform : place == .sameStation ? .concourse : .street)
            self.minutes = minutes
            self.place = place
            self.walkMeters = walkMeters
            self.needed = needed
            self.allowed = allowed
        }

        /// The next train leaves before this one arrives, or the source forbids the change.
        public var impossible: Bool { minutes < 0 || !allowed }
        /// Less time than the change needs: the train may leave without the rider. Flagged (⚠),
        /// never hidden: a rider who knows the way may make it.
        public var tight: Bool { !impossible && minutes < needed }
    }

    public var departure: ServiceMinute? { segments.first?.departure }
    public var arrival: ServiceMinute? { segments.last?.arrival }
    public var isFeasible: Bool { !transfers.contains(where: \.impossible) }

    /// The pattern a rider would repeat another day: stations and directions, not times.
    public var pattern: RoutePattern {
        RoutePattern(legs: segments.map { .init(board: $0.board.id, direction: $0.direction.id, alight: $0.alight.id) })
    }
}
