import EkiCore
import Foundation

/// A polyline in local metres (east, north) around a reference point: accurate to well under a
/// metre across the Tokyo region, and cheap, which is all the simulator needs.
struct SimulatorPlane {
    static let metresPerDegreeLatitude = 111_132.0
    let origin: GeoPoint
    let metresPerDegreeLongitude: Double

    init(origin: GeoPoint) {
        self.origin = origin
        metresPerDegreeLongitude = Self.metresPerDegreeLatitude * cos(origin.latitude * .pi / 180)
    }

    func xy(_ point: GeoPoint) -> (x: Double, y: Double) {
        ((point.longitude - origin.longitude) * metresPerDegreeLongitude,
         (point.latitude - origin.latitude) * Self.metresPerDegreeLatitude)
    }

    func point(x: Double, y: Double) -> GeoPoint {
        GeoPoint(latitude: origin.latitude + y / Self.metresPerDegreeLatitude,
                 longitude: origin.longitude + x / metresPerDegreeLongitude)
    }
}

/// The track a ride follows, from the boarding station to the alighting one, measured in metres
/// from its start: where the train is at a distance, and which way it heads there.
struct SimulatorPath {
    let plane: SimulatorPlane
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []
    /// Cumulative distance at each point.
    private(set) var along: [Double] = []

    init(plane: SimulatorPlane) { self.plane = plane }

    var length: Double { along.last ?? 0 }

    mutating func append(_ point: GeoPoint) {
        let (x, y) = plane.xy(point)
        if let lastX = xs.last, let lastY = ys.last {
            let step = hypot(x - lastX, y - lastY)
            if step < 0.01 { return }
            along.append(length + step)
        } else {
            along.append(0)
        }
        xs.append(x); ys.append(y)
    }

    /// Position and heading (degrees clockwise from north) at distance `s`, clamped to the path.
    func locate(_ s: Double) -> (point: GeoPoint, course: Double) {
        guard xs.count > 1 else { return (plane.point(x: xs.first ?? 0, y: ys.first ?? 0), 0) }
        let s = min(max(s, 0), length)
        var low = 0, high = along.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if along[mid] <= s { low = mid } else { high = mid }
        }
        let span = along[high] - along[low]
        let f = span > 0 ? (s - along[low]) / span : 0
        let dx = xs[high] - xs[low], dy = ys[high] - ys[low]
        let course = (atan2(dx, dy) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        return (plane.point(x: xs[low] + f * dx, y: ys[low] + f * dy), course)
    }
}

/// One drawn part of a railway's shape, ready for projecting stations onto it.
struct SimulatorShape {
    let plane: SimulatorPlane
    let points: [GeoPoint]
    let xs: [Double], ys: [Double], along: [Double]
    /// The part closes on itself (a loop line): distances wrap around.
    let isRing: Bool

    init(points: [GeoPoint], plane: SimulatorPlane) {
        self.plane = plane
        self.points = points
        var xs: [Double] = [], ys: [Double] = [], along: [Double] = []
        for point in points {
            let (x, y) = plane.xy(point)
            along.append(xs.isEmpty ? 0 : along[along.count - 1] + hypot(x - xs[xs.count - 1], y - ys[ys.count - 1]))
            xs.append(x); ys.append(y)
        }
        self.xs = xs; self.ys = ys; self.along = along
        isRing = points.count > 2 && (points.first.map { points[points.count - 1].distance(to: $0) < 100 } ?? false)
    }

    var length: Double { along.last ?? 0 }

    /// The nearest point of the shape to `point`: its distance along the shape and how far off it is.
    func project(_ point: GeoPoint) -> (along: Double, offset: Double) {
        let (px, py) = plane.xy(point)
        var best = (along: 0.0, offset: Double.infinity)
        for i in 0..<max(0, xs.count - 1) {
            let ax = xs[i], ay = ys[i], dx = xs[i + 1] - ax, dy = ys[i + 1] - ay
            let lengthSquared = dx * dx + dy * dy
            let f = lengthSquared > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / lengthSquared)) : 0
            let offset = hypot(px - (ax + f * dx), py - (ay + f * dy))
            if offset < best.offset { best = (along[i] + f * (along[i + 1] - along[i]), offset) }
        }
        return best
    }

    /// The shape's points from distance `from` to distance `to` (backwards when `to < from`),
    /// going the short way round on a ring.
    func points(from: Double, to: Double) -> [GeoPoint] {
        if isRing, abs(to - from) > length / 2 {
            // Across the seam: run to the end (or start) and continue from the other side.
            return to < from ? points(from: from, to: length) + points(from: 0, to: to)
                             : points(from: from, to: 0) + points(from: length, to: to)
        }
        var result = [at(from)]
        if to >= from {
            for i in along.indices where along[i] > from && along[i] < to { result.append(points[i]) }
        } else {
            for i in along.indices.reversed() where along[i] < from && along[i] > to { result.append(points[i]) }
        }
        result.append(at(to))
        return result
    }

    func at(_ s: Double) -> GeoPoint {
        guard points.count > 1 else { return points.first ?? plane.origin }
        let s = min(max(s, 0), length)
        var i = 0
        while i < along.count - 2 && along[i + 1] < s { i += 1 }
        let span = along[i + 1] - along[i]
        let f = span > 0 ? (s - along[i]) / span : 0
        return plane.point(x: xs[i] + f * (xs[i + 1] - xs[i]), y: ys[i] + f * (ys[i + 1] - ys[i]))
    }
}
