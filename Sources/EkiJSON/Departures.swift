import EkiCore
import EkiStore
import Foundation

public struct DepartureJSON: CompactJSON {
    var time: String
    var serviceMinute: Int
    var serviceDate: String
    var minutesUntil: Int
    /// The id riders and the source's tools know the train by (a GTFS trip_id), whichever
    /// calendar's copy runs; `serviceDate` says which day's it is.
    var trainId: String
    /// The train number riders see (GTFS trip_short_name); absent when there is none.
    var trainNumber: String?
    var railway: String
    var direction: String
    var trainType: String
    var trainTypeName: NameJSON
    /// local, rapid, semiExpress, express or limited; absent when the source gives no Japanese
    /// train types (a GTFS feed's Subway, Commuter rail).
    var category: String?
    /// What a board shows in the badge: 各 快 準 急 特, else the line's short name (`1`, `SLE`).
    var badge: String?
    var destination: [String]
    var destinationName: NameJSON
    /// Where the train says it goes (GTFS trip_headsign); absent when the source does not say.
    var headsign: NameJSON?
    var names: [NameJSON]
    /// It leaves on a later day than the one asked (days changing at 03:00): a board shows such
    /// trains under a line naming their day.
    var nextDay: Bool

    public init(_ row: Board.Row, reference: Reference) {
        let departure = row.departure
        time = departure.time.clock
        serviceMinute = departure.time.value
        serviceDate = row.serviceDate.iso
        minutesUntil = row.minutesUntil
        trainId = departure.ids.publicId
        trainNumber = departure.number.isEmpty ? nil : departure.number
        railway = reference.railways.id(of: departure.railway) ?? ""
        direction = reference.directionId(departure.direction) ?? ""
        let type = reference.trainType(departure.trainType)
        trainType = type?.id ?? ""
        trainTypeName = NameJSON(type?.name ?? .init(ja: "", en: ""))
        category = departure.classified ? departure.category.rawValue : nil
        badge = TrainBadge(departure, reference: reference)?.text
        destination = Self.publicIds(departure.destinations, reference: reference)
        destinationName = NameJSON(row.destination)
        headsign = departure.headsign.map(NameJSON.init)
        names = departure.names.map(NameJSON.init)
        nextDay = row.isNextDay
    }

    /// Station ids as riders know them (a GTFS stop_id), each once.
    static func publicIds(_ stations: [StationHandle], reference: Reference) -> [String] {
        var seen = Set<String>()
        return stations.compactMap { reference.stations[$0]?.publicId }.filter { seen.insert($0).inserted }
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
    /// What riders call the schedule (平日ダイヤ, "Weekday service"); `schedule` is its id.
    var scheduleName: NameJSON?
    var scheduleReason: NameJSON
    var lastTrainGone: Bool
    var departures: [DepartureJSON]

    /// One station's boards (one per direction) merged into one list in time order.
    public init(_ boards: [Board], reference: Reference) {
        let first = boards[0]
        station = first.station.publicId
        stationName = NameJSON(first.station.name)
        railway = first.station.railway.flatMap { reference.railways.id(of: $0) }
        serviceDate = first.serviceDate.iso
        schedule = first.schedule
        scheduleName = first.schedule.flatMap { reference.serviceNames[$0] }.map(NameJSON.init)
        scheduleReason = NameJSON(reference.scheduleReason(first.day, schedule: first.schedule))
        lastTrainGone = boards.allSatisfy(\.lastTrainGone)
        departures = DepartureJSON.inBoardOrder(boards.flatMap { board in
            board.rows.map { DepartureJSON($0, reference: reference) }
        })
    }
}

extension DepartureJSON {
    /// Keys in sorted order, as JSONEncoder's `.sortedKeys` writes them.
    public func write(to out: inout JSONWriter) {
        out.openObject()
        if let badge { out.key("badge"); out.string(badge) }
        if let category { out.key("category"); out.string(category) }
        out.key("destination"); out.array(destination) { $0.string($1) }
        out.key("destinationName"); destinationName.write(to: &out)
        out.key("direction"); out.string(direction)
        if let headsign { out.key("headsign"); headsign.write(to: &out) }
        out.key("minutesUntil"); out.int(minutesUntil)
        out.key("names"); out.array(names) { out, name in name.write(to: &out) }
        out.key("nextDay"); out.bool(nextDay)
        out.key("railway"); out.string(railway)
        out.key("serviceDate"); out.string(serviceDate)
        out.key("serviceMinute"); out.int(serviceMinute)
        out.key("time"); out.string(time)
        out.key("trainId"); out.string(trainId)
        if let trainNumber { out.key("trainNumber"); out.string(trainNumber) }
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
        if let scheduleName { out.key("scheduleName"); scheduleName.write(to: &out) }
        out.key("scheduleReason"); scheduleReason.write(to: &out)
        out.key("serviceDate"); out.string(serviceDate)
        out.key("station"); out.string(station)
        out.key("stationName"); stationName.write(to: &out)
        out.closeObject()
    }
}
