import EkiCore
import EkiStore
import Foundation

public struct DepartureJSON: Encodable {
    var time: String
    var serviceMinute: Int
    var serviceDate: String
    var minutesUntil: Int
    var trainId: String
    var railway: String
    var direction: String
    var trainType: String
    var trainTypeName: NameJSON
    var category: String
    var destination: [String]
    var destinationName: NameJSON
    var names: [NameJSON]

    public init(_ row: Board.Row, reference: Reference) {
        let departure = row.departure
        time = departure.time.clock
        serviceMinute = departure.time.value
        serviceDate = row.serviceDate.iso
        minutesUntil = row.minutesUntil
        trainId = departure.trainId
        railway = departure.railway
        direction = departure.direction
        trainType = departure.trainType
        trainTypeName = NameJSON(reference.trainTypes[departure.trainType]?.name ?? .init(ja: departure.trainType, en: departure.trainType))
        category = departure.category.rawValue
        destination = departure.destinations
        destinationName = NameJSON(row.destination)
        names = departure.names.map(NameJSON.init)
    }
}

public struct StationBoardJSON: Encodable {
    var station: String
    var stationName: NameJSON
    var railway: String?
    var serviceDate: String
    var schedule: String?
    var scheduleReason: NameJSON
    var lastTrainGone: Bool
    var departures: [DepartureJSON]

    /// One station's boards (one per direction) merged into one list in time order.
    public init(_ boards: [Board], reference: Reference) {
        let first = boards[0]
        station = first.station.id
        stationName = NameJSON(first.station.name)
        railway = first.station.railway
        serviceDate = first.serviceDate.iso
        schedule = first.schedule
        scheduleReason = NameJSON(.init(ja: first.day.reasonJa, en: first.day.reasonEn))
        lastTrainGone = boards.allSatisfy(\.lastTrainGone)
        departures = boards.flatMap { board in board.rows.map { DepartureJSON($0, reference: reference) } }
            .sorted { ($0.minutesUntil, $0.direction, $0.trainId) < ($1.minutesUntil, $1.direction, $1.trainId) }
    }
}
