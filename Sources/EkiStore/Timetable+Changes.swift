import EkiCore
import GRDB

/// One change of trains inside a station complex, as `eki transfers`, the API and the station page
/// list it: from which railway's stop to which, at the standard pace, and the figure's basis; a
/// change across the platform for some directions only is listed after the pair's own, with them.
public struct ComplexChange: Sendable {
    public var from: Reference.Station
    public var to: Reference.Station
    public var change: StationChange
    /// Where the figure comes from: the reviewed table's basis, the feed's transfers.txt, or the rule.
    public var basis: String
    /// A change across the platform holds only from a train of one direction to a train of
    /// another: those two (nil: whatever the directions).
    public var directions: (arriving: Reference.Direction, departing: Reference.Direction)?
}

extension Timetable {
    /// Every change between two stations of each complex of `complexes` (every complex of more than
    /// one station when nil), in complex and station order: the data's figures with their basis,
    /// the rule's for the rest (`Reference.change`).
    public func complexChanges(_ complexes: [ComplexHandle]? = nil) throws -> [ComplexChange] {
        let chosen = complexes.map { ids in ids.compactMap { reference.complexes[$0] } }
            ?? reference.complexes.values.sorted { $0.handle < $1.handle }
        var bases: [Int64: [Int64: String]] = [:]
        var crossBases: [Int64: [Int64: String]] = [:]
        try reader.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT from_id, to_id, basis FROM station_transfer WHERE basis IS NOT NULL")
            while let row = try rows.next() {
                bases[row[0], default: [:]][row[1]] = row[2]
            }
            let crosses = try Row.fetchCursor(db, sql: "SELECT from_id, to_id, basis FROM station_cross")
            while let row = try crosses.next() {
                crossBases[row[0], default: [:]][row[1]] = row[2]
            }
        }
        var list: [ComplexChange] = []
        for complex in chosen where complex.stations.count > 1 {
            let stations = complex.stations.compactMap { reference.stations[$0] }
            for a in stations {
                for b in stations where b.id != a.id {
                    let change = reference.change(from: a, to: b)
                    let basis = change.source == .rule ? reference.ruleBasis(from: a, to: b) : bases[a.handle.row]?[b.handle.row] ?? change.source.rawValue
                    list.append(ComplexChange(from: a, to: b, change: change, basis: basis))
                    // Then across the platform, for the directions that stand at one island.
                    for cross in reference.crosses[a.handle] ?? [] where cross.to == b.handle {
                        guard let arriving = reference.directions[cross.arriving], let departing = reference.directions[cross.departing] else { continue }
                        list.append(ComplexChange(from: a, to: b,
                                                  change: reference.change(from: a, to: b, arriving: cross.arriving, departing: cross.departing),
                                                  basis: crossBases[a.handle.row]?[b.handle.row] ?? "table", directions: (arriving, departing)))
                    }
                }
            }
        }
        return list
    }
}
