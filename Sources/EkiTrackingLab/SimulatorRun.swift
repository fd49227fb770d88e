import EkiStore
import Foundation

/// One train's run over the ridden stretch: when it is where. Between two stops it accelerates
/// (~0.8 m/s²), cruises and brakes (~0.9 m/s²) — a trapezoid whose cruising speed is the lowest
/// that keeps the timetable — and it stands at each stop for its dwell. Stations it does not stop
/// at are simply gone through at speed.
struct SimulatorRun {
    struct Call {
        var station: Reference.Station
        var stops: Bool
        /// Metres from the boarding station along the path.
        var distance: Double
        /// Simulated times, seconds since 1970 (equal when passing).
        var arrival: Double
        var departure: Double
        /// Timetable minutes of the service day, when it stops.
        var timetableArrival: Int?
        var timetableDeparture: Int?
        var underground: Bool
    }

    struct Leg {
        var from: Double, to: Double
        var depart: Double, arrive: Double
        var cruise: Double, accelerate: Double, brake: Double

        /// Distance covered `tau` seconds after departing, and the speed then.
        func motion(_ tau: Double) -> (distance: Double, speed: Double) {
            let total = arrive - depart, length = to - from
            let t1 = cruise / accelerate, t3 = cruise / brake
            let tau = min(max(tau, 0), total)
            if tau < t1 { return (0.5 * accelerate * tau * tau, accelerate * tau) }
            if tau < total - t3 { return (0.5 * cruise * t1 + cruise * (tau - t1), cruise) }
            let left = total - tau
            return (length - 0.5 * brake * left * left, brake * left)
        }
    }

    static let acceleration = 0.8
    static let braking = 0.9

    var path: SimulatorPath
    var calls: [Call]
    var legs: [Leg] = []
    /// The railway's station after the alighting one in the direction of travel, if any.
    var stationAfter: Reference.Station?

    /// Times every call from the timetable: a stop's timetable minute is when it happens within
    /// that minute (dwells of 20–35 s when arrival and departure share a minute), so the train is
    /// at each stop within ±30 s of its timetable times.
    init?(path: SimulatorPath, calls: [Call], serviceDayStart: Double, random: inout SimulatorRandom) {
        self.path = path
        self.calls = calls
        let stops = calls.indices.filter { calls[$0].stops }
        guard stops.first == 0, stops.last == calls.count - 1, stops.count >= 2 else { return nil }
        for index in stops {
            let call = calls[index]
            guard let minute = call.timetableDeparture ?? call.timetableArrival else { return nil }
            let arrivalMinute = call.timetableArrival ?? minute
            if minute > arrivalMinute {
                self.calls[index].arrival = serviceDayStart + Double(arrivalMinute * 60) + random.uniform(0...20)
                self.calls[index].departure = serviceDayStart + Double(minute * 60) + random.uniform(5...25)
            } else {
                let departure = serviceDayStart + Double(minute * 60) + random.uniform(10...28)
                self.calls[index].departure = departure
                self.calls[index].arrival = departure - random.uniform(20...35)
            }
        }
        // Minute-rounded timetables can leave almost no time between close stops: shorten the
        // dwell first, then run a little late, rather than teleport.
        for (a, b) in zip(stops, stops.dropFirst()) {
            let needed = 20.0
            if self.calls[b].arrival - self.calls[a].departure < needed {
                self.calls[a].departure = max(self.calls[a].arrival + 10, self.calls[b].arrival - needed)
                self.calls[b].arrival = max(self.calls[b].arrival, self.calls[a].departure + needed)
                self.calls[b].departure = max(self.calls[b].departure, self.calls[b].arrival + 10)
            }
        }
        for (a, b) in zip(stops, stops.dropFirst()) {
            let from = self.calls[a], to = self.calls[b]
            let length = to.distance - from.distance, total = to.arrival - from.departure
            guard length > 0, total > 0 else { return nil }
            var accelerate = Self.acceleration, brake = Self.braking
            var k = 1 / (2 * accelerate) + 1 / (2 * brake)
            var disc = total * total - 4 * k * length
            if disc < 0 {
                // The timetable asks for more than these rates give: scale them up just enough.
                let scale = 4 * k * length / (total * total)
                accelerate *= scale; brake *= scale
                k = 1 / (2 * accelerate) + 1 / (2 * brake)
                disc = 0
            }
            let cruise = (total - disc.squareRoot()) / (2 * k)
            let leg = Leg(from: from.distance, to: to.distance, depart: from.departure, arrive: to.arrival,
                          cruise: cruise, accelerate: accelerate, brake: brake)
            legs.append(leg)
            for pass in (a + 1)..<b {
                let time = leg.time(at: self.calls[pass].distance)
                self.calls[pass].arrival = time
                self.calls[pass].departure = time
            }
        }
    }

    var departure: Double { calls[0].departure }
    var arrival: Double { calls[calls.count - 1].arrival }

    /// Where the train is at `t` (clamped to the stretch) and how fast it goes.
    func motion(at t: Double) -> (distance: Double, speed: Double) {
        guard let leg = legs.first(where: { t < $0.arrive }) else { return (path.length, 0) }
        if t <= leg.depart { return (leg.from, 0) }
        let (covered, speed) = leg.motion(t - leg.depart)
        return (leg.from + covered, speed)
    }
}

extension SimulatorRun.Leg {
    /// When the train reaches `distance` on this leg (bisection: the motion is monotonic).
    func time(at distance: Double) -> Double {
        var low = depart, high = arrive
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if from + motion(mid - depart).distance < distance { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
