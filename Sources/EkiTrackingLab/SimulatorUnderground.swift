import EkiStore

/// Which stations are underground, for the simulator (no GPS there) and the evaluation's
/// "above-ground rides". The data has no tunnel flag, so this is a deliberately simple rule:
/// - a station without coordinates is underground (the source leaves out a handful, all subway);
/// - the subway operators (Tokyo Metro, Toei, Yokohama Municipal) are underground, except Toei's
///   tram (Arakawa) and elevated guideway (Nippori-Toneri) and the Tozai line's elevated eastern
///   end (Nishi-Kasai to Nishi-Funabashi);
/// - a few private lines that run wholly in tunnel (Minatomirai, Keio New, Rinkai, Saitama
///   Railway, the Shin-Yokohama link, Seibu Yurakucho) are underground.
/// Short tunnels of surface lines (e.g. Toyoko at Shibuya, Sobu Rapid at Tokyo) are not modelled.
/// Between two stations, the half nearer an underground station is underground (the portal sits
/// midway).
public enum SimulatorUnderground {
    static let subwayOperators = ["TokyoMetro.", "Toei.", "YokohamaMunicipal."]
    static let surfaceSubwayRailways: Set<String> = ["Toei.Arakawa", "Toei.NipporiToneri"]
    static let tunnelRailways: Set<String> = [
        "Minatomirai.Minatomirai", "Keio.KeioNew", "TWR.Rinkai", "SaitamaRailway.SaitamaRailway",
        "Tokyu.TokyuShinYokohama", "Sotetsu.SotetsuShinYokohama", "Seibu.SeibuYurakucho",
    ]
    static let surfaceStations: Set<String> = [
        "TokyoMetro.Tozai.NishiKasai", "TokyoMetro.Tozai.Kasai", "TokyoMetro.Tozai.Urayasu",
        "TokyoMetro.Tozai.MinamiGyotoku", "TokyoMetro.Tozai.Gyotoku", "TokyoMetro.Tozai.Myoden",
        "TokyoMetro.Tozai.BarakiNakayama", "TokyoMetro.Tozai.NishiFunabashi",
    ]

    public static func isUnderground(_ station: Reference.Station, in reference: Reference) -> Bool {
        if station.coordinate == nil { return true }
        if surfaceStations.contains(station.id) { return false }
        let railway = station.railway.flatMap { reference.railways.id(of: $0) } ?? ""
        if tunnelRailways.contains(railway) { return true }
        return subwayOperators.contains { railway.hasPrefix($0) } && !surfaceSubwayRailways.contains(railway)
    }
}
