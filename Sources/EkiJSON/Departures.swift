import EkiCore
import EkiStore
import Foundation

public struct DepartureJSON: CompactJSON {
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

    /// The order a board lists departures in, whatever order they were read in; the timeline's
    /// entries use it too, so that they equal the departures answer for the same moment.
    static func inBoardOrder(_ departures: [DepartureJSON]) -> [DepartureJSON] {
        departures.sorted { ($0.minutesUntil, $0.direction, $0.trainId) < ($1.minutesUntil, $1.direction, $1.trainId) }
    }
}

public struct StationBoardJSON: CompactJSON {
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
        departures = DepartureJSON.inBoardOrder(boards.flatMap { board in board.rows.map { DepartureJSON($0, reference: reference) } })
    }
}

extension DepartureJSON {
    /// Keys in sorted order, as JSONEncoder's `.sortedKeys` writes them.
    public func write(to out: inout JSONWriter) {
        out.openObject()
        out.key("category"); out.string(category)
        out.key("destination"); out.array(destination) { $0.string($1) }
        out.key("destinationName"); destinationName.write(to: &out)
        out.key("direction"); out.string(direction)
        out.key("minutesUntil"); out.int(minutesUntil)
        out.key("names"); out.array(names) { out, name in name.write(to: &out) }
        out.key("railway"); out.string(railway)
        out.key("serviceDate"); out.string(serviceDate)
        out.key("serviceMinute"); out.int(serviceMinute)
        out.key("time"); out.string(time)
        out.key("trainId"); out.string(trainId)
        out.key("trainType"); out.string(trainType)
        out.key("trainTypeName"); trainTypeName.write(to: &out)
        out.closeObject()
    }
}

extension StationBoardJSON {
    /// Keys in sorted order; absent optionals are left out, as the synthesized Encodable does.
    public func write(to out: inout JSONWriter) {
        out.openObject()
        out.key("departures"); departures.write(to: &out)
        out.key("lastTrainGone"); out.bool(lastTrainGone)
        if let railway { out.key("railway"); out.string(railway) }
        if let schedule { out.key("schedule"); out.string(schedule) }
        out.key("scheduleReason"); scheduleReason.write(to: &out)
        out.key("serviceDate"); out.string(serviceDate)
        out.key("station"); out.string(station)
        out.key("stationName"); stationName.write(to: &out)
        out.closeObject()
    }
}
