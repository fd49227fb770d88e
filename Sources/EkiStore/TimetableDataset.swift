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
public enum Language: String, CaseIterable, Sendable {
    case ja, en
    public func pick(_ name: LocalizedName) -> String { self == .ja ? name.ja : name.en }
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

    public init(source: SourceInfo) { self.source = source }

    public struct SourceInfo: Sendable, Codable, Equatable {
        /// Format name, e.g. "minitokyo3d".
        public var format: String
        /// Date of the newest input file (YYYY-MM-DD, Tokyo), the best snapshot date a folder gives.
        public var snapshotDate: String
        /// Digest of the input files' bytes, to tell two snapshots apart.
        public var digest: String
        public var attribution: String
        /// The time zone the times are local to (GTFS agency_timezone); Mini Tokyo 3D is Tokyo's.
        public var timeZone: String = TokyoTime.identifier
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
        public init(id: String, name: LocalizedName) { self.id = id; self.name = name }
    }

    public struct Railway: Sendable {
        public var id: String, operatorId: String?, name: LocalizedName, color: String?
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
        public init(id: String, railwayId: String?, name: LocalizedName, coordinate: GeoPoint?) {
            self.id = id; self.railwayId = railwayId; self.name = name; self.coordinate = coordinate
        }
    }

    public struct TrainType: Sendable {
        public var id: String, name: LocalizedName, category: TrainCategory
        public init(id: String, name: LocalizedName, category: TrainCategory) {
            self.id = id; self.name = name; self.category = category
        }
    }

    /// When a train runs. Rule-based kinds pick days by the calendar; `dates` lists them explicitly
    /// (GTFS calendar_dates), so one model holds both.
    public struct Service: Sendable {
        public enum Kind: String, Sendable, Codable {
            case weekday, saturday, holiday, saturdayHoliday, dates
        }
        public var id: String, kind: Kind, dates: [String]
        public init(id: String, kind: Kind, dates: [String] = []) {
            self.id = id; self.kind = kind; self.dates = dates
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
