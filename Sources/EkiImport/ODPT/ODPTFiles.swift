import EkiStore

/// Decodable views of the ODPT API's JSON-LD objects (API specification v4) as `eki data fetch`
/// saves them: one JSON array per class. Only the fields Eki uses; everything else is ignored.
///
/// The API writes optional fields as missing or as explicit `null`, and a few operators write a
/// single value where the specification says an array, so those are read leniently.
enum ODPTFiles {
    struct Railway: Decodable {
        var sameAs: String
        var title: String?
        var railwayTitle: Titles?
        var operatorId: String?
        var color: String?
        var ascending: String?
        var descending: String?
        var stationOrder: [StationOrder]

        struct StationOrder: Decodable {
            var index: Int?
            var station: String
            var stationTitle: Titles?
            enum CodingKeys: String, CodingKey {
                case index = "odpt:index", station = "odpt:station", stationTitle = "odpt:stationTitle"
            }
        }

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", title = "dc:title", railwayTitle = "odpt:railwayTitle"
            case operatorId = "odpt:operator", color = "odpt:color"
            case ascending = "odpt:ascendingRailDirection", descending = "odpt:descendingRailDirection"
            case stationOrder = "odpt:stationOrder"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.decode(String.self, forKey: .sameAs)
            title = try c.decodeIfPresent(String.self, forKey: .title)
            railwayTitle = try c.decodeIfPresent(Titles.self, forKey: .railwayTitle)
            operatorId = try c.decodeIfPresent(String.self, forKey: .operatorId)
            color = try c.decodeIfPresent(String.self, forKey: .color)
            ascending = try c.decodeIfPresent(String.self, forKey: .ascending)
            descending = try c.decodeIfPresent(String.self, forKey: .descending)
            stationOrder = try c.decodeIfPresent([StationOrder].self, forKey: .stationOrder) ?? []
        }
    }

    struct Station: Decodable {
        var sameAs: String
        var title: String?
        var stationTitle: Titles?
        var railway: String?
        var latitude: Double?
        var longitude: Double?
        var connectingRailways: [String]
        var connectingStations: [String]

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", title = "dc:title", stationTitle = "odpt:stationTitle"
            case railway = "odpt:railway", latitude = "geo:lat", longitude = "geo:long"
            case connectingRailways = "odpt:connectingRailway", connectingStations = "odpt:connectingStation"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.decode(String.self, forKey: .sameAs)
            title = try c.decodeIfPresent(String.self, forKey: .title)
            stationTitle = try c.decodeIfPresent(Titles.self, forKey: .stationTitle)
            railway = try c.decodeIfPresent(String.self, forKey: .railway)
            latitude = try c.decodeIfPresent(Double.self, forKey: .latitude)
            longitude = try c.decodeIfPresent(Double.self, forKey: .longitude)
            connectingRailways = try c.decodeList(forKey: .connectingRailways)
            connectingStations = try c.decodeList(forKey: .connectingStations)
        }
    }

    /// odpt:RailDirection, odpt:TrainType, odpt:Operator and odpt:Calendar: an id, a Japanese
    /// `dc:title`, a multilingual title under a class-specific key, and for calendars their days.
    struct Titled: Decodable {
        var sameAs: String
        var title: String?
        var titles: Titles?
        /// odpt:Calendar only: the dates ("YYYY-MM-DD") a specific calendar runs.
        var days: [String]

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", title = "dc:title", days = "odpt:day"
            case railDirectionTitle = "odpt:railDirectionTitle", trainTypeTitle = "odpt:trainTypeTitle"
            case operatorTitle = "odpt:operatorTitle", calendarTitle = "odpt:calendarTitle"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.decode(String.self, forKey: .sameAs)
            title = try c.decodeIfPresent(String.self, forKey: .title)
            titles = nil
            for key in [CodingKeys.railDirectionTitle, .trainTypeTitle, .operatorTitle, .calendarTitle] where titles == nil {
                titles = try c.decodeIfPresent(Titles.self, forKey: key)
            }
            days = try c.decodeList(forKey: .days)
        }
    }

    /// One element of odpt:trainTimetableObject: a departure, an arrival, or both at one station.
    struct Stop: Decodable {
        var departureTime: String?
        var departureStation: String?
        var arrivalTime: String?
        var arrivalStation: String?
        enum CodingKeys: String, CodingKey {
            case departureTime = "odpt:departureTime", departureStation = "odpt:departureStation"
            case arrivalTime = "odpt:arrivalTime", arrivalStation = "odpt:arrivalStation"
        }
    }

    struct TrainTimetable: Decodable {
        var sameAs: String
        var date: String?
        var railway: String
        var calendar: String?
        var direction: String?
        var trainNumber: String?
        var trainType: String?
        var trainNames: [Titles]
        var origins: [String]
        var destinations: [String]
        var previous: [String]
        var next: [String]
        var stops: [Stop]

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", date = "dc:date", railway = "odpt:railway", calendar = "odpt:calendar"
            case direction = "odpt:railDirection", trainNumber = "odpt:trainNumber", trainType = "odpt:trainType"
            case trainNames = "odpt:trainName", origins = "odpt:originStation"
            case destinations = "odpt:destinationStation", previous = "odpt:previousTrainTimetable"
            case next = "odpt:nextTrainTimetable", stops = "odpt:trainTimetableObject"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.decode(String.self, forKey: .sameAs)
            date = try c.decodeIfPresent(String.self, forKey: .date)
            railway = try c.decode(String.self, forKey: .railway)
            calendar = try c.decodeIfPresent(String.self, forKey: .calendar)
            direction = try c.decodeIfPresent(String.self, forKey: .direction)
            // Train numbers are strings, but a number written as a JSON number is still a number.
            if let number = try? c.decodeIfPresent(String.self, forKey: .trainNumber) {
                trainNumber = number
            } else {
                trainNumber = try c.decodeIfPresent(Int.self, forKey: .trainNumber).map(String.init)
            }
            trainType = try c.decodeIfPresent(String.self, forKey: .trainType)
            // v4 writes an array of multilingual titles; older dumps one title.
            if let names = try? c.decodeIfPresent([Titles].self, forKey: .trainNames) {
                trainNames = names
            } else {
                trainNames = try c.decodeIfPresent(Titles.self, forKey: .trainNames).map { [$0] } ?? []
            }
            origins = try c.decodeList(forKey: .origins)
            destinations = try c.decodeList(forKey: .destinations)
            previous = try c.decodeList(forKey: .previous)
            next = try c.decodeList(forKey: .next)
            stops = try c.decode([Stop].self, forKey: .stops)
        }
    }

    struct StationTimetable: Decodable {
        var sameAs: String?
        var station: String
        var railway: String?
        var direction: String?
        var calendar: String?
        var entries: [Entry]

        struct Entry: Decodable {
            var departureTime: String?
            enum CodingKeys: String, CodingKey { case departureTime = "odpt:departureTime" }
        }

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", station = "odpt:station", railway = "odpt:railway"
            case direction = "odpt:railDirection", calendar = "odpt:calendar", entries = "odpt:stationTimetableObject"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.decodeIfPresent(String.self, forKey: .sameAs)
            station = try c.decode(String.self, forKey: .station)
            railway = try c.decodeIfPresent(String.self, forKey: .railway)
            direction = try c.decodeIfPresent(String.self, forKey: .direction)
            calendar = try c.decodeIfPresent(String.self, forKey: .calendar)
            entries = try c.decodeIfPresent([Entry].self, forKey: .entries) ?? []
        }
    }

    /// odpt:MultilingualTitle ({"ja": …, "en": …, "ko": …}); values that are not strings are skipped.
    struct Titles: Decodable {
        var values: [String: String]

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            var values: [String: String] = [:]
            for key in c.allKeys {
                if let text = try? c.decode(String.self, forKey: key), !text.isEmpty { values[key.stringValue] = text }
            }
            self.values = values
        }

        init(_ values: [String: String]) { self.values = values }

        subscript(language: String) -> String? { values[language] }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `odpt.Station:Tokyu.Toyoko.Shibuya` → `Tokyu.Toyoko.Shibuya`: the ids Eki stores are the same
    /// as Mini Tokyo 3D's (which come from ODPT), so train type categories and operator names match.
    static func id(_ value: String) -> String {
        guard let colon = value.firstIndex(of: ":") else { return value }
        return String(value[value.index(after: colon)...])
    }

    /// A name in both languages from a multilingual title, the Japanese `dc:title`, or a fallback.
    static func name(_ titles: Titles?, title: String?, fallback: String) -> LocalizedName {
        let ja = titles?["ja"] ?? title
        let en = titles?["en"] ?? ja ?? fallback
        return LocalizedName(ja: ja ?? en, en: en)
    }
}

extension KeyedDecodingContainer {
    /// An array of strings, a single string (some operators write one), or nothing.
    func decodeList(forKey key: Key) throws -> [String] {
        if let single = try? decodeIfPresent(String.self, forKey: key) { return [single] }
        return try decodeIfPresent([String].self, forKey: key) ?? []
    }
}
