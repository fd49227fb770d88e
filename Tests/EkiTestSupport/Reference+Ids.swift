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
