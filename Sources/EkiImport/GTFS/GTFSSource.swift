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
        let feed = try GTFSFeed.read(&files, progress: progress)
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
        let places = GTFSPlaces(runs: allRuns, feed: feed)
        let services = GTFSServices(runsByRailway: routes.map { ($0, runsByRoute[$0] ?? []) }, feed: feed)
        for service in services.unknown.sorted() {
            warnings.append(.init(.unknownCalendar, "service_id \(service) is in neither calendar.txt nor calendar_dates.txt; its trips never run and are left out",
                                  ids: [service]))
        }

        var dataset = TimetableDataset(source: .init(
            format: name, snapshotDate: files.modificationDate(), digest: String(format: "%016llx", files.digest),
            attribution: "Timetable data: " + feed.agencies.map(\.name).joined(separator: ", ") + " (GTFS)"))
        dataset.source.timeZone = feed.agencies[0].timeZone
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
        dataset.stations = places.stations
        dataset.complexes = places.complexes
        dataset.services = services.services
        dataset.trainTypes = Self.trainTypes

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
                for membership in services.memberships[index] ?? [] {
                    firstStation[membership.trainId] = stops.first?.station
                    lastStation[membership.trainId] = stops.last?.station
                    dataset.trains.append(.init(
                        id: membership.trainId, railwayId: id, serviceId: membership.service,
                        number: trip.shortName.isEmpty ? run.id : trip.shortName,
                        typeId: Self.trainType(of: feed.routes[id]?.type ?? 2),
                        directionId: directionOfRun[index] ?? "\(id):0", origins: [], destinations: [], names: [],
                        vehicle: nil, stops: stops, next: next[membership.trainId] ?? [],
                        previous: previous[membership.trainId] ?? []))
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
        progress(.read(railways: dataset.railways.count, stations: dataset.stations.count,
                       trains: dataset.trains.count, stopEvents: dataset.trains.reduce(0) { $0 + $1.stops.count }))
        return dataset
    }

    /// GTFS says what a vehicle is, not the train type; these stand in for it (all local but the
    /// high-speed and long-distance ones).
    static let trainTypes: [TimetableDataset.TrainType] = [
        .init(id: "gtfs.tram", name: .init(ja: "路面電車", en: "Tram"), category: .local),
        .init(id: "gtfs.metro", name: .init(ja: "地下鉄", en: "Metro"), category: .local),
        .init(id: "gtfs.rail", name: .init(ja: "普通", en: "Local"), category: .local),
        .init(id: "gtfs.monorail", name: .init(ja: "モノレール", en: "Monorail"), category: .local),
        .init(id: "gtfs.express", name: .init(ja: "急行", en: "Express"), category: .express),
        .init(id: "gtfs.highspeed", name: .init(ja: "特急", en: "Limited Express"), category: .limited),
    ]

    static func trainType(of routeType: Int) -> String {
        switch routeType {
        case 0: "gtfs.tram"
        case 1, 401, 402: "gtfs.metro"
        case 12, 405: "gtfs.monorail"
        case 101, 102: "gtfs.highspeed"
        case 103, 104, 105: "gtfs.express"
        default: "gtfs.rail"
        }
    }
}
