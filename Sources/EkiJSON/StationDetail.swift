import EkiCore
import EkiStore
import Foundation

/// `eki station --json` (and the web API's /api/v1/station/{id}).
public struct StationDetailJSON: Encodable {
    var station: String
    var title: NameJSON
    var railway: RailwayRefJSON?
    var at: String
    var serviceDate: String
    var schedule: String?
    var scheduleName: NameJSON?
    var scheduleReason: NameJSON
    var loop: Bool
    var sides: [Side]
    var trainTypes: [TrainType]
    var connections: [Connection]

    struct Side: Encodable {
        var direction: String
        var directionName: NameJSON
        var bookmarked: Bool
        var neighbour: StationNameJSON?
        var terminal: StationNameJSON?
        /// Between neighbour and terminal: "solid" (adjacent), "dotted" (stations between), nil (none).
        var link: String?
        var stationsBetween: Int
        var toward: [StationNameJSON]
        var throughRailway: RailwayRefJSON?
        /// No train this way on the asked service day; `next` then holds the next day's first trains.
        var noTrainsThisDay: Bool
        var next: [DepartureJSON]
        var lastTrainGone: Bool
        var lastTrains: [DepartureJSON]
        var lastByDestination: [DepartureJSON]
        var destinations: [Destination]
        var frequency: [Period]
    }

    struct Destination: Encodable {
        var stations: [String]
        var title: NameJSON
        var trains: Int
    }

    struct Period: Encodable {
        var period: String
        var title: NameJSON
        var trains: Int
        var perHour: Double
    }

    struct TrainType: Encodable {
        var id: String
        var ids: [String]
        var title: NameJSON
        var category: String?
        var trains: Int
    }

    struct Connection: Encodable {
        var station: String
        var title: NameJSON
        var railway: RailwayRefJSON?
        var samePlatform: Bool
        /// The change to it at the standard pace (nil: the data says it cannot be made), what it
        /// is, and where the figure comes from (table, feed or rule).
        var minutes: Int?
        var kind: String
        var source: String
        /// The minutes are a rough figure (the rule's, or the table's own estimate): a 目安.
        var estimated: Bool
        /// The minutes across one island platform for the directions whose trains stand there.
        var acrossMinutes: Int?
    }

    public init(_ detail: StationDetail, bookmarks: Set<Bookmark>, reference: Reference) {
        station = detail.station.publicId
        title = NameJSON(detail.station.name)
        railway = detail.railway.map(RailwayRefJSON.init)
        at = detail.instant.serviceDate.iso + "T" + detail.instant.minute.serviceClock
        serviceDate = detail.instant.serviceDate.iso
        schedule = detail.schedule
        scheduleName = detail.schedule.flatMap { reference.serviceNames[$0] }.map(NameJSON.init)
        scheduleReason = NameJSON(reference.scheduleReason(detail.day, schedule: detail.schedule))
        loop = detail.isLoop
        sides = detail.sides.map { side in
            let hasLink = side.terminal != nil && side.terminal?.id != side.neighbour?.id
            return Side(
                direction: side.direction.id, directionName: NameJSON(reference.directionName(side.direction, at: detail.station)),
                bookmarked: bookmarks.contains(Bookmark(station: detail.station.id, direction: side.direction.id)),
                neighbour: side.neighbour.map(StationNameJSON.init), terminal: side.terminal.map(StationNameJSON.init),
                link: hasLink ? (side.stationsBetween > 0 ? "dotted" : "solid") : nil,
                stationsBetween: side.stationsBetween, toward: side.toward.map(StationNameJSON.init),
                throughRailway: side.throughRailway.map(RailwayRefJSON.init), noTrainsThisDay: side.noTrainsThisDay,
                next: side.next.map { DepartureJSON($0, reference: reference) },
                lastTrainGone: side.lastTrainGone,
                lastTrains: side.lastTrains.map { DepartureJSON($0, reference: reference) },
                lastByDestination: side.lastByDestination.map { DepartureJSON($0, reference: reference) },
                destinations: side.destinations.map {
                    Destination(stations: DepartureJSON.publicIds($0.stations, reference: reference), title: NameJSON($0.name),
                                trains: $0.trains)
                },
                frequency: side.frequency.map {
                    Period(period: $0.period.rawValue, title: NameJSON($0.period.name), trains: $0.trains,
                           perHour: ($0.perHour * 10).rounded() / 10)
                })
        }
        trainTypes = detail.trainTypes.map {
            TrainType(id: $0.type.id, ids: $0.types.compactMap { reference.trainType($0)?.id }, title: NameJSON($0.type.name),
                      category: $0.type.classified ? $0.type.category.rawValue : nil, trains: $0.trains)
        }
        connections = detail.connections.map {
            Connection(station: $0.station.publicId, title: NameJSON($0.station.name), railway: $0.railway.map(RailwayRefJSON.init),
                       samePlatform: $0.samePlatform, minutes: $0.change.minutes, kind: $0.change.kind.rawValue,
                       source: $0.change.source.rawValue, estimated: $0.change.estimated,
                       acrossMinutes: $0.across)
        }
    }
}
