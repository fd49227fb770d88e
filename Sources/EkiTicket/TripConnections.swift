import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// What follows the Shinkansen at its arrival station when the timetable database has that station
/// (東京, 品川, 新横浜, 上野, 大宮 …): the next local departures once the rider has walked from the
/// Shinkansen platform to each local railway (`ShinkansenWalks`: at 東京 5 minutes to 東海道線, 13 to
/// 京葉線), ready to start a DIY route from (`eki ticket continue`).
public struct TripConnections: Encodable, Sendable {
    public struct Departure: Encodable, Sendable {
        public var time: String
        public var station: String
        public var railway: LocalizedName
        public var destination: LocalizedName
        /// 各 快 準 急 特.
        public var category: String
        public var trainId: String
        /// Minutes after the Shinkansen's arrival.
        public var minutesAfterArrival: Int
        /// The walk from the Shinkansen to this railway's platforms, at the rider's pace.
        public var walkMinutes: Int
        /// The walk is reasoned from the station's layout (shinkansen-walks.tsv says `estimate:`), or
        /// the rider's own figure was not given and the railway is not in the table: a 目安.
        public var walkEstimated: Bool
    }

    public var station: LocalizedName
    /// The shortest walk from the Shinkansen platform to a local railway's platforms.
    public var walkMinutes: Int
    /// Arrival plus that walk, on the service day's clock.
    public var readyAt: String
    public var departures: [Departure]

    /// The arrival station's local stations in `timetable` (same Japanese name), with departures.
    public static func stations(named name: String, in timetable: Timetable) -> [Reference.Station] {
        timetable.reference.stations.values.filter { $0.name.ja == name && $0.departures > 0 }.sorted { $0.id < $1.id }
    }

    /// The next departures of each local railway after the trip's arrival plus the walk to it at
    /// `pace` (or `walk` minutes to every one, the rider's own figure); nil when the arrival
    /// station, its time or date is unknown or not in the database.
    public static func find(_ trip: Trip, timetable: Timetable, pace: Pace = .standard, walk given: Int? = nil,
                            limit: Int = 8) throws -> TripConnections? {
        guard let to = trip.ticket.to, let arrival = trip.arrivalTime else { return nil }
        let stations = stations(named: to.name, in: timetable)
        guard let first = stations.first else { return nil }
        var rows: [Departure] = [], shortest = Int.max
        for station in stations {
            let walk = ShinkansenWalks.shared.walk(at: to.name, to: station, in: timetable.reference)
            let minutes = given ?? pace.minutes(walk.minutes)
            shortest = min(shortest, minutes)
            let ready = ServiceInstant(arrival.addingTimeInterval(TimeInterval(minutes * 60)), timeZone: timetable.timeZone)
            for direction in try timetable.directions(at: station) {
                let board = try timetable.nextDepartures(station: station, direction: direction, at: ready, limit: 3)
                for row in board.rows {
                    let railway = station.railway.flatMap { timetable.reference.railways[$0]?.name } ?? LocalizedName(ja: "", en: "")
                    rows.append(Departure(time: row.departure.time.clock, station: station.id, railway: railway, destination: row.destination,
                                          category: row.departure.category.badge, trainId: row.departure.ids.id,
                                          minutesAfterArrival: minutes + row.minutesUntil, walkMinutes: minutes,
                                          walkEstimated: given == nil && walk.estimated))
                }
            }
        }
        rows.sort { ($0.minutesAfterArrival, $0.station) < ($1.minutesAfterArrival, $1.station) }
        // One train listed on several railways' boards of the station (総武快速線 and 横須賀線 share
        // their trains through 東京): the same minute and destination is shown once.
        var seen = Set<String>()
        rows = rows.filter { seen.insert("\($0.time) \($0.destination.ja) \($0.category)").inserted }
        let ready = ServiceInstant(arrival.addingTimeInterval(TimeInterval(shortest * 60)), timeZone: timetable.timeZone)
        return TripConnections(station: first.name, walkMinutes: shortest, readyAt: ready.minute.clock, departures: Array(rows.prefix(limit)))
    }

    /// The terminal's lines: a header, then one departure a line with the walk to its platform.
    public func lines(lang: Ticket.Language) -> [String] {
        let ja = lang == .ja
        var lines = [ja ? "\(station.ja)で乗り換え（新幹線からの徒歩を含む）:" : "At \(station.en), the walk from the Shinkansen included:"]
        for d in departures {
            let railway = ja ? d.railway.ja : d.railway.en, destination = ja ? d.destination.ja : d.destination.en
            let bound = ja && !destination.hasSuffix("方面") ? "行" : ""
            let walk = ja ? "（徒歩\(d.walkMinutes)分\(d.walkEstimated ? "・目安" : "")）"
                          : " (\(d.walkMinutes) min walk\(d.walkEstimated ? ", estimated" : ""))"
            lines.append("  \(d.time) \(d.category) \(railway) \(destination)\(bound)  +\(d.minutesAfterArrival)\(ja ? "分" : " min")\(walk)")
        }
        if departures.isEmpty { lines.append(ja ? "  この後の列車はありません" : "  no more trains") }
        lines.append(ja ? "  続きのルート: eki ticket continue <行き先>" : "  continue by: eki ticket continue <destination>")
        return lines
    }
}
