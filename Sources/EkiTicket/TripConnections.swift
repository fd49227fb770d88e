import EkiCore
import EkiStore
import Foundation

/// What follows the Shinkansen at its arrival station when the timetable database has that station
/// (東京, 品川, 新横浜, 上野, 大宮 …): the next local departures once the rider has walked from the
/// Shinkansen platform to the local lines, ready to start a DIY route from (`eki ticket continue`).
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
    }

    public var station: LocalizedName
    /// From the Shinkansen platform to the local lines' platforms.
    public var walkMinutes: Int
    /// Arrival plus the walk, on the service day's clock.
    public var readyAt: String
    public var departures: [Departure]

    /// Minutes from a Shinkansen platform to the local lines of the same station: through the
    /// transfer gates and down (東京, 品川 and 上野 take 5–10 minutes; 8 is kept as a middle value).
    public static let defaultWalk = 8

    /// The arrival station's local stations in `timetable` (same Japanese name), with departures.
    public static func stations(named name: String, in timetable: Timetable) -> [Reference.Station] {
        timetable.reference.stations.values.filter { $0.name.ja == name && $0.departures > 0 }.sorted { $0.id < $1.id }
    }

    /// The next departures after the trip's arrival plus `walk`, nil when the arrival station, its time
    /// or date is unknown or not in the database.
    public static func find(_ trip: Trip, timetable: Timetable, walk: Int = defaultWalk, limit: Int = 8) throws -> TripConnections? {
        guard let to = trip.ticket.to, let arrival = trip.arrivalTime else { return nil }
        let stations = stations(named: to.name, in: timetable)
        guard let first = stations.first else { return nil }
        let ready = ServiceInstant(arrival.addingTimeInterval(TimeInterval(walk * 60)), timeZone: timetable.timeZone)
        var rows: [Departure] = []
        for station in stations {
            for direction in try timetable.directions(at: station) {
                let board = try timetable.nextDepartures(station: station, direction: direction, at: ready, limit: 3)
                for row in board.rows {
                    let railway = station.railway.flatMap { timetable.reference.railways[$0]?.name } ?? LocalizedName(ja: "", en: "")
                    rows.append(Departure(time: row.departure.time.clock, station: station.id, railway: railway, destination: row.destination,
                                          category: row.departure.category.badge, trainId: row.departure.ids.id,
                                          minutesAfterArrival: walk + row.minutesUntil))
                }
            }
        }
        rows.sort { ($0.minutesAfterArrival, $0.station) < ($1.minutesAfterArrival, $1.station) }
        // One train listed on several railways' boards of the station (総武快速線 and 横須賀線 share
        // their trains through 東京): the same minute and destination is shown once.
        var seen = Set<String>()
        rows = rows.filter { seen.insert("\($0.time) \($0.destination.ja) \($0.category)").inserted }
        return TripConnections(station: first.name, walkMinutes: walk, readyAt: ready.minute.clock, departures: Array(rows.prefix(limit)))
    }

    /// The terminal's lines: a header, then one departure a line.
    public func lines(lang: Ticket.Language) -> [String] {
        let ja = lang == .ja
        // The walk off the Shinkansen is a stand-in (the data has no Shinkansen platforms): a 目安.
        var lines = [ja ? "\(station.ja)で乗り換え（徒歩\(walkMinutes)分・目安、\(readyAt)から）:"
                        : "At \(station.en), after a walk of about \(walkMinutes) min (from \(readyAt)):"]
        for d in departures {
            let railway = ja ? d.railway.ja : d.railway.en, destination = ja ? d.destination.ja : d.destination.en
            let bound = ja && !destination.hasSuffix("方面") ? "行" : ""
            lines.append("  \(d.time) \(d.category) \(railway) \(destination)\(bound)  +\(d.minutesAfterArrival)\(ja ? "分" : " min")")
        }
        if departures.isEmpty { lines.append(ja ? "  この後の列車はありません" : "  no more trains") }
        lines.append(ja ? "  続きのルート: eki ticket continue <行き先>" : "  continue by: eki ticket continue <destination>")
        return lines
    }
}
