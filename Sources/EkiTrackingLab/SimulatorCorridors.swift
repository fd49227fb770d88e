import EkiStore

/// The stretches where railways run side by side and a tracker has the most trouble: the
/// evaluation oversamples them (`--corridors`) and reports them apart.
public struct SimulatorCorridor: Sendable, Equatable {
    public var name: String
    public var railways: [String]
    /// Station ids' last component at either end (`Shinagawa` → `JR-East.Tokaido.Shinagawa`).
    public var from: String
    public var to: String

    public static let all: [SimulatorCorridor] = [
        SimulatorCorridor(name: "Shinagawa–Yokohama (Tokaido / Keihin-Tohoku / Yokosuka)",
                          railways: ["JR-East.Tokaido", "JR-East.KeihinTohokuNegishi", "JR-East.Yokosuka"],
                          from: "Shinagawa", to: "Yokohama"),
        SimulatorCorridor(name: "Shinagawa–Tabata (Yamanote / Keihin-Tohoku)",
                          railways: ["JR-East.Yamanote", "JR-East.KeihinTohokuNegishi"],
                          from: "Shinagawa", to: "Tabata"),
        SimulatorCorridor(name: "Den-en-chofu–Hiyoshi (Toyoko / Meguro)",
                          railways: ["Tokyu.Toyoko", "Tokyu.Meguro"],
                          from: "DenEnChofu", to: "Hiyoshi"),
    ]

    /// The railway's stations inside the corridor: from one end to the other the short way
    /// (round a loop, the side the parallel line runs on). Empty when the railway is not in it.
    public func stations(of railway: Reference.Railway, in reference: Reference) -> Set<String> {
        guard railways.contains(railway.id) else { return [] }
        var ring = railway.stations.compactMap { reference.stations.id(of: $0) }
        if railway.isLoop, ring.count > 1, ring.first == ring.last { ring.removeLast() }
        guard let a = ring.firstIndex(of: "\(railway.id).\(from)"),
              let b = ring.firstIndex(of: "\(railway.id).\(to)") else { return [] }
        let low = min(a, b), high = max(a, b)
        if railway.isLoop, high - low > ring.count / 2 {
            return Set(ring[high...] + ring[...low])
        }
        return Set(ring[low...high])
    }
}
