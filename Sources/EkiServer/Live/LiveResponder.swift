import EkiStore
import Foundation
import Hummingbird
import Logging
import Synchronization

/// Serves the database at one path and follows it when `eki data update`, `eki data rollback` or
/// `eki import` renames a new file over it — no restart, no failed request.
///
/// Everything that depends on the data (API, pages, route networks, answer cache, ETags keyed by
/// the database) lives in one router built over one `Timetable`; this holds the current one. At most
/// once a second a request stats the path (never more: the hot path is a lock and a clock read).
/// A changed file is opened and a new router built off the request path; then the pair is swapped.
/// Requests under way finish on the old pair, whose file stays readable after the rename (Linux keeps
/// an open file's data until its last reader closes it). A new file that does not open is logged in
/// one line, once, and the old one keeps serving.
public final class LiveResponder: HTTPResponder, Sendable {
    public typealias Context = BasicRequestContext
    public typealias Build = @Sendable (Timetable) throws -> RouterResponder<BasicRequestContext>

    private struct Current {
        var timetable: Timetable
        var responder: RouterResponder<BasicRequestContext>
        var identity: FileIdentity?
    }

    private struct State {
        var current: Current
        var nextCheck: ContinuousClock.Instant
        var reloading = false
        /// A file that failed to open: not tried again until the path changes once more.
        var rejected: FileIdentity?
    }

    private let url: URL
    private let build: Build
    private let logger: Logger
    private let interval: Duration
    private let state: Mutex<State>

    /// `timetable`: the database as opened at start (its `url` is the path followed).
    /// `interval`: how often at most the path is looked at.
    public init(timetable: Timetable, logger: Logger, interval: Duration = .seconds(1), build: @escaping Build) throws {
        url = timetable.url
        self.build = build
        self.logger = logger
        self.interval = interval
        let current = Current(timetable: timetable, responder: try build(timetable), identity: FileIdentity(path: timetable.url.path))
        state = Mutex(State(current: current, nextCheck: .now + interval))
    }

    /// The timetable answering new requests now.
    public var timetable: Timetable { state.withLock { $0.current.timetable } }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let now = ContinuousClock.now
        let (responder, due) = state.withLock { state in
            guard now >= state.nextCheck, !state.reloading else { return (state.current.responder, false) }
            state.nextCheck = now + interval
            return (state.current.responder, true)
        }
        if due { lookAtFile() }
        return try await responder.respond(to: request, context: context)
    }

    /// Starts a reload when the path names another file than the one served (and not a rejected one).
    private func lookAtFile() {
        let identity = FileIdentity(path: url.path)
        let changed = state.withLock { state -> Bool in
            guard let identity, identity != state.current.identity, identity != state.rejected, !state.reloading else { return false }
            state.reloading = true
            return true
        }
        guard changed, let identity else { return }
        Task.detached { [self] in reload(identity) }
    }

    private func reload(_ identity: FileIdentity) {
        do {
            let timetable = try Timetable(url: url)
            let responder = try build(timetable)
            let info = try? timetable.info()
            state.withLock { state in
                state.current = Current(timetable: timetable, responder: responder, identity: identity)
                state.reloading = false
                state.rejected = nil
            }
            logger.notice("now serving the new database at \(url.path) (\(info.map { "\($0.source) snapshot \($0.snapshotDate)" } ?? "?"))")
        } catch {
            state.withLock { state in
                state.reloading = false
                state.rejected = identity
            }
            logger.error("a new database at \(url.path) cannot be used, still serving the previous one: \(error)")
        }
    }
}
