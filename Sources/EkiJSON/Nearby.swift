import EkiCore
import EkiStore
import Foundation

/// `eki nearby --json` (and the web API's /api/v1/nearby).
public struct NearbyJSON: Encodable {
    var results: [Result]
    var outsideArea: Bool
    /// When nothing is within the radius (and the point is inside the data's area): the nearest
    /// station all the same, with its distance, so an empty answer never leaves a rider guessing.
    var nearest: Result?

    struct Result: Encodable {
        var title: NameJSON
        var stations: [Station]
        var coord: [Double]
        var distanceMeters: Int
        var walkMinutes: Int
    }

    struct Station: Encodable {
        var id: String
        var railway: String?
        /// The next departure each way; absent with --no-departures.
        var next: [DepartureJSON]?
    }

    public init(_ result: NearbyResult, departures: [String: [Board.Row]]?, reference: Reference) {
        outsideArea = result.outsideArea
        func json(_ place: NearbyStation) -> Result {
            Result(title: NameJSON(place.nearest.name),
                   stations: place.stations.map { station in
                       Station(id: station.publicId, railway: station.railway.flatMap { reference.railways.id(of: $0) },
                               next: departures.map { ($0[station.id] ?? []).map { DepartureJSON($0, reference: reference) } })
                   },
                   coord: [place.coordinate.latitude, place.coordinate.longitude],
                   distanceMeters: Int(place.distance.rounded()), walkMinutes: place.walkMinutes)
        }
        results = result.stations.map(json)
        nearest = result.stations.isEmpty ? result.nearestOutside.map(json) : nil
    }
}
