import EkiCore
import EkiStore

/// Tests name railways and stations by the ids the data gives them; the store refers to them by
/// handle. These read a record by id the way an answer shows it.
extension Reference {
    /// The calendar a railway (by id) runs on a day.
    public func service(ofRailwayId id: String, on day: ScheduleDay) -> String? {
        railways[id: id].flatMap { service(of: $0, on: day) }
    }

    /// The ids of a complex's stations, in station order.
    public func stationIds(in complex: ComplexHandle) -> [String] { stations(in: complex).map(\.id) }
}

extension Reference {
    /// Station ids, in the order given (a train's stops, a departure's destinations).
    public func stationIds(_ handles: [StationHandle]) -> [String] { handles.map { stations.id(of: $0) ?? "?" } }
}

/// Answers refer to trains, railways and calendars by handle; tests name them by the data's ids.
extension Timetable {
    /// One station's departures in one direction on one calendar, all named by id.
    public func departures(station: String, direction: String, service: String) throws -> [Departure] {
        guard let station = reference.stations[id: station], let direction = reference.directions[id: direction],
              let service = reference.serviceHandle(id: service) else { return [] }
        return try departures(station: station.handle, direction: direction.handle, service: service)
    }

    /// A train part by its id (`Minatomirai.Minatomirai.011051.Weekday`, a feed's trip_id), or nil.
    public func trainPart(_ id: String) throws -> TrainPart? {
        try resolveTrain(id).flatMap { try trainPart($0) }
    }

    /// A train followed across through service, by its id.
    public func trainRun(_ id: String) throws -> [TrainPart]? {
        try resolveTrain(id).flatMap { try trainRun($0) }
    }

    /// Train parts' own ids (`R1@EX+WK`), in the order given.
    public func trainIds(_ handles: [TrainHandle]) throws -> [String] {
        try handles.map { try trainIds($0)?.id ?? "?" }
    }
}

extension TrainPart {
    /// The part's railway, calendar, type and direction by id, in that order, for an assertion.
    public func codes(_ reference: Reference) -> [String] {
        [reference.railways.id(of: railway) ?? "?", reference.serviceCode(service) ?? "?",
         reference.trainType(trainType)?.id ?? "?", reference.directions.id(of: direction) ?? "?"]
    }
}
