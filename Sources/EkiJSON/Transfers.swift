import EkiCore
import EkiStore

/// `eki transfers --json` and /api/v1/transfers: every change between two stations of a complex,
/// at the standard pace, with what it is and where its figure comes from (docs/TRANSFERS.md).
public struct ChangeJSON: Encodable {
    /// Station ids as everywhere (`from` is where the rider gets off, `to` where they board).
    var from: String
    var to: String
    var station: NameJSON
    var fromRailway: RailwayRefJSON?
    var toRailway: RailwayRefJSON?
    /// Standard-pace minutes; absent where the data says the change cannot be made.
    var minutes: Int?
    var kind: String
    var words: NameJSON
    /// table (the reviewed interchange table), feed (its transfers.txt) or rule.
    var source: String
    var basis: String
    /// The minutes are a rough figure (目安), as `words` and the station page say: the rule's,
    /// where the data gives none, or the reviewed table's where its basis says it is an estimate.
    var estimate: Bool
    /// Only from a train of `arriving` to a train of `departing` (a change across one island
    /// platform); absent: whatever the trains' directions.
    var arriving: DirectionJSON?
    var departing: DirectionJSON?

    public init(_ change: ComplexChange, reference: Reference) {
        from = change.from.publicId
        to = change.to.publicId
        station = NameJSON(reference.complexes[change.from.complex]?.name ?? change.from.name)
        fromRailway = change.from.railway.flatMap { reference.railways[$0] }.map(RailwayRefJSON.init)
        toRailway = change.to.railway.flatMap { reference.railways[$0] }.map(RailwayRefJSON.init)
        minutes = change.change.minutes
        kind = change.change.kind.rawValue
        words = NameJSON(change.change.words)
        source = change.change.source.rawValue
        basis = change.basis
        estimate = change.change.estimated
        arriving = change.directions.map { DirectionJSON(id: $0.arriving.id, title: NameJSON($0.arriving.name)) }
        departing = change.directions.map { DirectionJSON(id: $0.departing.id, title: NameJSON($0.departing.name)) }
    }

    public static func list(_ changes: [ComplexChange], reference: Reference) -> [ChangeJSON] {
        changes.map { ChangeJSON($0, reference: reference) }
    }
}
