import EkiCore
import Foundation

/// A point on a flat map of the region in metres (east, north). Tracking measures distances to lines
/// millions of times; an equirectangular projection around Tokyo is exact to about 1% across the
/// whole data set, which is far below GPS noise, and costs two multiplications.
struct PlanePoint: Equatable, Sendable {
    var x: Double
    var y: Double

    static let originLatitude = 35.68
    static let originLongitude = 139.7
    static let metresPerDegree = 111_195.0
    static let metresPerDegreeLongitude = metresPerDegree * cos(originLatitude * .pi / 180)

    init(x: Double, y: Double) { self.x = x; self.y = y }

    init(_ point: GeoPoint) {
        x = (point.longitude - Self.originLongitude) * Self.metresPerDegreeLongitude
        y = (point.latitude - Self.originLatitude) * Self.metresPerDegree
    }

    func distance(to other: PlanePoint) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}

/// Where a position falls on a line: how far from it, and how far along it.
struct Projection: Equatable, Sendable {
    /// Metres from the position to the nearest point of the line.
    var distance: Double
    /// Metres along the line from its first point (its chainage).
    var along: Double
    /// The line's heading there, degrees clockwise from north, first point to last.
    var bearing: Double
}

/// One railway as tracking sees it: a single polyline measured in metres, and its stations placed
/// on it by their projection. `ascendingForward` tells which way along the line the railway's
/// ascending direction runs (its station list's order).
public struct RailLine: Sendable {
    public struct Station: Sendable, Equatable {
        public var id: String
        /// Index in the railway's station list.
        public var index: Int
        /// Metres along the line.
        public var along: Double
    }

    public var railway: String
    public var ascending: String?
    public var descending: String?
    public var isLoop: Bool
    let points: [PlanePoint]
    /// Metres along the line at each point.
    let cumulative: [Double]
    /// Stations with a position, sorted by `along`.
    public private(set) var stations: [Station]
    /// Whether the ascending direction runs toward growing `along`.
    public private(set) var ascendingForward: Bool

    public var length: Double { cumulative.last ?? 0 }

    /// From a drawn shape (pieces joined end to end) and the railway's stations in order with their
    /// positions; stations without a position are left out. Nil when there is no line to speak of.
    public init?(railway: String, ascending: String?, descending: String?, isLoop: Bool,
                 shape: [[GeoPoint]], stations: [(id: String, position: GeoPoint?)]) {
        var joined: [PlanePoint] = []
        for piece in shape {
            for (i, point) in piece.enumerated() {
                let planar = PlanePoint(point)
                // Pieces meet where the previous one ended: keep that joint once.
                if i == 0, let last = joined.last, last.distance(to: planar) < 30 { continue }
                if let last = joined.last, last == planar { continue }
                joined.append(planar)
            }
        }
        guard joined.count >= 2 else { return nil }
        var cumulative = [0.0]
        for i in 1..<joined.count { cumulative.append(cumulative[i - 1] + joined[i - 1].distance(to: joined[i])) }
        guard let total = cumulative.last, total > 0 else { return nil }
        self.railway = railway
        self.ascending = ascending
        self.descending = descending
        self.isLoop = isLoop
        self.points = joined
        self.cumulative = cumulative
        self.stations = []
        self.ascendingForward = true

        var placed: [Station] = []
        for (index, station) in stations.enumerated() {
            guard let position = station.position, let projection = nearest(PlanePoint(position)),
                  projection.distance < 1000 else { continue }
            // A loop lists its first station again at the end: place it once.
            if isLoop, placed.contains(where: { $0.id == station.id }) { continue }
            placed.append(Station(id: station.id, index: index, along: projection.along))
        }
        // Which way the station order runs along the line: the sign of most steps between
        // neighbours (a loop's steps wrap round, hence the shortest signed step).
        var forward = 0, backward = 0
        for (a, b) in zip(placed, placed.dropFirst()) {
            let step = signedStep(from: a.along, to: b.along)
            if step > 0 { forward += 1 } else if step < 0 { backward += 1 }
        }
        ascendingForward = forward >= backward
        self.stations = placed.sorted { ($0.along, $0.index) < ($1.along, $1.index) }
    }

    /// Metres from `a` to `b` along the line, negative backwards; on a loop the shorter way round.
    func signedStep(from a: Double, to b: Double) -> Double {
        var step = b - a
        if isLoop, length > 0 {
            if step > length / 2 { step -= length } else if step < -length / 2 { step += length }
        }
        return step
    }

    /// Direction id → +1 when it runs toward growing `along`, -1 against, nil when not this railway's.
    func sign(of direction: String) -> Double? {
        if direction == ascending { return ascendingForward ? 1 : -1 }
        if direction == descending { return ascendingForward ? -1 : 1 }
        return nil
    }

    /// The nearest point of each stretch of the line within `radius` of `point`, nearest first: a
    /// line that passes twice near a place (a loop, a hairpin) gives one projection per pass.
    func project(_ point: PlanePoint, within radius: Double, segments: some Sequence<Int32> = [Int32]()) -> [Projection] {
        var best: [Projection] = []
        func consider(_ i: Int) {
            guard let candidate = projection(of: point, onSegment: i, within: radius) else { return }
            // One projection per pass: a point within 400 m of another along the line is the same pass.
            if let same = best.firstIndex(where: { abs(signedStep(from: $0.along, to: candidate.along)) < 400 }) {
                if candidate.distance < best[same].distance { best[same] = candidate }
            } else {
                best.append(candidate)
            }
        }
        var any = false
        for segment in segments { any = true; consider(Int(segment)) }
        if !any { for i in 0..<(points.count - 1) { consider(i) } }
        return best.sorted { $0.distance < $1.distance }
    }

    /// The nearest point of the whole line to `point` (the first of `project(point, within: .infinity)`),
    /// in one pass: placing stations needs no more, and with no radius every 400 m of the line would
    /// be a pass of its own to compare each segment with.
    func nearest(_ point: PlanePoint) -> Projection? {
        var best: Projection?
        for i in 0..<(points.count - 1) {
            guard let candidate = projection(of: point, onSegment: i, within: .infinity) else { continue }
            if best.map({ candidate.distance < $0.distance }) ?? true { best = candidate }
        }
        return best
    }

    /// The foot of `point` on segment `i` (points i to i + 1), when within `radius` metres.
    private func projection(of point: PlanePoint, onSegment i: Int, within radius: Double) -> Projection? {
        let a = points[i], b = points[i + 1]
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let px = a.x + t * dx, py = a.y + t * dy
        let distance = ((point.x - px) * (point.x - px) + (point.y - py) * (point.y - py)).squareRoot()
        guard distance <= radius else { return nil }
        let along = cumulative[i] + t * (cumulative[i + 1] - cumulative[i])
        let bearing = (atan2(dx, dy) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        return Projection(distance: distance, along: along, bearing: bearing)
    }

    /// The station nearest to `along`, with its signed distance (positive when the station lies ahead
    /// of `along` toward growing `along`).
    func nearestStation(to along: Double) -> (station: Station, offset: Double)? {
        stations.map { ($0, signedStep(from: along, to: $0.along)) }.min { abs($0.1) < abs($1.1) }
    }

    /// Stations in riding order for a direction sign, starting from the first one ahead of `along`
    /// by more than `margin` metres; and the last one behind. On a loop, wraps round.
    func neighbours(of along: Double, sign: Double, margin: Double = 0) -> (previous: Station?, next: Station?) {
        guard !stations.isEmpty else { return (nil, nil) }
        var previous: (Station, Double)?, next: (Station, Double)?
        for station in stations {
            let ahead = signedStep(from: along, to: station.along) * sign
            if ahead > margin {
                if next.map({ ahead < $0.1 }) ?? true { next = (station, ahead) }
            } else if previous.map({ ahead > $0.1 }) ?? true {
                previous = (station, ahead)
            }
        }
        return (previous?.0, next?.0)
    }
}

extension RailLine {
    /// The point `along` metres from the line's start (clamped; wrapped on a loop) and the line's
    /// bearing there: for hand-made rides in tests and benchmarks.
    public func position(at along: Double) -> (point: GeoPoint, bearing: Double) {
        var s = along
        if isLoop, length > 0 { s = s.truncatingRemainder(dividingBy: length); if s < 0 { s += length } }
        s = min(max(s, 0), length)
        var low = 0, high = cumulative.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if cumulative[mid] <= s { low = mid } else { high = mid }
        }
        let a = points[low], b = points[high]
        let span = cumulative[high] - cumulative[low]
        let f = span > 0 ? (s - cumulative[low]) / span : 0
        let x = a.x + f * (b.x - a.x), y = a.y + f * (b.y - a.y)
        let bearing = (atan2(b.x - a.x, b.y - a.y) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        return (GeoPoint(latitude: y / PlanePoint.metresPerDegree + PlanePoint.originLatitude,
                         longitude: x / PlanePoint.metresPerDegreeLongitude + PlanePoint.originLongitude), bearing)
    }

    /// Where a station sits along the line, by id.
    public func along(of station: String) -> Double? { stations.first { $0.id == station }?.along }
}
