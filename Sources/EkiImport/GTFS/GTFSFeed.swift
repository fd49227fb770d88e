import EkiCore
import Foundation

/// The parts of a GTFS feed Eki uses, read and cross-checked: every trip names a known route and
/// service, every stop time a known trip and stop. Anything that cannot be read stops the import
/// with the file and line; rows of routes that are not rail are read but left out later.
struct GTFSFeed {
    struct Agency { var id: String, name: String, timeZone: String, lang: String }
    struct Stop { var id: String, name: String, parent: String?, coordinate: GeoPoint?, isStation: Bool, line: Int }
    struct Route { var id: String, agency: String?, shortName: String, longName: String, type: Int, color: String? }
    struct Trip {
        var id: String, route: String, service: String, headsign: String, shortName: String
        var direction: Int?, block: String?, shape: String?
    }
    struct StopTime {
        var sequence: Int, stop: Int32, arrival: Int?, departure: Int?, noPickup: Bool, distance: Double?, line: Int
    }
    struct Frequency { var trip: String, start: Int, end: Int, headway: Int, exact: Bool }

    var agencies: [Agency] = []
    var stops: [Stop] = []
    var stopIndex: [String: Int32] = [:]
    var routes: [String: Route] = [:]
    var routeOrder: [String] = []
    var trips: [Trip] = []
    /// Trip index → its stop times in stop_sequence order.
    var stopTimes: [[StopTime]] = []
    var services: GTFSCalendar = GTFSCalendar()
    var frequencies: [Frequency] = []
    var shapes: [String: [GeoPoint]] = [:]
    var names = GTFSNames()
    var feedLanguage = ""

    /// Trains one frequencies.txt line may expand to (one a minute for two days).
    static let maximumRunsPerFrequency = 2880

    /// Seconds after the service day's noon-minus-12h ("25:10:00" → 90600). H:MM:SS or HH:MM:SS,
    /// hours up to 3 digits, minutes and seconds two digits below 60.
    static func seconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...3).contains(parts[0].count), parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]),
              minutes < 60, seconds < 60 else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    static func read(_ files: inout GTFSFeedFiles, progress: (ImportProgress) -> Void) throws -> GTFSFeed {
        var feed = GTFSFeed()
        progress(.reading("agency, stops, routes, trips, calendars"))
        try feed.readAgencies(files.table("agency.txt"))
        try feed.readStops(files.table("stops.txt"))
        try feed.readRoutes(files.table("routes.txt"))
        feed.services = try GTFSCalendar(calendar: files.optionalTable("calendar.txt"),
                                         dates: files.optionalTable("calendar_dates.txt"))
        try feed.readTrips(files.table("trips.txt"))
        if let info = try files.optionalTable("feed_info.txt") {
            let lang = info.columns["feed_lang"]
            try info.forEachRecord { record in if feed.feedLanguage.isEmpty { feed.feedLanguage = record[lang] } }
        }
        if feed.feedLanguage.isEmpty { feed.feedLanguage = feed.agencies.first?.lang ?? "" }
        try feed.names.read(translations: files.optionalTable("translations.txt"),
                            agencyJP: files.optionalTable("agency_jp.txt"))
        progress(.reading("stop times"))
        try feed.readStopTimes(files.table("stop_times.txt"))
        try feed.readFrequencies(files.optionalTable("frequencies.txt"))
        try feed.readShapes(files.optionalTable("shapes.txt"))
        return feed
    }

    private mutating func readAgencies(_ table: GTFSTable) throws {
        let id = table.columns["agency_id"], name = try table.required("agency_name")
        let zone = try table.required("agency_timezone"), lang = table.columns["agency_lang"]
        try table.forEachRecord { record in
            let timeZone = try record.required(zone, "agency_timezone")
            guard TimeZone(identifier: timeZone) != nil else {
                throw record.error("agency_timezone \"\(timeZone)\" is not a time zone name like Asia/Tokyo")
            }
            if let first = agencies.first, first.timeZone != timeZone {
                throw record.error("agency_timezone \(timeZone) differs from \(first.timeZone); a feed has one time zone")
            }
            agencies.append(Agency(id: record[id], name: record[name], timeZone: timeZone, lang: record[lang].lowercased()))
        }
        guard !agencies.isEmpty else { throw ImportError.badRecord(file: table.file, line: 2, detail: "no agency") }
    }

    private mutating func readStops(_ table: GTFSTable) throws {
        let id = try table.required("stop_id"), name = table.columns["stop_name"]
        let lat = table.columns["stop_lat"], lon = table.columns["stop_lon"]
        let parent = table.columns["parent_station"], type = table.columns["location_type"]
        try table.forEachRecord { record in
            let stopId = try record.required(id, "stop_id")
            guard stopIndex[stopId] == nil else { throw record.error("stop_id \(stopId) appears twice") }
            var coordinate: GeoPoint?
            if !record[lat].isEmpty || !record[lon].isEmpty {
                guard let latitude = Double(record[lat]), let longitude = Double(record[lon]),
                      abs(latitude) <= 90, abs(longitude) <= 180 else {
                    throw record.error("stop \(stopId) has an unreadable position \"\(record[lat])\", \"\(record[lon])\"")
                }
                coordinate = GeoPoint(latitude: latitude, longitude: longitude)
            }
            let parentId = record[parent]
            stopIndex[stopId] = Int32(stops.count)
            stops.append(Stop(id: stopId, name: record[name].isEmpty ? stopId : record[name],
                              parent: parentId.isEmpty ? nil : parentId, coordinate: coordinate,
                              isStation: record[type] == "1", line: record.line))
        }
        // A parent must exist; a platform's parent's parent (a station's entrance tree) is not used.
        for stop in stops {
            if let parent = stop.parent, stopIndex[parent] == nil {
                throw ImportError.badRecord(file: table.file, line: stop.line,
                                            detail: "stop \(stop.id) names parent_station \(parent), which is not in stops.txt")
            }
        }
    }

    private mutating func readRoutes(_ table: GTFSTable) throws {
        let id = try table.required("route_id"), agency = table.columns["agency_id"]
        let short = table.columns["route_short_name"], long = table.columns["route_long_name"]
        let type = try table.required("route_type"), color = table.columns["route_color"]
        try table.forEachRecord { record in
            let routeId = try record.required(id, "route_id")
            guard routes[routeId] == nil else { throw record.error("route_id \(routeId) appears twice") }
            guard let routeType = Int(record[type]) else {
                throw record.error("route \(routeId) has route_type \"\(record[type])\", not a number")
            }
            let agencyId = record[agency]
            if !agencyId.isEmpty, !agencies.contains(where: { $0.id == agencyId }) {
                throw record.error("route \(routeId) names agency_id \(agencyId), which is not in agency.txt")
            }
            let hex = record[color]
            routes[routeId] = Route(id: routeId, agency: agencyId.isEmpty ? nil : agencyId, shortName: record[short],
                                    longName: record[long], type: routeType,
                                    color: hex.count == 6 && hex.allSatisfy(\.isHexDigit) ? "#" + hex.uppercased() : nil)
            routeOrder.append(routeId)
        }
    }

    private mutating func readTrips(_ table: GTFSTable) throws {
        let route = try table.required("route_id"), service = try table.required("service_id")
        let id = try table.required("trip_id"), headsign = table.columns["trip_headsign"]
        let short = table.columns["trip_short_name"], direction = table.columns["direction_id"]
        let block = table.columns["block_id"], shape = table.columns["shape_id"]
        var seen = Set<String>()
        try table.forEachRecord { record in
            let tripId = try record.required(id, "trip_id")
            guard seen.insert(tripId).inserted else { throw record.error("trip_id \(tripId) appears twice") }
            let routeId = try record.required(route, "route_id")
            guard routes[routeId] != nil else {
                throw record.error("trip \(tripId) names route_id \(routeId), which is not in routes.txt")
            }
            let directionText = record[direction]
            guard directionText.isEmpty || directionText == "0" || directionText == "1" else {
                throw record.error("trip \(tripId) has direction_id \"\(directionText)\"; expected 0 or 1")
            }
            trips.append(Trip(id: tripId, route: routeId, service: try record.required(service, "service_id"),
                              headsign: record[headsign], shortName: record[short],
                              direction: Int(directionText), block: record[block].isEmpty ? nil : record[block],
                              shape: record[shape].isEmpty ? nil : record[shape]))
        }
    }

    private mutating func readStopTimes(_ table: GTFSTable) throws {
        let trip = try table.required("trip_id"), stop = try table.required("stop_id")
        let sequence = try table.required("stop_sequence")
        let arrival = try table.required("arrival_time"), departure = try table.required("departure_time")
        let pickup = table.columns["pickup_type"], distance = table.columns["shape_dist_traveled"]
        let tripIndex = Dictionary(uniqueKeysWithValues: trips.enumerated().map { ($1.id, $0) })
        stopTimes = Array(repeating: [], count: trips.count)
        try table.forEachRecord { record in
            let tripId = record[trip]
            guard let index = tripIndex[tripId] else {
                throw record.error("stop time names trip_id \(tripId), which is not in trips.txt")
            }
            let stopId = record[stop]
            guard let stopRow = stopIndex[stopId] else {
                throw record.error("trip \(tripId) stops at stop_id \(stopId), which is not in stops.txt")
            }
            guard let order = Int(record[sequence]) else {
                throw record.error("stop_sequence \"\(record[sequence])\" is not a number")
            }
            func time(_ column: Int, _ name: String) throws -> Int? {
                let text = record[column]
                if text.isEmpty { return nil }
                guard let value = Self.seconds(text) else {
                    throw record.error("\(name) \"\(text)\" is not a time like 07:05:00 or 25:10:00")
                }
                return value
            }
            var arrive = try time(arrival, "arrival_time"), leave = try time(departure, "departure_time")
            var travelled: Double?
            if !record[distance].isEmpty {
                guard let value = Double(record[distance]), value.isFinite, value >= 0 else {
                    throw record.error("shape_dist_traveled \"\(record[distance].prefix(40))\" is not a distance")
                }
                travelled = value
            }
            // Either alone stands for both (GTFS allows giving one).
            if arrive == nil { arrive = leave }
            if leave == nil { leave = arrive }
            stopTimes[index].append(StopTime(sequence: order, stop: stopRow, arrival: arrive, departure: leave,
                                             noPickup: record[pickup] == "1", distance: travelled,
                                             line: record.line))
        }
        for index in stopTimes.indices where !stopTimes[index].isEmpty {
            stopTimes[index].sort { $0.sequence < $1.sequence }
        }
    }

    private mutating func readFrequencies(_ table: GTFSTable?) throws {
        guard let table else { return }
        let trip = try table.required("trip_id"), start = try table.required("start_time")
        let end = try table.required("end_time"), headway = try table.required("headway_secs")
        let exact = table.columns["exact_times"]
        let known = Set(trips.map(\.id))
        try table.forEachRecord { record in
            let tripId = record[trip]
            guard known.contains(tripId) else {
                throw record.error("frequency names trip_id \(tripId), which is not in trips.txt")
            }
            guard let from = Self.seconds(record[start]), let to = Self.seconds(record[end]), to >= from else {
                throw record.error("start_time \"\(record[start])\" and end_time \"\(record[end])\" are not times in order")
            }
            guard let every = Int(record[headway]), every > 0 else {
                throw record.error("headway_secs \"\(record[headway])\" is not a positive number")
            }
            // Each headway becomes a train: a second apart over days would be millions of them.
            guard (to - from) / every <= Self.maximumRunsPerFrequency else {
                throw record.error("headway_secs \(every) from \(record[start]) to \(record[end]) makes over \(Self.maximumRunsPerFrequency) trains")
            }
            frequencies.append(Frequency(trip: tripId, start: from, end: to, headway: every, exact: record[exact] == "1"))
        }
    }

    private mutating func readShapes(_ table: GTFSTable?) throws {
        guard let table else { return }
        let id = try table.required("shape_id"), lat = try table.required("shape_pt_lat")
        let lon = try table.required("shape_pt_lon"), sequence = try table.required("shape_pt_sequence")
        var points: [String: [(Int, GeoPoint)]] = [:]
        try table.forEachRecord { record in
            guard let latitude = Double(record[lat]), let longitude = Double(record[lon]), let order = Int(record[sequence]) else {
                throw record.error("shape point \"\(record[lat])\", \"\(record[lon])\" #\(record[sequence]) is unreadable")
            }
            points[record[id], default: []].append((order, GeoPoint(latitude: latitude, longitude: longitude)))
        }
        shapes = points.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) }
    }
}
