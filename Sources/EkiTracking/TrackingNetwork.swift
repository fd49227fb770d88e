import EkiCore
import EkiStore
import Foundation

/// The railways' shapes, stations and timetables, loaded once from a database and shared by every
/// tracker (immutable, so safe across threads).
public final class TrackingNetwork: Sendable {
    public let timetable: Timetable
    public let rails: RailNetwork

    /// Reads every railway's shape and stations (a fraction of a second); each service day's trains
    /// are read on the first fix of that day.
    public init(timetable: Timetable) throws {
        self.timetable = timetable
        let reference = timetable.reference
        var lines: [RailLine] = []
        for railway in reference.railways.values.sorted(by: { $0.id < $1.id }) {
            let shape = try timetable.railwayShape(railway)
            // The tracker names stations and directions by id, as its ride files and answers do.
            let stations = railway.stations.map { handle in
                let station = reference.stations[handle]
                return (id: station?.id ?? "?", position: station?.coordinate)
            }
            let ascending = railway.ascending.flatMap { reference.directions.id(of: $0) }
            let descending = railway.descending.flatMap { reference.directions.id(of: $0) }
            if let line = RailLine(railway: railway.id, ascending: ascending, descending: descending,
                                   isLoop: railway.isLoop, shape: shape, stations: stations), line.stations.count >= 2 {
                lines.append(line)
            }
        }
        let linesCopy = lines
        rails = RailNetwork(lines: lines, timeZone: timetable.timeZone) { date in
            // A database that cannot be read here was readable a moment ago at open: tracking then
            // goes on from shapes alone rather than failing a rider's fix.
            (try? DaySchedule(timetable: timetable, serviceDate: date, lines: linesCopy)) ?? DaySchedule(serviceDate: date)
        }
    }
}
