import EkiTracking
import Foundation

/// What really happened on a simulated ride, written beside its fixes (`ride-0001.truth.json`)
/// for the evaluation to compare the tracker with. Ids are the database's codes.
public struct RideTruth: Sendable, Equatable, Codable {
    /// One train ridden from boarding to alighting.
    public struct Segment: Sendable, Equatable, Codable {
        public var railway: String
        public var direction: String
        /// The train part's id, e.g. `JR-East.Tokaido.1524M.Weekday`.
        public var train: String
        public var trainType: String
        public var boardStation: String
        public var alightStation: String
        /// When the train leaves the boarding station / reaches the alighting one (ISO 8601, UTC).
        public var departure: String
        public var arrival: String
        /// Every station the train goes by on the ride in order, from boarding to alighting, and
        /// whether it stops there, with the simulated times (ISO 8601) and the timetable's minutes.
        public var stations: [StationCall]
        /// Other (railway, direction) pairs a tracker cannot tell apart from this one on the
        /// ridden stretch: stations at the same places and a train there with the same stops.
        public var equivalents: [Line]
        /// The ride runs underground somewhere (no fixes there).
        public var underground: Bool
    }

    public struct StationCall: Sendable, Equatable, Codable {
        public var station: String
        public var stops: Bool
        /// Simulated arrival and departure (equal when passing), ISO 8601.
        public var arrival: String
        public var departure: String
        /// The timetable's arrival and departure as "HH:MM" service-day clock, when it stops.
        public var timetableArrival: String?
        public var timetableDeparture: String?
        /// Distance from the boarding station along the track, metres.
        public var distance: Double
    }

    public struct Line: Sendable, Equatable, Codable, Hashable {
        public var railway: String
        public var direction: String
        public init(railway: String, direction: String) {
            self.railway = railway
            self.direction = direction
        }
    }

    /// The truth at one fix of the fixes file (same order, same `t`).
    public struct FixTruth: Sendable, Equatable, Codable {
        public var t: String
        /// Index into `segments` while the rider is on (or boarding) that train; nil while walking.
        public var segment: Int?
        public var railway: String?
        public var direction: String?
        public var previousStation: String?
        public var nextStation: String?
        public var focusStation: String?
        public var phase: TrackingState.Phase?
        /// The rider is aboard a train (including standing at a platform in a train about to leave).
        public var onTrain: Bool
        public var underground: Bool
        /// The fix is a deliberate outlier (hundreds of metres off).
        public var outlier: Bool
    }

    public var ride: String
    public var seed: UInt64
    /// The service day the trains ran (YYYY-MM-DD, Tokyo).
    public var serviceDate: String
    /// The parallel corridor the whole ride lies in, e.g. "Shinagawa–Yokohama", if any.
    public var corridor: String?
    /// No part of the ride is underground: the evaluation's targets are for these.
    public var aboveGround: Bool
    public var segments: [Segment]
    public var fixes: [FixTruth]
}
