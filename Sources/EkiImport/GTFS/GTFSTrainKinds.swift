import EkiCore
import EkiStore

/// What kind of train a GTFS trip is, as its riders would say it.
///
/// GTFS says what vehicle a route uses (route_type), not a train type. Where the feed does give
/// a Japanese train type — GTFS-JP's jp_trip_desc, or a type word as the trip's or route's short
/// name (快速, 急行) — that is the type, with its category (各 快 準 急 特). Otherwise the kind is
/// the vehicle (Subway, Commuter rail, Tram), with no category: an Amtrak train is no 各駅停車.
struct GTFSTrainKinds {
    private(set) var types: [TimetableDataset.TrainType] = []
    private var known = Set<String>()

    /// Japanese train type words, longest first so 快速急行 wins over 急行.
    static let japaneseTypes: [(word: String, category: TrainCategory, en: String)] = [
        ("各駅停車", .local, "Local"), ("快速急行", .express, "Rapid Express"), ("通勤急行", .express, "Commuter Express"),
        ("区間急行", .express, "Section Express"), ("区間快速", .rapid, "Section Rapid"), ("通勤快速", .rapid, "Commuter Rapid"),
        ("特別快速", .rapid, "Special Rapid"), ("区間準急", .semiExpress, "Section Semi-Express"),
        ("通勤準急", .semiExpress, "Commuter Semi-Express"), ("快速特急", .limited, "Rapid Limited Express"),
        ("通勤特急", .limited, "Commuter Limited Express"), ("新快速", .rapid, "Special Rapid"),
        ("各停", .local, "Local"), ("普通", .local, "Local"), ("快速", .rapid, "Rapid"), ("準急", .semiExpress, "Semi-Express"),
        ("急行", .express, "Express"), ("特急", .limited, "Limited Express"), ("快特", .limited, "Rapid Limited Express"),
        ("ライナー", .limited, "Liner"),
    ]

    /// A Japanese train type named in `text`, if any.
    static func japaneseType(in text: String) -> (word: String, category: TrainCategory, en: String)? {
        guard !text.isEmpty else { return nil }
        return japaneseTypes.first { text.contains($0.word) }
    }

    /// The train type id of a trip, adding the type on first use.
    mutating func type(of trip: GTFSFeed.Trip, on route: GTFSFeed.Route) -> String {
        for text in [trip.typeName, trip.shortName, route.shortName, route.longName, route.description] {
            if let found = Self.japaneseType(in: text) {
                return add("gtfs.type." + found.word, LocalizedName(ja: found.word, en: found.en), found.category, classified: true)
            }
        }
        let kind = Self.kind(route.type)
        return add("gtfs." + kind.id, kind.name, kind.category, classified: false)
    }

    private mutating func add(_ id: String, _ name: LocalizedName, _ category: TrainCategory, classified: Bool) -> String {
        if known.insert(id).inserted {
            types.append(.init(id: id, name: name, category: category, classified: classified))
        }
        return id
    }

    /// The vehicle of a rail route_type, in words; the category only orders them (fast ones last).
    static func kind(_ routeType: Int) -> (id: String, name: LocalizedName, category: TrainCategory) {
        switch routeType {
        case 0: ("tram", LocalizedName(ja: "路面電車", en: "Tram"), .local)
        case 1, 401, 402: ("subway", LocalizedName(ja: "地下鉄", en: "Subway"), .local)
        case 12, 405: ("monorail", LocalizedName(ja: "モノレール", en: "Monorail"), .local)
        case 101: ("highspeed", LocalizedName(ja: "高速鉄道", en: "High-speed rail"), .limited)
        case 102, 103: ("intercity", LocalizedName(ja: "都市間列車", en: "Intercity train"), .express)
        case 105: ("sleeper", LocalizedName(ja: "寝台列車", en: "Sleeper train"), .express)
        case 106: ("regional", LocalizedName(ja: "地域列車", en: "Regional train"), .local)
        case 107: ("tourist", LocalizedName(ja: "観光列車", en: "Tourist train"), .local)
        case 109: ("commuter", LocalizedName(ja: "近郊列車", en: "Commuter rail"), .local)
        case 400, 403, 404: ("urban", LocalizedName(ja: "都市鉄道", en: "Urban rail"), .local)
        default: ("rail", LocalizedName(ja: "列車", en: "Train"), .local)
        }
    }

    /// A route_type that is not rail, in words for "22 bus routes, no rail".
    static func vehicle(_ routeType: Int) -> String {
        switch routeType {
        case 3, 11, 200...209, 700...716: "bus"
        case 4, 1000...1021: "ferry"
        case 5: "cable tram"
        case 6, 1300...1307: "aerial lift"
        case 7, 1400: "funicular"
        case 1100...1114: "air"
        case 1500...1507: "taxi"
        default: "non-rail"
        }
    }
}
