import Foundation

/// Where each station's name goes on the picture. A name starts just off its station, on the side
/// away from the middle of the drawing (outside a loop), and moves to the other side when it
/// would touch another name, a station dot or the line. Names are written upright where they fit;
/// where they do not, they run outward perpendicular to the line, so close stations' names sit
/// side by side like the teeth of a comb (fanned out a little where even that is too tight). When many stations need that (a dense line), every
/// name is turned, which reads more evenly than a mix.
struct LabelLayout {
    struct Label {
        /// Where the text starts (or ends, for `textAnchor` end; its middle for middle).
        var anchor: Point
        /// Degrees clockwise; never upside down.
        var angle: Double
        var textAnchor: String
        var box: OrientedBox
    }

    var points: [Point]
    var labels: [Label] = []

    init(points: [Point], lengths: [Double], lines: [[Point]], loop: Bool) {
        self.points = points
        guard !points.isEmpty else { return }
        let normals = points.indices.map { Self.normal(at: $0, of: points, lines: lines, loop: loop) }
        // One side all along, so names do not zigzag across the line: outside a loop (its normals
        // point inside when it runs clockwise on screen, y down), else the side away from the middle.
        let side: Double
        if loop {
            let twiceArea = zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
            side = twiceArea > 0 ? -1 : 1
        } else {
            let centre = points.reduce(Point(x: 0, y: 0), +) * (1 / Double(points.count))
            side = points.indices.reduce(0) { $0 + normals[$1].dot(points[$1] - centre) } >= 0 ? 1 : -1
        }
        let sides = points.map { _ in side }

        // The dots first, so a station's own dot (obstacle `index`) can be left out for its name;
        // then every piece of the drawn line.
        var obstacles = points.map { OrientedBox(center: $0, axis: Point(x: 1, y: 0), half: 6, halfWidth: 6) }
        for part in lines {
            for (a, b) in zip(part, part.dropFirst()) where a != b {
                obstacles.append(OrientedBox(center: (a + b) * 0.5, axis: (b - a).normalized, half: (b - a).length / 2, halfWidth: 3))
            }
        }

        let mixed = Self.place(points, normals, sides, lengths, obstacles, uprightFirst: true)
        labels = mixed.turned * 8 <= points.count ? mixed.labels
            : Self.place(points, normals, sides, lengths, obstacles, uprightFirst: false).labels
    }

    /// Everything drawn: the dots and the names.
    var bounds: Box {
        labels.reduce(Box.around(points)) { $0.union(Box.around($1.box.corners)) }
    }

    /// Each name in the first place that touches nothing, trying upright places first when asked;
    /// a name with no free place turns perpendicular on its own side. `turned` counts names that
    /// could not stay upright.
    private static func place(_ points: [Point], _ normals: [Point], _ sides: [Double], _ lengths: [Double],
                              _ obstacles: [OrientedBox], uprightFirst: Bool) -> (labels: [Label], turned: Int) {
        var placed: [Label] = []
        var turned = 0
        for index in points.indices {
            let outward = [normals[index] * sides[index], normals[index] * -sides[index]]
            // Perpendicular first; in a tight cluster, fanned out a little either way.
            let perpendicular = [0.0, 25, -25, 50, -50].flatMap { degrees in
                outward.map { turnedLabel(at: points[index], outward: $0.rotated(by: degrees), length: lengths[index]) }
            }
            let upright = uprightFirst ? outward.flatMap { uprightLabels(at: points[index], outward: $0, length: lengths[index]) } : []
            // The first place that touches nothing; failing that, the one that touches least.
            let scored = (upright + perpendicular).map { candidate -> (label: Label, touches: Int) in
                // Names need a little air between them, or two short ones read as one (国立西国分寺).
                let roomy = candidate.box.grown(along: RailwaySVG.labelSize * 0.4, across: 1)
                let touches = placed.filter { $0.box.overlaps(roomy) }.count
                    + obstacles.indices.filter { $0 != index && obstacles[$0].overlaps(candidate.box) }.count
                return (candidate, touches)
            }
            let best = scored.min { $0.touches < $1.touches }!
            if best.touches > 0 || best.label.angle != 0 || best.label.box.axis.y != 0 { turned += 1 }
            placed.append(best.label)
        }
        return (placed, turned)
    }

    /// A name running outward from the station along `outward`, never upside down.
    private static func turnedLabel(at point: Point, outward: Point, length: Double) -> Label {
        let start = point + outward * RailwaySVG.labelGap
        let box = OrientedBox(center: start + outward * (length / 2), axis: outward, half: length / 2,
                              halfWidth: RailwaySVG.labelSize * 0.6)
        let angle = atan2(outward.y, outward.x) * 180 / .pi
        // Text pointing left would read upside down: turn it round and end it at the station instead.
        return outward.x < -1e-9 ? Label(anchor: start, angle: angle + 180, textAnchor: "end", box: box)
            : Label(anchor: start, angle: angle, textAnchor: "start", box: box)
    }

    /// Upright names on the `outward` side: beside the station (left or right) and above or below
    /// it, the one nearer to `outward` first; then beside it a little further out, clear of a line
    /// that bends at the station.
    private static func uprightLabels(at point: Point, outward: Point, length: Double) -> [Label] {
        let gap = RailwaySVG.labelGap, halfHeight = RailwaySVG.labelSize * 0.6, flat = Point(x: 1, y: 0)
        let direction = outward.x >= 0 ? 1.0 : -1.0
        func beside(_ distance: Double) -> Label {
            let start = point + outward * distance
            return Label(anchor: start, angle: 0, textAnchor: direction > 0 ? "start" : "end",
                         box: OrientedBox(center: start + flat * (direction * length / 2), axis: flat,
                                          half: length / 2, halfWidth: halfHeight))
        }
        let middle = point + Point(x: 0, y: (outward.y > 0 ? 1 : -1) * (gap + halfHeight))
        let stacked = Label(anchor: middle, angle: 0, textAnchor: "middle",
                            box: OrientedBox(center: middle, axis: flat, half: length / 2, halfWidth: halfHeight))
        return (abs(outward.x) >= 0.5 ? [beside(gap), stacked] : [stacked, beside(gap)]) + [beside(gap * 1.8)]
    }

    /// The unit normal of the line at a station. Its direction comes from the drawn line right
    /// there (a few pixels either way along the nearest part), turned to agree with the station
    /// order so "one side" means the same side all along; from the neighbouring stations when
    /// the line is not drawn near it.
    private static func normal(at index: Int, of points: [Point], lines: [[Point]], loop: Bool) -> Point {
        let count = points.count
        let previous = index > 0 ? points[index - 1] : loop && count > 2 ? points[count - 1] : points[index]
        let next = index < count - 1 ? points[index + 1] : loop && count > 2 ? points[0] : points[index]
        var along = next - previous
        if let local = localDirection(near: points[index], in: lines) {
            along = local.dot(along) < 0 ? local * -1 : local
        }
        guard along.length > 0 else { return Point(x: 0, y: -1) }
        let tangent = along.normalized
        return Point(x: -tangent.y, y: tangent.x)
    }

    /// The direction of the nearest drawn line within 20 px of `point`, over about 24 px of it.
    private static func localDirection(near point: Point, in lines: [[Point]]) -> Point? {
        var best: (part: Int, vertex: Int, distance: Double)?
        for (p, part) in lines.enumerated() {
            for (v, vertex) in part.enumerated() {
                let distance = (vertex - point).length
                if distance < best?.distance ?? 20 { best = (p, v, distance) }
            }
        }
        guard let best else { return nil }
        let part = lines[best.part]
        func walk(_ step: Int) -> Point {
            var at = best.vertex, travelled = 0.0
            while travelled < 12, part.indices.contains(at + step) {
                travelled += (part[at + step] - part[at]).length
                at += step
            }
            return part[at]
        }
        let direction = walk(1) - walk(-1)
        return direction.length > 0 ? direction.normalized : nil
    }
}

struct Point: Equatable {
    var x, y: Double
    static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    var length: Double { (x * x + y * y).squareRoot() }
    var normalized: Point { length > 0 ? self * (1 / length) : self }
    func rotated(by degrees: Double) -> Point {
        let radians = degrees * .pi / 180
        return Point(x: x * cos(radians) - y * sin(radians), y: x * sin(radians) + y * cos(radians))
    }
}

/// An axis-aligned rectangle.
struct Box {
    var minX, minY, maxX, maxY: Double
    var width: Double { maxX - minX }
    var height: Double { maxY - minY }

    static func around(_ points: [Point]) -> Box {
        guard let first = points.first else { return Box(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return points.reduce(Box(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)) {
            Box(minX: min($0.minX, $1.x), minY: min($0.minY, $1.y), maxX: max($0.maxX, $1.x), maxY: max($0.maxY, $1.y))
        }
    }

    func union(_ other: Box) -> Box {
        Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }
}

/// A rectangle turned to lie along `axis` (a unit vector): `half` its length, `halfWidth` across.
struct OrientedBox {
    var center: Point
    var axis: Point
    var half: Double
    var halfWidth: Double

    func grown(along: Double, across: Double) -> OrientedBox {
        OrientedBox(center: center, axis: axis, half: half + along, halfWidth: halfWidth + across)
    }

    var corners: [Point] {
        let along = axis * half, across = Point(x: -axis.y, y: axis.x) * halfWidth
        return [center + along + across, center + along - across, center - along - across, center - along + across]
    }

    /// Separating-axis test: two rectangles are apart when their shadows on one of their four
    /// edge directions do not meet.
    func overlaps(_ other: OrientedBox) -> Bool {
        // Far apart: their circumscribed circles do not meet (the common case, and cheap).
        let reach = (half * half + halfWidth * halfWidth).squareRoot() + (other.half * other.half + other.halfWidth * other.halfWidth).squareRoot()
        guard (center - other.center).length < reach else { return false }
        let mine = corners, theirs = other.corners
        for axis in [axis, Point(x: -axis.y, y: axis.x), other.axis, Point(x: -other.axis.y, y: other.axis.x)] {
            let a = mine.map { $0.dot(axis) }, b = theirs.map { $0.dot(axis) }
            if a.max()! <= b.min()! || b.max()! <= a.min()! { return false }
        }
        return true
    }
}
