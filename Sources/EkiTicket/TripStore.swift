import EkiStore
import Foundation

/// The active trip, kept in the rider's state file (never in the timetable database). One trip at a
/// time; it ends `Trip.afterArrival` after its arrival.
public struct TripStore: Sendable {
    let state: UserState

    public init(state: UserState) { self.state = state }

    /// The trip at `now`; one that has ended is dropped and returned as `ended`, so the caller can say so once.
    public func active(at now: Date = Date()) throws -> (trip: Trip?, ended: Trip?) {
        guard let body = try state.activeTrip() else { return (nil, nil) }
        guard let trip = try? JSONDecoder().decode(Trip.self, from: Data(body.utf8)) else {
            try state.clearActiveTrip()   // written by another version: start afresh
            return (nil, nil)
        }
        if trip.phase(at: now) == .ended {
            try state.clearActiveTrip()
            return (nil, trip)
        }
        return (trip, nil)
    }

    public func save(_ trip: Trip, at date: Date = Date()) throws {
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
