import Foundation

/// This test process's own temporary folder (`eki-tests-<pid>`): the fixture's database file, the
/// real data's import, caches its tests share. Apart from `SharedData`, which is only the real data.
public enum TestProcess {
    /// A folder of this test process's, for caches its tests share (removed with the process's
    /// temporary files, never reused by another run).
    public static func folder(_ name: String) -> URL {
        let url = root.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removed when the process ends, with the state file and cache the CLI tests give `eki`
    /// (EkiProcess); what ended processes left (a run killed midway) is removed by the next: each
    /// run leaves a 50 MB database otherwise, and runs add up.
    public static let root: URL = {
        let base = FileManager.default.temporaryDirectory
        removeLeftovers(in: base) { pid in kill(pid, 0) != 0 && errno == ESRCH }
        let url = base.appendingPathComponent("eki-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { TestProcess.removeLeftovers(in: FileManager.default.temporaryDirectory) { $0 == getpid() } }
        return url
    }()

    /// Removes `eki-tests-<pid>…`, `eki-tests-state-<pid>…` and `eki-tests-cache-<pid>…` of the
    /// processes `whose` picks.
    private static func removeLeftovers(in base: URL, whose: (Int32) -> Bool) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix("eki-tests-") {
            var rest = name.dropFirst("eki-tests-".count)
            for kind in ["state-", "cache-"] where rest.hasPrefix(kind) { rest = rest.dropFirst(kind.count) }
            guard let pid = Int32(rest.prefix { $0.isASCII && $0.isNumber }), whose(pid) else { continue }
            try? manager.removeItem(at: base.appendingPathComponent(name))
        }
    }
}
