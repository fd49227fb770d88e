/// Every segment of every line, filed under the square cells of a grid it crosses, so a fix looks
/// only at the segments of the few cells around it instead of every railway's polyline.
struct SegmentGrid: Sendable {
    struct Entry: Sendable {
        var line: Int32
        var segment: Int32
    }

    static let cellSize = 250.0
    private var cells: [Int64: [Entry]] = [:]

    init(lines: [RailLine]) {
        for (l, line) in lines.enumerated() {
            for i in 0..<(line.points.count - 1) {
                let a = line.points[i], b = line.points[i + 1]
                let (x0, x1) = (Self.cell(min(a.x, b.x)), Self.cell(max(a.x, b.x)))
                let (y0, y1) = (Self.cell(min(a.y, b.y)), Self.cell(max(a.y, b.y)))
                for cx in x0...x1 {
                    for cy in y0...y1 { cells[Self.key(cx, cy), default: []].append(Entry(line: Int32(l), segment: Int32(i))) }
                }
            }
        }
    }

    static func cell(_ metres: Double) -> Int { Int((metres / cellSize).rounded(.down)) }
    static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y))) }

    /// Segments of the cells within `radius` of `point`, grouped by line (each segment once).
    func segments(near point: PlanePoint, radius: Double) -> [Int32: [Int32]] {
        var found: [Int32: [Int32]] = [:]
        let (x0, x1) = (Self.cell(point.x - radius), Self.cell(point.x + radius))
        let (y0, y1) = (Self.cell(point.y - radius), Self.cell(point.y + radius))
        for cx in x0...x1 {
            for cy in y0...y1 {
                guard let entries = cells[Self.key(cx, cy)] else { continue }
                for entry in entries { found[entry.line, default: []].append(entry.segment) }
            }
        }
        // A long segment sits in several cells: project it once, and always in the same order
        // (replays are deterministic).
        for (line, segments) in found where segments.count > 1 {
            var sorted = segments.sorted()
            var kept = 0
            for i in sorted.indices where i == 0 || sorted[i] != sorted[kept - 1] {
                sorted[kept] = sorted[i]
                kept += 1
            }
            found[line] = Array(sorted[..<kept])
        }
        return found
    }
}
