import EkiCore
import Foundation

/// A DIY route as the rider chose it: on one service day, the trains they take, where they board
/// and where they get off. Only choices are kept; times, transfers and flags are worked out from
/// the timetable each time (`RoutePlanner.plan`), so a data update never leaves stale times.
public struct Route: Codable, Sendable, Equatable {
    /// One train ridden: the train part boarded (it is followed across through service), the
    /// station boarded (as its departure board names it) and the station to get off at.
    public struct Segment: Codable, Sendable, Hashable {
        public var train: String
        public var board: String
        public var alight: String
        public init(train: String, board: String, alight: String) {
            self.train = train; self.board = board; self.alight = alight
        }
    }

    /// Identifies the route across edits, so its pattern is remembered once.
    public var id: String
    public var serviceDate: CivilDate
    public var segments: [Segment]

    public init(id: String = UUID().uuidString, serviceDate: CivilDate, segments: [Segment] = []) {
        self.id = id
        self.serviceDate = serviceDate
        self.segments = segments
    }

    /// A route belongs to its service day: at 03:00 the next morning it has expired.
    public func hasExpired(at instant: ServiceInstant) -> Bool {
        instant.serviceDate > serviceDate
    }
}

/// The part of a route a rider repeats: stations and directions, never times. 馬車道 (上り) →
/// 中目黒, 中目黒 (南千住方面) → 銀座 is one pattern whatever trains were taken.
public struct RoutePattern: Codable, Sendable, Hashable {
    public struct Leg: Codable, Sendable, Hashable {
        public var board: String
        public var direction: String
        public var alight: String
        public init(board: String, direction: String, alight: String) {
            self.board = board; self.direction = direction; self.alight = alight
        }
    }

    public var legs: [Leg]
    public init(legs: [Leg]) { self.legs = legs }

    /// A stable text key: equal patterns have equal signatures.
    public var signature: String {
        legs.map { "\($0.board)|\($0.direction)|\($0.alight)" }.joined(separator: ">")
    }
}
