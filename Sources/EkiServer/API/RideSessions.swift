import EkiJSON
import EkiStore
import EkiTracking
import Foundation

/// The live ride page's trackers: one per session id the page makes up, in memory only. A session
/// idle for 10 minutes is forgotten; at most `capacity` (500) are kept, so strangers cannot fill
/// the memory: the next one is refused with a 503 until some expire. Positions are never written anywhere: a tracker lives and dies with its session.
actor RideSessions {
    let idleLimit: TimeInterval
    let capacity: Int

    struct Session {
        var tracker: RideTracker
        var lastSeen: Date
        /// The line the rider tapped (railway, direction): shown whatever the tracker believes.
        var pinned: (railway: String, direction: String)?
        var state: TrackingState?
        /// The last fix the tracker took (not skipped as garbage), for placing a pinned line.
        var lastFix: Fix?
        var skipped = 0
    }

    private var sessions: [String: Session] = [:]
    private let network: @Sendable () throws -> TrackingNetwork
    private let clock: @Sendable () -> Date

    init(network: @escaping @Sendable () throws -> TrackingNetwork, clock: @escaping @Sendable () -> Date = Date.init,
         idleLimit: TimeInterval = 600, capacity: Int = 500) {
        self.network = network
        self.clock = clock
        self.idleLimit = idleLimit
        self.capacity = capacity
    }

    var count: Int { sessions.count }

    /// Feeds fixes to the session's tracker (made on first use) and answers with what it believes, as JSON.
    func update(session id: String, fixes: [Fix]) throws -> Data {
        var session = try open(id)
        for fix in fixes {
            session.state = session.tracker.update(fix)
            if session.tracker.skippedCount == session.skipped { session.lastFix = fix }
            session.skipped = session.tracker.skippedCount
        }
        sessions[id] = session
        return try answer(session)
    }

    /// Pins a line for the session (nil unpins) and answers as after the last fix.
    func pin(session id: String, railway: String?, direction: String?) throws -> Data {
        var session = try open(id)
        session.pinned = railway.flatMap { railway in direction.map { (railway, $0) } }
        sessions[id] = session
        return try answer(session)
    }

    /// The answer, encoded here: it holds the session's state, which stays inside the actor.
    private func answer(_ session: Session) throws -> Data {
        try JSONOutput.data(RideAnswerJSON(state: session.state ?? TrackingState(time: session.lastFix?.time ?? 0, reducedAccuracy: true),
                       pinned: session.pinned, lastFix: session.lastFix, skipped: session.skipped, network: try network()), pretty: false)
    }

    private func open(_ id: String) throws -> Session {
        let now = clock()
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastSeen) < idleLimit }
        if var session = sessions[id] {
            session.lastSeen = now
            return session
        }
        guard sessions.count < capacity else {
            throw RideSessionsFull()
        }
        return Session(tracker: RideTracker(network: try network()), lastSeen: now)
    }
}

struct RideSessionsFull: Error {}

/// The tracking network, built on the first ride request rather than at every server start
/// (it reads every railway's shape).
final class LazyTrackingNetwork: @unchecked Sendable {
    private let lock = NSLock()
    private var built: TrackingNetwork?
    private let timetable: Timetable

    init(timetable: Timetable) { self.timetable = timetable }

    func get() throws -> TrackingNetwork {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let network = try TrackingNetwork(timetable: timetable)
        built = network
        return network
    }
}
