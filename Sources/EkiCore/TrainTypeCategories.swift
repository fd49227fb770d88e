/// Which of the five categories an operator's train type belongs to.
///
/// Train type ids look like `Operator.TypeName` (`Tokyu.F-Liner`). Most type names mean the same on
/// every operator, so the table is keyed by type name; the few that differ by operator are overridden
/// by full id. A type missing from both is guessed from its name and reported by the importer,
/// so a new snapshot never stops an import but never goes unnoticed either.
public enum TrainTypeCategories {
    /// Type name → category, for every type name seen in the Mini Tokyo 3D data.
    public static let byTypeName: [String: TrainCategory] = [
        // 各駅停車 / 普通 and the odd ones that stop everywhere.
        "Local": .local,
        "Bus": .local,                        // バス代行運転: a substitute bus calling at every stop
        "Torokko": .local,                    // トロッコ: open cars on a stopping train
        // 快速 family, including JR's special rapids and the monorail's airport rapid.
        "Rapid": .rapid,
        "CommuterRapid": .rapid,
        "SemiRapid": .rapid,                  // 区間快速
        "SpecialRapid": .rapid,               // 特別快速
        "ChuoSpecialRapid": .rapid,           // 中央特快: a rapid, not a limited express
        "OmeSpecialRapid": .rapid,            // 青梅特快
        "CommuterSpecialRapid": .rapid,       // 通勤特快
        "HanedaExpress": .rapid,              // 空港快速
        "SL-Moka": .rapid,                    // SLもおか runs as a rapid
        // 準急 family.
        "SemiExpress": .semiExpress,          // 準急, and Keio's 区間急行
        "SectionSemiExpress": .semiExpress,   // 区間準急
        "CommuterSemiExpress": .semiExpress,  // 通勤準急
        // 急行 family.
        "Express": .express,
        "CommuterExpress": .express,          // 通勤急行
        "RapidExpress": .express,             // 快速急行
        "SectionExpress": .express,           // 区間急行 (Tobu)
        "PaleoExpress": .express,             // パレオエクスプレス runs as an express
        // 特急 family: limited expresses and the reserved-seat liners.
        "LimitedExpress": .limited,
        "CommuterLimitedExpress": .limited,   // 通勤特急
        "RapidLimitedExpress": .limited,      // 快特 / 快速特急
        "AirportRapidLimitedExpress": .limited, // エアポート快特
        "AccessExpress": .limited,            // アクセス特急
        "KawagoeLimitedExpress": .limited,    // 川越特急
        "Skyliner": .limited,
        "Liner": .limited,
        "KeioLiner": .limited,
        "HaijimaLiner": .limited,
        "TJ-Liner": .limited,
        "TH-LINER": .limited,
        "S-TRAIN": .limited,
        "MorningWing": .limited,
        "EveningWing": .limited,
        "Morningliner": .limited,
        "Eveningliner": .limited,
        "SL-Taiju": .limited,                 // SL大樹: reserved seats with a surcharge
    ]

    /// Full type id → category where an operator uses a name differently.
    /// The F-Liner runs as 特急 on Tokyu and Minatomirai but as 急行 / 快速急行 elsewhere.
    public static let byTypeId: [String: TrainCategory] = [
        "TokyoMetro.F-Liner": .express,
        "Seibu.F-Liner": .express,
        "Tobu.F-Liner": .express,
        "Tokyu.F-Liner": .limited,
        "Minatomirai.F-Liner": .limited,
    ]

    /// The category from the tables, or nil when the type is not in them.
    public static func listed(typeId: String) -> TrainCategory? {
        if let category = byTypeId[typeId] { return category }
        return byTypeName[typeName(of: typeId)]
    }

    /// The category from the tables, else a guess from the name (never nil).
    public static func category(typeId: String) -> TrainCategory {
        listed(typeId: typeId) ?? guess(typeName: typeName(of: typeId))
    }

    static func typeName(of typeId: String) -> String {
        guard let dot = typeId.firstIndex(of: ".") else { return typeId }
        return String(typeId[typeId.index(after: dot)...])
    }

    static func guess(typeName: String) -> TrainCategory {
        let name = typeName.lowercased()
        if name.contains("limited") || name.contains("liner") { return .limited }
        if name.contains("semiexpress") { return .semiExpress }
        if name.contains("express") { return .express }
        if name.contains("rapid") { return .rapid }
        return .local
    }
}
