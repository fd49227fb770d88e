import Foundation

/// One position report from a phone's GPS, as a ride file or the live page sends it.
///
/// `accuracy` is the horizontal accuracy in metres (smaller is better); `speed` (m/s) and
/// `course` (degrees clockwise from north) are -1 when the device does not know them.
public struct Fix: Sendable, Equatable, Codable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    public var accuracy: Double
    public var speed: Double
    public var course: Double

    public init(time: Double, latitude: Double, longitude: Double, accuracy: Double, speed: Double = -1, course: Double = -1) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.speed = speed
        self.course = course
    }

    /// Times a fix may carry: 1970-01-01 up to 2100-01-01 (UTC). Anything else is a broken clock or
    /// a hostile client, and turning it into a service day would overflow a calendar computation.
    public static let supportedTimes: Range<Double> = 0 ..< 4_102_444_800

    /// The years of `supportedTimes`, for messages.
    public static let supportedYears = "1970–2099"
}

/// JSON numbers as a ride file or a request gives them: a real number only. `true` and `false`
/// come out of JSONSerialization as NSNumber too (1 and 0); they are not numbers here.
public enum JSONNumber {
    public static func double(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number.doubleValue
    }

    public static func isBoolean(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        // Booleans are the only values JSONSerialization makes with the `char` type code.
        return String(cString: number.objCType) == "c"
    }
}
