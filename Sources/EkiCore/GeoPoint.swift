import Foundation

/// A WGS84 position. Mini Tokyo 3D writes coordinates as [lon, lat]; Eki always names them.
public struct GeoPoint: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in metres (haversine; plenty for distances inside one region).
    public func distance(to other: GeoPoint) -> Double {
        let earthRadius = 6_371_008.8
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }
}

/// A latitude/longitude rectangle: the cheap first cut of "near here", done by the database index.
public struct GeoBox: Hashable, Sendable {
    public var south, west, north, east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south; self.west = west; self.north = north; self.east = east
    }

    /// A box holding every point within `meters` of `center` (with a 1% margin: the widest
    /// longitude of a circle lies a little poleward of its centre).
    public init(around center: GeoPoint, meters: Double) {
        let metersPerDegree = 111_195.0   // one degree of latitude on the haversine sphere
        let meters = meters * 1.01 + 1
        let dLat = meters / metersPerDegree
        let dLon = meters / (metersPerDegree * max(0.01, cos(center.latitude * .pi / 180)))
        self.init(south: center.latitude - dLat, west: center.longitude - dLon,
                  north: center.latitude + dLat, east: center.longitude + dLon)
    }

    /// The box around all `points`, or nil when there are none.
    public init?(enclosing points: some Sequence<GeoPoint>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        self.init(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        while let point = iterator.next() {
            south = min(south, point.latitude); north = max(north, point.latitude)
            west = min(west, point.longitude); east = max(east, point.longitude)
        }
    }

    /// This box grown just enough to hold `point`.
    public func including(_ point: GeoPoint) -> GeoBox {
        GeoBox(south: min(south, point.latitude), west: min(west, point.longitude),
               north: max(north, point.latitude), east: max(east, point.longitude))
    }

    public func contains(_ point: GeoPoint) -> Bool {
        (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
    }

    /// This box grown by `meters` on every side.
    public func expanded(by meters: Double) -> GeoBox {
        let grownSouth = GeoBox(around: GeoPoint(latitude: south, longitude: west), meters: meters)
        let grownNorth = GeoBox(around: GeoPoint(latitude: north, longitude: east), meters: meters)
        return GeoBox(south: grownSouth.south, west: min(grownSouth.west, grownNorth.west),
                      north: grownNorth.north, east: max(grownSouth.east, grownNorth.east))
    }
}
