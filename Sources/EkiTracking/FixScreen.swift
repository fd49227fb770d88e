/// Why a fix was dropped before tracking: a phone or a file can send anything.
public enum SkippedFix: String, Sendable, CaseIterable {
    case notANumber = "not a number"
    case outOfRange = "position out of range"
    case badAccuracy = "negative or missing accuracy"
    case timeBackwards = "time going backwards"
    case duplicate = "duplicate"

    /// Nil when the fix is usable after `previous` (the last fix accepted).
    static func reason(_ fix: Fix, after previous: Fix?) -> SkippedFix? {
        guard fix.time.isFinite, fix.latitude.isFinite, fix.longitude.isFinite else { return .notANumber }
        guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude),
              !(fix.latitude == 0 && fix.longitude == 0) else { return .outOfRange }
        guard fix.accuracy.isFinite, fix.accuracy >= 0 else { return .badAccuracy }
        guard let previous else { return nil }
        if fix.time < previous.time { return .timeBackwards }
        if fix.time == previous.time { return .duplicate }
        return nil
    }
}
