import Foundation

/// The order a ride's fixes must come in, one rule for the ride API's sessions and for a replayed
/// file (review of issue 20, 9: `eki track --replay` took fixes 0.01 s apart that the API refused):
/// each later than the one before, and at least `minimumInterval` after it — a phone gives one a
/// second, and a session fed faster is a client hoarding the server's time.
public enum FixOrder {
    public static let minimumInterval = 0.5

    public enum Refusal: Error, Equatable {
        case outOfOrder(seconds: Double)
        case tooClose(seconds: Double, minimum: Double)

        /// In words for the page or the terminal (the caller names the fix).
        public var rule: String {
            switch self {
            case .outOfOrder(let seconds):
                "t is \(Self.format(seconds)) s before the previous fix; send fixes in time order"
            case .tooClose(let seconds, let minimum):
                "t is \(Self.format(seconds)) s after the previous fix; fixes must be at least \(Self.format(minimum)) s apart"
            }
        }

        private static func format(_ seconds: Double) -> String {
            seconds >= 100 ? String(Int(min(seconds, 1e15).rounded())) : String(format: "%.3g", seconds)
        }
    }

    /// Why a fix at `time` cannot follow one at `previous` (nil: it can).
    public static func check(_ time: Double, after previous: Double?, minimum: Double = minimumInterval) -> Refusal? {
        guard let previous else { return nil }
        if time < previous { return .outOfOrder(seconds: previous - time) }
        if time - previous < minimum { return .tooClose(seconds: time - previous, minimum: minimum) }
        return nil
    }
}
