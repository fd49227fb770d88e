import EkiCore
import GRDB

/// A station complex near a point: how far, how long a walk, and which of its stations run trains.
public struct NearbyStation: Sendable {
    public var complex: Reference.Complex
    /// The complex's station closest to the point: its name and position stand for the complex.
    public var nearest: Reference.Station
    /// The nearest station's position (its complex's, when the data gives it none).
    public var coordinate: GeoPoint
    /// The complex's stations trains leave from, in station order.
    public var stations: [Reference.Station]
    /// Metres to the nearest station, as the crow flies.
    public var distance: Double

    public var walkMinutes: Int { Self.walkMinutes(distance) }

    /// Walking minutes at 80 m a minute, rounded up (DESIGN.md).
    public static func walkMinutes(_ meters: Double) -> Int { Int((meters / 80).rounded(.up)) }
}

/// What "near here" found.
public struct NearbyResult: Sendable {
    public var stations: [NearbyStation]
    /// The point lies outside the area the timetable covers (more than `Timetable.areaMargin`
    /// beyond its outermost stations): an empty answer means "not here", not "walk further".
    public var outsideArea: Bool
    /// When no station is within the radius but the point is inside the area: the nearest one
    /// all the same (within 50 km), so no answer is empty in silence.
    public var nearestOutside: NearbyStation?

    public init(stations: [NearbyStation], outsideArea: Bool, nearestOutside: NearbyStation? = nil) {
        self.stations = stations
        self.outsideArea = outsideArea
        self.nearestOutside = nearestOutside
    }
}

extension Timetable {
    /// How far beyond the outermost stations a point still counts as inside the data's area.
    public static let areaMargin = 20_000.0

    /// Station complexes with a station within `radius` metres of `point`, nearest first. Stations no
    /// train leaves from (freight-only, closed) are left out; a station without a position stands
    /// at its complex's. The bounding box is cut by the database's position index; exact
    /// distances are computed here.
    public func nearby(_ point: GeoPoint, radius: Double, limit: Int = .max) throws -> NearbyResult {
        let inside = reference.area.map { $0.expanded(by: Self.areaMargin).contains(point) } ?? false
        guard inside, radius > 0, limit > 0 else { return NearbyResult(stations: [], outsideArea: !inside) }
        let box = GeoBox(around: point, meters: radius)
        let candidates = try reader.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT id, latitude, longitude FROM station
                WHERE latitude BETWEEN :south AND :north AND longitude BETWEEN :west AND :east AND departures > 0
                UNION ALL
                SELECT s.id, c.latitude, c.longitude FROM station s JOIN station_complex c ON c.id = s.complex_id
                WHERE s.latitude IS NULL AND s.departures > 0
                  AND c.latitude BETWEEN :south AND :north AND c.longitude BETWEEN :west AND :east
                """), arguments: ["south": box.south, "north": box.north, "west": box.west, "east": box.east])
        }
        var nearest: [ComplexHandle: NearbyStation] = [:]
        for row in candidates {
            guard let station = reference.stations[StationHandle(row[0])] else { continue }
            let coordinate = GeoPoint(latitude: row[1], longitude: row[2])
            let distance = point.distance(to: coordinate)
            // The nearest station stands for its complex; at equal distance (one platform, two
            // railways) the smaller id, so the answer never depends on row order.
            guard distance <= radius,
                  nearest[station.complex].map({ (distance, station.id) < ($0.distance, $0.nearest.id) }) ?? true,
                  let complex = reference.complexes[station.complex] else { continue }
            nearest[station.complex] = NearbyStation(complex: complex, nearest: station, coordinate: coordinate,
                                                     stations: [], distance: distance)
        }
        var found = nearest.values.sorted { ($0.distance, $0.complex.handle) < ($1.distance, $1.complex.handle) }
        if found.count > limit { found.removeLast(found.count - limit) }
        for index in found.indices {
            found[index].stations = found[index].complex.stations.compactMap { reference.stations[$0] }
                .filter { $0.departures > 0 }
        }
        if found.isEmpty, radius < Self.farthestNearest {
            return NearbyResult(stations: [], outsideArea: false,
                                nearestOutside: try nearby(point, radius: Self.farthestNearest, limit: 1).stations.first)
        }
        return NearbyResult(stations: found, outsideArea: false)
    }

    /// How far the nearest station is looked for when none is within the asked radius.
    public static let farthestNearest = 50_000.0
}
