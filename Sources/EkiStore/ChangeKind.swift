/// What a change of trains is, as a rider walks it: the words a plan shows beside its minutes, and
/// the `kind` of `eki transfers` and the database's `station_transfer` rows (docs/TRANSFERS.md).
public enum ChangeKind: String, Sendable, Codable, CaseIterable {
    /// Across one island platform.
    case crossPlatform = "cross-platform"
    /// Another train of the same railway at the same station.
    case sameLine = "same-line"
    /// Another platform of the same platforms' area, off one concourse.
    case sameArea = "same-area"
    /// Through the station's concourse, inside the gates.
    case concourse
    /// A long passage (moving walkways, hundreds of metres).
    case longWalk = "long-walk"
    /// To or from platforms deep underground (many escalators).
    case deep
    /// Out of one operator's gates and into another's.
    case gates
    /// Out of the station and along the street to another.
    case street
    /// The feed gives a minimum time and no more (GTFS transfers.txt).
    case feed

    /// The words beside the minutes: "同じホーム", "徒歩6分（改札を出て乗換）".
    public var words: LocalizedName {
        switch self {
        case .crossPlatform: LocalizedName(ja: "同じホーム", en: "same platform")
        case .sameLine: LocalizedName(ja: "同じ路線のホーム", en: "same line's platforms")
        // Not "隣のホーム": the rule gives this to any two railways of one Mini Tokyo 3D platform
        // group, which may share one platform (白金高輪) or stand on different levels (青山一丁目).
        case .sameArea: LocalizedName(ja: "同じ改札内", en: "within the station")
        case .concourse: LocalizedName(ja: "構内の通路", en: "through the concourse")
        case .longWalk: LocalizedName(ja: "長い通路", en: "a long passage")
        case .deep: LocalizedName(ja: "地下深いホーム", en: "deep underground")
        case .gates: LocalizedName(ja: "改札を出て乗換", en: "to another operator's platforms")   // a feed abroad may have no gates
        case .street: LocalizedName(ja: "駅の外を歩く", en: "outside, along the street")
        case .feed: LocalizedName(ja: "乗換", en: "change")
        }
    }

    /// The change in a rider's words with the minutes it takes: "同じホーム", "徒歩12分（長い通路）",
    /// "乗換できません" where the data says it cannot be made (nil minutes). `estimated`: the minutes
    /// are a rough figure (the rule's, or the table's own estimate), and the words say so —
    /// "徒歩5分（改札を出て乗換・目安）" / "5 min walk (to another operator's platforms; estimated)".
    public func words(minutes: Int?, estimated: Bool = false) -> LocalizedName {
        guard let minutes else { return LocalizedName(ja: "乗換できません", en: "no change possible") }
        switch self {
        case .crossPlatform, .sameLine: return words
        case .feed: return LocalizedName(ja: "乗換\(minutes)分", en: "\(minutes) min to change")
        default:
            let ja = estimated ? words.ja + "・目安" : words.ja, en = estimated ? words.en + "; estimated" : words.en
            return LocalizedName(ja: "徒歩\(minutes)分（\(ja)）", en: "\(minutes) min walk (\(en))")
        }
    }

}
