/// Every Shinkansen station and train name, from the TSV files in `Dictionaries/` (their sources are
/// named in the files), compiled into the binary so a scan never depends on where it was installed.
public struct ShinkansenDictionary: Sendable {
    public struct Station: Sendable, Hashable {
        public var ja: String
        public var kana: String
        public var en: String
        /// The lines it is on (東京: Tokaido, Tohoku).
        public var lines: [String]
        /// Match keys, made once: the Japanese name and the English one folded (`shinosaka`), as scalars.
        var enKey: [Unicode.Scalar] = []
    }

    public struct Train: Sendable, Hashable {
        public var ja: String
        public var en: String
        /// The lines it runs over.
        public var lines: [String]
    }

    /// A city zone (東京都区内): the Shinkansen stations a ticket printed with it holds for.
    public struct Zone: Sendable, Hashable {
        public var ja: String
        public var en: String
        public var stations: [String]
        var jaKey: [Unicode.Scalar] = []
        /// "tokyowards", "tokyocity", "tokyoarea", "tokyowardarea", …
        var enKeys: [[Unicode.Scalar]] = []
    }

    public let stations: [Station]
    public let trains: [Train]
    public let zones: [Zone]
    /// Each line's stations in order.
    public let lines: [String: [String]]
    /// Each station's Japanese name as scalars, in `stations` order, for matching.
    let jaKeys: [[Unicode.Scalar]]

    public static let shared = ShinkansenDictionary(
        stationsTSV: String(decoding: PackageResources.shinkansen_stations_tsv, as: UTF8.self),
        trainsTSV: String(decoding: PackageResources.shinkansen_trains_tsv, as: UTF8.self),
        zonesTSV: String(decoding: PackageResources.city_zones_tsv, as: UTF8.self))

    init(stationsTSV: String, trainsTSV: String, zonesTSV: String = "") {
        var order: [String] = []
        var byName: [String: Station] = [:]
        var lines: [String: [String]] = [:]
        for columns in Self.rows(stationsTSV) where columns.count == 4 {
            let (line, ja) = (columns[0], columns[1])
            if byName[ja] == nil {
                order.append(ja)
                byName[ja] = Station(ja: ja, kana: columns[2], en: columns[3], lines: [],
                                     enKey: Array(TicketText.latinKey(columns[3]).unicodeScalars))
            }
            byName[ja]?.lines.append(line)
            lines[line, default: []].append(ja)
        }
        stations = order.compactMap { byName[$0] }
        jaKeys = stations.map { Array($0.ja.unicodeScalars) }
        self.lines = lines
        trains = Self.rows(trainsTSV).filter { $0.count == 3 }.map {
            Train(ja: $0[0], en: $0[1], lines: $0[2].split(separator: " ").map(String.init))
        }
        zones = Self.rows(zonesTSV).filter { $0.count == 3 }.map { columns in
            let city = TicketText.latinKey(columns[1])
            return Zone(ja: columns[0], en: columns[1], stations: columns[2].split(separator: " ").map(String.init),
                        jaKey: Array(columns[0].unicodeScalars),
                        enKeys: ["wards", "ward", "wardarea", "city", "cityarea", "area", "metropolitanarea", "line", "linearea"].map { Array((city + $0).unicodeScalars) })
        }
    }

    private static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    public func station(ja: String) -> Station? { stations.first { $0.ja == ja } }
    public func train(ja: String) -> Train? { trains.first { $0.ja == ja } }

    /// Whether `train` can call at `station` (the station is on one of the lines it runs over).
    public func serves(_ train: Train, _ station: Station) -> Bool {
        !Set(train.lines).isDisjoint(with: station.lines)
    }
}
