import EkiCore
import EkiStore

/// The words every rendering of a route shares (terminal, web page, share card), in both
/// languages, so a change of trains reads the same everywhere.
public enum RouteWords {
    /// "1時間3分" / "1 h 3 min".
    public static func duration(_ minutes: Int) -> LocalizedName {
        minutes < 60 ? LocalizedName(ja: "\(minutes)分", en: "\(minutes) min")
            : LocalizedName(ja: "\(minutes / 60)時間\(minutes % 60)分", en: "\(minutes / 60) h \(minutes % 60) min")
    }

    /// Where a train goes, as a rider says it: "小手指行" / "for Kotesashi"; a loop's "渋谷・新宿方面" /
    /// "for Shibuya & Shinjuku" as it is; empty when the data names no destination.
    public static func bound(_ destination: LocalizedName) -> LocalizedName {
        LocalizedName(ja: destination.ja.isEmpty || destination.ja.hasSuffix("方面") ? destination.ja : destination.ja + "行",
                      en: destination.en.isEmpty || destination.en.hasPrefix("for ") ? destination.en : "for " + destination.en)
    }

    /// What a change of trains is, with the walk it needs at the rider's pace: "同じホーム",
    /// "徒歩12分（長い通路）", "別の駅へ徒歩約350m（5分）". "同じホーム" only where the data says the
    /// change is across the platform.
    public static func place(_ transfer: RoutePlan.Transfer) -> LocalizedName {
        let walk = transfer.needed
        if transfer.place == .otherStation, transfer.allowed {
            return transfer.walkMeters.map { LocalizedName(ja: "別の駅へ徒歩約\($0)m（\(walk)分）", en: "walk about \($0) m to another station (\(walk) min)") }
                ?? LocalizedName(ja: "別の駅へ徒歩\(walk)分", en: "\(walk) min walk to another station")
        }
        return transfer.kind.words(minutes: transfer.allowed ? walk : nil, estimated: transfer.estimated)
    }

    /// "乗換 1分 · 同じホーム" / "Change: 1 min · same platform".
    public static func transfer(_ transfer: RoutePlan.Transfer) -> LocalizedName {
        let place = place(transfer)
        return LocalizedName(ja: "乗換 \(transfer.minutes)分 · \(place.ja)", en: "Change: \(transfer.minutes) min · \(place.en)")
    }

    /// A last train's change, missed: "乗り遅れても 00:25 発の山手線（内回り）で 01:03 着" / "miss it
    /// and the 00:25 Yamanote Line (Inner Loop) gets there at 01:03" — the line and way named, since
    /// it may leave from another platform than the planned train; nil fallback:
    /// "乗り遅れると先へ進めません（これが最終）".
    public static func fallback(_ fallback: LastTrain.Fallback?) -> LocalizedName {
        guard let fallback else {
            return LocalizedName(ja: "乗り遅れると先へ進めません（これが最終）", en: "the last one from here: miss it and you are stuck")
        }
        let line = fallback.railway.map { railway in
            LocalizedName(ja: railway.name.ja + (fallback.direction.map { "（\($0.name.ja)）" } ?? ""),
                          en: railway.name.en + (fallback.direction.map { " (\($0.name.en))" } ?? ""))
        }
        let (leaves, arrives) = (fallback.departure.clock, fallback.arrival.clock)
        guard let line else {
            return LocalizedName(ja: "乗り遅れても \(leaves) 発で \(arrives) 着", en: "miss it and the \(leaves) gets there at \(arrives)")
        }
        return LocalizedName(ja: "乗り遅れても \(leaves) 発の\(line.ja)で \(arrives) 着",
                             en: "miss it and the \(leaves) \(line.en) gets there at \(arrives)")
    }

    /// What another train for a leg is, if not simply possible (`Standing`): "短い乗換", or why it
    /// cannot be taken, "次の列車の発車（10:20）より後に着きます" — the route page and `eki route
    /// alternatives` say the same (the CLI marks them ⚠ and ×, the page flags or greys them).
    public static func standing(_ standing: Standing) -> LocalizedName? {
        switch standing {
        case .ok: nil
        case .tight: LocalizedName(ja: "短い乗換", en: "tight change")
        case .leavesBeforeArrival(let arrival):
            LocalizedName(ja: "前の列車の到着（\(arrival.clock)）より前に出ます", en: "leaves before your previous train arrives (\(arrival.clock))")
        case .arrivesAfterDeparture(let departure):
            LocalizedName(ja: "次の列車の発車（\(departure.clock)）より後に着きます", en: "arrives after your next train leaves (\(departure.clock))")
        case .changeNotAllowed: LocalizedName(ja: "この乗換はできません", en: "this change cannot be made")
        }
    }

    /// The flag a transfer carries, if any: "間に合いません" / "短い乗換".
    public static func flag(_ transfer: RoutePlan.Transfer) -> LocalizedName? {
        if transfer.impossible { return LocalizedName(ja: "間に合いません", en: "cannot be made") }
        if transfer.tight { return LocalizedName(ja: "短い乗換", en: "tight") }
        return nil
    }
}
