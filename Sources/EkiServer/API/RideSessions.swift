import EkiJSON
import EkiStore
import EkiTracking
import Foundation

/// The live ride page's trackers: one per session id the page makes up, in memory only. Positions
/// are never written anywhere: a tracker lives and dies with its session.
///
/// Nobody can hoard them: a session idle for 10 minutes is forgotten; one client address (an IPv6
/// /64) holds at most `perClient` (8) sessions and one IPv6 /48 `perNetwork` (32) — a stranger
/// making up session ids pushes out their own first. At `capacity` (500) room is made fairly
/// (issue 33, 4: 63 addresses × 8 sessions pushed out a rider silent for one second): the client
/// holding the most sessions gives up its least recent one, as long as it holds more than one;
/// else only a session silent for `protectedFor` goes — the session's whole lifetime (10 minutes),
/// so a rider who spoke within it (a long tunnel, a phone in a pocket) is never evicted by new
/// sessions: the newcomer is refused (503) instead. Each
/// session takes fixes in time order, at least `minimumInterval` apart, so it cannot be fed faster
/// than a phone gives them.
actor RideSessions {
    struct Limits: Sendable {
        var idle: TimeInterval = 600
        var capacity = 500
        var perClient = 8
        /// Sessions of one IPv6 /48 together (a home's /56 holds 256 /64s).
        var perNetwork = 32
        /// Seconds of silence under which a session is never given up for a new one at capacity:
        /// its lifetime (issue 33, 4: two minutes let new sessions push out a rider silent for three).
        var protectedFor: TimeInterval = 600
        /// Seconds between two fixes of one session (phones give one a second).
        var minimumInterval = FixOrder.minimumInterval
    }

    let limits: Limits

    struct Session {
        var tracker: RideTracker
        var client: String
        var lastSeen: Date
        /// The line the rider tapped (railway, direction): shown whatever the tracker believes.
        var pinned: (railway: String, direction: String)?
        var state: TrackingState?
        /// The last fix the tracker took (not skipped as garbage), for placing a pinned line.
        var lastFix: Fix?
        /// The time of the last fix received, taken or skipped: the next must come later.
        var lastTime: Double?
        /// The last batch's worth of fixes received: a batch sent again (its answer lost) is taken once.
        var recent: [Fix] = []
        var skipped = 0
    }

    private var sessions: [String: Session] = [:]
    private let network: @Sendable () throws -> TrackingNetwork
    private let clock: @Sendable () -> Date

    init(network: @escaping @Sendable () throws -> TrackingNetwork, clock: @escaping @Sendable () -> Date = Date.init,
         limits: Limits = Limits()) {
        self.network = network
        self.clock = clock
        self.limits = limits
    }

    var count: Int { sessions.count }

    /// The sessions kept, by id.
    var ids: Set<String> { Set(sessions.keys) }

    /// Feeds fixes to the session's tracker (made on first use) and answers with what it believes,
    /// as JSON. Throws `RideFixRefused` before changing anything when a fix is out of order or too
    /// close to the one before it.
    func update(session id: String, client: String = "", fixes: [Fix]) throws -> Data {
        var session = try open(id, client: client)
        // Checked as a whole first: a refused batch changes nothing.
        var previous = session.lastTime
        var accepted: [Fix] = []
        for (index, fix) in fixes.enumerated() {
            // A fix received already (a retry of a batch whose answer was lost) is taken once.
            if accepted.isEmpty, let last = previous, fix.time <= last, session.recent.contains(fix) { continue }
            if let refusal = FixOrder.check(fix.time, after: previous, minimum: limits.minimumInterval) {
                throw RideFixRefused(fix: index + 1, refusal: refusal)
            }
            previous = fix.time
            accepted.append(fix)
        }
        session.recent = Array((session.recent + accepted).suffix(RideAPI.maximumFixes))
        for fix in accepted {
            session.state = session.tracker.update(fix)
            if session.tracker.skippedCount == session.skipped { session.lastFix = fix }
            session.skipped = session.tracker.skippedCount
            session.lastTime = fix.time
        }
        sessions[id] = session
        return try answer(session)
    }

    /// Pins a line for the session (nil unpins) and answers as after the last fix.
    func pin(session id: String, client: String = "", railway: String?, direction: String?) throws -> Data {
        var session = try open(id, client: client)
        session.pinned = railway.flatMap { railway in direction.map { (railway, $0) } }
        sessions[id] = session
        return try answer(session)
    }

    /// The answer, encoded here: it holds the session's state, which stays inside the actor.
    private func answer(_ session: Session) throws -> Data {
        try JSONOutput.data(RideAnswerJSON(state: session.state ?? TrackingState(time: session.lastFix?.time ?? 0, reducedAccuracy: true),
                       pinned: session.pinned, lastFix: session.lastFix, skipped: session.skipped, network: try network()), pretty: false)
    }

    /// The session, touched now; a new one when unknown, after making room for it.
    private func open(_ id: String, client: String) throws -> Session {
        let now = clock()
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastSeen) < limits.idle }
        if var session = sessions[id] {
            session.lastSeen = now
            return session
        }
        let own = sessions.filter { $0.value.client == client }
        let home = ClientAddress.network(of: client)
        let neighbours = sessions.filter { ClientAddress.network(of: $0.value.client) == home }
        if own.count >= limits.perClient {
            evictLeastRecent(among: own)
        } else if neighbours.count >= limits.perNetwork {
            evictLeastRecent(among: neighbours)
        } else if sessions.count >= limits.capacity {
            try makeRoom(now: now)
        }
        return Session(tracker: RideTracker(network: try network()), client: client, lastSeen: now)
    }

    /// At capacity: the least recent session of the client holding the most (when it holds more
    /// than one), else the least recent of all if it has been silent for `protectedFor`; else the
    /// new session is refused.
    private func makeRoom(now: Date) throws {
        var held: [String: Int] = [:]
        for session in sessions.values { held[session.client, default: 0] += 1 }
        // The most sessions, of equal counts the first address in order (the same every time).
        if let biggest = held.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), biggest.value > 1 {
            evictLeastRecent(among: sessions.filter { $0.value.client == biggest.key })
            return
        }
        let silent = sessions.filter { now.timeIntervalSince($0.value.lastSeen) >= limits.protectedFor }
        guard !silent.isEmpty else { throw RideSessionsFull() }
        evictLeastRecent(among: silent)
    }

    private func evictLeastRecent(among candidates: [String: Session]) {
        if let oldest = candidates.min(by: { ($0.value.lastSeen, $0.key) < ($1.value.lastSeen, $1.key) }) {
            sessions[oldest.key] = nil
        }
    }
}

/// Every session is a rider who spoke within the last two minutes: a new one waits (503).
struct RideSessionsFull: Error, Equatable {}

/// A batch of fixes the session cannot take: the fix (1-based) and why (`FixOrder`), in words for the page.
struct RideFixRefused: Error, Equatable {
    var fix: Int
    var refusal: FixOrder.Refusal

    var detail: String { "fix \(fix): \(refusal.rule)" }
}

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
