import EkiCore
import EkiStore
import Foundation

/// A route the rider has taken before, filled in with the next real trains.
public struct RouteSuggestion: Sendable {
    public var remembered: RememberedPattern
    /// From the asked position to the first board station, when a position was given.
    public var distanceMeters: Int?
    public var walkMinutes: Int?
    /// The next trains along the pattern; nil when one of its legs has no train left today.
    public var plan: RoutePlan?
}

extension RoutePlanner {
    /// The pattern's legs on the next trains: the first leaving its board station at `minute` or
    /// later, each next one catchable after the previous arrival (`TransferRules`). Nil when a leg
    /// has no train left on the service day.
    public func fill(_ pattern: RoutePattern, on date: CivilDate, after minute: Int) throws -> RoutePlan? {
        var segments: [RoutePlan.Segment] = []
        for leg in pattern.legs {
            guard let board = reference.stations[id: leg.board], let alight = reference.stations[id: leg.alight] else { return nil }
            guard let segment = try nextSegment(from: [board], direction: leg.direction, to: platformMates(of: alight), on: date,
                                                after: segments.last?.arrival.value ?? minute, arrivedOn: segments.last.map(Arrival.init)) else { return nil }
            segments.append(segment)
        }
        let route = Route(serviceDate: date, segments: segments.map(\.choice))
        return RoutePlan(route: route, segments: segments,
                         transfers: zip(segments, segments.dropFirst()).map { transfer(from: $0, to: $1) })
    }

    /// Patterns worth offering now. With a position: those starting within `radius` metres, ordered
    /// by `PersonalOrder` (distance and use together), the walk added before the first train.
    /// Without: most used first.
    public func suggestions(from remembered: [RememberedPattern], near position: GeoPoint?, radius: Double = 1500,
                            at instant: ServiceInstant, now: Date = RiderClock.now(), limit: Int = 5) throws -> [RouteSuggestion] {
        var candidates: [(RouteSuggestion, Double)] = []
        for item in remembered {
            guard let first = item.pattern.legs.first, let board = reference.stations[id: first.board] else { continue }
            let weight = PersonalOrder.weight(views: item.uses, lastViewed: item.lastUsed, now: now)
            var suggestion = RouteSuggestion(remembered: item, distanceMeters: nil, walkMinutes: nil, plan: nil)
            if let position {
                guard let place = board.coordinate ?? reference.complexes[board.complex]?.coordinate else { continue }
                let meters = place.distance(to: position)
                guard meters <= radius else { continue }
                suggestion.distanceMeters = Int(meters.rounded())
                suggestion.walkMinutes = Int((meters / 80).rounded(.up))
                candidates.append((suggestion, PersonalOrder.score(distance: meters, weight: weight)))
            } else {
                candidates.append((suggestion, -weight))
            }
        }
        return try candidates.sorted { $0.1 < $1.1 }.prefix(limit).map { suggestion, _ in
            var filled = suggestion
            filled.plan = try fill(suggestion.remembered.pattern, on: instant.serviceDate,
                                   after: instant.minute.value + (suggestion.walkMinutes ?? 0))
            return filled
        }
    }

    /// A station and the others sharing its platforms, the station first.
    func platformMates(of station: Reference.Station) -> [Reference.Station] {
        [station] + (reference.complexes[station.complex]?.stations ?? []).compactMap { reference.stations[$0] }
            .filter { $0.id != station.id && $0.platformGroup == station.platformGroup }
    }
}
