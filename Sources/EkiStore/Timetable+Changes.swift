import EkiCore
import GRDB

/// One change of trains inside a station complex, as `eki transfers`, the API and the station page
/// list it: from which railway's stop to which, at the standard pace, and the figure's basis.
public struct ComplexChange: Sendable {
    public var from: Reference.Station
    public var to: Reference.Station
    public var change: StationChange
    /// Where the figure comes from: the reviewed table's basis, the feed's transfers.txt, or the rule.
    public var basis: String
}

extension Timetable {
    /// Every change between two stations of each complex of `complexes` (every complex of more than
    /// one station when nil), in complex and station order: the data's figures with their basis,
    /// the rule's for the rest (`Reference.change`).
    public func complexChanges(_ complexes: [Int64]? = nil) throws -> [ComplexChange] {
        let chosen = complexes.map { ids in ids.compactMap { reference.complexes[$0] } }
            ?? reference.complexes.values.sorted { $0.id < $1.id }
        var bases: [Int64: [Int64: String]] = [:]
        try reader.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT from_id, to_id, basis FROM station_transfer WHERE basis IS NOT NULL")
            while let row = try rows.next() {
                bases[row[0], default: [:]][row[1]] = row[2]
            }
        }
        var list: [ComplexChange] = []
        for complex in chosen where complex.stations.count > 1 {
            let stations = complex.stations.compactMap { reference.stations[$0] }
            for a in stations {
                for b in stations where b.id != a.id {
                    let change = reference.change(from: a, to: b)
                    let basis = change.source == .rule ? reference.ruleBasis(from: a, to: b) : bases[a.rowId]?[b.rowId] ?? change.source.rawValue
                    list.append(ComplexChange(from: a, to: b, change: change, basis: basis))
                }
            }
        }
        return list
    }
}
