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
///
/// A file changed in place (same inode, new size or time: `cp` over it, an editor, a disk fault)
/// is another matter: the data the old connection reads is gone. The old connection is closed so it
/// cannot mix old and new pages; the server answers what it holds in memory (answers already made,
/// search) and 503 with a clear problem for the rest, says so in the log, and takes the file back
/// once it opens and passes SQLite's integrity check.
///
/// That change is seen by each request, not once a second (issue 33: 52 of 1,374 requests answered
/// 200 with no departures while a `cp` wrote over the file, before the watcher looked). The path is
/// stat'ed before a request is routed and again once its answer is made, about a microsecond each;
/// a file written over in place by then closes the old connection at once, and an answer made across
/// the change is not sent: the request is answered as the closed connection answers it (from memory
/// or 503 with Retry-After), never with what was read. SQLite cannot tell by itself: with the
/// exclusive lock held, it never rereads its header, and `cp` of another database brings that one's
/// change counter along. The request does not open the new file itself — an integrity check takes
/// hundreds of milliseconds and every request during the `cp` would try — the watcher does, within a
/// second of the file being whole again.
public final class LiveResponder: HTTPResponder, Sendable {
    public typealias Context = EkiRequestContext
    public typealias Build = @Sendable (Timetable) throws -> RouterResponder<EkiRequestContext>

    private struct Current {
        var timetable: Timetable
        var responder: RouterResponder<EkiRequestContext>
        var identity: FileIdentity?

        init(timetable: Timetable, responder: RouterResponder<EkiRequestContext>, identity: FileIdentity?, path: String) {
            self.timetable = timetable
            self.responder = responder
            self.identity = identity
        }
    }

    private struct State {
        var current: Current
        /// A file that failed to open: not tried again until the path changes once more.
        var rejected: FileIdentity?
        /// The served file was changed in place and its connection closed: what remains is memory.
        var damaged = false
    }

    private let url: URL
    private let build: Build
    private let logger: Logger
    private let state: Mutex<State>

    /// `timetable`: the database as opened at start (its `url` is the path followed).
    /// `interval`: how often the path is looked at; nil for never by itself — whoever holds this
    /// calls `checkFile()` (tests, which then know exactly when the file was looked at).
    public init(timetable: Timetable, logger: Logger, interval: Duration? = .seconds(1), build: @escaping Build) throws {
        guard let url = timetable.url else {
            throw StoreError.notFound("a live server follows a database file, and this timetable was not read from one")
        }
        self.url = url
        // Everything read before the first answer (`Timetable(url:whole:)`): look-ups without a
        // lock, and a file later damaged in place still has its stations in memory.
        let timetable = timetable.isWhole ? timetable : try Timetable(url: url, whole: true)
        self.build = build
        self.logger = logger
        let current = Current(timetable: timetable, responder: try build(timetable), identity: FileIdentity(path: url.path),
                              path: url.path)
        state = Mutex(State(current: current))
        if let interval { watch(every: interval) }
    }

    /// Looks at the file every `interval` for as long as this responder is in use; the task ends
    /// within one interval of the responder's release.
    private func watch(every interval: Duration) {
        Task.detached { [weak self] in
            while true {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                self.checkFile()
            }
        }
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let (served, damaged) = state.withLock { ($0.current, $0.damaged) }
        // Already closed: it answers from memory or 503, whatever the file does now.
        guard !damaged, let opened = served.identity else {
            return try await served.responder.respond(to: request, context: context)
        }
        if let now = FileIdentity(path: url.path), now.isRewrite(of: opened) {
            // Written over since it was opened: closed before anything is read through it.
            lostInPlace(served, now: now)
            return try await served.responder.respond(to: request, context: context)
        }
        let response = try await served.responder.respond(to: request, context: context)
        guard let now = FileIdentity(path: url.path), now.isRewrite(of: opened) else { return response }
        // Written over while this answer was made: what was read may mix two files, so it is not
        // sent (nor kept: `CachedJSON` looked). Asked again of the closed connection, it is answered
        // as every later request is — from memory when the answer was made before the change, else
        // 503 with Retry-After. A request with a body is not run twice (it may have done something).
        lostInPlace(served, now: now)
        guard request.method == .get || request.method == .head else {
            return try Problem.databaseUnreadable.response(from: request, context: context)
        }
        return try await served.responder.respond(to: request, context: context)
    }

    /// Opens the file and swaps it in when the path names another file than the one served (and
    /// not one already rejected). Returns once that is done: the next request is answered from it.
    public func checkFile() {
        guard let identity = FileIdentity(path: url.path) else { return }
        let (changed, served, damaged) = state.withLock { ($0.current.identity != identity && $0.rejected != identity, $0.current, $0.damaged) }
        guard changed else { return }
        let inPlace = served.identity.map { $0.device == identity.device && $0.inode == identity.inode } ?? false
        guard inPlace || damaged else {
            reload(identity)
            return
        }
        // Rewritten whole and sound (a `cp` that has finished): served from now on.
        if reload(identity, check: true, quietly: true) { return }
        guard !damaged else { return }
        // Broken or half written: no query may read it through the old connection again.
        lostInPlace(served, now: identity)
    }

    /// The file `served` reads was written over in place: its connection stops reading (every query
    /// fails, and the router answers 503 for it), and the log says so once. Nothing when another file
    /// is served by now or this one was already stopped.
    private func lostInPlace(_ served: Current, now identity: FileIdentity) {
        // Stopped before anyone can see `damaged` and take that as leave to ask the old router.
        served.timetable.stopReading()
        let first = state.withLock { state -> Bool in
            guard state.current.timetable === served.timetable, !state.damaged else { return false }
            state.damaged = true
            return true
        }
        guard first else { return }
        logger.error("""
            the database at \(url.path) was changed in place (same file, \(served.identity?.size ?? 0) → \(identity.size) bytes) \
            and cannot be read whole: the data served until now is gone from disk. Answering what is kept in memory and 503 \
            for the rest until a complete database is there; install databases with `eki data update` or `eki import`, \
            which replace the file whole
            """)
    }

    /// Whether the served file was changed in place and nothing good has replaced it yet.
    public var isDamaged: Bool { state.withLock { $0.damaged } }

    /// Opens the file and serves it; true when that worked. `check`: run SQLite's integrity check
    /// first (a file written in place). `quietly`: a failure is the caller's to report.
    @discardableResult
    private func reload(_ identity: FileIdentity, check: Bool = false, quietly: Bool = false) -> Bool {
        do {
            let timetable = try Timetable(url: url, whole: true)
            // A file written in place may open at its header and be broken further in.
            if check { try timetable.quickCheck() }
            let responder = try build(timetable)
            let info = try? timetable.info()
            // Still the file that was looked at: one still being written (a `cp` under way) may
            // have opened, even checked, across its writer's steps. Tried again once it holds still.
            guard FileIdentity(path: url.path) == identity else {
                throw StoreError.inconsistent("\(url.path) changed while it was being opened")
            }
            let replaced = state.withLock { state -> Current in
                let old = state.current
                state.current = Current(timetable: timetable, responder: responder, identity: identity, path: url.path)
                state.rejected = nil
                state.damaged = false
                return old
            }
            // The old router and database close here, outside the lock, once no request still uses them.
            _ = replaced
            let how = check ? "the database rewritten in place" : "the new database"
            logger.notice("now serving \(how) at \(url.path) (\(info.map { "\($0.source) snapshot \($0.snapshotDate), imported \($0.importedAt)" } ?? "?"))")
            return true
        } catch {
            state.withLock { $0.rejected = identity }
            if quietly {
                logger.debug("the database at \(url.path) cannot be used: \(error)")
            } else {
                logger.error("a new database at \(url.path) cannot be used, still serving the previous one: \(error)")
            }
            return false
        }
    }
}
