import EkiCore
import EkiStore

/// ODPT has no station complexes or platform groups (Mini Tokyo 3D hand-curates them in
/// station-groups.json), so Eki builds them from the stations and trains:
///
/// 1. **Complex.** Two stations are one complex when they have the same Japanese name and lie within
///    500 m of each other, or have the same name and one lists the other's railway in
///    `odpt:connectingRailway` (this covers stations without coordinates), or one lists the other in
///    `odpt:connectingStation` (transfers between differently named stations, 溜池山王–国会議事堂前).
///    Complexes are the connected groups of that relation.
/// 2. **Platform group.** Within a complex, stations joined by through service — a train part's last
///    stop and the first stop of the part it continues as — share platforms (the train stays put:
///    東急東横線 横浜 and みなとみらい線 横浜). Every other station is a platform group of its own.
///
/// 500 m is the widest same-name spread inside one of Mini Tokyo 3D's curated complexes
/// (八王子, 日暮里, 大手町 reach 400–460 m) while keeping apart same-name stations that are a real walk
/// (弘明寺 Keikyu and the Blue Line, 500 m).
enum ODPTStationGroups {
    static let sameNameRadius = 500.0

    struct Candidate {
        var id: String
        var railway: String?
        var name: String
        var coordinate: GeoPoint?
        var connectingRailways: Set<String>
        var connectingStations: [String]
    }

    /// Complexes as the dataset holds them: each a list of platform groups, each a list of station ids.
    /// Stations alone in their complex are left out (the writer gives them one of their own).
    static func complexes(_ stations: [Candidate], throughPairs: [(String, String)]) -> [[[String]]] {
        var index: [String: Int] = [:]
        for (position, station) in stations.enumerated() where index[station.id] == nil { index[station.id] = position }
        var complex = UnionFind(count: stations.count)

        var byName: [String: [Int]] = [:]
        for (position, station) in stations.enumerated() { byName[station.name, default: []].append(position) }
        for members in byName.values where members.count > 1 {
            for (offset, a) in members.enumerated() {
                for b in members[(offset + 1)...] where sameNameNeighbours(stations[a], stations[b]) {
                    complex.union(a, b)
                }
            }
        }
        for (position, station) in stations.enumerated() {
            for other in station.connectingStations {
                if let target = index[other] { complex.union(position, target) }
            }
        }

        var platform = UnionFind(count: stations.count)
        for (a, b) in throughPairs {
            guard let x = index[a], let y = index[b], complex.find(x) == complex.find(y) else { continue }
            platform.union(x, y)
        }

        // Group in station order: complexes by their first station, platform groups likewise.
        var order: [Int: [Int]] = [:]
        var roots: [Int] = []
        for position in stations.indices {
            let root = complex.find(position)
            if order[root] == nil { roots.append(root) }
            order[root, default: []].append(position)
        }
        return roots.compactMap { root -> [[String]]? in
            let members = order[root]!
            guard members.count > 1 else { return nil }
            var groups: [Int: [String]] = [:]
            var groupOrder: [Int] = []
            for member in members {
                let group = platform.find(member)
                if groups[group] == nil { groupOrder.append(group) }
                groups[group, default: []].append(stations[member].id)
            }
            return groupOrder.map { groups[$0]! }
        }
    }

    private static func sameNameNeighbours(_ a: Candidate, _ b: Candidate) -> Bool {
        if let p = a.coordinate, let q = b.coordinate, p.distance(to: q) <= sameNameRadius { return true }
        if let railway = b.railway, a.connectingRailways.contains(railway) { return true }
        if let railway = a.railway, b.connectingRailways.contains(railway) { return true }
        return false
    }
}

/// Disjoint sets over 0..<count, with path halving.
struct UnionFind {
    private var parent: [Int]
    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    mutating func union(_ a: Int, _ b: Int) {
        let (x, y) = (find(a), find(b))
        if x != y { parent[max(x, y)] = min(x, y) }
    }
}
