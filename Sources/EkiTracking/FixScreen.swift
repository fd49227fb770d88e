/// Why a fix was dropped before tracking: a phone or a file can send anything.
public enum SkippedFix: String, Sendable, CaseIterable {
    case notANumber = "not a number"
    case timeOutOfRange = "time out of range"
    case outOfRange = "position out of range"
    case badAccuracy = "negative or missing accuracy"
    case timeBackwards = "time going backwards"
    case duplicate = "duplicate"

    /// Nil when the fix is usable after `previous` (the last fix accepted).
    static func reason(_ fix: Fix, after previous: Fix?) -> SkippedFix? {
        guard fix.time.isFinite, fix.latitude.isFinite, fix.longitude.isFinite else { return .notANumber }
        // Before any calendar arithmetic: a time of -1e19 s has no service day.
        guard Fix.supportedTimes.contains(fix.time) else { return .timeOutOfRange }
        guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude),
              !(fix.latitude == 0 && fix.longitude == 0) else { return .outOfRange }
        guard fix.accuracy.isFinite, fix.accuracy >= 0 else { return .badAccuracy }
        guard let previous else { return nil }
        if fix.time < previous.time { return .timeBackwards }
        if fix.time == previous.time { return .duplicate }
        return nil
    }
}
