import EkiStore

/// Follows one ride fix by fix. Not thread-safe: one tracker per rider.
///
/// CONTRACT (engine to be written): `init(network:)`, `update(_:) -> TrackingState`, and
/// `skipped` counting fixes dropped as garbage, by reason.
public final class RideTracker {
    public let network: TrackingNetwork
    public private(set) var skipped: [String: Int] = [:]

    public init(network: TrackingNetwork) {
        self.network = network
    }

    public func update(_ fix: Fix) -> TrackingState {
        TrackingState(time: fix.time)
    }
}

/// The railways' shapes, stations and timetables, loaded once from a database and shared by every
/// tracker (immutable, so safe across threads).
public final class TrackingNetwork: Sendable {
    public let timetable: Timetable
    public init(timetable: Timetable) throws {
        self.timetable = timetable
    }
}
