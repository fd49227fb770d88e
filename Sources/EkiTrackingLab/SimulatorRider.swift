import EkiCore
import EkiStore
import EkiTracking
import Foundation

extension RideSimulator {
    /// The rider's day: waiting on the platform, aboard while the train runs, a short stand at the
    /// arrival platform, walking to the next train's platform when changing, and walking away at
    /// the end; the phone records a fix about once a second (now and then two), through the GPS model.
    func rider(_ segments: [Segment], name: String, seed: UInt64, random: inout SimulatorRandom) -> SimulatedRide {
        struct Leg {
            var segment: Int
            var platformFrom: Double   // rider on the platform
            var boards: Double         // train arrives: rider aboard from here
            var alights: Double        // rider steps off
        }
        var legs: [Leg] = []
        var walks: [(from: GeoPoint, to: GeoPoint, start: Double, end: Double)] = []
        var time = (segments[0].run.calls[0].arrival - random.uniform(30...120)).rounded()
        for (index, segment) in segments.enumerated() {
            let run = segment.run
            if index > 0, let previous = legs.last {
                let from = segments[index - 1].run.path.locate(segments[index - 1].run.path.length).point
                let to = run.path.locate(0).point
                let walkEnd = previous.alights + max(60, from.distance(to: to) / 1.2 + 45)
                walks.append((from, to, previous.alights, walkEnd))
                time = walkEnd
            }
            legs.append(Leg(segment: index, platformFrom: time, boards: run.calls[0].arrival,
                            alights: run.arrival + random.uniform(8...20)))
        }
        // Walking away from the last platform toward an exit.
        let last = segments[segments.count - 1].run
        let exitFrom = last.path.locate(last.path.length).point
        let bearing = random.uniform(0...(2 * .pi)), walkAway = random.uniform(60...150)
        let exitTo = SimulatorPlane(origin: exitFrom).point(x: sin(bearing) * walkAway * 1.3, y: cos(bearing) * walkAway * 1.3)
        let end = legs[legs.count - 1].alights + walkAway
        walks.append((exitFrom, exitTo, legs[legs.count - 1].alights, end))

        var gps = SimulatorGPS()
        var fixes: [Fix] = []
        var truths: [RideTruth.FixTruth] = []
        var t = legs[0].platformFrom
        while t <= end {
            var situation: SimulatorGPS.Situation
            var truth = RideTruth.FixTruth(t: RideFileWriter.iso8601(t), onTrain: false, underground: false, outlier: false)
            if let leg = legs.first(where: { t >= $0.platformFrom && t < $0.alights }) {
                let segment = segments[leg.segment]
                let run = segment.run
                let (distance, speed) = run.motion(at: t)
                let (point, course) = run.path.locate(distance)
                let where_ = Self.whereabouts(run: run, distance: distance, time: t)
                truth.segment = leg.segment
                truth.underground = where_.underground
                if t >= leg.boards {
                    truth.onTrain = true
                    truth.railway = segment.railway.id
                    truth.direction = segment.direction
                    truth.previousStation = where_.previous
                    truth.nextStation = where_.next
                    truth.focusStation = where_.focus
                    truth.phase = where_.phase
                } else {
                    truth.focusStation = run.calls[0].station.id
                }
                situation = .init(point: point, speed: t >= leg.boards ? speed : 0, course: course,
                                  nearStation: where_.nearStation, underground: where_.underground, walking: t < leg.boards)
            } else if let walk = walks.first(where: { t >= $0.start && t <= $0.end }) {
                let f = (t - walk.start) / max(1, walk.end - walk.start)
                let plane = SimulatorPlane(origin: walk.from)
                let (x, y) = plane.xy(walk.to)
                let course = (atan2(x, y) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                situation = .init(point: plane.point(x: x * f, y: y * f), speed: hypot(x, y) / max(1, walk.end - walk.start),
                                  course: course, nearStation: true, underground: false, walking: true)
            } else {
                // Waiting on the next platform after a change.
                let next = legs.first { $0.platformFrom > t } ?? legs[legs.count - 1]
                situation = .init(point: segments[next.segment].run.path.locate(0).point, speed: 0, course: 0,
                                  nearStation: true, underground: false, walking: true)
            }
            if let (fix, outlier) = gps.fix(at: t, situation, random: &random) {
                truth.outlier = outlier
                fixes.append(fix)
                truths.append(truth)
            }
            t += random.chance(0.05) ? 2 : 1
        }

        let truthSegments = segments.map { segment in
            let run = segment.run
            return RideTruth.Segment(
                railway: segment.railway.id, direction: segment.direction, train: segment.train,
                trainType: segment.trainType,
                boardStation: run.calls[0].station.id, alightStation: run.calls[run.calls.count - 1].station.id,
                departure: RideFileWriter.iso8601(run.departure), arrival: RideFileWriter.iso8601(run.arrival),
                stations: run.calls.map { call in
                    RideTruth.StationCall(station: call.station.id, stops: call.stops,
                                          arrival: RideFileWriter.iso8601(call.arrival), departure: RideFileWriter.iso8601(call.departure),
                                          timetableArrival: call.timetableArrival.map { ServiceMinute($0).serviceClock },
                                          timetableDeparture: call.timetableDeparture.map { ServiceMinute($0).serviceClock },
                                          distance: (call.distance * 10).rounded() / 10)
                },
                equivalents: segment.equivalents,
                underground: run.calls.contains(where: \.underground))
        }
        let truth = RideTruth(ride: name, seed: seed, serviceDate: serviceDate.iso, corridor: segments[0].corridor,
                              aboveGround: !truthSegments.contains(where: \.underground),
                              segments: truthSegments, fixes: truths)
        return SimulatedRide(name: name, fixes: fixes, truth: truth)
    }

    /// Where along the stretch the train is, in the words of the tracker's output. Stopped at a
    /// stop: `at` it, next is the one after. Moving from X toward Y: previous X, next Y; the focus
    /// is a station being passed (within 400 m before / 200 m after), else X for 300 m after
    /// leaving it (`departed`), else the next stop ahead (`approaching`).
    static func whereabouts(run: SimulatorRun, distance: Double, time: Double)
        -> (previous: String?, next: String?, focus: String?, phase: TrackingState.Phase?, underground: Bool, nearStation: Bool) {
        let calls = run.calls
        let nearStation = calls.contains { abs($0.distance - distance) <= 250 }
        func station(_ index: Int) -> String? {
            index < calls.count ? calls[index].station.id : run.stationAfter?.id
        }
        if let at = calls.indices.first(where: { calls[$0].stops && time >= calls[$0].arrival && time <= calls[$0].departure })
            ?? (time < run.departure ? 0 : nil) ?? (time >= run.arrival ? calls.count - 1 : nil) {
            return (at > 0 ? calls[at - 1].station.id : nil, station(at + 1), calls[at].station.id, .at,
                    calls[at].underground, nearStation)
        }
        let behind = calls.lastIndex { $0.distance <= distance } ?? 0
        let ahead = min(behind + 1, calls.count - 1)
        let midway = (calls[behind].distance + calls[ahead].distance) / 2
        let underground = distance < midway ? calls[behind].underground : calls[ahead].underground
        let previous = calls[behind].station.id, next = calls[ahead].station.id
        if !calls[ahead].stops, calls[ahead].distance - distance <= 400 {
            return (previous, next, next, .passing, underground, nearStation)
        }
        if !calls[behind].stops, distance - calls[behind].distance <= 200 {
            return (previous, next, previous, .passing, underground, nearStation)
        }
        if calls[behind].stops, distance - calls[behind].distance <= 300 {
            return (previous, next, previous, .departed, underground, nearStation)
        }
        let nextStop = calls[ahead...].first(where: \.stops)?.station.id
        return (previous, next, nextStop, .approaching, underground, nearStation)
    }
}
