import EkiCore
import Foundation
import GRDB
import GRDBSQLite

/// One rider's own data on this machine — the boards they viewed, and later bookmarks and routes —
/// kept in a small database apart from the timetable, so a data update never touches it.
public final class UserState: Sendable {
    let writer: any DatabaseWriter
    /// The state file; nil for state kept in a database handed in (`init(writer:)`).
    public let url: URL?

    /// Opens the state file, creating it (and its folder) on first use. `environment` says where
    /// the default folder is (the one folder eki tightens if it existed already).
    ///
    /// Every board opens this file, so opening one that is already up to date is kept cheap: a
    /// `stat` each of the file and its folder (no FileManager attribute dictionaries), SQLite's own
    /// calls for the pragmas and for `PRAGMA user_version`, and the migrator only when that says
    /// the file is new or older than this eki (docs/PERFORMANCE.md, "Board JSON and the state file").
    /// `environment` nil: the process's own, read only if needed.
    public init(url: URL, environment: [String: String]? = nil) throws {
        self.url = url
        do {
            try Self.preparePrivateFile(url, defaultFolder: {
                Self.standardLocation(environment: environment).deletingLastPathComponent()
            })
            var configuration = Configuration()
            configuration.label = "user-state"
            configuration.busyMode = .timeout(5)   // two eki processes at once wait for each other
            // Every board a rider looks at adds a view here, so a write must not wait for the disk:
            // in WAL mode with synchronous NORMAL a commit appends to the log without an fsync (one
            // cost ~1 ms of CPU and 10+ ms of wall time on a busy disk, docs/PERFORMANCE.md). The
            // file stays consistent through a crash or power loss; only the last views may be lost.
            // The log and index SQLite makes beside the file take its mode (0600).
            configuration.prepareDatabase { db in
                try Self.run(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            }
            let logBytes = Self.size(url.path + "-wal")
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            writer = queue
            try Self.migrateIfNeeded(queue)
            if logBytes > Self.longLog { queue.inDatabase(Self.truncateLog) }
        } catch let error as DatabaseError {
            throw StoreError.wrongSchema("\(url.path) is not a usable Eki state file (\(error.message ?? "SQLite error \(error.resultCode)"))")
        } catch let error as CocoaError {
            throw StoreError.notFound("cannot create \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
    }

    /// State kept in a database handed in — one in memory for a test, or a rider's file opened
    /// some other way — brought up to this eki's tables.
    public init(writer: any DatabaseWriter) throws {
        url = nil
        self.writer = writer
        do {
            try Self.migrateIfNeeded(writer)
        } catch let error as DatabaseError {
            throw StoreError.wrongSchema("not a usable Eki state database (\(error.message ?? "SQLite error \(error.resultCode)"))")
        }
    }

    /// A board keeps the file open until the process exits (StateOptions), so no close ever
    /// checkpoints the write-ahead log, and the next process — the first to open the file again —
    /// reads the whole log back (SQLite's WAL recovery, ~4 µs a view). A recovered log also forgets
    /// what was checkpointed, so SQLite's own checkpoint at 1,000 pages never restarts it: past it,
    /// every board read ~4 MB and checkpointed with two fsyncs. So a log longer than this (~60
    /// views) is checkpointed and cut to nothing when the file is opened: two fsyncs once in ~60
    /// boards, and a board's log read stays under 0.3 ms.
    static let longLog = 256 * 1024

    /// Checkpoints the log into the file and truncates it, unless another connection is reading
    /// right now (then the next opening tries again: a board never waits for it).
    static func truncateLog(_ db: Database) {
        sqlite3_busy_timeout(db.sqliteConnection, 0)
        _ = sqlite3_wal_checkpoint_v2(db.sqliteConnection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        sqlite3_busy_timeout(db.sqliteConnection, 5_000)
    }

    /// A file's size in bytes; 0 when there is none.
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Bookmarks, history and routes say where a rider goes: only they may read them. A folder
    /// made here is 0700, the file (and the journal SQLite makes beside it with the same mode) 0600,
    /// tightened if an earlier eki left them readable. A folder that already existed is the
    /// rider's (it may be /tmp, or a project folder that happens to be called eki): left alone —
    /// unless it is `defaultFolder`, eki's own under the state home, made 0755 by an earlier eki.
    /// Plain `stat`/`chmod`: a file and folder already private cost two system calls.
    static func preparePrivateFile(_ url: URL, defaultFolder: () -> URL) throws {
        let folder = url.deletingLastPathComponent()
        var info = stat()
        if stat(folder.path, &info) != 0 {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } else if info.st_mode & 0o7777 != 0o700,
                  folder.standardizedFileURL.path == defaultFolder().standardizedFileURL.path {
            _ = chmod(folder.path, 0o700)
        }
        let path = url.path
        if stat(path, &info) != 0 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
            // Not made (no such folder, no permission): SQLite's open says why, in one line.
            guard stat(path, &info) == 0 else { return }
        }
        if info.st_mode & 0o7777 != 0o600 { _ = chmod(path, 0o600) }
        // SQLite makes its log and shared-memory files with the main file's mode, but one left
        // from before (an earlier eki, a copy) keeps its own: the log holds the latest writes.
        for companion in [path + "-wal", path + "-shm"] where stat(companion, &info) == 0 && info.st_mode & 0o7777 != 0o600 {
            _ = chmod(companion, 0o600)
        }
    }

    /// Brings a file up to the migrations below. `PRAGMA user_version` (in the file's header: no
    /// table read) holds how many it has; a file made before eki kept it (0) goes through the
    /// migrator once, which knows from its own table what it already has.
    static func migrateIfNeeded(_ writer: any DatabaseWriter) throws {
        let known = Int64(migrator.migrations.count)
        let version = try writer.writeWithoutTransaction { db in try Self.userVersion(db) }
        guard version < known else { return }
        try migrator.migrate(writer)
        try writer.writeWithoutTransaction { db in try Self.run(db, "PRAGMA user_version = \(known)") }
    }

    /// `PRAGMA user_version`, read with SQLite's own calls (GRDB's generic fetch instantiates its
    /// types at run time: a measurable share of a fresh process).
    static func userVersion(_ db: Database) throws -> Int64 {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(db.sqliteConnection, "PRAGMA user_version", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK else { throw lastError(db, prepared, "PRAGMA user_version") }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw lastError(db, code, "PRAGMA user_version") }
        return sqlite3_column_int64(statement, 0)
    }

    /// Statements without arguments or results, straight through `sqlite3_exec`.
    static func run(_ db: Database, _ sql: String) throws {
        let code = sqlite3_exec(db.sqliteConnection, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(db, code, sql) }
    }

    private static func lastError(_ db: Database, _ code: Int32, _ sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
    }

    /// `--state PATH`, else `$EKI_STATE`, else `$XDG_STATE_HOME/eki/state.sqlite`
    /// (`~/.local/state/eki/state.sqlite`). `environment` nil: the process's own, each variable
    /// read with `getenv` (ProcessInfo's whole dictionary cost ~0.05 ms of every board).
    public static func location(explicit: String?, environment: [String: String]? = nil) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        if let fromEnvironment = variable("EKI_STATE", environment), !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment)
        }
        return standardLocation(environment: environment)
    }

    private static func variable(_ name: String, _ environment: [String: String]?) -> String? {
        if let environment { return environment[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// `$XDG_STATE_HOME/eki/state.sqlite`, else `~/.local/state/eki/state.sqlite`: eki's own place,
    /// whatever `--state` or `$EKI_STATE` say.
    static func standardLocation(environment: [String: String]?) -> URL {
        func variable(_ name: String) -> String? { Self.variable(name, environment) }
        let stateHome: URL
        if let xdg = variable("XDG_STATE_HOME"), xdg.hasPrefix("/") {
            stateHome = URL(fileURLWithPath: xdg)
        } else {
            let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            stateHome = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
        }
        return stateHome.appendingPathComponent("eki").appendingPathComponent("state.sqlite")
    }

    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        // One row per (station, direction) viewed; "" is a board of every direction.
        migrator.registerMigration("history") { db in
            try db.execute(sql: """
                CREATE TABLE history(
                    station TEXT NOT NULL,
                    direction TEXT NOT NULL,
                    views INTEGER NOT NULL,
                    first_viewed REAL NOT NULL,
                    last_viewed REAL NOT NULL,
                    PRIMARY KEY(station, direction)
                ) WITHOUT ROWID
                """)
        }
        // A bookmark is a platform: one station, one direction (DESIGN.md), in the rider's order.
        migrator.registerMigration("bookmark") { db in
            try db.execute(sql: """
                CREATE TABLE bookmark(
                    station TEXT NOT NULL,
                    direction TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    created REAL NOT NULL,
                    PRIMARY KEY(station, direction)
                ) WITHOUT ROWID
                """)
        }
        // The one active DIY route (EkiRouting encodes it), and every route's pattern of stations
        // and directions — kept after the route expires, so suggestions can offer it again.
        migrator.registerMigration("route") { db in
            try db.execute(sql: """
                CREATE TABLE active_route(
                    slot INTEGER PRIMARY KEY CHECK (slot = 1),
                    body TEXT NOT NULL,
                    updated REAL NOT NULL
                );
                CREATE TABLE route_pattern(
                    route_id TEXT PRIMARY KEY NOT NULL,
                    signature TEXT NOT NULL,
                    body TEXT NOT NULL,
                    updated REAL NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // The one active Shinkansen trip (EkiTicket encodes it): the ticket as read and corrected.
        migrator.registerMigration("trip") { db in
            try db.execute(sql: """
                CREATE TABLE active_trip(
                    slot INTEGER PRIMARY KEY CHECK (slot = 1),
                    body TEXT NOT NULL,
                    updated REAL NOT NULL
                )
                """)
        }
        // The rider's preferences kept beside the bookmarks (the change pace: hurry, standard, relaxed).
        migrator.registerMigration("preference") { db in
            try db.execute(sql: """
                CREATE TABLE preference(
                    name TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID
                """)
        }
        return migrator
    }()
}

// MARK: - Preferences

extension UserState {
    /// A preference the rider set (`pace`), or nil.
    public func preference(_ name: String) throws -> String? {
        try writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM preference WHERE name = ?", arguments: [name]) }
    }

    /// Keeps a preference; nil forgets it.
    public func setPreference(_ name: String, to value: String?) throws {
        try writer.write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO preference VALUES (?, ?)", arguments: [name, value])
            } else {
                try db.execute(sql: "DELETE FROM preference WHERE name = ?", arguments: [name])
            }
        }
    }
}

// MARK: - Bookmarks

/// A platform the rider keeps: a station and the direction they travel from it.
public struct Bookmark: Sendable, Hashable {
    public var station: String
    public var direction: String
    public init(station: String, direction: String) {
        self.station = station
        self.direction = direction
    }
}

extension UserState {
    /// Keeps a platform at the end of the list; true when it was new.
    @discardableResult
    public func addBookmark(_ bookmark: Bookmark, at date: Date = RiderClock.now()) throws -> Bool {
        try writer.write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO bookmark
                VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM bookmark), ?)
                """, arguments: [bookmark.station, bookmark.direction, date.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }

    /// Drops a platform; true when it was there.
    @discardableResult
    public func removeBookmark(_ bookmark: Bookmark) throws -> Bool {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM bookmark WHERE station = ? AND direction = ?",
                           arguments: [bookmark.station, bookmark.direction])
            return db.changesCount > 0
        }
    }

    /// Every bookmark, in the order they were added.
    public func bookmarks() throws -> [Bookmark] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT station, direction FROM bookmark ORDER BY position").map {
                Bookmark(station: $0[0], direction: $0[1])
            }
        }
    }
}

// MARK: - History

/// A board the rider has looked at: which, how often, when.
public struct HistoryEntry: Sendable, Equatable {
    public var station: String
    /// nil: the board of every direction.
    public var direction: String?
    public var views: Int
    public var firstViewed: Date
    public var lastViewed: Date
}

extension UserState {
    /// Counts one look at a station's board (one direction, or all when `direction` is nil).
    public func recordView(station: String, direction: String?, at date: Date = RiderClock.now()) throws {
        // One statement is atomic on its own: no BEGIN and COMMIT around it (two statements fewer
        // on every board).
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: """
                INSERT INTO history VALUES (?, ?, 1, ?, ?)
                ON CONFLICT(station, direction) DO UPDATE SET views = views + 1, last_viewed = excluded.last_viewed
                """, arguments: [station, direction ?? "", date.timeIntervalSince1970, date.timeIntervalSince1970])
        }
    }

    /// Every board viewed, most recent first.
    public func history() throws -> [HistoryEntry] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM history ORDER BY last_viewed DESC, views DESC, station").map { row in
                let direction: String = row["direction"]
                return HistoryEntry(station: row["station"], direction: direction.isEmpty ? nil : direction,
                                    views: row["views"],
                                    firstViewed: Date(timeIntervalSince1970: row["first_viewed"]),
                                    lastViewed: Date(timeIntervalSince1970: row["last_viewed"]))
            }
        }
    }

    /// Forgets every view; returns how many entries there were.
    @discardableResult
    public func clearHistory() throws -> Int {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM history")
            return db.changesCount
        }
    }

    /// Each viewed station's `PersonalOrder` weight at `now`, all its directions together.
    public func viewWeights(now: Date = RiderClock.now()) throws -> [String: Double] {
        var weights: [String: Double] = [:]
        for entry in try history() {
            weights[entry.station, default: 0] += PersonalOrder.weight(views: entry.views, lastViewed: entry.lastViewed, now: now)
        }
        return weights
    }
}

extension NearbyResult {
    /// The same stations ordered by `PersonalOrder`: distance and the rider's history together.
    /// `weights` by station id, as the rider's history keeps them.
    public func personalized(weights: [String: Double], in reference: Reference) -> NearbyResult {
        var result = self
        func score(_ station: NearbyStation) -> Double {
            // The most-viewed station of the complex: a board of 渋谷 records all six of its stations.
            let weight = station.complex.stations.map { reference.stations.id(of: $0).flatMap { weights[$0] } ?? 0 }.max() ?? 0
            return PersonalOrder.score(distance: station.distance, weight: weight)
        }
        result.stations = stations.map { ($0, score($0)) }
            .sorted { ($0.1, $0.0.distance, $0.0.complex.handle) < ($1.1, $1.0.distance, $1.0.complex.handle) }
            .map(\.0)
        return result
    }
}

// MARK: - Routes

/// A remembered route pattern: how many routes followed it and when the last one was used.
public struct StoredPattern: Sendable, Equatable {
    public var signature: String
    /// The pattern as its owner encoded it.
    public var body: String
    public var uses: Int
    public var lastUsed: Date
}

extension UserState {
    /// The active route as its owner encoded it, or nil.
    public func activeRoute() throws -> String? {
        try writer.read { db in try String.fetchOne(db, sql: "SELECT body FROM active_route WHERE slot = 1") }
    }

    /// Replaces the active route and remembers its pattern under the route's id (a route that
    /// grows replaces its own pattern instead of adding one per edit).
    public func setActiveRoute(_ body: String, routeId: String, pattern: (signature: String, body: String)?,
                               at date: Date = RiderClock.now()) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO active_route VALUES (1, ?, ?)",
                           arguments: [body, date.timeIntervalSince1970])
            if let pattern {
                try db.execute(sql: "INSERT OR REPLACE INTO route_pattern VALUES (?, ?, ?, ?)",
                               arguments: [routeId, pattern.signature, pattern.body, date.timeIntervalSince1970])
            } else {
                try db.execute(sql: "DELETE FROM route_pattern WHERE route_id = ?", arguments: [routeId])
            }
        }
    }

    /// Drops the active route (its pattern stays remembered); true when there was one.
    @discardableResult
    public func clearActiveRoute() throws -> Bool {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM active_route")
            return db.changesCount > 0
        }
    }

    /// Remembered patterns, one per signature, most used first.
    public func routePatterns() throws -> [StoredPattern] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT signature, body, COUNT(*) AS uses, MAX(updated) AS last FROM route_pattern
                GROUP BY signature ORDER BY uses DESC, last DESC
                """).map {
                StoredPattern(signature: $0[0], body: $0[1], uses: $0[2], lastUsed: Date(timeIntervalSince1970: $0[3]))
            }
        }
    }
}

// MARK: - Trip

extension UserState {
    /// The active Shinkansen trip as its owner encoded it, or nil.
    public func activeTrip() throws -> String? {
        try writer.read { db in try String.fetchOne(db, sql: "SELECT body FROM active_trip WHERE slot = 1") }
    }

    /// Replaces the active trip.
    public func setActiveTrip(_ body: String, at date: Date = RiderClock.now()) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO active_trip VALUES (1, ?, ?)", arguments: [body, date.timeIntervalSince1970])
        }
    }

    /// Drops the active trip; true when there was one.
    @discardableResult
    public func clearActiveTrip() throws -> Bool {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM active_trip")
            return db.changesCount > 0
        }
    }
}
