import EkiCore
import EkiStore
@testable import EkiTracking
import EkiTestSupport
import Foundation

/// Rides made from real trains of the timetable along their railway's real shape, for the replay
/// tests: the train keeps its timetable (half a minute still at each stop, even speed between),
/// the phone gives a fix a second with correlated noise, worse near stations.
enum ReplayRides {
    /// The real network, loaded once per test process.
    static func network() throws -> TrackingNetwork { try networkOnce.get() }
    private static let networkOnce = Result { try TrackingNetwork(timetable: SharedData.imported().timetable) }

    /// Tuesday 2026-11-24, 00:00 Tokyo.
    static let midnight = 1_795_446_000.0

    struct Ride {
        var fixes: [Fix]
        /// When the train leaves the boarding station.
        var departure: Double
        /// Station ids the train goes by after boarding, with whether it stops, in order.
        var calls: [(station: String, stops: Bool, time: Double)]
    }

    /// The train `code` from `board` to `alight` (station ids of its railway).
    static func ride(_ code: String, from board: String, to alight: String, seed: UInt64 = 1) throws -> Ride {
        let network = try network()
        guard let part = try network.timetable.ridePart(code),
              let line = network.rails.lines.first(where: { $0.railway == part.railway }),
              let first = part.stops.firstIndex(where: { $0.station == board }),
              let last = part.stops.firstIndex(where: { $0.station == alight }), first < last else {
            throw RideError(message: "no ride \(code) \(board) → \(alight)")
        }
        var random = seed
        func noise() -> Double {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(random >> 11) / Double(1 << 53) - 0.5
        }
        let stops = Array(part.stops[first...last]).compactMap { stop -> (along: Double, arrive: Double, leave: Double)? in
            guard let along = line.along(of: stop.station) else { return nil }
            let arrival = Double((stop.arrival ?? stop.departure)?.value ?? 0) * 60
            let departure = Double((stop.departure ?? stop.arrival)?.value ?? 0) * 60
            return (along, midnight + arrival, midnight + max(departure, arrival + 30))
        }
        var fixes: [Fix] = []
        var alongs: [Double] = []
        var (dx, dy) = (0.0, 0.0)
        var time = stops[0].arrive
        func emit(_ along: Double, speed: Double, sign: Double) {
            let (point, bearing) = line.position(at: along)
            alongs.append(along)
            let nearStation = line.stations.contains { abs(line.signedStep(from: along, to: $0.along)) < 150 }
            let spread = nearStation ? 25.0 : 6.0
            dx = 0.85 * dx + spread * noise(); dy = 0.85 * dy + spread * noise()
            fixes.append(Fix(time: time, latitude: point.latitude + dy / PlanePoint.metresPerDegree,
                             longitude: point.longitude + dx / PlanePoint.metresPerDegreeLongitude,
                             accuracy: nearStation ? 60 : 12, speed: speed,
                             course: speed > 1 ? (sign > 0 ? bearing : (bearing + 180).truncatingRemainder(dividingBy: 360)) : -1))
        }
        for (i, stop) in stops.enumerated() {
            while time < stop.leave { emit(stop.along, speed: 0, sign: 1); time += 1 }
            guard i + 1 < stops.count else { break }
            let next = stops[i + 1]
            let step = line.signedStep(from: stop.along, to: next.along)
            let arrive = next.arrive - 20   // the timetable's minute, less a little: it is rounded
            let speed = abs(step) / max(30, arrive - time)
            let leave = time
            while time < arrive {
                emit(stop.along + step * (time - leave) / (arrive - leave), speed: speed, sign: step >= 0 ? 1 : -1)
                time += 1
            }
        }
        var calls: [(String, Bool, Double)] = []
        let stopping = Set(part.stops[first...last].map(\.station))
        let from = stops[0].along, to = stops[stops.count - 1].along
        let sign: Double = line.signedStep(from: from, to: to) >= 0 ? 1 : -1
        for station in line.stations.sorted(by: { sign * $0.along < sign * $1.along })
        where (station.along - from) * sign > 0 && (to - station.along) * sign >= 0 {
            let reached = alongs.firstIndex { ($0 - station.along) * sign >= -50 } ?? fixes.count - 1
            let time = fixes[reached].time
            calls.append((station.id, stopping.contains(station.id), time))
        }
        return Ride(fixes: fixes, departure: stops[0].leave, calls: calls)
    }

    struct RideError: Error { var message: String }

    /// Replays fixes through a fresh tracker.
    static func replay(_ fixes: [Fix]) throws -> (states: [TrackingState], tracker: RideTracker) {
        let tracker = RideTracker(network: try network())
        return (fixes.map { tracker.update($0) }, tracker)
    }
}
