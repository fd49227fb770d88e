import EkiCore
import EkiStore

/// A rail route as a railway: its stations in line order and its two directions.
///
/// GTFS has no station list per route, so the line is drawn from the trips: the longest stopping
/// pattern of direction 0 is the spine, and every other pattern (direction 1 read backwards) adds
/// the stations it alone serves next to their neighbours. Trips without a direction_id take the
/// direction whose way along the spine they go. Each direction is named by its most common
/// headsign (trip_headsign), else by its most common terminal: 渋谷方面 / for Shibuya.
struct GTFSLine {
    var railway: TimetableDataset.Railway
    var directions: [TimetableDataset.Direction]
    /// Run index → direction id.
    var directionOfRun: [Int: String]

    init(route: GTFSFeed.Route, runs: [(index: Int, run: GTFSRun)], feed: GTFSFeed, places: GTFSPlaces) {
        func sequence(_ run: GTFSRun) -> [String] {
            var stations: [String] = []
            for stop in run.stops {
                if let id = places.station(route: route.id, stop: stop.stop), stations.last != id { stations.append(id) }
            }
            return stations
        }
        let sequences = runs.map { sequence($0.run) }
        let given = runs.map { feed.trips[$0.run.trip].direction }
        // Distinct patterns per given direction, most used first.
        var counts: [[String]: (count: Int, direction: Int?, order: Int)] = [:]
        for (index, stations) in sequences.enumerated() {
            let key = given[index] == 1 ? stations.reversed() : stations
            let entry = counts[key] ?? (0, given[index], index)
            counts[key] = (entry.count + 1, entry.direction, entry.order)
        }
        let patterns = counts.sorted { ($0.value.count, -$0.value.order) > ($1.value.count, -$1.value.order) }
        let spine = patterns.map(\.key).max { $0.count < $1.count } ?? []
        var stations = spine
        for pattern in patterns.map(\.key) where pattern != spine {
            var anchor: Int?
            for station in pattern {
                if let found = stations.firstIndex(of: station) {
                    anchor = found
                } else {
                    let at = (anchor ?? -1) + 1
                    stations.insert(station, at: at)
                    anchor = at
                }
            }
        }
        // Directions: given, else by the way along the line.
        var directionOfRun: [Int: String] = [:]
        var members: [Int: [Int]] = [0: [], 1: []]
        for (position, entry) in runs.enumerated() {
            var direction = given[position] ?? 0
            if given[position] == nil, let first = sequences[position].first, let last = sequences[position].last,
               let from = stations.firstIndex(of: first), let to = stations.lastIndex(of: last), to < from {
                direction = 1
            }
            directionOfRun[entry.index] = "\(route.id):\(direction)"
            members[direction, default: []].append(position)
        }
        var directions: [TimetableDataset.Direction] = []
        for direction in [0, 1] where !(members[direction] ?? []).isEmpty {
            let name = Self.directionName(members[direction] ?? [], runs: runs, sequences: sequences, feed: feed, places: places)
            directions.append(.init(id: "\(route.id):\(direction)",
                                    name: LocalizedName(ja: name.ja + "方面", en: "toward " + name.en), toward: name))
        }
        self.directions = directions
        self.directionOfRun = directionOfRun
        let longName = route.longName.isEmpty ? route.shortName : route.longName
        let field = route.longName.isEmpty ? "route_short_name" : "route_long_name"
        let name = feed.names.name(table: "routes", field: field, id: route.id, value: longName.isEmpty ? route.id : longName,
                                   feedLanguage: feed.feedLanguage)
        railway = .init(id: route.id, operatorId: route.agency ?? GTFSSource.agencyId(feed.agencies[0]),
                        name: name, color: route.color,
                        ascending: members[0]?.isEmpty == false ? "\(route.id):0" : nil,
                        descending: members[1]?.isEmpty == false ? "\(route.id):1" : nil,
                        stations: stations)
        railway.shortName = route.shortName.isEmpty ? nil : route.shortName
    }

    /// The most common headsign of these runs, else their most common last station's name.
    private static func directionName(_ positions: [Int], runs: [(index: Int, run: GTFSRun)], sequences: [[String]],
                                      feed: GTFSFeed, places: GTFSPlaces) -> LocalizedName {
        var headsigns: [String: (count: Int, trip: String)] = [:]
        for position in positions {
            let trip = feed.trips[runs[position].run.trip]
            guard !trip.headsign.isEmpty else { continue }
            headsigns[trip.headsign] = ((headsigns[trip.headsign]?.count ?? 0) + 1, headsigns[trip.headsign]?.trip ?? trip.id)
        }
        if let best = headsigns.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }) {
            return feed.names.name(table: "trips", field: "trip_headsign", id: best.value.trip, value: best.key,
                                   feedLanguage: feed.feedLanguage)
        }
        var terminals: [String: Int] = [:]
        for position in positions { if let last = sequences[position].last { terminals[last, default: 0] += 1 } }
        let terminal = terminals.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        return terminal.flatMap { id in places.stations.first { $0.id == id }?.name } ?? LocalizedName(ja: "?", en: "?")
    }
}
