import EkiStore

/// Follows one ride fix by fix. Not thread-safe: one tracker per rider.
///
/// `update(_:)` screens each fix (NaN, out of range, negative accuracy, time going backwards,
/// duplicates are skipped and counted in `skipped` by reason) and returns what the tracker believes
/// after it; a skipped fix returns the last state again, marked with the skipped fix's own time
/// when that time is readable.
public final class RideTracker {
    public let network: TrackingNetwork
    public private(set) var skipped: [String: Int] = [:]
    private let filter: RideFilter
    private var accepted: Fix?
    private var lastState: TrackingState?

    public init(network: TrackingNetwork) {
        self.network = network
        filter = RideFilter(rails: network.rails)
    }

    public func update(_ fix: Fix) -> TrackingState {
        if let reason = SkippedFix.reason(fix, after: accepted) {
            skipped[reason.rawValue, default: 0] += 1
            var state = lastState ?? TrackingState(time: accepted?.time ?? 0, reducedAccuracy: true)
            if Fix.supportedTimes.contains(fix.time), fix.time >= state.time { state.time = fix.time }
            return state
        }
        accepted = fix
        let state = filter.update(fix)
        lastState = state
        return state
    }

    /// Fixes skipped in all.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
