import EkiStore
import Foundation
import Hummingbird
import Logging
import Synchronization

/// Serves the database at one path and follows it when `eki data update`, `eki data rollback` or
/// `eki import` renames a new file over it — no restart, no failed request.
///
/// Everything that depends on the data (API, pages, route networks, answer cache, ETags keyed by
/// the database) lives in one router built over one `Timetable`; this holds the current one. A
/// watcher task stats the path once a second, off the request path (a request only takes a lock to
/// read the current router); a changed file is opened and a new router built, then the pair swapped.
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
        /// A file that failed to open: not tried again until the path changes once more.
        var rejected: FileIdentity?
    }

    private let url: URL
    private let build: Build
    private let logger: Logger
    private let interval: Duration
    private let state: Mutex<State>

    /// `timetable`: the database as opened at start (its `url` is the path followed).
    /// `interval`: how often the path is looked at.
    public init(timetable: Timetable, logger: Logger, interval: Duration = .seconds(1), build: @escaping Build) throws {
        url = timetable.url
        self.build = build
        self.logger = logger
        self.interval = interval
        let current = Current(timetable: timetable, responder: try build(timetable), identity: FileIdentity(path: timetable.url.path))
        state = Mutex(State(current: current))
        watch()
    }

    /// Looks at the file every `interval` for as long as this responder is in use; the task ends
    /// within one interval of the responder's release.
    private func watch() {
        let interval = self.interval
        Task.detached { [weak self] in
            while true {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                self.lookAtFile()
            }
        }
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let responder = state.withLock { $0.current.responder }
        return try await responder.respond(to: request, context: context)
    }

    /// Opens the file and swaps it in when the path names another file than the one served (and
    /// not one already rejected).
    private func lookAtFile() {
        guard let identity = FileIdentity(path: url.path) else { return }
        let changed = state.withLock { identity != $0.current.identity && identity != $0.rejected }
        if changed { reload(identity) }
    }

    private func reload(_ identity: FileIdentity) {
        do {
            let timetable = try Timetable(url: url)
            let responder = try build(timetable)
            let info = try? timetable.info()
            let replaced = state.withLock { state -> Current in
                let old = state.current
                state.current = Current(timetable: timetable, responder: responder, identity: identity)
                state.rejected = nil
                return old
            }
            // The old router and database close here, outside the lock, once no request still uses them.
            _ = replaced
            logger.notice("now serving the new database at \(url.path) (\(info.map { "\($0.source) snapshot \($0.snapshotDate), imported \($0.importedAt)" } ?? "?"))")
        } catch {
            state.withLock { $0.rejected = identity }
            logger.error("a new database at \(url.path) cannot be used, still serving the previous one: \(error)")
        }
    }
}
