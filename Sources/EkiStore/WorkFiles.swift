import Foundation

/// Hidden work files beside a file being replaced (an import's new database, an update's download),
/// named the one way every eki command names them: `.NAME.WHAT.PID-RANDOM` (`.timetable.sqlite.
/// importing.4242-1a2b3c`), so a run removes its own, and any later run removes those of runs whose
/// process is gone (`kill -9` runs no clean-up; such a file can be tens of megabytes). One cleaner
/// for imports and updates alike (review of issue 20, 12: each had its own name and check).
public struct WorkFiles: Sendable {
    /// The file the work files are for; they sit in its folder (same file system: rename is atomic).
    public let target: URL
    /// This process and a random part, unique to one value.
    public let token: String

    public init(for target: URL) {
        self.target = target
        token = "\(getpid())-" + String(UUID().uuidString.filter(\.isHexDigit).prefix(6)).lowercased()
    }

    public var folder: URL { target.deletingLastPathComponent() }

    /// This value's work file for `what` ("importing", "download", …).
    public func file(_ what: String) -> URL {
        folder.appendingPathComponent(".\(target.lastPathComponent).\(what).\(token)")
    }

    private var prefix: String { "." + target.lastPathComponent + "." }

    /// Removes this value's own work files (and a download's `.part`).
    public func removeOwn() {
        for name in names() where name.contains("." + token) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Removes the work files of runs whose process no longer exists. Files of a live process, or
    /// named another way, are left alone.
    public func removeStale() {
        for name in names() {
            guard let pid = Self.processId(inWorkFile: name), !Self.isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// The process id in a work file's token (`….download.4242-1a2b3c[.part]`).
    public static func processId(inWorkFile name: String) -> Int32? {
        for component in name.split(separator: ".") {
            let parts = component.split(separator: "-")
            guard parts.count == 2, parts[1].count == 6, parts[1].allSatisfy(\.isHexDigit),
                  parts[0].allSatisfy(\.isNumber), let pid = Int32(parts[0]), pid > 0 else { continue }
            return pid
        }
        return nil
    }

    public static func isRunning(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
    }
}
