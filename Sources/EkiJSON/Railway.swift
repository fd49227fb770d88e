import EkiCore
import EkiStore
import Foundation

/// `eki railway --json`. Every key is always present: a missing value is null, not an absent key,
/// so consumers can rely on the shape.
public struct RailwayJSON: Encodable {
    var id: String
    var title: NameJSON
    var `operator`: OrNull<NameJSON>
    var color: OrNull<String>
    var loop: Bool
    var stations: [Station]
    var directions: [Direction]
    var trainTypes: [TrainType]
    /// Trains per calendar: {"Weekday": 735, "SaturdayHoliday": 662}.
    var trainsPerCalendar: [String: Int]
    var throughService: [Through]
    /// Polyline parts of [latitude, longitude] points.
    var shape: [[[Double]]]

    struct Station: Encodable {
        var id: String
        var title: NameJSON
        var coord: OrNull<[Double]>
    }

    struct Direction: Encodable {
        var id: String
        var title: NameJSON
        /// The station trains head for; null on a loop.
        var terminal: OrNull<String>
        /// On a loop, whether the direction runs clockwise on the map; null elsewhere.
        var clockwise: OrNull<Bool>
    }

    struct TrainType: Encodable {
        var id: String
        var title: NameJSON
        /// Null when the source gives no Japanese train types (a GTFS feed's Subway).
        var category: OrNull<String>
    }

    struct Through: Encodable {
        var id: String
        var title: NameJSON
        /// This railway's train parts that continue onto it or come from it.
        var trains: Int
    }

    public init(_ detail: RailwayDetail) {
        let railway = detail.railway
        id = railway.id
        title = NameJSON(railway.name)
        `operator` = OrNull(railway.operatorName.map(NameJSON.init))
        color = OrNull(railway.color)
        loop = railway.isLoop
        stations = detail.stations.map {
            Station(id: $0.publicId, title: NameJSON($0.name), coord: OrNull($0.coordinate.map { [$0.latitude, $0.longitude] }))
        }
        directions = detail.directions.map {
            Direction(id: $0.direction.id, title: NameJSON($0.direction.name),
                      terminal: OrNull($0.terminal?.publicId), clockwise: OrNull($0.clockwise))
        }
        trainTypes = detail.trainTypes.map {
            TrainType(id: $0.id, title: NameJSON($0.name), category: OrNull($0.classified ? $0.category.rawValue : nil))
        }
        trainsPerCalendar = Dictionary(detail.calendars.map { ($0.service, $0.trains) }, uniquingKeysWith: +)
        throughService = detail.throughService.map {
            Through(id: $0.railway.id, title: NameJSON($0.railway.name), trains: $0.trains)
        }
        shape = detail.shape.map { part in part.map { [$0.latitude, $0.longitude] } }
    }
}

/// An optional that encodes as an explicit null (a plain Optional property is left out).
public struct OrNull<Value: Encodable>: Encodable {
    var value: Value?
    public init(_ value: Value?) { self.value = value }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
