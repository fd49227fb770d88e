import EkiCore

/// A name in the two languages the apps speak.
public struct LocalizedName: Hashable, Sendable, Codable {
    public var ja: String
    public var en: String
    public init(ja: String, en: String) {
        self.ja = ja
        self.en = en
    }
}

/// The two languages every human-readable output comes in.
public enum Language: String, CaseIterable, Sendable, Codable {
    case ja, en
    public func pick(_ name: LocalizedName) -> String { self == .ja ? name.ja : name.en }

    /// The language a feed's riders read: its own declared language (GTFS `feed_lang`, else
    /// `agency_lang`), else its time zone's (Asia/Tokyo is Japanese, anywhere else English).
    public static func of(declared: String?, timeZone: String) -> Language {
        let code = (declared ?? "").lowercased()
        if code.hasPrefix("ja") { return .ja }
        if !code.isEmpty, code != "mul" { return .en }
        return timeZone == TokyoTime.identifier ? .ja : .en
    }
}

/// Everything a source format reader produces, in one shape for every format.
///
/// Ids here are the source's own string ids (`Minatomirai.Minatomirai.Bashamichi`); the store interns
/// them to integers. Times are service-day minutes. The importer validates and mends references
/// before handing a dataset to `TimetableWriter`, so every id referenced here is defined here.
public struct TimetableDataset: Sendable {
    public var source: SourceInfo
    public var operators: [Operator] = []
    public var directions: [Direction] = []
    public var railways: [Railway] = []
    public var stations: [Station] = []
    /// Station complexes: each is a list of platform groups, each a list of station ids sharing platforms.
    public var complexes: [[[String]]] = []
    public var trainTypes: [TrainType] = []
    public var services: [Service] = []
    public var trains: [Train] = []
    /// Railway id → drawn shape, one polyline per part.
    public var shapes: [String: [[GeoPoint]]] = [:]
    /// The source's own calendars with their exceptions (GTFS); empty for Japan's day kinds.
    public var calendars: [FeedCalendar] = []
    /// Minimum change times the source gives between two stations (GTFS transfers.txt; for Mini
    /// Tokyo 3D the reviewed interchange table).
    public var transfers: [Transfer] = []
    /// Changes across one island platform, for the pairs of directions that stand there (the
    /// reviewed interchange table); any other pair of directions between the same two stations
    /// changes by `transfers` or the rule.
    public var crosses: [Cross] = []

    public struct Cross: Sendable, Equatable {
        /// Station ids, and the direction ids of the train arrived on and the train boarded.
        public var from: String, to: String, arriving: String, departing: String
        public var minutes: Int
        public var basis: String
        public init(from: String, to: String, arriving: String, departing: String, minutes: Int, basis: String) {
            self.from = from; self.to = to; self.arriving = arriving; self.departing = departing
            self.minutes = minutes; self.basis = basis
        }
    }

    public struct Transfer: Sendable, Equatable {
        /// Station ids; `minutes` nil when the change is not possible.
        public var from: String, to: String, minutes: Int?
        /// What the change is (`ChangeKind` raw value) and where the figure comes from, when known.
        public var kind: String?, basis: String?
        public init(from: String, to: String, minutes: Int?, kind: String? = nil, basis: String? = nil) {
            self.from = from; self.to = to; self.minutes = minutes; self.kind = kind; self.basis = basis
        }
    }

    public init(source: SourceInfo) { self.source = source }

    public struct SourceInfo: Sendable, Codable, Equatable {
        /// Format name, e.g. "minitokyo3d".
        public var format: String
        /// The day the data describes, from the data itself (YYYY-MM-DD): a GTFS feed's feed_info or
        /// calendar range, a fetch record's or git commit's date; `SourceInfo.unknownDate` when the
        /// data does not say. Never a file's modification time: a copy made today is not today's data.
        public var snapshotDate: String
        /// Digest of the input files' bytes, to tell two snapshots apart.
        public var digest: String
        public var attribution: String
        /// The time zone the times are local to (GTFS agency_timezone); Mini Tokyo 3D is Tokyo's.
        public var timeZone: String = TokyoTime.identifier
        /// The language the source's riders read (`Language.of`): boards speak it unless asked otherwise.
        public var language: Language = .ja
        /// The latest service-day minute a time may have: Tokyo's sources end the service day at
        /// 26:59; GTFS times run to 47:59 (a night train of one service day leaving at 27:11).
        public var latestMinute: Int = ServiceMinute.dayEnd
        public static let unknownDate = "unknown"
        public init(format: String, snapshotDate: String, digest: String, attribution: String) {
            self.format = format
            self.snapshotDate = snapshotDate
            self.digest = digest
            self.attribution = attribution
        }
    }

    public struct Operator: Sendable {
        public var id: String, name: LocalizedName, color: String?
        public init(id: String, name: LocalizedName, color: String?) {
            self.id = id; self.name = name; self.color = color
        }
    }

    public struct Direction: Sendable {
        public var id: String, name: LocalizedName
        /// The place its name says the trains go to (a GTFS headsign or terminal), when it is named
        /// so: at that place itself, a board names the direction by where trains go on to instead.
        public var toward: LocalizedName?
        public init(id: String, name: LocalizedName, toward: LocalizedName? = nil) {
            self.id = id; self.name = name; self.toward = toward
        }
    }

    public struct Railway: Sendable {
        public var id: String, operatorId: String?, name: LocalizedName, color: String?
        /// What riders call it in a word or two, shown as a board's badge when the source gives no
        /// Japanese train types (a GTFS route_short_name: `1`, `SLE`).
        public var shortName: String?
        public var ascending: String?, descending: String?
        /// Stations in line order; a loop line repeats its first station at the end.
        public var stations: [String]
        public var isLoop: Bool { stations.count > 2 && stations.first == stations.last }
        public init(id: String, operatorId: String?, name: LocalizedName, color: String?,
                    ascending: String?, descending: String?, stations: [String]) {
            self.id = id; self.operatorId = operatorId; self.name = name; self.color = color
            self.ascending = ascending; self.descending = descending; self.stations = stations
        }
    }

    public struct Station: Sendable {
        public var id: String, railwayId: String?, name: LocalizedName, coordinate: GeoPoint?
        /// The id riders of the source know it by, when it is not `id` (a GTFS station is one per
        /// route and place, `SLE:OSB`, but its riders call it `OSB`); several stations may share it.
        public var publicId: String?
        /// Other ids that name it (a GTFS feed's platform stop_ids `127N`, `127S`).
        public var aliases: [String] = []
        /// The direction an alias names beside the station, where it is a platform every train of
        /// the railway there uses one way only (New York's 127N: Times Sq-42 St, uptown).
        public var aliasDirections: [String: String] = [:]
        public init(id: String, railwayId: String?, name: LocalizedName, coordinate: GeoPoint?) {
            self.id = id; self.railwayId = railwayId; self.name = name; self.coordinate = coordinate
        }
    }

    public struct TrainType: Sendable {
        public var id: String, name: LocalizedName, category: TrainCategory
        /// Whether the category comes from Japanese train types the source gives (各 快 準 急 特);
        /// false for a kind of vehicle (a GTFS route_type: Subway, Commuter rail), which has none.
        public var classified: Bool
        public init(id: String, name: LocalizedName, category: TrainCategory, classified: Bool = true) {
            self.id = id; self.name = name; self.category = category; self.classified = classified
        }
    }

    /// When a train runs. Rule-based kinds pick days by the calendar; `dates` lists them explicitly
    /// (GTFS calendar_dates), so one model holds both.
    public struct Service: Sendable {
        public enum Kind: String, Sendable, Codable {
            case weekday, saturday, holiday, saturdayHoliday, dates
        }
        public var id: String, kind: Kind, dates: [String]
        /// What riders call it ("Weekday service", 平日ダイヤ); the id is only a detail beside it.
        public var name: LocalizedName?
        public init(id: String, kind: Kind, dates: [String] = [], name: LocalizedName? = nil) {
            self.id = id; self.kind = kind; self.dates = dates; self.name = name
        }
    }

    /// One calendar as the source writes it (a GTFS service_id): its weekly pattern between two
    /// dates, and the dates added to or removed from it. `eki calendar` shows these for a feed.
    public struct FeedCalendar: Sendable, Equatable {
        public var id: String, name: LocalizedName
        /// Sunday first; nil when the source gives only dates (calendar_dates.txt alone).
        public var weekdays: [Bool]?
        public var start: String?, end: String?
        public var added: [String], removed: [String]
        public init(id: String, name: LocalizedName, weekdays: [Bool]?, start: String?, end: String?,
                    added: [String], removed: [String]) {
            self.id = id; self.name = name; self.weekdays = weekdays; self.start = start; self.end = end
            self.added = added; self.removed = removed
        }
    }

    public struct Stop: Sendable, Equatable {
        public var station: String
        public var arrival: Int?, departure: Int?
        public init(station: String, arrival: Int?, departure: Int?) {
            self.station = station; self.arrival = arrival; self.departure = departure
        }
    }

    public struct Train: Sendable {
        public var id: String, railwayId: String, serviceId: String, number: String
        public var typeId: String, directionId: String
        public var origins: [String], destinations: [String]
        public var names: [LocalizedName]
        public var vehicle: String?
        public var stops: [Stop]
        /// Through service: train parts this one continues as / continues from, on any railway.
        public var next: [String], previous: [String]
        /// The id riders and the source's other tools know the train by, when it is not `id`: a
        /// GTFS trip_id (`R1` for the copy `R1@EX+WK` that runs where two calendars overlap).
        public var publicId: String?
        /// Where the train says it goes (GTFS trip_headsign), when the source gives it.
        public var headsign: LocalizedName?
        public init(id: String, railwayId: String, serviceId: String, number: String, typeId: String,
                    directionId: String, origins: [String], destinations: [String], names: [LocalizedName],
                    vehicle: String?, stops: [Stop], next: [String], previous: [String]) {
            self.id = id; self.railwayId = railwayId; self.serviceId = serviceId; self.number = number
            self.typeId = typeId; self.directionId = directionId; self.origins = origins
            self.destinations = destinations; self.names = names; self.vehicle = vehicle
            self.stops = stops; self.next = next; self.previous = previous
        }
    }
}
