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
}
