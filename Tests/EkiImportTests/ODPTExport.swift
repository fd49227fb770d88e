import EkiTestSupport
import Foundation

/// Writes railways of the Mini Tokyo 3D snapshot as ODPT API dumps (`odpt_<Class>.json`), field by
/// field as the ODPT API specification v4 describes the classes. It reads the raw JSON with
/// JSONSerialization and shares no code with the ODPT reader, so importing its output and getting
/// the Mini Tokyo 3D import's departures back tests the reader.
///
/// Mini Tokyo 3D's data comes from ODPT, so its ids are ODPT's without the class prefix
/// (`Tokyu.Toyoko` is `odpt.Railway:Tokyu.Toyoko`). What ODPT has no field for, the export turns
/// into what ODPT does have: a station's complex (station-groups.json) becomes its
/// `odpt:connectingStation` and `odpt:connectingRailway`. Through-service links are written as
/// they are, including those to railways not exported, as a dump of some operators would have them.
struct ODPTExport {
    typealias Object = [String: Any]
    let source: URL
    let railwayIds: [String]

    /// The train ids written, to compare boards with the Mini Tokyo 3D import.
    private(set) var trainIds: Set<String> = []

    init(railways: [String], from source: URL = SharedData.minitokyo3d) {
        self.source = source
        self.railwayIds = railways
    }

    mutating func write(to folder: URL) throws {
        if source == SharedData.minitokyo3d { try SharedData.require() }
        let allRailways = try read("railways.json") as! [Object]
        let railways = allRailways.filter { railwayIds.contains($0["id"] as! String) }
        let stations = try read("stations.json") as! [Object]
        let titles = Dictionary(stations.map { ($0["id"] as! String, $0["title"] as! Object) }, uniquingKeysWith: { a, _ in a })
        let groups = try read("station-groups.json") as! [[[String]]]
        let trains = try railways.flatMap { railway in
            try read("train-timetables/" + Self.trainFile(of: railway["id"] as! String)) as! [Object]
        }
        trainIds = Set(trains.map { $0["id"] as! String })

        let railwayStations = Set(railways.flatMap { $0["stations"] as! [String] })
        let exportedStations = stations.filter { railwayStations.contains($0["id"] as! String) }
        var complexOf: [String: [String]] = [:]
        var platformGroupOf: [String: Int] = [:]
        var groupNumber = 0
        for complex in groups {
            for group in complex {
                groupNumber += 1
                for station in group {
                    complexOf[station] = complex.flatMap { $0 }
                    platformGroupOf[station] = groupNumber
                }
            }
        }

        try save(railways.map { Self.railway($0, titles: titles) }, "odpt_Railway.json", in: folder)
        try save(exportedStations.map { Self.station($0, complex: complexOf[$0["id"] as! String] ?? []) }, "odpt_Station.json", in: folder)
        try save(trains.map(Self.trainTimetable), "odpt_TrainTimetable.json", in: folder)
        try save(Self.stationTimetables(trains, platformGroupOf: platformGroupOf), "odpt_StationTimetable.json", in: folder)

        let directionIds = Set(railways.flatMap { [$0["ascending"], $0["descending"]].compactMap { $0 as? String } }
            + trains.map { $0["d"] as! String })
        let directions = (try read("rail-directions.json") as! [Object]).filter { directionIds.contains($0["id"] as! String) }
        try save(directions.map { Self.titled($0, "odpt:RailDirection", "odpt.RailDirection", "odpt:railDirectionTitle") },
                 "odpt_RailDirection.json", in: folder)
        let typeIds = Set(trains.map { $0["y"] as! String })
        let types = (try read("train-types.json") as! [Object]).filter { typeIds.contains($0["id"] as! String) }
        try save(types.map { Self.titled($0, "odpt:TrainType", "odpt.TrainType", "odpt:trainTypeTitle") },
                 "odpt_TrainType.json", in: folder)
        let calendars = Set(trains.map(Self.calendar)).sorted().map { id -> Object in
            ["@id": "urn:eki-export:calendar:\(id)", "@type": "odpt:Calendar", "owl:sameAs": "odpt.Calendar:\(id)", "dc:title": id,
             "odpt:calendarTitle": ["ja": id, "en": id]]
        }
        try save(calendars, "odpt_Calendar.json", in: folder)
    }

    // MARK: - One class each

    static func railway(_ railway: Object, titles: [String: Object]) -> Object {
        let id = railway["id"] as! String
        var stations = railway["stations"] as! [String]
        // ODPT lists a loop's stations once; Mini Tokyo 3D repeats the first at the end.
        if stations.count > 2, stations.first == stations.last { stations.removeLast() }
        let title = railway["title"] as! Object
        var object: Object = [
            "@id": "urn:eki-export:railway:\(id)", "@type": "odpt:Railway", "owl:sameAs": "odpt.Railway:\(id)",
            "dc:title": title["ja"] ?? id, "odpt:railwayTitle": ["ja": title["ja"], "en": title["en"]].compactMapValues { $0 },
            "odpt:operator": "odpt.Operator:\(id.split(separator: ".")[0])",
            "odpt:stationOrder": stations.enumerated().map { index, station -> Object in
                let title = titles[station] ?? [:]
                return ["odpt:index": index + 1, "odpt:station": "odpt.Station:\(station)",
                        "odpt:stationTitle": ["ja": title["ja"], "en": title["en"]].compactMapValues { $0 }]
            },
        ]
        object["odpt:color"] = railway["color"]
        object["odpt:ascendingRailDirection"] = (railway["ascending"] as? String).map { "odpt.RailDirection:\($0)" }
        object["odpt:descendingRailDirection"] = (railway["descending"] as? String).map { "odpt.RailDirection:\($0)" }
        return object
    }

    static func station(_ station: Object, complex: [String]) -> Object {
        let id = station["id"] as! String
        let title = station["title"] as! Object
        let others = complex.filter { $0 != id }
        var object: Object = [
            "@id": "urn:eki-export:station:\(id)", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:\(id)",
            "dc:title": title["ja"] ?? id, "odpt:stationTitle": ["ja": title["ja"], "en": title["en"]].compactMapValues { $0 },
            "odpt:operator": "odpt.Operator:\(id.split(separator: ".")[0])",
        ]
        if let railway = station["railway"] as? String { object["odpt:railway"] = "odpt.Railway:\(railway)" }
        if let coord = station["coord"] as? [Double], coord.count >= 2 {
            object["geo:long"] = coord[0]
            object["geo:lat"] = coord[1]
        }
        if !others.isEmpty {
            object["odpt:connectingStation"] = others.map { "odpt.Station:\($0)" }
            let railways = Set(others.map { $0.split(separator: ".").dropLast().joined(separator: ".") })
            object["odpt:connectingRailway"] = railways.sorted().map { "odpt.Railway:\($0)" }
        }
        return object
    }

    static func trainTimetable(_ train: Object) -> Object {
        let id = train["id"] as! String
        let railway = train["r"] as! String
        var object: Object = [
            "@id": "urn:eki-export:train:\(id)", "@type": "odpt:TrainTimetable", "owl:sameAs": "odpt.TrainTimetable:\(id)",
            "odpt:operator": "odpt.Operator:\(railway.split(separator: ".")[0])", "odpt:railway": "odpt.Railway:\(railway)",
            "odpt:calendar": "odpt.Calendar:\(calendar(train))", "odpt:trainNumber": train["n"] as! String,
            "odpt:trainType": "odpt.TrainType:\(train["y"] as! String)",
            "odpt:railDirection": "odpt.RailDirection:\(train["d"] as! String)",
            "odpt:trainTimetableObject": (train["tt"] as! [[String: String]]).map { stop -> Object in
                var object: Object = [:]
                if let arrival = stop["a"] {
                    object["odpt:arrivalTime"] = clock(arrival)
                    object["odpt:arrivalStation"] = "odpt.Station:\(stop["s"]!)"
                }
                if let departure = stop["d"] {
                    object["odpt:departureTime"] = clock(departure)
                    object["odpt:departureStation"] = "odpt.Station:\(stop["s"]!)"
                }
                return object
            },
        ]
        if let base = train["t"] as? String { object["odpt:train"] = "odpt.Train:\(base)" }
        for (key, field, prefix) in [("os", "odpt:originStation", "odpt.Station:"), ("ds", "odpt:destinationStation", "odpt.Station:"),
                                     ("pt", "odpt:previousTrainTimetable", "odpt.TrainTimetable:"),
                                     ("nt", "odpt:nextTrainTimetable", "odpt.TrainTimetable:")] {
            if let ids = train[key] as? [String] { object[field] = ids.map { prefix + $0 } }
        }
        if let names = train["nm"] as? [Object] {
            object["odpt:trainName"] = names.map { ["ja": $0["ja"], "en": $0["en"]].compactMapValues { $0 } }
        }
        return object
    }

    /// What each platform's published timetable lists (DESIGN.md's station timetable): every stop a
    /// train leaves from but its last, and at a part's last stop the part it continues as when that
    /// leaves from the same platform group (station-groups.json), at its first departure.
    static func stationTimetables(_ trains: [Object], platformGroupOf: [String: Int]) -> [Object] {
        struct Entry { var minute: Int, time: String, number: String, type: String, destinations: [String] }
        let byId = Dictionary(trains.map { ($0["id"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        var tables: [[String]: [Entry]] = [:]   // [station, railway, direction, calendar]
        for train in trains {
            let stops = train["tt"] as! [[String: String]]
            let key = { (station: String) in [station, train["r"] as! String, train["d"] as! String, calendar(train)] }
            func entry(_ departing: Object, _ time: String) -> Entry {
                Entry(minute: serviceMinute(time), time: clock(time), number: departing["n"] as! String,
                      type: departing["y"] as! String, destinations: departing["ds"] as? [String] ?? [])
            }
            for stop in stops.dropLast() {
                if let departure = stop["d"] { tables[key(stop["s"]!), default: []].append(entry(train, departure)) }
            }
            guard let last = stops.last?["s"] else { continue }
            for nextId in train["nt"] as? [String] ?? [] {
                guard let next = byId[nextId], let first = (next["tt"] as! [[String: String]]).first,
                      let departure = first["d"], first["s"] != last,
                      let group = platformGroupOf[last], platformGroupOf[first["s"]!] == group else { continue }
                tables[key(last), default: []].append(entry(next, departure))
            }
        }
        return tables.keys.sorted { $0.joined(separator: "|") < $1.joined(separator: "|") }.map { key in
            let (station, railway, direction, calendar) = (key[0], key[1], key[2], key[3])
            return [
                "@id": "urn:eki-export:station-timetable:\(key.joined(separator: "."))", "@type": "odpt:StationTimetable",
                "owl:sameAs": "odpt.StationTimetable:\(station).\(direction).\(calendar)",
                "odpt:operator": "odpt.Operator:\(railway.split(separator: ".")[0])", "odpt:railway": "odpt.Railway:\(railway)",
                "odpt:station": "odpt.Station:\(station)", "odpt:railDirection": "odpt.RailDirection:\(direction)",
                "odpt:calendar": "odpt.Calendar:\(calendar)",
                "odpt:stationTimetableObject": tables[key]!.sorted { $0.minute < $1.minute }.map { entry -> Object in
                    ["odpt:departureTime": entry.time, "odpt:trainNumber": entry.number,
                     "odpt:trainType": "odpt.TrainType:\(entry.type)",
                     "odpt:destinationStation": entry.destinations.map { "odpt.Station:\($0)" }]
                },
            ] as Object
        }
    }

    static func titled(_ item: Object, _ type: String, _ prefix: String, _ titleKey: String) -> Object {
        let id = item["id"] as! String
        let title = item["title"] as! Object
        return ["@id": "urn:eki-export:\(prefix):\(id)", "@type": type, "owl:sameAs": "\(prefix):\(id)",
                "dc:title": title["ja"] ?? id, titleKey: ["ja": title["ja"], "en": title["en"]].compactMapValues { $0 }]
    }

    // MARK: - Small conversions

    /// The calendar is the id's component after the train's base id (`….5003M.Weekday.1` → Weekday).
    static func calendar(_ train: Object) -> String {
        let id = train["id"] as! String, base = train["t"] as! String
        return String(id.dropFirst(base.count + 1).split(separator: ".").first!)
    }

    /// ODPT writes times on a 24-hour clock: Mini Tokyo 3D's "24:15" is "00:15".
    static func clock(_ time: String) -> String {
        let hour = Int(time.prefix(2))!
        return String(format: "%02d:%@", hour % 24, String(time.suffix(2)))
    }

    /// Minutes for sorting a station timetable in service-day order (03:00 first).
    static func serviceMinute(_ time: String) -> Int {
        let minute = Int(time.prefix(2))! * 60 + Int(time.suffix(2))!
        return minute < 180 ? minute + 1440 : minute
    }

    /// `JR-East.Yokosuka` → `jreast-yokosuka.json`, the snapshot's file naming.
    static func trainFile(of railway: String) -> String {
        railway.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ".", with: "-") + ".json"
    }

    private func read(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent(path)))
    }

    private func save(_ objects: [Object], _ name: String, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]).write(to: folder.appendingPathComponent(name))
    }
}
