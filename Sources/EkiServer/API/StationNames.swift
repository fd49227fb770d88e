import EkiStore
import Synchronization

/// Station names already resolved, with the railway that narrowed them. Matching a name folds it
/// and compares it with every station's keys (about 250 µs), narrowing folds the railway's name
/// for each station of the complex; a board asked for by name (馬車道, shibuya + toyoko) is asked
/// again and again. Only successes are kept.
final class StationNames: Sendable {
    private let known = Mutex<[String: [Reference.Station]]>([:])
    private static let capacity = 4096

    /// `destination`: stations to go to — any a train stops at, the ends of lines included.
    func resolve(_ query: String, railway: String?, destination: Bool = false, in timetable: Timetable) throws -> [Reference.Station] {
        // Control characters never get this far, so NUL cannot occur in any part.
        let key = (railway.map { query + "\u{0}" + $0 } ?? query) + (destination ? "\u{0}\u{0}to" : "")
        if let stations = known.withLock({ $0[key] }) { return stations }
        let found = destination ? try timetable.resolveDestinations(query) : try timetable.resolveStations(query)
        let stations = try timetable.narrow(found, toRailway: railway)
        known.withLock { names in
            if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
            names[key] = stations
        }
        return stations
    }
}
