import EkiStore

/// Decodable views of the ODPT API's JSON-LD objects (API specification v4) as `eki data fetch`
/// saves them: one JSON array per class. Only the fields Eki uses; everything else is ignored.
///
/// The API writes optional fields as missing or as explicit `null`, and a few operators write a
/// single value where the specification says an array, so those are read leniently; an optional
/// field of the wrong type is read as absent and noted in `problems` (a warning). Ids, a train's
/// railway and stops, a station order entry's station are required: without them the import stops
/// with the file and position. docs/FORMATS.md lists which is which.
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
        var problems = FieldProblems()

        struct StationOrder: Decodable {
            var index: Int?
            var station: String
            var stationTitle: Titles?
            enum CodingKeys: String, CodingKey {
                case index = "odpt:index", station = "odpt:station", stationTitle = "odpt:stationTitle"
            }

            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                station = try c.required(.station)
                var ignored = FieldProblems()
                index = c.lenient(Int.self, .index, .nullable, &ignored)
                stationTitle = c.lenient(Titles.self, .stationTitle, .nullable, &ignored)
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
            sameAs = try c.required(.sameAs)
            title = c.lenient(String.self, .title, .nullable, &problems)
            railwayTitle = c.lenient(Titles.self, .railwayTitle, .nullable, &problems)
            operatorId = c.lenient(String.self, .operatorId, .nullable, &problems)
            color = c.lenient(String.self, .color, .nullable, &problems)
            ascending = c.lenient(String.self, .ascending, .nullable, &problems)
            descending = c.lenient(String.self, .descending, .nullable, &problems)
            stationOrder = c.lenient([StationOrder].self, .stationOrder, .nullable, &problems) ?? []
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
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", title = "dc:title", stationTitle = "odpt:stationTitle"
            case railway = "odpt:railway", latitude = "geo:lat", longitude = "geo:long"
            case connectingRailways = "odpt:connectingRailway", connectingStations = "odpt:connectingStation"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.required(.sameAs)
            title = c.lenient(String.self, .title, .nullable, &problems)
            stationTitle = c.lenient(Titles.self, .stationTitle, .nullable, &problems)
            railway = c.lenient(String.self, .railway, .nullable, &problems)
            latitude = c.lenient(Double.self, .latitude, .nullable, &problems)
            longitude = c.lenient(Double.self, .longitude, .nullable, &problems)
            connectingRailways = c.lenientList(.connectingRailways, .nullable, &problems)
            connectingStations = c.lenientList(.connectingStations, .nullable, &problems)
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
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", title = "dc:title", days = "odpt:day"
            case railDirectionTitle = "odpt:railDirectionTitle", trainTypeTitle = "odpt:trainTypeTitle"
            case operatorTitle = "odpt:operatorTitle", calendarTitle = "odpt:calendarTitle"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.required(.sameAs)
            title = c.lenient(String.self, .title, .nullable, &problems)
            titles = nil
            for key in [CodingKeys.railDirectionTitle, .trainTypeTitle, .operatorTitle, .calendarTitle] where titles == nil {
                titles = c.lenient(Titles.self, key, .nullable, &problems)
            }
            days = c.lenientList(.days, .nullable, &problems)
        }
    }

    /// One element of odpt:trainTimetableObject: a departure, an arrival, or both at one station.
    struct Stop: Decodable {
        var departureTime: String?
        var departureStation: String?
        var arrivalTime: String?
        var arrivalStation: String?
        var problems = FieldProblems()
        enum CodingKeys: String, CodingKey {
            case departureTime = "odpt:departureTime", departureStation = "odpt:departureStation"
            case arrivalTime = "odpt:arrivalTime", arrivalStation = "odpt:arrivalStation"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            departureTime = c.lenient(String.self, .departureTime, .nullable, &problems)
            departureStation = c.lenient(String.self, .departureStation, .nullable, &problems)
            arrivalTime = c.lenient(String.self, .arrivalTime, .nullable, &problems)
            arrivalStation = c.lenient(String.self, .arrivalStation, .nullable, &problems)
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
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", date = "dc:date", railway = "odpt:railway", calendar = "odpt:calendar"
            case direction = "odpt:railDirection", trainNumber = "odpt:trainNumber", trainType = "odpt:trainType"
            case trainNames = "odpt:trainName", origins = "odpt:originStation"
            case destinations = "odpt:destinationStation", previous = "odpt:previousTrainTimetable"
            case next = "odpt:nextTrainTimetable", stops = "odpt:trainTimetableObject"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sameAs = try c.required(.sameAs)
            railway = try c.required(.railway)
            stops = try c.decode([Stop].self, forKey: .stops)
            date = c.lenient(String.self, .date, .nullable, &problems)
            calendar = c.lenient(String.self, .calendar, .nullable, &problems)
            direction = c.lenient(String.self, .direction, .nullable, &problems)
            // Train numbers are strings, but a number written as a JSON number is still a number.
            if let number = try? c.decode(Int.self, forKey: .trainNumber) {
                trainNumber = String(number)
            } else {
                trainNumber = c.lenient(String.self, .trainNumber, .nullable, &problems)
            }
            trainType = c.lenient(String.self, .trainType, .nullable, &problems)
            // v4 writes an array of multilingual titles; older dumps one title.
            if let names = try? c.decodeIfPresent([Titles].self, forKey: .trainNames) {
                trainNames = names
            } else {
                trainNames = c.lenient(Titles.self, .trainNames, .nullable, &problems).map { [$0] } ?? []
            }
            origins = c.lenientList(.origins, .nullable, &problems)
            destinations = c.lenientList(.destinations, .nullable, &problems)
            previous = c.lenientList(.previous, .nullable, &problems)
            next = c.lenientList(.next, .nullable, &problems)
            for stop in stops { problems.append(stop.problems) }
            if stops.isEmpty { problems.note(c.codingPath + [CodingKeys.stops], "empty (the train is left out)") }
        }
    }

    struct StationTimetable: Decodable {
        var sameAs: String?
        var station: String
        var railway: String?
        var direction: String?
        var calendar: String?
        var entries: [Entry]
        var problems = FieldProblems()

        struct Entry: Decodable {
            var departureTime: String?
            enum CodingKeys: String, CodingKey { case departureTime = "odpt:departureTime" }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                var ignored = FieldProblems()
                departureTime = c.lenient(String.self, .departureTime, .nullable, &ignored)
            }
        }

        enum CodingKeys: String, CodingKey {
            case sameAs = "owl:sameAs", station = "odpt:station", railway = "odpt:railway"
            case direction = "odpt:railDirection", calendar = "odpt:calendar", entries = "odpt:stationTimetableObject"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            station = try c.required(.station)
            sameAs = c.lenient(String.self, .sameAs, .nullable, &problems)
            railway = c.lenient(String.self, .railway, .nullable, &problems)
            direction = c.lenient(String.self, .direction, .nullable, &problems)
            calendar = c.lenient(String.self, .calendar, .nullable, &problems)
            entries = c.lenient([Entry].self, .entries, .nullable, &problems) ?? []
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


