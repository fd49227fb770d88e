import EkiCore
import EkiStore

/// Stations and station complexes from stops.txt.
///
/// A parent station (location_type 1) is a complex; the stops a route's trips use under one parent —
/// platforms or the parent itself — are that railway's station there (`route:parent` inside the
/// database; riders know it by the parent's stop_id, and each platform's stop_id names it too). A stop without
/// a parent is a place of its own. Platform groups: two railways' stations of one complex share a
/// group when their trips use a common stop_id there (the same platform, as at a through-service
/// hand-over); railways on platforms of their own are separate groups of the complex, so changing
/// between them counts as a walk inside the station.
struct GTFSPlaces {
    var stations: [TimetableDataset.Station] = []
    var complexes: [[[String]]] = []
    /// Station id of (route, stop row), for every stop a rail run uses.
    private var stationOf: [String: [Int32: String]] = [:]

    func station(route: String, stop: Int32) -> String? { stationOf[route]?[stop] }

    /// The place (parent station, else the stop itself) of a stop row.
    static func place(of stop: Int32, in feed: GTFSFeed) -> Int32 {
        feed.stops[Int(stop)].parent.flatMap { feed.stopIndex[$0] } ?? stop
    }

    init(runs: [GTFSRun], feed: GTFSFeed) {
        var placeOrder: [Int32] = []
        var stationsAt: [Int32: [String]] = [:]
        var stopsOf: [String: Set<Int32>] = [:]
        var routeOf: [String: String] = [:]
        for run in runs {
            let route = feed.trips[run.trip].route
            for stop in run.stops where stationOf[route]?[stop.stop] == nil {
                let place = Self.place(of: stop.stop, in: feed)
                let id = route + ":" + feed.stops[Int(place)].id
                stationOf[route, default: [:]][stop.stop] = id
                if stopsOf[id] == nil {
                    if stationsAt[place] == nil { placeOrder.append(place) }
                    stationsAt[place, default: []].append(id)
                    routeOf[id] = route
                }
                stopsOf[id, default: []].insert(stop.stop)
            }
        }
        for place in placeOrder {
            let placeStop = feed.stops[Int(place)]
            let members = stationsAt[place] ?? []
            let name = feed.names.name(table: "stops", field: "stop_name", id: placeStop.id, value: placeStop.name,
                                       feedLanguage: feed.feedLanguage)
            for id in members {
                let used = (stopsOf[id] ?? []).sorted().compactMap { feed.stops[Int($0)].coordinate }
                let coordinate = placeStop.coordinate ?? (used.isEmpty ? nil : GeoPoint(
                    latitude: used.map(\.latitude).reduce(0, +) / Double(used.count),
                    longitude: used.map(\.longitude).reduce(0, +) / Double(used.count)))
                var station = TimetableDataset.Station(id: id, railwayId: routeOf[id], name: name, coordinate: coordinate)
                station.publicId = placeStop.id
                station.aliases = (stopsOf[id] ?? []).sorted().map { feed.stops[Int($0)].id }
                stations.append(station)
            }
            complexes.append(Self.platformGroups(members, stopsOf: stopsOf))
        }
    }

    /// Stations joined when they share a stop, in first-seen order.
    private static func platformGroups(_ members: [String], stopsOf: [String: Set<Int32>]) -> [[String]] {
        var groups: [(stations: [String], stops: Set<Int32>)] = []
        for id in members {
            let stops = stopsOf[id] ?? []
            let touching = groups.indices.filter { !groups[$0].stops.isDisjoint(with: stops) }
            var merged = (stations: [id], stops: stops)
            for index in touching.reversed() {
                merged = (groups[index].stations + merged.stations, groups[index].stops.union(merged.stops))
                groups.remove(at: index)
            }
            groups.insert(merged, at: touching.first ?? groups.count)
        }
        return groups.map(\.stations)
    }
}
