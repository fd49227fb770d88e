import EkiCore
import EkiStore

extension RideSimulator {
    /// Other railways a tracker cannot tell from `railway` on this stretch, with the direction
    /// that runs the same way: they have a station at the place of every station of the stretch
    /// (within 150 m) and none in between, and one of their trains that day stops at exactly the
    /// same of those stations. Toyoko and Meguro locals between Den-en-chofu and Hiyoshi are the
    /// classic case; Tokaido and Keihin-Tohoku are not (different stations).
    func equivalents(of railway: Reference.Railway, calls: [SimulatorRun.Call]) -> [RideTruth.Line] {
        let reference = timetable.reference
        guard let board = calls.first?.station.coordinate else { return [] }
        let nearby = Set(reference.stations.values.filter { station in
            station.railway != railway.handle && (station.coordinate.map { $0.distance(to: board) <= 150 } ?? false)
        }.compactMap { $0.railway.flatMap { reference.railways.id(of: $0) } })
        var lines: [RideTruth.Line] = []
        for otherId in nearby.sorted() {
            guard let other = reference.railways[id: otherId], let list = trains[otherId] else { continue }
            var ring = other.stations
            if other.isLoop, ring.count > 1, ring.first == ring.last { ring.removeLast() }
            let n = ring.count
            let positions = ring.map { reference.stations[$0]?.coordinate }
            // Match every station of the stretch to one of the other railway's, at the same place.
            var matched: [Int] = []
            for call in calls {
                guard let point = call.station.coordinate,
                      let index = positions.indices.min(by: { a, b in
                          (positions[a]?.distance(to: point) ?? .infinity) < (positions[b]?.distance(to: point) ?? .infinity)
                      }), let found = positions[index], found.distance(to: point) <= 150 else { matched = []; break }
                matched.append(index)
            }
            guard matched.count == calls.count, matched.count >= 2 else { continue }
            let step = (matched[1] - matched[0] + n) % n == 1 ? 1 : n - 1
            guard zip(matched, matched.dropFirst()).allSatisfy({ ($1 - $0 + n) % n == step }),
                  other.isLoop || (step == 1 ? matched[1] > matched[0] : matched[1] < matched[0]),
                  let direction = (step == 1 ? other.ascending : other.descending).flatMap({ reference.directions.id(of: $0) }) else { continue }
            // Same stops: a train of the day that stops at the stretch's stops and passes the rest.
            let rows = matched.map { ring[$0].row }
            let wanted = calls.map(\.stops)
            let same = list.contains { train in
                let stopped = Set(train.stops.map(\.station.row))
                guard let a = train.stops.firstIndex(where: { $0.station.row == rows[0] }),
                      let b = train.stops.firstIndex(where: { $0.station.row == rows[rows.count - 1] }), a < b else { return false }
                return zip(rows, wanted).allSatisfy { stopped.contains($0) == $1 }
            }
            if same { lines.append(RideTruth.Line(railway: otherId, direction: direction)) }
        }
        return lines
    }
}
