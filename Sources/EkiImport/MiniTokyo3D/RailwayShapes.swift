import EkiCore
import Foundation

/// Decodable view of Mini Tokyo 3D's coordinates.json: only what shapes need.
/// Airways and the drawing-only fields (color, altitude, opacity, the subline's own zoom) are not decoded.
struct CoordinatesFile: Decodable, Sendable {
    var railways: [Railway]

    struct Railway: Decodable, Sendable {
        var id: String
        /// Consecutive pieces of one continuous line (not branches): Mini Tokyo 3D concatenates them.
        var sublines: [Subline]
    }

    struct Subline: Decodable, Sendable {
        /// "main", "sub" or "hybrid"; kept as a string so an unknown kind is a reported problem, not a decoding failure.
        var type: String
        var start: Link?
        var end: Link?
        /// [longitude, latitude] pairs: the whole shape for main/hybrid, only the anchors for sub.
        var coords: [[Double]]
        /// Number of steps of a blend between two railways (always given in the data; we default to 20).
        var interpolate: Double?
    }

    /// The neighbouring railway a subline joins or follows (`offset` only shifts parallel tracks for drawing).
    struct Link: Decodable, Sendable {
        var railway: String?
        /// Parallel-track index, used only for the length of the joint taper (the shift itself is drawing-only).
        var offset: Double?
        /// From this zoom upwards Mini Tokyo 3D leaves the joint as drawn.
        var zoom: Double?
    }
}

/// Resolves every railway's shape into plain polylines, following Mini Tokyo 3D's feature builder
/// (src/loader/features.js) at its most detailed zoom, with track offsets left out:
/// - `main` is its own `coords`, except that an end linked to another railway (`start`/`end` with a
///   `railway` and no `zoom`) is pulled onto that railway's line, fading out over 750 m (+750 m per
///   offset step) along the main, so the main meets the track it joins instead of stopping next to it.
/// - `hybrid` is a `main` from the zoom given in the subline upwards (a `sub` below it); we want the
///   geography, so it is always taken as `main`.
/// - `sub` gives anchors: the first and last coords are projected onto the (already resolved) line of
///   `start.railway`, and the stretch between the two projections is taken, oriented from first to last anchor.
/// - A `sub` whose `end` names another railway blends the two stretches: both are sampled at
///   `interpolate + 1` evenly spaced fractions of their length and mixed with an ease-in-out weight
///   going from the start railway to the end railway. When `start` and `end` name the same railway
///   (only the offsets differ, i.e. a crossover between parallel tracks) it is simply that stretch.
/// Railways are resolved in file order; a `sub` may only reference railways listed before it.
/// `Base.*` entries are shared reference tracks; they are resolved and returned like any other railway.
struct RailwayShapeResolver {
    /// Returns railway id -> one polyline per resolved subline, in subline order. `continuousLine(_:)` joins
    /// them into the single line Mini Tokyo 3D runs trains on. A railway with nothing resolved is left out.
    static func resolve(_ file: CoordinatesFile) -> (shapes: [String: [[GeoPoint]]], problems: [String]) {
        var shapes: [String: [[GeoPoint]]] = [:]
        var lines: [String: [GeoPoint]] = [:]  // what later `sub` sublines follow
        var problems: [String] = []

        for railway in file.railways {
            if shapes[railway.id] != nil {
                problems.append("\(railway.id): listed twice; the later entry wins")
            }
            var pieces: [[GeoPoint]] = []
            for (index, subline) in railway.sublines.enumerated() {
                let context = "\(railway.id) subline \(index) (\(subline.type))"
                do {
                    pieces.append(try resolve(subline, lines: lines, context: context, problems: &problems))
                } catch {
                    problems.append("\(context): \(error.message)")
                }
            }
            if pieces.isEmpty {
                problems.append("\(railway.id): no subline could be resolved")
                continue
            }
            shapes[railway.id] = pieces
            lines[railway.id] = continuousLine(pieces)
        }
        return (shapes, problems)
    }

    /// Joins consecutive subline pieces the way Mini Tokyo 3D does: each piece ends where the next begins,
    /// so that shared point is kept once. Pieces that do not touch (a gap in the data) are joined as they are.
    static func continuousLine(_ pieces: [[GeoPoint]]) -> [GeoPoint] {
        var line: [GeoPoint] = []
        for piece in pieces {
            if let last = line.last, let first = piece.first, last.distance(to: first) < joinTolerance {
                line.removeLast()
            }
            line.append(contentsOf: piece)
        }
        return line
    }

    /// Pieces meeting closer than this are one joint (a `sub` ends on the projection of an anchor
    /// that the next `main` starts at, so the two points differ by a few metres at most).
    private static let joinTolerance = 30.0

    struct Problem: Error {
        var message: String
    }

    private static func resolve(_ subline: CoordinatesFile.Subline, lines: [String: [GeoPoint]],
                                context: String, problems: inout [String]) throws(Problem) -> [GeoPoint] {
        let points = subline.coords.compactMap { pair in
            pair.count >= 2 ? GeoPoint(latitude: pair[1], longitude: pair[0]) : nil
        }
        guard points.count == subline.coords.count else {
            throw Problem(message: "malformed coordinate (expected [longitude, latitude])")
        }
        guard points.allSatisfy(DatasetValidator.isOnEarth) else {
            throw Problem(message: "a coordinate is not on Earth (longitude -180…180, latitude -90…90)")
        }
        switch subline.type {
        case "main", "hybrid":
            guard points.count >= 2 else { throw Problem(message: "fewer than 2 coords") }
            var shape = points
            for (link, atEnd) in [(subline.start, false), (subline.end, true)] {
                // A link with a zoom is only smoothed below that zoom; we resolve at the top zoom.
                guard let link, let id = link.railway, link.zoom == nil else { continue }
                guard let target = lines[id], target.count >= 2 else {
                    problems.append("\(context): joins \(id), which is unknown or not resolved yet; end left as drawn")
                    continue
                }
                pullEnd(of: &shape, atEnd: atEnd, onto: target, taper: 750 + 750 * abs(link.offset ?? 0))
            }
            return shape
        case "sub":
            guard let first = points.first, let last = points.last, points.count >= 2 else {
                throw Problem(message: "fewer than 2 anchor coords")
            }
            let startId = subline.start?.railway
            let stretch = try followedStretch(of: startId, from: first, to: last, lines: lines)
            guard let endId = subline.end?.railway, endId != startId else { return stretch }
            let other = try followedStretch(of: endId, from: first, to: last, lines: lines)
            // From the file: any number, so bounded before it becomes an Int.
            let steps = subline.interpolate.map { $0.isFinite ? Int(min(max($0, 1), 1000)) : 20 } ?? 20
            return blend(from: stretch, to: other, steps: steps)
        default:
            throw Problem(message: "unknown subline type")
        }
    }

    /// Moves one end of `shape` onto `target`, and the points behind it by the same displacement times
    /// an ease-in-out weight falling from 1 at the end to 0 at `taper` metres along the shape.
    private static func pullEnd(of shape: inout [GeoPoint], atEnd: Bool, onto target: [GeoPoint], taper: Double) {
        let order = atEnd ? Array(shape.indices.reversed()) : Array(shape.indices)
        let end = shape[order[0]]
        let onTarget = Polyline.nearest(to: end, on: target).point
        let dLat = onTarget.latitude - end.latitude, dLon = onTarget.longitude - end.longitude
        let taper = min(taper, Polyline.Measured(shape).cumulative.last ?? 0)
        guard taper > 0 else { return }
        var along = 0.0
        for (step, i) in order.dropLast().enumerated() {  // the far end never moves
            if step > 0 { along += shape[order[step - 1]].distance(to: shape[i]) }
            guard along <= taper else { break }
            let w = easeInOut(1 - along / taper)
            shape[i] = GeoPoint(latitude: shape[i].latitude + dLat * w, longitude: shape[i].longitude + dLon * w)
        }
    }

    static func easeInOut(_ t: Double) -> Double {
        t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
    }

    /// The part of a resolved railway between the projections of two anchors, oriented from `first` to `last`.
    private static func followedStretch(of id: String?, from first: GeoPoint, to last: GeoPoint,
                                        lines: [String: [GeoPoint]]) throws(Problem) -> [GeoPoint] {
        guard let id else { throw Problem(message: "no railway to follow") }
        guard let line = lines[id], line.count >= 2 else {
            throw Problem(message: "follows \(id), which is unknown or not resolved yet")
        }
        let stretch = Polyline.slice(line, from: Polyline.nearest(to: first, on: line),
                                     to: Polyline.nearest(to: last, on: line))
        guard stretch.count >= 2 else {
            throw Problem(message: "both anchors fall on the same point of \(id)")
        }
        return stretch
    }

    /// Mini Tokyo 3D's transition from one track to another: sample both at the same fractions of their
    /// lengths and mix them, weighted towards `a` at the start and `b` at the end.
    private static func blend(from a: [GeoPoint], to b: [GeoPoint], steps: Int) -> [GeoPoint] {
        let a = Polyline.Measured(a), b = Polyline.Measured(b)
        return (0...steps).map { step in
            let t = Double(step) / Double(steps)
            let p = a.point(atFraction: t), q = b.point(atFraction: t)
            let w = easeInOut(t)
            return GeoPoint(latitude: p.latitude * (1 - w) + q.latitude * w,
                            longitude: p.longitude * (1 - w) + q.longitude * w)
        }
    }
}

extension RailwayShapeResolver {
    /// Small polyline geometry on a local flat approximation: fine for the few kilometres around a point.
    enum Polyline {
        /// Metres per degree of latitude on the mean Earth sphere; a degree of longitude is this times cos(latitude).
        static let metresPerDegree = 6_371_008.8 * Double.pi / 180

        /// The point of a line closest to `point`: on segment `segment` (from vertex `segment` to `segment + 1`)
        /// at `fraction` of its length. The first of equally near points wins, as in turf's nearestPointOnLine.
        struct Position {
            var segment: Int
            var fraction: Double
            var point: GeoPoint
            /// Great-circle metres from the queried point.
            var distance: Double
        }

        /// Projects onto every segment, not just the vertices: long straight segments have no vertex near a station.
        static func nearest(to point: GeoPoint, on line: [GeoPoint]) -> Position {
            precondition(!line.isEmpty, "nearest(to:on:) needs a non-empty line")
            // Coordinates in metres relative to `point`, so the query point is the origin.
            let kx = metresPerDegree * cos(point.latitude * .pi / 180), ky = metresPerDegree
            func local(_ p: GeoPoint) -> (x: Double, y: Double) {
                ((p.longitude - point.longitude) * kx, (p.latitude - point.latitude) * ky)
            }
            var best = (segment: 0, fraction: 0.0, squared: Double.infinity)
            var a = local(line[0])
            if line.count == 1 { best.squared = a.x * a.x + a.y * a.y }
            for i in 0..<max(0, line.count - 1) {
                let b = local(line[i + 1])
                let dx = b.x - a.x, dy = b.y - a.y
                let lengthSquared = dx * dx + dy * dy
                let t = lengthSquared > 0 ? min(1, max(0, -(a.x * dx + a.y * dy) / lengthSquared)) : 0
                let cx = a.x + t * dx, cy = a.y + t * dy
                let squared = cx * cx + cy * cy
                if squared < best.squared { best = (i, t, squared) }
                a = b
            }
            let p = interpolate(line, segment: best.segment, fraction: best.fraction)
            return Position(segment: best.segment, fraction: best.fraction, point: p, distance: point.distance(to: p))
        }

        /// The part of `line` between two positions on it, in the order from `a` to `b` (reversed if `b` comes first).
        static func slice(_ line: [GeoPoint], from a: Position, to b: Position) -> [GeoPoint] {
            let forward = (a.segment, a.fraction) <= (b.segment, b.fraction)
            let (low, high) = forward ? (a, b) : (b, a)
            var result = [low.point]
            func append(_ p: GeoPoint) { if result.last != p { result.append(p) } }
            if low.segment < high.segment {
                for i in (low.segment + 1)...high.segment { append(line[i]) }
            }
            append(high.point)
            return forward ? result : result.reversed()
        }

        static func interpolate(_ line: [GeoPoint], segment: Int, fraction: Double) -> GeoPoint {
            let a = line[segment]
            guard fraction > 0, segment + 1 < line.count else { return a }
            let b = line[segment + 1]
            return GeoPoint(latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                            longitude: a.longitude + (b.longitude - a.longitude) * fraction)
        }

        /// A line with cumulative great-circle lengths, for walking along it by distance.
        struct Measured {
            let points: [GeoPoint]
            /// `cumulative[i]` is the length from the start to vertex `i`.
            let cumulative: [Double]

            init(_ points: [GeoPoint]) {
                self.points = points
                var total = 0.0
                cumulative = points.indices.map { i in
                    if i > 0 { total += points[i - 1].distance(to: points[i]) }
                    return total
                }
            }

            func point(atFraction fraction: Double) -> GeoPoint {
                guard let length = cumulative.last, length > 0 else { return points[0] }
                let target = min(max(fraction, 0), 1) * length
                // Last vertex at or before `target` (binary search over the increasing lengths).
                var low = 0, high = cumulative.count - 1
                while low < high {
                    let mid = (low + high + 1) / 2
                    if cumulative[mid] <= target { low = mid } else { high = mid - 1 }
                }
                guard low + 1 < points.count else { return points[low] }
                let span = cumulative[low + 1] - cumulative[low]
                return Polyline.interpolate(points, segment: low, fraction: span > 0 ? (target - cumulative[low]) / span : 0)
            }
        }
    }
}
