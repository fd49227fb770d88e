import EkiCore
import EkiStore
import Foundation

/// The active trip, kept in the rider's state file (never in the timetable database). One trip at a
/// time. Looking at it never changes it: a trip past its arrival is reported as ended and stays until
/// the rider scans, types or clears another — asking "what if it were 15:00" must not lose the ticket.
public struct TripStore: Sendable {
    let state: UserState

    public init(state: UserState) { self.state = state }

    /// The kept trip whatever its date (nil when there is none, or it was written by another version).
    public func current() throws -> Trip? {
        guard let body = try state.activeTrip() else { return nil }
        return try? JSONDecoder().decode(Trip.self, from: Data(body.utf8))
    }

    /// The trip at `now`: the kept one while it lasts; once it has ended it comes back as `ended`, so the
    /// caller can say so.
    public func active(at now: Date = RiderClock.now()) throws -> (trip: Trip?, ended: Trip?) {
        guard let trip = try current() else { return (nil, nil) }
        if trip.phase(at: now) == .ended { return (nil, trip) }
        return (trip, nil)
    }

    public func save(_ trip: Trip, at date: Date = RiderClock.now()) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try state.setActiveTrip(String(decoding: try encoder.encode(trip), as: UTF8.self), at: date)
    }

    @discardableResult
    public func clear() throws -> Bool { try state.clearActiveTrip() }
}

extension ScanResult {
    /// The scan as a trip to keep.
    public func trip() -> Trip { Trip(ticket: ticket, confidence: confidence) }
}
