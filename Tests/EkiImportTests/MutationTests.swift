import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Tolerant readers, strict errors, checked on real records: small real subsets of each format
/// (the Minatomirai line from ../shared/data, as Mini Tokyo 3D writes it, exported as ODPT dumps
/// and as a GTFS feed), each field of a real record in turn made null, dropped, retyped or emptied.
/// Every mutated import must end in exactly one of two ways: it goes on (with a warning when
/// docs/FORMATS.md says so), or it fails with one line naming the file and the position and
/// leaves the existing database as it was. Never a crash, never a half database.
@Suite(.serialized) struct MutationTests {
    enum Mutation: String, CaseIterable { case null, drop, retype, empty }

    /// What a mutation of a field must lead to: `E` an error naming file and position, `W` the
    /// import goes on with a warning, `S` it goes on (a warning or not). Four letters: null,
    /// drop, retype, empty; a field not listed is one Eki does not read (`S` for all four).
    typealias Expectations = [String: String]

    // MARK: - Running one mutated import

    enum Outcome { case imported(Importer.Report), failed(ImportError) }

    /// Imports `folder` over an existing database, checking what any outcome must satisfy.
    static func run(_ folder: URL, scratch: ScratchFolder, file: String, label: String) throws -> Outcome {
        let database = scratch.file("existing.sqlite")
        let sentinel = Data("an existing database that must survive".utf8)
        try sentinel.write(to: database)
        do {
            let report = try Importer().run(folder: folder, database: database)
            return .imported(report)
        } catch let error as ImportError {
            let text = error.description
            #expect(!text.contains("\n"), "\(label): more than one line: \(text)")
            #expect(text.contains(file), "\(label): the error does not name \(file): \(text)")
            #expect(text.contains(" line ") || text.contains("at ") || text.contains("nothing to import"),
                    "\(label): the error does not say where: \(text)")
            #expect(try Data(contentsOf: database) == sentinel, "\(label): the existing database was touched")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains("importing") }
            #expect(leftovers.isEmpty, "\(label): work files left: \(leftovers)")
            return .failed(error)
        }
    }

    static func check(_ outcome: Outcome, expected: Character, label: String) {
        switch (outcome, expected) {
        case (.failed, "E"), (.imported, "S"): break
        case (.imported(let report), "W"):
            #expect(!report.warnings.isEmpty, "\(label): imported without a warning")
        case (.imported, _):
            Issue.record("\(label): imported; expected an error")
        case (.failed(let error), _):
            Issue.record("\(label): failed, expected the import to go on: \(error)")
        }
    }

    // MARK: - JSON formats

    typealias Object = [String: Any]

    /// The mutated value, or nil to drop the key.
    static func mutate(_ value: Any, _ mutation: Mutation) -> Any? {
        switch mutation {
        case .null: return NSNull()
        case .drop: return nil
        case .retype: return (value is Bool) ? "x" : true
        case .empty:
            switch value {
            case is String: return ""
            case is [Any]: return [Any]()
            case is [String: Any]: return Object()
            default: return value
            }
        }
    }

    /// Every field of the first record having it (and of its first nested record under
    /// `nested`), in turn, each way; `write` puts the mutated records back into a folder.
    static func mutateJSON(file: String, records: [Object], nested: String? = nil, expectations: Expectations,
                           folder: URL, scratch: ScratchFolder, write: ([Object]) throws -> Void) throws -> Int {
        var keys: [String] = []
        for record in records { for key in record.keys.sorted() where !keys.contains(key) { keys.append(key) } }
        var runs = 0
        for key in keys {
            guard let index = records.firstIndex(where: { $0[key] != nil }) else { continue }
            for (position, mutation) in Mutation.allCases.enumerated() {
                var mutated = records
                mutated[index][key] = mutate(records[index][key]!, mutation)
                try write(mutated)
                let label = "\(file) [\(index)].\(key) \(mutation)"
                let expected = Array(expectations[key] ?? "SSSS")[position]
                check(try run(folder, scratch: scratch, file: file, label: label), expected: expected, label: label)
                runs += 1
            }
        }
        if let nested, let index = records.firstIndex(where: { ($0[nested] as? [Object])?.isEmpty == false }) {
            let inner = records[index][nested] as! [Object]
            for key in inner[0].keys.sorted() {
                for (position, mutation) in Mutation.allCases.enumerated() {
                    var mutated = records
                    var stops = inner
                    stops[0][key] = mutate(inner[0][key]!, mutation)
                    mutated[index][nested] = stops
                    try write(mutated)
                    let label = "\(file) [\(index)].\(nested)[0].\(key) \(mutation)"
                    let expected = Array(expectations[nested + "." + key] ?? "SSSS")[position]
                    check(try run(folder, scratch: scratch, file: file, label: label), expected: expected, label: label)
                    runs += 1
                }
            }
        }
        try write(records)
        return runs
    }

    static func save(_ records: [Object], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: records, options: [.sortedKeys]).write(to: url)
    }

    static func load(_ url: URL) throws -> [Object] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Object] ?? []
    }

    // MARK: - Mini Tokyo 3D

    static let miniTokyo3D: [String: Expectations] = [
        "railways.json": ["id": "EEEE", "stations": "EEEW", "title": "WWWW", "ascending": "WWWW", "descending": "WWWW",
                          "color": "WWWW"],
        "stations.json": ["id": "EEEE", "railway": "WSWW", "coord": "WSWW", "title": "WWWW"],
        "rail-directions.json": ["id": "EEEE", "title": "WWWW"],
        "train-types.json": ["id": "EEEE", "title": "WWWW"],
        "operators.json": ["id": "EEEE", "title": "WWWW", "color": "WSWW"],
        "train-timetables/minatomirai-minatomirai.json": [
            "id": "EEEE", "r": "EEEE", "d": "EEEE", "tt": "EEEW", "t": "WSWW", "n": "WWWW", "y": "WWWW",
            "os": "WSWW", "ds": "WSWW", "pt": "WSWW", "nt": "WSWW", "nm": "WSWW",
            "tt.s": "EEEE", "tt.a": "WSWW", "tt.d": "WSWW",
        ],
    ]

    /// The Minatomirai line as Mini Tokyo 3D writes it: its railway, stations, operator, the
    /// directions and types its trains use, and a few real trains (through service, a named one).
    static func miniTokyo3DSubset(into folder: URL) throws {
        try SharedData.require()
        let source = SharedData.minitokyo3d
        let railway = "Minatomirai.Minatomirai"
        let trains = try load(source.appendingPathComponent("train-timetables/minatomirai-minatomirai.json"))
        let picked = [trains.first { $0["nm"] != nil }, trains.first { $0["nt"] != nil }, trains.first { $0["pt"] != nil },
                      trains.first { ($0["id"] as? String)?.hasSuffix("Weekday") == true }].compactMap { $0 }
        let types = Set(picked.compactMap { $0["y"] as? String })
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("train-timetables"), withIntermediateDirectories: true)
        try save(try load(source.appendingPathComponent("railways.json")).filter { $0["id"] as? String == railway },
                 to: folder.appendingPathComponent("railways.json"))
        try save(try load(source.appendingPathComponent("stations.json")).filter { $0["railway"] as? String == railway },
                 to: folder.appendingPathComponent("stations.json"))
        try save(try load(source.appendingPathComponent("rail-directions.json")), to: folder.appendingPathComponent("rail-directions.json"))
        try save(try load(source.appendingPathComponent("train-types.json")).filter { types.contains($0["id"] as? String ?? "") },
                 to: folder.appendingPathComponent("train-types.json"))
        try save(try load(source.appendingPathComponent("operators.json")).filter { $0["id"] as? String == "Minatomirai" },
                 to: folder.appendingPathComponent("operators.json"))
        try save(picked, to: folder.appendingPathComponent("train-timetables/minatomirai-minatomirai.json"))
    }

    @Test func miniTokyo3DRecordsEachFieldEachWay() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.file("data")
        try Self.miniTokyo3DSubset(into: folder)
        guard case .imported(let clean) = try Self.run(folder, scratch: scratch, file: "", label: "unmutated") else {
            Issue.record("the unmutated subset does not import"); return
        }
        #expect(clean.counts.trains == 4)
        var runs = 0
        for (file, expectations) in Self.miniTokyo3D.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(file)
            let records = try Self.load(url)
            runs += try Self.mutateJSON(file: file, records: records, nested: file.hasPrefix("train-") ? "tt" : nil,
                                        expectations: expectations, folder: folder, scratch: scratch) { try Self.save($0, to: url) }
        }
        #expect(runs > 100)
    }

    // MARK: - ODPT

    static let odpt: [String: Expectations] = [
        "odpt_Railway.json": ["owl:sameAs": "EEEE", "dc:title": "SSWW", "odpt:railwayTitle": "SSWS", "odpt:operator": "SSWW",
                              "odpt:color": "SSWW", "odpt:ascendingRailDirection": "SSWW", "odpt:descendingRailDirection": "SSWW",
                              "odpt:stationOrder": "SSWW"],
        "odpt_Station.json": ["owl:sameAs": "EEEE", "dc:title": "SSWW", "odpt:stationTitle": "SSWS", "odpt:railway": "SSWW",
                              "geo:lat": "SSWS", "geo:long": "SSWS", "odpt:connectingStation": "SSWW", "odpt:connectingRailway": "SSWW"],
        "odpt_RailDirection.json": ["owl:sameAs": "EEEE", "dc:title": "SSWW", "odpt:railDirectionTitle": "SSWS"],
        "odpt_TrainType.json": ["owl:sameAs": "EEEE", "dc:title": "SSWW", "odpt:trainTypeTitle": "SSWS"],
        "odpt_Calendar.json": ["owl:sameAs": "EEEE", "dc:title": "SSWW", "odpt:calendarTitle": "SSWS"],
        "odpt_TrainTimetable.json": [
            "owl:sameAs": "EEEE", "odpt:railway": "EEEE", "odpt:trainTimetableObject": "EEEW",
            "dc:date": "SSWW", "odpt:calendar": "SSWW", "odpt:railDirection": "SSWW", "odpt:trainNumber": "SSWW",
            "odpt:trainType": "SSWW", "odpt:trainName": "SSWS", "odpt:originStation": "SSWW", "odpt:destinationStation": "SSWW",
            "odpt:previousTrainTimetable": "SSWW", "odpt:nextTrainTimetable": "SSWW",
            "odpt:trainTimetableObject.odpt:departureTime": "SSWW", "odpt:trainTimetableObject.odpt:departureStation": "SSWW",
            "odpt:trainTimetableObject.odpt:arrivalTime": "SSWW", "odpt:trainTimetableObject.odpt:arrivalStation": "SSWW",
        ],
        "odpt_StationTimetable.json": ["odpt:station": "EEEE", "owl:sameAs": "SSWW", "odpt:railway": "SSWW",
                                       "odpt:railDirection": "SSWW", "odpt:calendar": "SSWW", "odpt:stationTimetableObject": "SSWS"],
    ]

    @Test func odptRecordsEachFieldEachWay() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.file("dump")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var export = ODPTExport(railways: ["Minatomirai.Minatomirai"])
        try export.write(to: folder)
        // A few real trains and station timetables are enough to meet every field.
        for file in ["odpt_TrainTimetable.json", "odpt_StationTimetable.json"] {
            let url = folder.appendingPathComponent(file)
            try Self.save(Array(try Self.load(url).prefix(4)), to: url)
        }
        guard case .imported = try Self.run(folder, scratch: scratch, file: "", label: "unmutated") else {
            Issue.record("the unmutated dump does not import"); return
        }
        var runs = 0
        for (file, expectations) in Self.odpt.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(file)
            let records = try Self.load(url)
            runs += try Self.mutateJSON(file: file, records: records,
                                        nested: file == "odpt_TrainTimetable.json" ? "odpt:trainTimetableObject" : nil,
                                        expectations: expectations, folder: folder, scratch: scratch) { try Self.save($0, to: url) }
        }
        #expect(runs > 100)
    }

    // MARK: - GTFS

    /// Column → four letters for NULL (the text a database dump writes), drop the column, a value
    /// of the wrong kind, empty.
    static let gtfs: [String: Expectations] = [
        "agency.txt": ["agency_id": "SSSS", "agency_name": "SESW", "agency_timezone": "EEEE", "agency_lang": "SSSS"],
        "stops.txt": ["stop_id": "WEWE", "stop_name": "SSSW", "stop_lat": "WSWW", "stop_lon": "WSWW",
                      "location_type": "WSWS", "parent_station": "WSWS"],
        "routes.txt": ["route_id": "EEEE", "agency_id": "WSWS", "route_short_name": "SSSS", "route_long_name": "SSSS",
                       "route_type": "EEEE", "route_color": "WSWS"],
        "trips.txt": ["route_id": "EEEE", "service_id": "WEWE", "trip_id": "EEEE", "trip_headsign": "SSSS",
                      "trip_short_name": "SSSS", "direction_id": "WSWS", "block_id": "SSSS"],
        "stop_times.txt": ["trip_id": "EEEE", "stop_id": "EEEE", "stop_sequence": "EEEE", "arrival_time": "EEES",
                           "departure_time": "EEES", "pickup_type": "WSWS"],
        "calendar.txt": ["service_id": "WEWE", "monday": "EEEE", "tuesday": "EEEE", "wednesday": "EEEE", "thursday": "EEEE",
                         "friday": "EEEE", "saturday": "EEEE", "sunday": "EEEE", "start_date": "EEEE", "end_date": "EEEE"],
        "calendar_dates.txt": ["service_id": "SESE", "date": "EEEE", "exception_type": "EEEE"],
        "feed_info.txt": ["feed_publisher_name": "SSSS", "feed_lang": "SSSS", "feed_start_date": "WSWS"],
    ]

    /// The Minatomirai line's real records written as GTFS: stations as parents with one platform
    /// each, its real trains of a weekday and a weekend, calendars for a year, with Showa Day
    /// (2026-04-29, a Wednesday) run as a holiday by calendar_dates.txt.
    static func gtfsSubset(into folder: URL) throws -> [String: [[String]]] {
        try SharedData.require()
        let source = SharedData.minitokyo3d
        let railway = "Minatomirai.Minatomirai"
        let stations = try load(source.appendingPathComponent("stations.json")).filter { $0["railway"] as? String == railway }
        let line = try load(source.appendingPathComponent("railways.json")).first { $0["id"] as? String == railway } ?? [:]
        let all = try load(source.appendingPathComponent("train-timetables/minatomirai-minatomirai.json"))
        let trains = Array(all.filter { ($0["id"] as? String)?.hasSuffix(".Weekday") == true }.prefix(3))
            + Array(all.filter { ($0["id"] as? String)?.hasSuffix(".SaturdayHoliday") == true }.prefix(2))
        let titles = Dictionary(stations.map { ($0["id"] as! String, ($0["title"] as? [String: String]) ?? [:]) },
                                uniquingKeysWith: { a, _ in a })
        func time(_ text: String?) -> String { text.map { $0 + ":00" } ?? "" }
        var tables: [String: [[String]]] = [
            "agency.txt": [["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"],
                           ["Minatomirai", "横浜高速鉄道", "https://www.mm21railway.co.jp", "Asia/Tokyo", "ja"]],
            "routes.txt": [["route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color"],
                           [railway, "Minatomirai", "MM", (line["title"] as? [String: String])?["ja"] ?? "", "2",
                            String((line["color"] as? String ?? "#000000").dropFirst())]],
            "calendar.txt": [["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"],
                             ["Weekday", "1", "1", "1", "1", "1", "0", "0", "20260401", "20270331"],
                             ["SaturdayHoliday", "0", "0", "0", "0", "0", "1", "1", "20260401", "20270331"]],
            "calendar_dates.txt": [["service_id", "date", "exception_type"], ["Weekday", "20260429", "2"], ["SaturdayHoliday", "20260429", "1"]],
            "feed_info.txt": [["feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date"],
                              ["横浜高速鉄道", "https://www.mm21railway.co.jp", "ja", "20260401"]],
        ]
        var stops = [["stop_id", "stop_name", "stop_lat", "stop_lon", "location_type", "parent_station"]]
        for station in stations {
            let id = station["id"] as! String, coord = station["coord"] as? [Double] ?? [0, 0]
            let name = titles[id]?["ja"] ?? id
            stops.append([id, name, "\(coord[1])", "\(coord[0])", "1", ""])
            stops.append([id + ".1", name, "\(coord[1])", "\(coord[0])", "0", id])
        }
        tables["stops.txt"] = stops
        var trips = [["route_id", "service_id", "trip_id", "trip_headsign", "trip_short_name", "direction_id", "block_id"]]
        var times = [["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "pickup_type"]]
        for train in trains {
            let id = train["id"] as! String
            let destination = (train["ds"] as? [String])?.first.flatMap { titles[$0]?["ja"] } ?? ""
            trips.append([railway, String(id.split(separator: ".").last!), id, destination, train["n"] as? String ?? "",
                          train["d"] as? String == line["ascending"] as? String ? "0" : "1", train["t"] as? String ?? ""])
            for (index, stop) in (train["tt"] as? [[String: String]] ?? []).enumerated() {
                let arrival = stop["a"] ?? stop["d"], departure = stop["d"] ?? stop["a"]
                times.append([id, time(arrival), time(departure), (stop["s"] ?? "") + ".1", "\(index + 1)", stop["d"] == nil ? "1" : "0"])
            }
        }
        tables["trips.txt"] = trips
        tables["stop_times.txt"] = times
        try writeCSV(tables, into: folder)
        return tables
    }

    static func writeCSV(_ tables: [String: [[String]]], into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, rows) in tables {
            let text = rows.map { row in
                row.map { $0.contains(",") || $0.contains("\"") ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : $0 }
                    .joined(separator: ",")
            }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
    }

    /// A value of the wrong kind for a column: letters where a number, time, date or colour
    /// goes, a number where text goes.
    static func wrongKind(_ value: String) -> String {
        value.first.map { $0.isNumber || $0 == "-" } == true ? "x?" : "12345"
    }

    @Test func gtfsRecordsEachFieldEachWay() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.file("feed")
        let tables = try Self.gtfsSubset(into: folder)
        guard case .imported(let clean) = try Self.run(folder, scratch: scratch, file: "", label: "unmutated") else {
            Issue.record("the unmutated feed does not import"); return
        }
        #expect(clean.counts.trains == 5)
        #expect(clean.warnings.filter { $0.kind == .badField }.isEmpty)
        var runs = 0
        for (file, expectations) in Self.gtfs.sorted(by: { $0.key < $1.key }) {
            let rows = try #require(tables[file])
            for (column, name) in rows[0].enumerated() {
                for (position, mutation) in Mutation.allCases.enumerated() {
                    var mutated = rows
                    switch mutation {
                    case .null: mutated[1][column] = "NULL"
                    case .drop: mutated = rows.map { row in var row = row; row.remove(at: column); return row }
                    case .retype: mutated[1][column] = Self.wrongKind(rows[1][column])
                    case .empty: mutated[1][column] = ""
                    }
                    try Self.writeCSV([file: mutated], into: folder)
                    let label = "\(file) line 2 \(name) \(mutation)"
                    let expected = Array(expectations[name] ?? "SSSS")[position]
                    Self.check(try Self.run(folder, scratch: scratch, file: file, label: label), expected: expected, label: label)
                    runs += 1
                }
            }
            try Self.writeCSV([file: rows], into: folder)
        }
        #expect(runs > 150)
    }
}
