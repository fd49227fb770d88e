/// The five categories every operator's train types collapse into, so a board fits a tiny screen:
/// one character and one color each. The operator's own type name stays beside it where there is room.
public enum TrainCategory: String, CaseIterable, Sendable, Codable, Comparable {
    case local, rapid, semiExpress, express, limited

    /// The one-character badge riders know from platform boards.
    public var badge: String {
        switch self {
        case .local: "各"
        case .rapid: "快"
        case .semiExpress: "準"
        case .express: "急"
        case .limited: "特"
        }
    }

    public var nameJa: String {
        switch self {
        case .local: "各駅停車"
        case .rapid: "快速"
        case .semiExpress: "準急"
        case .express: "急行"
        case .limited: "特急"
        }
    }

    public var nameEn: String {
        switch self {
        case .local: "Local"
        case .rapid: "Rapid"
        case .semiExpress: "Semi-Express"
        case .express: "Express"
        case .limited: "Limited Express"
        }
    }

    /// Badge background, chosen to stay distinct on a small screen and for common color blindness.
    public var color: String {
        switch self {
        case .local: "#5B6770"
        case .rapid: "#1F6FD1"
        case .semiExpress: "#177A3C"
        case .express: "#D7263D"
        case .limited: "#8A3FB5"
        }
    }

    /// Stable small integer stored in the database.
    public var code: Int { Self.allCases.firstIndex(of: self)! }

    public init?(code: Int) {
        guard Self.allCases.indices.contains(code) else { return nil }
        self = Self.allCases[code]
    }

    public static func < (lhs: TrainCategory, rhs: TrainCategory) -> Bool { lhs.code < rhs.code }
}
