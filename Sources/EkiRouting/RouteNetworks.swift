import EkiCore
import EkiStore
import Synchronization

/// The networks of the last few service days asked for, built once each: a server answers many
/// fastest-route requests for today and tomorrow from the same two (~110 ms to build one).
public final class RouteNetworks: Sendable {
    private let timetable: Timetable
    private let built = Mutex<[(date: CivilDate, network: RouteNetwork)]>([])
    private static let capacity = 3

    public init(timetable: Timetable) { self.timetable = timetable }

    public func network(for date: CivilDate) throws -> RouteNetwork {
        if let known = built.withLock({ $0.first { $0.date == date }?.network }) { return known }
        // Built outside the lock: a request for another day does not wait for this one.
        let network = try RouteNetwork(timetable: timetable, serviceDate: date)
        built.withLock { networks in
            if !networks.contains(where: { $0.date == date }) {
                networks.append((date, network))
                if networks.count > Self.capacity { networks.removeFirst() }
            }
        }
        return network
    }
}
