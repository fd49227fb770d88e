import EkiCore

/// What the rider does next on a route, at a moment of its service day: "leave in 7 min",
/// "get off at 中目黒 in 3 stops", or nothing left to do.
public enum NextAction: Sendable, Equatable {
    /// Board segment `segment` (0-based) in `minutes`.
    case board(segment: Int, minutes: Int)
    /// On segment `segment`: get off in `stops` stops, `minutes` from now.
    case getOff(segment: Int, stops: Int, minutes: Int)
    case arrived
}

extension RoutePlan {
    /// The next action at `instant`; a route of an earlier service day has arrived, one of a later
    /// day has its first train ahead.
    public func nextAction(at instant: ServiceInstant) -> NextAction {
        let minute = instant.minute.value + (instant.serviceDate.daysSinceEpoch - route.serviceDate.daysSinceEpoch) * 1440
        for (index, segment) in segments.enumerated() {
            if minute < segment.departure.value {
                return .board(segment: index, minutes: segment.departure.value - minute)
            }
            if minute < segment.arrival.value {
                // Stops still ahead: those the train has not yet reached.
                let ahead = segment.stops.dropFirst().filter { stop in
                    (stop.arrival ?? stop.departure).map { $0.value > minute } ?? false
                }
                return .getOff(segment: index, stops: max(1, ahead.count), minutes: segment.arrival.value - minute)
            }
        }
        return .arrived
    }
}
