import EkiCore
import EkiStore
import Foundation
import Synchronization

/// The networks of the last few service days asked for, each built once, off the request path.
///
/// A network takes 100–300 ms of CPU to build. Built on the request path, four clients asking for
/// new dates would hold every worker thread of a two-core server and starve cheap requests (issue
/// 20). So one background thread, at a lower CPU priority, builds them in turn from a small queue;
/// `network(for:)` never builds: it answers from what is built or throws `RouteNetworks.Failure`
/// (`notReady` once the date is queued, `busy` when the queue is full, `outsideWindow` for a date the
/// server does not serve). A caller that can wait does so with `waitUntilBuilt(_:timeout:)`.
///
/// Nobody can push the common dates out (review of issue 20: four clients asking new dates gave a
/// rider asking today's route 19 × 503 in 30): today's and tomorrow's networks are never evicted
/// and jump a full queue; and one requester (`RouteNetworks.requester`, the client's address) holds
/// at most half of the queue, so others still get a place.
public final class RouteNetworks: Sendable {
    /// Who is asking, for the fair share of the queue: set by the server around a request (a task
    /// local, so the search code in between need not carry it). nil: no share is kept.
    @TaskLocal public static var requester: String?

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Queued or being built; ask again once `waitUntilBuilt` says so.
        case notReady(CivilDate)
        /// Too many dates are waiting already.
        case busy
        /// Networks are built for these dates only.
        case outsideWindow(CivilDate, served: ClosedRange<CivilDate>)

        public var description: String {
            switch self {
            case .notReady(let date): "the network of \(date) is being built"
            case .busy: "fastest routes are busy with other dates"
            case .outsideWindow(let date, let served):
                "fastest routes are served for dates from \(served.lowerBound) to \(served.upperBound), not \(date)"
            }
        }
    }

    /// Which service days are served, in days around `today()`: -1...30 is yesterday (its late
    /// trains) to a month ahead.
    public struct Window: Sendable {
        public var days: ClosedRange<Int>
        public var today: @Sendable () -> CivilDate

        public init(days: ClosedRange<Int>, today: @escaping @Sendable () -> CivilDate) {
            self.days = days
            self.today = today
        }

        /// Today and tomorrow: what most riders ask for, never evicted nor turned away.
        var pinned: [CivilDate] {
            let day = today()
            return [day, day.adding(days: 1)]
        }

        /// The served dates, plus the morning after the last one (a search late on the last day
        /// looks there when nothing runs any more; a rider cannot ask for it: `checkServed`).
        func contains(_ date: CivilDate) -> Bool {
            let offset = date.daysSinceEpoch - today().daysSinceEpoch
            return offset >= days.lowerBound && offset <= days.upperBound + 1
        }

        var served: ClosedRange<CivilDate> {
            let day = today()
            return day.adding(days: days.lowerBound)...day.adding(days: days.upperBound)
        }
    }

    private struct State {
        var built: [(date: CivilDate, network: RouteNetwork)] = []
        /// Dates waiting, in order, with who asked first.
        var queue: [(date: CivilDate, requester: String?)] = []
        var building: (date: CivilDate, requester: String?)?
        /// A build that failed (the database could not be read): told once to the next asker.
        var failed: [CivilDate: any Error] = [:]
        /// Told when a date's build ends (true), for callers waiting inline or asynchronously alike.
        var waiters: [CivilDate: [UInt64: @Sendable (Bool) -> Void]] = [:]
        var nextWaiter: UInt64 = 0
        var stopped = false
    }

    private let timetable: Timetable
    private let window: Window?
    private let capacity: Int
    private let queueLimit: Int
    private let state = Mutex(State())
    private let work = DispatchSemaphore(value: 0)
    private let ownConnection = Mutex<Timetable?>(nil)
    private let waitInline: Duration?
    /// Where networks are kept between processes (`RouteNetwork.cached`); nil: always built.
    private let folder: URL?
    /// The database file as it was when this was made: a network read after it was written over in
    /// place (a `cp` over it) may mix two files, and is not kept (issue 33).
    private let opened: FileIdentity?

    /// `window`: the dates served (nil: any). `capacity`: networks kept (each ~10 MB) besides
    /// today's and tomorrow's. `queueLimit`: dates waiting to be built beyond the one under way
    /// (today and tomorrow may go beyond it); one requester holds at most half of them (at least 1). `waitInline`: how long
    /// `network(for:)` itself blocks for a build — for callers with no way to wait asynchronously
    /// (a router without `RouteNetworkWait`, a test); nil, as `eki serve` has it, never blocks.
    public init(timetable: Timetable, window: Window? = nil, capacity: Int = 3, queueLimit: Int = 2,
                waitInline: Duration? = .seconds(120), folder: URL? = nil) {
        self.timetable = timetable
        self.folder = folder
        opened = timetable.url.flatMap { FileIdentity(path: $0.path) }
        self.window = window
        self.capacity = max(1, capacity)
        self.queueLimit = max(1, queueLimit)
        self.waitInline = waitInline
        startBuilder()
    }

    deinit {
        state.withLock { $0.stopped = true }
        work.signal()
    }

    /// The network of `date` if it is built; otherwise asks for it and throws `Failure` (after
    /// waiting up to `waitInline` for it, when set).
    public func network(for date: CivilDate) throws -> RouteNetwork {
        guard let waitInline else { return try lookUp(date) }
        let deadline = ContinuousClock.now + waitInline
        while true {
            do {
                return try lookUp(date)
            } catch Failure.notReady(date) {
                let left = deadline - .now
                guard left > .zero else { throw Failure.notReady(date) }
                let built = DispatchSemaphore(value: 0)
                guard let id = addWaiter(date, { _ in built.signal() }) else { continue }
                let nanoseconds = Int(min(Double(left.components.seconds) * 1e9 + Double(left.components.attoseconds) / 1e9, 1e15))
                if built.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                    removeWaiter(date, id)?(false)
                }
            }
        }
    }

    /// The date being built and those waiting (for tests and logs).
    var pending: (building: CivilDate?, queued: [CivilDate]) {
        state.withLock { ($0.building?.date, $0.queue.map(\.date)) }
    }

    /// Throws `outsideWindow` unless riders may ask for `date` (the served dates, without the
    /// morning after the last that a search may still look at).
    public func checkServed(_ date: CivilDate) throws {
        guard let window else { return }
        let served = window.served
        if !served.contains(date) { throw Failure.outsideWindow(date, served: served) }
    }

    private func lookUp(_ date: CivilDate) throws -> RouteNetwork {
        if let window, !window.contains(date) { throw Failure.outsideWindow(date, served: window.served) }
        let pinned = window?.pinned.contains(date) ?? false
        let requester = Self.requester
        let share = max(1, queueLimit / 2)
        let (outcome, queued) = state.withLock { state -> (Result<RouteNetwork, any Error>, Bool) in
            if let index = state.built.firstIndex(where: { $0.date == date }) {
                // Most recently used last: the oldest is the one dropped.
                let entry = state.built.remove(at: index)
                state.built.append(entry)
                return (.success(entry.network), false)
            }
            if let error = state.failed.removeValue(forKey: date) { return (.failure(error), false) }
            if state.building?.date == date || state.queue.contains(where: { $0.date == date }) {
                return (.failure(Failure.notReady(date)), false)
            }
            if pinned {
                // Ahead of other dates, whatever the queue holds.
                state.queue.insert((date, requester), at: 0)
                return (.failure(Failure.notReady(date)), true)
            }
            if let requester {
                let own = state.queue.filter { $0.requester == requester }.count + (state.building?.requester == requester ? 1 : 0)
                guard own < share else { return (.failure(Failure.busy), false) }
            }
            guard state.queue.count < queueLimit else { return (.failure(Failure.busy), false) }
            state.queue.append((date, requester))
            return (.failure(Failure.notReady(date)), true)
        }
        if queued { work.signal() }
        return try outcome.get()
    }

    /// Waits until `date`'s network is built (true), or `timeout` passes (false). True at once when
    /// nothing is pending for `date` (built, failed, or never asked): ask `network(for:)` again.
    public func waitUntilBuilt(_ date: CivilDate, timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            guard let id = addWaiter(date, { continuation.resume(returning: $0) }) else { return continuation.resume(returning: true) }
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                self?.removeWaiter(date, id)?(false)
            }
        }
    }

    /// The one way of waiting for a build: `tell` is called once, with true when `date`'s build
    /// ends, or by whoever removes it. nil (and `tell` never called) when nothing is pending for `date`.
    private func addWaiter(_ date: CivilDate, _ tell: @escaping @Sendable (Bool) -> Void) -> UInt64? {
        state.withLock { state in
            guard state.building?.date == date || state.queue.contains(where: { $0.date == date }) else { return nil }
            state.nextWaiter += 1
            state.waiters[date, default: [:]][state.nextWaiter] = tell
            return state.nextWaiter
        }
    }

    /// Takes a waiter back (it timed out); nil when the build has told it already.
    private func removeWaiter(_ date: CivilDate, _ id: UInt64) -> (@Sendable (Bool) -> Void)? {
        state.withLock { $0.waiters[date]?.removeValue(forKey: id) }
    }

    // MARK: - The builder

    /// One thread for the object's life, niced so that requests win the CPU when it is scarce.
    private func startBuilder() {
        let thread = Thread { [weak self, work] in
            Self.lowerPriority()
            while true {
                work.wait()
                guard let self else { return }
                if !self.buildNext() { return }
            }
        }
        thread.name = "eki-route-networks"
        thread.start()
    }

    /// Builds the first queued date, if any; false once stopped.
    private func buildNext() -> Bool {
        guard let date = state.withLock({ state -> CivilDate? in
            guard !state.stopped, !state.queue.isEmpty else { return nil }
            let next = state.queue.removeFirst()
            state.building = next
            return next.date
        }) else { return !state.withLock { $0.stopped } }
        let result = Result { () throws -> RouteNetwork in
            let network = try RouteNetwork.cached(timetable: builderTimetable(), serviceDate: date, in: folder)
            // Looked at once it is made: a file written over before or during the build shows by now.
            if let opened, let path = timetable.url?.path, FileIdentity.isRewritten(path, since: opened) {
                throw DatabaseRewritten(path: path)
            }
            return network
        }
        let waiters = state.withLock { state -> [@Sendable (Bool) -> Void] in
            state.building = nil
            switch result {
            case .success(let network):
                state.built.append((date, network))
                // The least recently used goes first; today's and tomorrow's stay.
                let pinned = window?.pinned ?? []
                while state.built.filter({ !pinned.contains($0.date) }).count > capacity,
                      let oldest = state.built.firstIndex(where: { !pinned.contains($0.date) }) {
                    state.built.remove(at: oldest)
                }
            case .failure(let error):
                state.failed[date] = error
            }
            return Array((state.waiters.removeValue(forKey: date) ?? [:]).values)
        }
        for waiter in waiters { waiter(true) }
        return true
    }

    /// The builder reads through its own connection to the same file, so the requests' connection
    /// (a serial queue) is not held for the ~100 ms a build reads; the shared one when that file
    /// is no longer the one served (replaced since) or cannot be opened.
    private func builderTimetable() -> Timetable {
        if let own = ownConnection.withLock({ $0 }) { return own }
        guard let url = timetable.url, let own = try? Timetable(url: url), let mine = try? own.info(), let served = try? timetable.info(),
              mine.snapshotDigest == served.snapshotDigest, mine.importedAt == served.importedAt else { return timetable }
        ownConnection.withLock { $0 = own }
        return own
    }

    private static func lowerPriority() {
        #if os(Linux)
        // Linux gives each thread its own nice value: this one alone yields to the request threads.
        // (who 0 is the calling thread under NPTL).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}
