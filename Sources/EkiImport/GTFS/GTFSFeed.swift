import EkiCore
import Foundation

/// The parts of a GTFS feed Eki uses, read and cross-checked: every trip names a known route and
/// service, every stop time a known trip and stop. A required field that cannot be read stops the
/// import with the file and line; an optional one (a position, a colour, a direction_id, a parent
/// station that is not there) is a warning naming file, line and field, and is read as absent
/// (docs/FORMATS.md lists which is which). Rows of routes that are not rail are read but left out later.
struct GTFSFeed {
    struct Agency { var id: String, name: String, timeZone: String, lang: String }
    struct Stop { var id: String, name: String, parent: String?, coordinate: GeoPoint?, isStation: Bool, line: Int }
    struct Route {
        var id: String, agency: String?, shortName: String, longName: String, type: Int, color: String?
        var description = ""
    }
    struct Trip {
        var id: String, route: String, service: String, headsign: String, shortName: String
        var direction: Int?, block: String?, shape: String?
        /// GTFS-JP's jp_trip_desc (快速, 各停): a Japanese train type, when the feed gives one.
        var typeName = ""
    }
    /// transfers.txt: at least `minutes` from one stop to another (nil: type 3, not possible).
    struct Transfer { var from: String, to: String, minutes: Int?, fromRoute: String?, toRoute: String? }
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
    /// feed_info.txt's feed_start_date (the day the feed is valid from), as YYYY-MM-DD.
    var feedStartDate: String?
    var transfers: [Transfer] = []
    /// Optional fields that could not be read (read as absent), and other quirks the import survived.
    var warnings: [ImportWarning] = []

    /// An optional field that could not be read: a warning naming file, line and field.
    mutating func badField(_ record: GTFSTable.Record, _ field: String, _ detail: String, id: String) {
        warnings.append(.init(.badField, "\(record.file) line \(record.line): \(field) \(detail); read as absent",
                              ids: [record.file, id, field]))
    }

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
            let lang = info.columns["feed_lang"], start = info.columns["feed_start_date"]
            try info.forEachRecord { record in
                if feed.feedLanguage.isEmpty { feed.feedLanguage = record[lang].lowercased() }
                if feed.feedStartDate == nil, !record[start].isEmpty {
                    if let date = GTFSCalendar.parse(record[start]) {
                        feed.feedStartDate = date.iso
                    } else {
                        feed.badField(record, "feed_start_date", "\"\(record[start])\" is not a date as YYYYMMDD", id: "feed_info")
                    }
                }
            }
        }
        if feed.feedLanguage.isEmpty || feed.feedLanguage == "mul" { feed.feedLanguage = feed.agencies.first?.lang ?? "" }
        try feed.names.read(translations: files.optionalTable("translations.txt"),
                            agencyJP: files.optionalTable("agency_jp.txt"))
        progress(.reading("stop times"))
        try feed.readStopTimes(files.table("stop_times.txt"))
        try feed.readFrequencies(files.optionalTable("frequencies.txt"))
        try feed.readShapes(files.optionalTable("shapes.txt"))
        try feed.readTransfers(files.optionalTable("transfers.txt"))
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
            if record[name].isEmpty { badField(record, "agency_name", "is empty", id: record[id]) }
            agencies.append(Agency(id: record[id], name: record[name].isEmpty ? (record[id].isEmpty ? "?" : record[id]) : record[name],
                                   timeZone: timeZone, lang: record[lang].lowercased()))
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
                if let latitude = Double(record[lat]), let longitude = Double(record[lon]),
                   abs(latitude) <= 90, abs(longitude) <= 180, latitude != 0 || longitude != 0 {
                    coordinate = GeoPoint(latitude: latitude, longitude: longitude)
                } else {
                    badField(record, "stop_lat/stop_lon", "of stop \(stopId) (\"\(record[lat])\", \"\(record[lon])\") is not a position",
                             id: stopId)
                }
            }
            if record[name].isEmpty { badField(record, "stop_name", "of stop \(stopId) is empty (named by its id)", id: stopId) }
            let typeText = record[type]
            if !["", "0", "1", "2", "3", "4"].contains(typeText) {
                badField(record, "location_type", "of stop \(stopId) is \"\(typeText)\", not 0–4", id: stopId)
            }
            let parentId = record[parent]
            stopIndex[stopId] = Int32(stops.count)
            stops.append(Stop(id: stopId, name: record[name].isEmpty ? stopId : record[name],
                              parent: parentId.isEmpty ? nil : parentId, coordinate: coordinate,
                              isStation: typeText == "1", line: record.line))
        }
        // A parent that is not in the file is read as none: the stop is a place of its own.
        for index in stops.indices {
            if let parent = stops[index].parent, stopIndex[parent] == nil || parent == stops[index].id {
                warnings.append(.init(.badField, "stops.txt line \(stops[index].line): parent_station \(parent) of stop \(stops[index].id) is not in stops.txt; read as absent",
                                      ids: ["stops.txt", stops[index].id, "parent_station"]))
                stops[index].parent = nil
            }
        }
    }

    private mutating func readRoutes(_ table: GTFSTable) throws {
        let id = try table.required("route_id"), agency = table.columns["agency_id"]
        let short = table.columns["route_short_name"], long = table.columns["route_long_name"]
        let type = try table.required("route_type"), color = table.columns["route_color"]
        let description = table.columns["route_desc"]
        try table.forEachRecord { record in
            let routeId = try record.required(id, "route_id")
            guard routes[routeId] == nil else { throw record.error("route_id \(routeId) appears twice") }
            guard let routeType = Int(record[type]) else {
                throw record.error("route \(routeId) has route_type \"\(record[type])\", not a number")
            }
            var agencyId = record[agency]
            if !agencyId.isEmpty, !agencies.contains(where: { $0.id == agencyId }) {
                badField(record, "agency_id", "\(agencyId) of route \(routeId) is not in agency.txt", id: routeId)
                agencyId = ""
            }
            let hex = record[color].hasPrefix("#") ? String(record[color].dropFirst()) : record[color]
            let readable = hex.count == 6 && hex.allSatisfy(\.isHexDigit)
            if !hex.isEmpty, !readable { badField(record, "route_color", "\"\(record[color])\" of route \(routeId) is not a colour like FF0000", id: routeId) }
            if record[short].isEmpty, record[long].isEmpty {
                badField(record, "route_short_name/route_long_name", "of route \(routeId) are both empty (named by its id)", id: routeId)
            }
            routes[routeId] = Route(id: routeId, agency: agencyId.isEmpty ? nil : agencyId, shortName: record[short],
                                    longName: record[long], type: routeType,
                                    color: readable ? "#" + hex.uppercased() : nil, description: record[description])
            routeOrder.append(routeId)
        }
    }

    private mutating func readTrips(_ table: GTFSTable) throws {
        let route = try table.required("route_id"), service = try table.required("service_id")
        let id = try table.required("trip_id"), headsign = table.columns["trip_headsign"]
        let short = table.columns["trip_short_name"], direction = table.columns["direction_id"]
        let block = table.columns["block_id"], shape = table.columns["shape_id"]
        let typeName = table.columns["jp_trip_desc"]
        var seen = Set<String>()
        try table.forEachRecord { record in
            let tripId = try record.required(id, "trip_id")
            guard seen.insert(tripId).inserted else { throw record.error("trip_id \(tripId) appears twice") }
            let routeId = try record.required(route, "route_id")
            guard routes[routeId] != nil else {
                throw record.error("trip \(tripId) names route_id \(routeId), which is not in routes.txt")
            }
            var directionText = record[direction]
            if !(directionText.isEmpty || directionText == "0" || directionText == "1") {
                badField(record, "direction_id", "of trip \(tripId) is \"\(directionText)\", not 0 or 1", id: tripId)
                directionText = ""
            }
            trips.append(Trip(id: tripId, route: routeId, service: try record.required(service, "service_id"),
                              headsign: record[headsign], shortName: record[short],
                              direction: Int(directionText), block: record[block].isEmpty ? nil : record[block],
                              shape: record[shape].isEmpty ? nil : record[shape], typeName: record[typeName]))
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
            let pickupText = record[pickup], distanceText = record[distance]
            if !["", "0", "1", "2", "3"].contains(pickupText) {
                badField(record, "pickup_type", "of trip \(tripId) is \"\(pickupText)\", not 0–3", id: tripId)
            }
            var travelled: Double?
            if !distanceText.isEmpty {
                if let value = Double(distanceText), value.isFinite, value >= 0 {
                    travelled = value
                } else {
                    badField(record, "shape_dist_traveled", "of trip \(tripId) is \"\(distanceText.prefix(40))\", not a distance", id: tripId)
                }
            }
            // Either alone stands for both (GTFS allows giving one).
            if arrive == nil { arrive = leave }
            if leave == nil { leave = arrive }
            stopTimes[index].append(StopTime(sequence: order, stop: stopRow, arrival: arrive, departure: leave,
                                             noPickup: pickupText == "1", distance: travelled,
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
            if !["", "0", "1"].contains(record[exact]) {
                badField(record, "exact_times", "of trip \(tripId) is \"\(record[exact])\", not 0 or 1", id: tripId)
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
            // A drawn line is never worth an import: an unreadable point is left out.
            guard let latitude = Double(record[lat]), let longitude = Double(record[lon]), let order = Int(record[sequence]),
                  abs(latitude) <= 90, abs(longitude) <= 180 else {
                badField(record, "shape point", "\"\(record[lat])\", \"\(record[lon])\" #\(record[sequence]) of shape \(record[id]) is unreadable",
                         id: record[id])
                return
            }
            points[record[id], default: []].append((order, GeoPoint(latitude: latitude, longitude: longitude)))
        }
        shapes = points.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) }
    }

    /// transfers.txt: minimum transfer times (type 2 with min_transfer_time; type 1 a timed transfer,
    /// taken as no wait; type 3 not possible), for the fastest-route search.
    private mutating func readTransfers(_ table: GTFSTable?) throws {
        guard let table else { return }
        let from = try table.required("from_stop_id"), to = try table.required("to_stop_id")
        let type = table.columns["transfer_type"], time = table.columns["min_transfer_time"]
        let fromRoute = table.columns["from_route_id"], toRoute = table.columns["to_route_id"]
        try table.forEachRecord { record in
            let a = record[from], b = record[to]
            guard stopIndex[a] != nil, stopIndex[b] != nil else {
                badField(record, "from_stop_id/to_stop_id", "\(a) → \(b) names a stop not in stops.txt; the transfer is left out",
                         id: a + ">" + b)
                return
            }
            var minutes: Int?
            switch record[type] {
            case "", "0": return   // a recommended transfer point: the usual change time
            case "1": minutes = 0
            case "2":
                guard let seconds = Int(record[time]), seconds >= 0 else {
                    badField(record, "min_transfer_time", "\"\(record[time])\" of \(a) → \(b) is not a number of seconds", id: a + ">" + b)
                    return
                }
                minutes = (seconds + 59) / 60
            case "3": minutes = nil
            default:
                badField(record, "transfer_type", "\"\(record[type])\" of \(a) → \(b) is not 0–3", id: a + ">" + b)
                return
            }
            transfers.append(Transfer(from: a, to: b, minutes: minutes,
                                      fromRoute: record[fromRoute].isEmpty ? nil : record[fromRoute],
                                      toRoute: record[toRoute].isEmpty ? nil : record[toRoute]))
        }
    }
}
