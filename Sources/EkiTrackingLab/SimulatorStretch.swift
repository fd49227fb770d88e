import EkiCore
import EkiStore
import Foundation

/// The stations a train goes by between two of its stops, in the order it meets them: its stops
/// and, between them, the railway's stations it passes without stopping.
struct SimulatorStretch {
    var stations: [Reference.Station]
    /// The railway's next station beyond the last one, in the direction of travel.
    var after: Reference.Station?

    init?(railway: Reference.Railway, reference: Reference, stops: [Int64]) {
        var ring = railway.stations
        if railway.isLoop, ring.count > 1, ring.first == ring.last { ring.removeLast() }
        let n = ring.count
        let stopIds = stops.compactMap { reference.stations[StationHandle($0)]?.handle }
        guard stopIds.count == stops.count, stopIds.count >= 2,
              let first = ring.firstIndex(of: stopIds[0]), let second = ring.firstIndex(of: stopIds[1]) else { return nil }
        // Which way round: toward the second stop, the short way on a loop.
        let forward = railway.isLoop ? (second - first + n) % n <= (first - second + n) % n : second > first
        let step = forward ? 1 : n - 1
        var index = first
        var walked = [ring[index]]
        var remaining = stopIds.dropFirst()
        while let target = remaining.first {
            guard walked.count <= n else { return nil }
            index = (index + step) % n
            if !railway.isLoop, (forward && index == 0) || (!forward && index == n - 1) { return nil }
            walked.append(ring[index])
            if ring[index] == target { remaining.removeFirst() }
        }
        let resolved = walked.compactMap { reference.stations[$0] }
        guard resolved.count == walked.count, resolved.allSatisfy({ $0.coordinate != nil }) else { return nil }
        stations = resolved
        let next = (index + step) % n
        let wrapped = !railway.isLoop && ((forward && next == 0) || (!forward && next == n - 1))
        self.after = wrapped ? nil : reference.stations[ring[next]]
    }

    /// The track through `stations` on the railway's drawn shape: the shape part that runs past
    /// all of them (each within 200 m), followed between consecutive stations. Nil when no part
    /// does, or when a stretch of it is far longer than the straight line (a wrong branch).
    static func path(through stations: [Reference.Station], shapes: [SimulatorShape]) -> (SimulatorPath, [Double])? {
        let points = stations.compactMap(\.coordinate)
        guard points.count == stations.count, let plane = shapes.first?.plane else { return nil }
        var best: (shape: SimulatorShape, along: [Double], cost: Double)?
        for shape in shapes {
            let projections = points.map(shape.project)
            guard projections.allSatisfy({ $0.offset <= 200 }) else { continue }
            let cost = projections.reduce(0) { $0 + $1.offset }
            if best == nil || cost < best!.cost { best = (shape, projections.map(\.along), cost) }
        }
        guard let best else { return nil }
        var path = SimulatorPath(plane: plane)
        var distances = [0.0]
        path.append(best.shape.at(best.along[0]))
        for k in 1..<points.count {
            let piece = best.shape.points(from: best.along[k - 1], to: best.along[k])
            let before = path.length
            for point in piece.dropFirst() { path.append(point) }
            let chord = points[k - 1].distance(to: points[k])
            guard path.length - before <= 2.5 * chord + 300 else { return nil }
            distances.append(path.length)
        }
        guard zip(distances, distances.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return (path, distances)
    }
}
