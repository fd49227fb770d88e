import EkiCore
import EkiStore
import Foundation

public struct TrainJSON: Encodable {
    struct Part: Encodable {
        struct Stop: Encodable {
            var station: String
            var stationName: NameJSON
            var arrival: String?
            var departure: String?

            enum CodingKeys: CodingKey { case station, stationName, arrival, departure }

            /// Times are always present, as null when there is none (the contract says "HH:MM" or null).
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(station, forKey: .station)
                try container.encode(stationName, forKey: .stationName)
                try container.encode(arrival, forKey: .arrival)
                try container.encode(departure, forKey: .departure)
            }
        }
        var trainId: String
        var railway: String
        var railwayName: NameJSON
        var direction: String
        var trainType: String
        var category: String
        var number: String
        var names: [NameJSON]
        var stops: [Stop]
    }
    var trainId: String
    var parts: [Part]

    /// One train followed across through service, part by part.
    public init(trainId: String, parts: [TrainPart], reference: Reference) {
        self.trainId = trainId
        self.parts = parts.map { part in
            Part(
                trainId: part.id, railway: part.railway,
                railwayName: NameJSON(reference.railways[part.railway]?.name ?? .init(ja: part.railway, en: part.railway)),
                direction: part.direction, trainType: part.trainType,
                category: (reference.trainTypes[part.trainType]?.category ?? .local).rawValue,
                number: part.number, names: part.names.map(NameJSON.init),
                stops: part.stops.map { stop in
                    .init(station: stop.station,
                          stationName: NameJSON(reference.stations[stop.station]?.name ?? .init(ja: stop.station, en: stop.station)),
                          arrival: stop.arrival?.clock, departure: stop.departure?.clock)
                })
        }
    }
}
