import EkiStore

/// Names for ids an ODPT dump references without defining (no odpt_RailDirection.json or
/// odpt_TrainType.json, or an id missing from them), worked out from the id itself.
enum ODPTNames {
    /// The direction ids every operator shares.
    static let directions: [String: LocalizedName] = [
        "Inbound": .init(ja: "上り", en: "Inbound"),
        "Outbound": .init(ja: "下り", en: "Outbound"),
        "InnerLoop": .init(ja: "内回り", en: "Inner Loop"),
        "OuterLoop": .init(ja: "外回り", en: "Outer Loop"),
        "Northbound": .init(ja: "北行", en: "Northbound"),
        "Southbound": .init(ja: "南行", en: "Southbound"),
        "Eastbound": .init(ja: "東行", en: "Eastbound"),
        "Westbound": .init(ja: "西行", en: "Westbound"),
    ]

    /// Loop lines run these directions; their station order does not repeat the first station.
    static let loopDirections: Set<String> = ["InnerLoop", "OuterLoop"]

    /// `Inbound` → 上り; `TokyoMetro.Asakusa` (Tokyo Metro names directions by a terminal) →
    /// 浅草方面 / For Asakusa when a station of that operator is called so; else the id's last part.
    static func direction(_ id: String, stations: [String: LocalizedName]) -> LocalizedName {
        if let known = directions[id] { return known }
        let parts = id.split(separator: ".")
        if parts.count == 2 {
            let suffix = "." + parts[1]
            if let station = stations.first(where: { $0.key.hasPrefix(parts[0] + ".") && $0.key.hasSuffix(suffix) })?.value {
                return LocalizedName(ja: station.ja + "方面", en: "For " + station.en)
            }
        }
        let last = parts.last.map(String.init) ?? id
        return LocalizedName(ja: last, en: last)
    }

    /// The type names most operators use (`Tokyu.Express` → 急行); others keep the id's last part.
    static let trainTypes: [String: LocalizedName] = [
        "Local": .init(ja: "普通", en: "Local"),
        "Rapid": .init(ja: "快速", en: "Rapid"),
        "CommuterRapid": .init(ja: "通勤快速", en: "Commuter Rapid"),
        "SpecialRapid": .init(ja: "特別快速", en: "Special Rapid"),
        "SemiExpress": .init(ja: "準急", en: "Semi Express"),
        "CommuterSemiExpress": .init(ja: "通勤準急", en: "Commuter Semi Express"),
        "Express": .init(ja: "急行", en: "Express"),
        "CommuterExpress": .init(ja: "通勤急行", en: "Commuter Express"),
        "RapidExpress": .init(ja: "快速急行", en: "Rapid Express"),
        "LimitedExpress": .init(ja: "特急", en: "Limited Express"),
        "CommuterLimitedExpress": .init(ja: "通勤特急", en: "Commuter Limited Express"),
        "RapidLimitedExpress": .init(ja: "快特", en: "Rapid Limited Express"),
    ]

    static func trainType(_ id: String) -> LocalizedName {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        return trainTypes[last] ?? LocalizedName(ja: last, en: last)
    }
}
