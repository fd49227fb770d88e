import EkiCore
@testable import EkiTracking
import Foundation

/// Small hand-built lines for the engine's unit tests: positions given in metres east and north
/// of a point in Kanagawa, stations named by the test.
enum HandLines {
    static func geo(_ x: Double, _ y: Double) -> GeoPoint {
        GeoPoint(latitude: PlanePoint.originLatitude - 0.1 + y / PlanePoint.metresPerDegree,
                 longitude: PlanePoint.originLongitude - 0.1 + x / PlanePoint.metresPerDegreeLongitude)
    }

    /// A line through `points` (metres) with stations at the given points, in list order;
    /// directions "Up" (ascending, the list's order) and "Down".
    static func line(_ id: String, points: [(Double, Double)], stations: [(String, Double, Double)], loop: Bool = false) -> RailLine {
        RailLine(railway: id, ascending: "Up", descending: "Down", isLoop: loop,
                 shape: [points.map { geo($0.0, $0.1) }],
                 stations: stations.map { (id: $0.0, position: geo($0.1, $0.2)) })!
    }

    /// A straight line running east for `length` metres, a station every `spacing` metres.
    static func straight(_ id: String, y: Double = 0, length: Double = 6000, spacing: Double = 1000,
                         stations only: [Int]? = nil) -> RailLine {
        let count = Int(length / spacing)
        let indices = only ?? Array(0...count)
        return line(id, points: [(0, y), (length, y)],
                    stations: indices.map { ("\(id).S\($0)", Double($0) * spacing, y) })
    }

    /// One train for `line` (index in the network) running in `sign` direction, stopping at the
    /// stations whose along is listed, leaving the first at `start` minutes and taking a minute a
    /// kilometre plus half a minute a stop.
    static func train(_ id: Int64, on line: RailLine, stoppingAt stops: [Double], start: Double) -> DaySchedule.Train {
        var minute = start
        var list: [DaySchedule.Stop] = []
        for (i, along) in stops.enumerated() {
            if i > 0 { minute += abs(along - stops[i - 1]) / 1000 }
            let station = line.stations.min { abs($0.along - along) < abs($1.along - along) }!
            list.append(.init(station: station.index, along: station.along, arrival: minute, departure: minute + 0.5))
            minute += 0.5
        }
        return DaySchedule.Train(rowId: id, stops: list)
    }

    static func network(_ lines: [RailLine], trains: [(line: Int, sign: Double, train: DaySchedule.Train)] = []) -> RailNetwork {
        RailNetwork(lines: lines) { date in
            var schedule = DaySchedule(serviceDate: date)
            for item in trains { schedule.add(item.train, line: item.line, sign: item.sign) }
            return schedule
        }
    }

    /// 2026-11-24 (a Tuesday) at `minute` of the service day, Tokyo, as seconds since 1970.
    static func time(minute: Double) -> Double {
        1_795_446_000 + minute * 60   // 2026-11-24T00:00+09:00 is 1_795_446_000
    }

    /// A ride along `line` from `from` to `to` metres: `speed` m/s between stops, `dwell` seconds
    /// still at each of `stops` (metres along), one fix a second with a small wobble, starting at `start`.
    static func ride(on line: RailLine, from: Double, to: Double, stops: [Double] = [], speed: Double = 15,
                     dwell: Double = 30, start: Double, accuracy: Double = 10, offset: Double = 0) -> [Fix] {
        var fixes: [Fix] = []
        var along = from
        var time = start
        let sign: Double = to >= from ? 1 : -1
        var pending = stops.sorted { ($0 - from) * sign < ($1 - from) * sign }.filter { ($0 - from) * sign > 0 }
        var wobble = 0
        func emit(_ speedNow: Double) {
            let (point, bearing) = line.position(at: along)
            wobble += 1
            let shift = Double((wobble * 7) % 11 - 5) + offset   // metres north, deterministic
            fixes.append(Fix(time: time, latitude: point.latitude + shift / PlanePoint.metresPerDegree,
                             longitude: point.longitude, accuracy: accuracy, speed: speedNow,
                             course: speedNow > 1 ? (sign > 0 ? bearing : (bearing + 180).truncatingRemainder(dividingBy: 360)) : -1))
            time += 1
        }
        while (to - along) * sign > 0 {
            if let stop = pending.first, (stop - along) * sign <= speed {
                along = stop
                pending.removeFirst()
                for _ in 0..<Int(dwell) { emit(0) }
                continue
            }
            along += sign * speed
            emit(speed)
        }
        return fixes
    }
}
