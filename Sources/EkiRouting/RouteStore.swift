import EkiCore
import EkiStore
import Foundation

/// The rider's active route and remembered patterns, kept in the user-state file (never in the
/// timetable database). One route is active; it expires at the end of its service day.
public struct RouteStore: Sendable {
    let state: UserState

    public init(state: UserState) { self.state = state }

    /// The active route at `instant`. A route whose service day has ended is dropped and returned
    /// as `expired`, so the caller can say so once.
    public func active(at instant: ServiceInstant) throws -> (route: Route?, expired: Route?) {
        guard let body = try state.activeRoute() else { return (nil, nil) }
        guard let route = try? JSONDecoder().decode(Route.self, from: Data(body.utf8)) else {
            // A file written by another version: start afresh rather than fail every command.
            try state.clearActiveRoute()
            return (nil, nil)
        }
        if route.hasExpired(at: instant) {
            try state.clearActiveRoute()
            return (nil, route)
        }
        return (route, nil)
    }

    /// Keeps `plan`'s route as the active one and remembers its pattern.
    public func save(_ plan: RoutePlan, at date: Date = RiderClock.now()) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = String(decoding: try encoder.encode(plan.route), as: UTF8.self)
        let pattern = plan.pattern
        let patternBody = String(decoding: try encoder.encode(pattern), as: UTF8.self)
        try state.setActiveRoute(body, routeId: plan.route.id,
                                 pattern: pattern.legs.isEmpty ? nil : (pattern.signature, patternBody), at: date)
    }

    @discardableResult
    public func clear() throws -> Bool { try state.clearActiveRoute() }

    /// Remembered patterns, most used first.
    public func patterns() throws -> [RememberedPattern] {
        try state.routePatterns().compactMap { stored in
            guard let pattern = try? JSONDecoder().decode(RoutePattern.self, from: Data(stored.body.utf8)) else { return nil }
            return RememberedPattern(pattern: pattern, uses: stored.uses, lastUsed: stored.lastUsed)
        }
    }
}

/// A pattern and how much the rider has used it.
public struct RememberedPattern: Sendable, Equatable {
    public var pattern: RoutePattern
    public var uses: Int
    public var lastUsed: Date
    public init(pattern: RoutePattern, uses: Int, lastUsed: Date) {
        self.pattern = pattern; self.uses = uses; self.lastUsed = lastUsed
    }
}
