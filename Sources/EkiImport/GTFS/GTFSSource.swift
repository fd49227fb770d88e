import EkiCore
import EkiStore
import Foundation

/// Reads a GTFS or GTFS-JP feed, as a folder or a .zip: its rail routes become railways, parent
/// stations complexes, trips trains, calendars exact per-date services, blocks through service.
/// See the types in this folder for each rule (`GTFSPlaces`, `GTFSLine`, `GTFSRun`,
/// `GTFSServices`, `GTFSThroughService`, `GTFSNames`).
public struct GTFSSource: TimetableSource {
    public let name = "gtfs"
    public static let requiredFiles = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"]

    public init() {}

    /// A folder or zip with any of the GTFS tables is taken as a feed, so that a missing required
    /// file is named as such rather than the feed going unrecognised.
    public func applicable(_ url: URL) -> Bool {
        !Set(Self.requiredFiles.dropFirst()).isDisjoint(with: GTFSFeedFiles.names(at: url))
    }

    static func agencyId(_ agency: GTFSFeed.Agency) -> String { agency.id.isEmpty ? "agency" : agency.id }

    public func load(_ url: URL, warnings: inout [ImportWarning],
                     progress: (ImportProgress) -> Void) throws -> TimetableDataset {
        var files = try GTFSFeedFiles(url)
        var feed = try GTFSFeed.read(&files, progress: progress)
        warnings += feed.warnings
        feed.warnings = []
        progress(.reading("trips into trains"))

        var tripsPerRoute: [String: Int] = [:]
        for trip in feed.trips { tripsPerRoute[trip.route, default: 0] += 1 }
        for id in feed.routeOrder {
            guard let route = feed.routes[id], !GTFSRun.isRail(route.type) else { continue }
            warnings.append(.init(.notRail, "route \(id) (\(route.shortName.isEmpty ? route.longName : route.shortName), route_type \(route.type)) is not rail; its \(tripsPerRoute[id] ?? 0) trips are skipped",
                                  ids: [id]))
        }
        let frequencies = Dictionary(grouping: feed.frequencies, by: \.trip)
        var runsByRoute: [String: [(index: Int, run: GTFSRun)]] = [:]
        var allRuns: [GTFSRun] = []
        for (index, trip) in feed.trips.enumerated() {
            guard let route = feed.routes[trip.route], GTFSRun.isRail(route.type) else { continue }
            guard feed.stopTimes[index].count >= 2 else {
                warnings.append(.init(.emptyTrain, "trip \(trip.id) has fewer than two stop times; ignored", ids: [trip.id]))
                continue
            }
            for run in try GTFSRun.runs(of: index, in: feed, frequencies: frequencies[trip.id] ?? []) {
                runsByRoute[trip.route, default: []].append((allRuns.count, run))
                allRuns.append(run)
            }
        }
        let routes = feed.routeOrder.filter { runsByRoute[$0] != nil }
        guard !routes.isEmpty else { throw ImportError.nothingToImport(Self.found(feed, tripsPerRoute: tripsPerRoute)) }
        let places = GTFSPlaces(runs: allRuns, feed: feed)
        let services = GTFSServices(runsByRailway: routes.map { ($0, runsByRoute[$0] ?? []) }, feed: feed)
        for service in services.neverRunning.sorted() {
            warnings.append(.init(.unknownCalendar, "service_id \(service) runs on no day of calendar.txt and calendar_dates.txt; its trips are left out",
                                  ids: [service]))
        }
        for service in services.unknown.sorted() {
            warnings.append(.init(.unknownCalendar, "service_id \(service) is in neither calendar.txt nor calendar_dates.txt; its trips never run and are left out",
                                  ids: [service]))
        }

        var dataset = TimetableDataset(source: .init(
            format: name, snapshotDate: feed.feedStartDate ?? feed.services.firstDate?.iso ?? TimetableDataset.SourceInfo.unknownDate,
            digest: String(format: "%016llx", files.digest),
            attribution: "Timetable data: " + feed.agencies.map(\.name).joined(separator: ", ") + " (GTFS)"))
        dataset.source.timeZone = feed.agencies[0].timeZone
        dataset.source.language = Language.of(declared: feed.feedLanguage, timeZone: feed.agencies[0].timeZone)
        // GTFS times run to 47:59: a service day's night trains leave on its own clock after 24:00.
        dataset.source.latestMinute = 2879
        dataset.operators = feed.agencies.map { agency in
            var name = feed.names.name(table: "agency", field: "agency_name", id: agency.id, value: agency.name,
                                       feedLanguage: feed.feedLanguage)
            if let official = feed.names.officialAgencyNames[agency.id] { name.ja = official }
            return .init(id: Self.agencyId(agency), name: name, color: nil)
        }
        var directionOfRun: [Int: String] = [:]
        for id in routes {
            guard let route = feed.routes[id] else { continue }
            let line = GTFSLine(route: route, runs: runsByRoute[id] ?? [], feed: feed, places: places)
            dataset.railways.append(line.railway)
            dataset.directions += line.directions
            directionOfRun.merge(line.directionOfRun) { first, _ in first }
            let shapes = Set((runsByRoute[id] ?? []).compactMap { feed.trips[$0.run.trip].shape })
            if let longest = shapes.compactMap({ feed.shapes[$0] }).max(by: { $0.count < $1.count }), longest.count > 1 {
                dataset.shapes[id] = [longest]
            }
        }
        dataset.stations = Self.oneWayPlatforms(places.stations, routes: routes, runsByRoute: runsByRoute,
                                                directionOfRun: directionOfRun, places: places, feed: feed)
        dataset.complexes = places.complexes
        dataset.services = services.services.map { service in
            var named = service
            // The main service first: "Weekday service + Special service".
            let members = services.members[service.id, default: []]
                .sorted { (feed.services.dates[$0]?.count ?? 0, $1) > (feed.services.dates[$1]?.count ?? 0, $0) }
            named.name = ScheduleNames.joined(members.compactMap { feed.services.calendars[$0]?.name })
            return named
        }
        dataset.calendars = feed.services.calendars.values.sorted { $0.id < $1.id }
        var kinds = GTFSTrainKinds()
        dataset.transfers = Self.transfers(feed, places: places)

        // Trains: one per run and service it belongs to; then links between copies that share a date.
        var next: [String: [String]] = [:], previous: [String: [String]] = [:]
        for (from, to) in GTFSThroughService.links(runs: routes.flatMap { runsByRoute[$0] ?? [] }, feed: feed) {
            for a in services.memberships[from] ?? [] {
                for b in services.memberships[to] ?? [] where !a.days.isDisjoint(with: b.days) {
                    next[a.trainId, default: []].append(b.trainId)
                    previous[b.trainId, default: []].append(a.trainId)
                }
            }
        }
        var lastStation: [String: String] = [:], firstStation: [String: String] = [:]
        for id in routes {
            for (index, run) in runsByRoute[id] ?? [] {
                let trip = feed.trips[run.trip]
                let stops = run.stops.compactMap { stop in
                    places.station(route: id, stop: stop.stop).map {
                        TimetableDataset.Stop(station: $0, arrival: stop.arrival, departure: stop.departure)
                    }
                }
                let typeId = feed.routes[id].map { kinds.type(of: trip, on: $0) } ?? "gtfs.rail"
                let headsign = trip.headsign.isEmpty ? nil
                    : feed.names.name(table: "trips", field: "trip_headsign", id: trip.id, value: trip.headsign,
                                      feedLanguage: feed.feedLanguage)
                for membership in services.memberships[index] ?? [] {
                    firstStation[membership.trainId] = stops.first?.station
                    lastStation[membership.trainId] = stops.last?.station
                    var train = TimetableDataset.Train(
                        id: membership.trainId, railwayId: id, serviceId: membership.service,
                        number: trip.shortName, typeId: typeId,
                        directionId: directionOfRun[index] ?? "\(id):0", origins: [], destinations: [], names: [],
                        vehicle: nil, stops: stops, next: next[membership.trainId] ?? [],
                        previous: previous[membership.trainId] ?? [])
                    // Riders and the feed's other tools (GTFS-Realtime) know it by its trip_id, whichever copy.
                    train.publicId = trip.id
                    train.headsign = headsign
                    dataset.trains.append(train)
                }
            }
        }
        // Where the whole through run starts and ends, as Mini Tokyo 3D gives it (os/ds).
        func end(from train: String, along links: [String: [String]], stations: [String: String]) -> String? {
            var current = train, seen: Set<String> = [train]
            while let following = links[current]?.first, seen.insert(following).inserted { current = following }
            return stations[current]
        }
        for index in dataset.trains.indices {
            let id = dataset.trains[index].id
            dataset.trains[index].origins = end(from: id, along: previous, stations: firstStation).map { [$0] } ?? []
            dataset.trains[index].destinations = end(from: id, along: next, stations: lastStation).map { [$0] } ?? []
        }
        dataset.trainTypes = kinds.types
        guard !dataset.trains.isEmpty else {
            throw ImportError.nothingToImport("\(Self.count(routes.count, "rail route")), but none of their \(allRuns.count) trips runs on any day of calendar.txt or calendar_dates.txt")
        }
        progress(.read(railways: dataset.railways.count, stations: dataset.stations.count,
                       trains: dataset.trains.count, stopEvents: dataset.trains.reduce(0) { $0 + $1.stops.count }))
        return dataset
    }

    /// What a feed without rail holds, for the error: "22 bus routes, no rail".
    static func found(_ feed: GTFSFeed, tripsPerRoute: [String: Int]) -> String {
        var counts: [String: Int] = [:]
        var rail = 0
        for route in feed.routes.values {
            if GTFSRun.isRail(route.type) { rail += 1 } else { counts[GTFSTrainKinds.vehicle(route.type), default: 0] += 1 }
        }
        var parts = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { count($0.value, "\($0.key) route") }
        if rail > 0 {
            parts.append(count(rail, "rail route") + " with no trips")
        } else {
            parts.append("no rail")
        }
        return feed.routes.isEmpty ? "routes.txt has no routes" : parts.joined(separator: ", ")
    }

    static func count(_ n: Int, _ thing: String) -> String { "\(n) \(thing)\(n == 1 ? "" : "s")" }

    /// Each station's platform stop_ids that its railway's trains use one way only, where its
    /// platforms split the directions (New York's 127N and 127S under Times Sq-42 St): the rider who
    /// types the id on the platform's sign means that platform's trains. A stop used both ways, or a
    /// station whose every platform serves both, names the whole station.
    static func oneWayPlatforms(_ stations: [TimetableDataset.Station], routes: [String], runsByRoute: [String: [(index: Int, run: GTFSRun)]],
                                directionOfRun: [Int: String], places: GTFSPlaces, feed: GTFSFeed) -> [TimetableDataset.Station] {
        var directionsAt: [String: [String: Set<String>]] = [:]   // station → platform stop_id → directions
        for id in routes {
            for (index, run) in runsByRoute[id] ?? [] {
                guard let direction = directionOfRun[index] else { continue }
                for stop in run.stops {
                    guard let station = places.station(route: id, stop: stop.stop) else { continue }
                    directionsAt[station, default: [:]][feed.stops[Int(stop.stop)].id, default: []].insert(direction)
                }
            }
        }
        return stations.map { station in
            var station = station
            let byStop = directionsAt[station.id] ?? [:]
            guard Set(byStop.values.joined()).count > 1 else { return station }
            for (stop, directions) in byStop where directions.count == 1 && stop != station.publicId {
                station.aliasDirections[stop] = directions.first
            }
            return station
        }
    }

    /// transfers.txt as minimum change times between stations: a stop_id names the station of each
    /// route there (narrowed by from_route_id / to_route_id when given).
    static func transfers(_ feed: GTFSFeed, places: GTFSPlaces) -> [TimetableDataset.Transfer] {
        var named: [String: [TimetableDataset.Station]] = [:]
        for station in places.stations {
            for id in Set(station.aliases + [station.publicId].compactMap { $0 }) { named[id, default: []].append(station) }
        }
        var transfers: [TimetableDataset.Transfer] = []
        var seen = Set<[String]>()
        for transfer in feed.transfers {
            for a in named[transfer.from] ?? [] where transfer.fromRoute.map({ $0 == a.railwayId }) ?? true {
                for b in named[transfer.to] ?? [] where transfer.toRoute.map({ $0 == b.railwayId }) ?? true {
                    guard seen.insert([a.id, b.id]).inserted else { continue }
                    transfers.append(.init(from: a.id, to: b.id, minutes: transfer.minutes, kind: ChangeKind.feed.rawValue,
                                           basis: "the feed's transfers.txt, \(transfer.from) → \(transfer.to)"))
                }
            }
        }
        return transfers
    }
}
