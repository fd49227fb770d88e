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
        /// Absent when the source gives no Japanese train types.
        var category: String?
        var number: String
        /// The calendar it runs on (its schedule id) and what riders call it.
        var schedule: String
        var scheduleName: NameJSON?
        /// Where the train says it goes (GTFS trip_headsign); absent when the source does not say.
        var headsign: NameJSON?
        var names: [NameJSON]
        var stops: [Stop]
    }
    var trainId: String
    /// The service day asked for: a feed's trip_id can run under several calendars, and the
    /// answer is the copy of that day.
    var serviceDate: String
    /// Whether the train's calendar runs on `serviceDate`.
    var runs: Bool
    var parts: [Part]

    /// One train followed across through service, part by part, as it runs on `date`.
    public init(train: TrainHandle, date: CivilDate, parts: [TrainPart], reference: Reference) {
        trainId = (parts.first { $0.handle == train } ?? parts.first)?.ids.publicId ?? ""
        serviceDate = date.iso
        runs = parts.first.map { reference.runs($0, on: date) } ?? false
        self.parts = parts.map { part in
            let type = reference.trainType(part.trainType)
            let railway = reference.railways[part.railway]
            let schedule = reference.serviceCode(part.service) ?? ""
            return Part(
                trainId: part.ids.publicId, railway: railway?.id ?? "", railwayName: NameJSON(railway?.name ?? .init(ja: "", en: "")),
                direction: reference.directionId(part.direction) ?? "", trainType: type?.id ?? "",
                category: type?.classified == false ? nil : (type?.category ?? .local).rawValue,
                number: part.number, schedule: schedule, scheduleName: reference.serviceNames[schedule].map(NameJSON.init),
                headsign: part.headsign.map(NameJSON.init), names: part.names.map(NameJSON.init),
                stops: part.stops.map { stop in
                    let station = reference.stations[stop.station]
                    return .init(station: station?.publicId ?? "", stationName: NameJSON(station?.name ?? .init(ja: "", en: "")),
                                 arrival: stop.arrival?.clock, departure: stop.departure?.clock)
                })
        }
    }
}
