import EkiCore

/// A change of trains from one station (a railway's stop) to another, at the standard pace: its
/// minutes (nil: the data says it cannot be made), what it is, and where the figure comes from.
public struct StationChange: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// The reviewed interchange table (Mini Tokyo 3D data, `interchanges.tsv`).
        case table
        /// The feed's own transfers.txt.
        case feed
        /// `Reference.rule`: no figure in the data.
        case rule
    }
    public var minutes: Int?
    public var kind: ChangeKind
    public var source: Source
    /// The straight-line distance between the two stations' places, when both are known.
    public var walkMeters: Int?
    /// Whether the minutes are a 目安 (a rough figure): the rule's, where the data gives none, or
    /// the reviewed table's where its basis says it is an estimate. A feed's own figure is not.
    public var estimated: Bool

    /// The change in a rider's words: "徒歩5分（改札を出て乗換・目安）" where the minutes are an estimate.
    public var words: LocalizedName { kind.words(minutes: minutes, estimated: estimated) }

    /// Whether a figure's basis (the interchange table's last column) says it is an estimate.
    public static func isEstimate(basis: String?) -> Bool {
        basis?.range(of: "estimate", options: .caseInsensitive) != nil
    }

    /// The same question asked of SQLite over a table's `basis` column (LIKE ignores ASCII case), for
    /// reading whole tables at open without a Foundation search per row.
    static let isEstimateSQL = "COALESCE(basis LIKE '%estimate%', 0)"
}

extension Reference {
    /// The change from `a` (getting off) to `b` (boarding) at the standard pace: the data's own
    /// figure where it gives one, else the rule. Every planner asks this, through the rider's pace
    /// (`TransferRules`), and so do the station page and `eki transfers`.
    public func change(from a: Station, to b: Station) -> StationChange {
        let meters = Self.distance(a, b, in: self)
        if let given = transfers[a.handle]?.first(where: { $0.to == b.handle }) {
            let kind = given.kind ?? .feed
            return StationChange(minutes: given.minutes, kind: kind, source: kind == .feed ? .feed : .table, walkMeters: meters,
                                 estimated: given.estimated)
        }
        let (minutes, kind) = rule(from: a, to: b, meters: meters)
        return StationChange(minutes: minutes, kind: kind, source: .rule, walkMeters: meters, estimated: true)
    }

    /// The change from a train of direction `arriving` at `a` to one of direction `departing` at
    /// `b`: across the platform where the data says those two trains stand at one
    /// island, else `change(from:to:)`. A plan that knows both trains asks this.
    public func change(from a: Station, to b: Station, arriving: DirectionHandle?, departing: DirectionHandle?) -> StationChange {
        if let arriving, let departing,
           let cross = crosses[a.handle]?.first(where: { $0.to == b.handle && $0.arriving == arriving && $0.departing == departing }) {
            return StationChange(minutes: cross.minutes, kind: .crossPlatform, source: .table, walkMeters: Self.distance(a, b, in: self),
                                 estimated: cross.estimated)
        }
        return change(from: a, to: b)
    }

    /// The rule for a change the data gives no figure for (docs/TRANSFERS.md), at the standard pace:
    /// - the same railway's stop: 1 minute;
    /// - another railway of the same platform group: 2 minutes, the platforms' area; 3 where the
    ///   group holds four railways or more (大崎's six, 千葉's five: several islands, not one);
    /// - another platform group of the station: 4 minutes inside one operator's gates, 5 through
    ///   another operator's, a minute more for every 70 m between the two places beyond the first
    ///   50, and a minute more at a station of four platform groups or more;
    /// - another station: at 80 m a minute, 5 minutes at least.
    /// Never under 2 minutes between different railways: only the data says "across the platform".
    func rule(from a: Station, to b: Station, meters: Int?) -> (Int, ChangeKind) {
        if a.id == b.id { return (1, .sameLine) }
        if a.complex != b.complex { return (max(5, ((meters ?? 0) + 79) / 80), .street) }
        if a.platformGroup == b.platformGroup {
            if a.railway != nil && a.railway == b.railway { return (1, .sameLine) }
            let railways = Set(stations(in: a.complex).filter { $0.platformGroup == a.platformGroup }.compactMap(\.railway))
            return (railways.count >= 4 ? 3 : 2, .sameArea)
        }
        let operatorA = a.railway.flatMap { railways[$0]?.operatorName }
        let operatorB = b.railway.flatMap { railways[$0]?.operatorName }
        let sameOperator = operatorA != nil && operatorA == operatorB
        let groups = Set(stations(in: a.complex).map(\.platformGroup)).count
        let walk = max(0, ((meters ?? 0) - 50 + 69) / 70)
        return ((sameOperator ? 4 : 5) + walk + (groups >= 4 ? 1 : 0), sameOperator ? .concourse : .gates)
    }

    /// The rule's figure in words, for `eki transfers`' basis.
    public func ruleBasis(from a: Station, to b: Station) -> String {
        let (minutes, kind) = rule(from: a, to: b, meters: Self.distance(a, b, in: self))
        switch kind {
        case .sameLine: return "rule: the same railway's stop, 1 min"
        case .sameArea: return "rule: another railway of the same platform group, 2 min (3 in a group of 4 railways or more): \(minutes) min"
        case .street: return "rule: another station, at 80 m a minute (5 min at least), \(minutes) min"
        default:
            return "rule: another platform group, " + (kind == .concourse ? "one operator's gates, 4 min" : "another operator's gates, 5 min")
                + " + 1 min per 70 m apart beyond 50 m + 1 min at a station of 4 groups or more: \(minutes) min"
        }
    }

    static func distance(_ a: Station, _ b: Station, in reference: Reference) -> Int? {
        guard a.id != b.id else { return nil }
        let from = a.coordinate ?? reference.complexes[a.complex]?.coordinate
        let to = b.coordinate ?? reference.complexes[b.complex]?.coordinate
        return from.flatMap { from in to.map { Int(from.distance(to: $0).rounded()) } }
    }
}
