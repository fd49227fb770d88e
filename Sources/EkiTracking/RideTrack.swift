import Foundation

/// Something the train did at a place, as seen from one line: stopped (at one of the line's
/// stations or between them) or went through a station without stopping.
struct RideEvent: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case stop(station: Int?)
        case pass(station: Int)
    }
    var kind: Kind
    var time: Double
}

/// The ride as seen on one railway line: where along it the rider is (a small position and speed
/// filter), the evidence for each of its two directions, and the stops and passes observed on it.
struct RideTrack: Sendable {
    let line: Int
    /// Filtered metres along the line and speed along it (m/s, signed toward growing `along`).
    var along: Double
    var velocity: Double = 0
    var variance: Double
    var time: Double
    /// Fixes in a row too far from the filtered position to be believed.
    var rejected = 0
    /// Last time a fix fell within reach of the line.
    var seen: Double
    /// Distance from the line of the last fix, metres (infinity when out of reach).
    var offset: Double
    /// Accumulated log-likelihood of riding toward growing `along` ([0]) and against it ([1]).
    var score: [Double]
    /// Timetable and stop-pattern evidence per direction, recomputed (not accumulated).
    var schedule: [Double] = [0, 0]
    /// The train of each direction that fits best, when the timetable has one.
    var train: [DaySchedule.Train?] = [nil, nil]
    var scheduleTime: Double = -.infinity
    var scheduleEvents = 0
    /// Where a clear move along the line was last measured from: direction evidence comes from
    /// moves bigger than the noise, not from every fix's jitter.
    var anchor: (along: Double, time: Double, sigma: Double)
    var events: [RideEvent] = []
    /// A station crossed, waiting to be called a pass once well behind.
    struct Crossing: Sendable {
        var station: Int
        var along: Double
        var time: Double
        /// The slowest speed seen from the approach on, m/s.
        var slowest: Double
        /// Fixes kept coming (no gap that could hide a stop) from the approach on.
        var gapless: Bool
    }
    var crossing: [Crossing] = []
    /// The station the train last stopped at on this line, and when.
    var lastStop: (station: Int, time: Double)?

    init(line: Int, along: Double, sigma: Double, time: Double, score: Double) {
        self.line = line
        self.along = along
        variance = sigma * sigma
        self.time = time
        seen = time
        offset = 0
        self.score = [score, score]
        anchor = (along, time, sigma)
    }

    func total(_ direction: Int) -> Double { score[direction] + schedule[direction] }

    static func sign(_ direction: Int) -> Double { direction == 0 ? 1 : -1 }
    static func direction(_ sign: Double) -> Int { sign >= 0 ? 0 : 1 }

    mutating func record(_ event: RideEvent) {
        events.append(event)
        if events.count > 16 { events.removeFirst(events.count - 16) }
    }
}
