import EkiImport
import EkiStore
import Foundation
import Testing

/// The real data beside the repository (../shared/data) and one import of it shared by every test.
public enum SharedData {
    /// <repo>/../shared/data, found from this file's place in the repository; `EKI_TEST_SHARED_DATA`
    /// names another place (a place with nothing there shows what runs without the real data).
    public static let folder: URL = ProcessInfo.processInfo.environment["EKI_TEST_SHARED_DATA"].map(URL.init(fileURLWithPath:))
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Whether the real data is there.
    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: minitokyo3d.appendingPathComponent("railways.json").path)
    }

    /// Skips the calling test (Swift Testing's cancellation, reported as skipped) when the real data
    /// is not there: the suites about logic run on `TokyoFixture` and pass without it; the ones
    /// that prove the logic on the real thing say why they did not run. Every way into the real
    /// data below asks this first.
    public static func require() throws {
        guard isPresent else {
            try Test.cancel("the real data is not at \(folder.path); this test reads it")
        }
    }

    public static let minitokyo3d = folder.appendingPathComponent("minitokyo3d")
    public static let holidaysCSV = folder.appendingPathComponent("jp-holidays-1955-2050.csv")

    /// Parsed JSON of a Mini Tokyo 3D file, read independently of the importer.
    public static func json(_ relativePath: String) throws -> Any {
        try require()
        return try JSONSerialization.jsonObject(with: Data(contentsOf: minitokyo3d.appendingPathComponent(relativePath)))
    }

    /// Every train of every train timetable file, as plain dictionaries (read once per test process:
    /// three suites compare against them, and parsing them all takes seconds in a debug build).
    public static func allTrains() throws -> [[String: Any]] {
        try require()
        return try trainsOnce.get()
    }

    /// Never written after it is made, so reading it from any test is safe.
    nonisolated(unsafe) private static let trainsOnce = Result { () throws -> [[String: Any]] in
        let folder = minitokyo3d.appendingPathComponent("train-timetables")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().flatMap { file in
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file))) as! [[String: Any]]
        }
    }

    /// The shared data imported once per test process (the first caller waits for it).
    public static func imported() throws -> (timetable: Timetable, report: Importer.Report) {
        try require()
        return try importOnce.value.get()
    }

    public static var databaseURL: URL { TestProcess.root.appendingPathComponent("shared.sqlite") }

    private static let importOnce = Once {
        Result { () throws -> (Timetable, Importer.Report) in
            let report = try Importer().run(folder: minitokyo3d, database: databaseURL)
            keepForTheScriptTests()
            return (try Timetable(url: databaseURL), report)
        }
    }
}

extension SharedData {
    /// `scripts/test.sh` names, in `EKI_TEST_KEEP_DATABASE`, the database its script tests share
    /// (scripts/test-database.sh): the same import as `eki import` makes, so when none is there yet
    /// this one is copied there (whole, under a work name, then renamed) and the script tests do not
    /// import the data a second time — half a minute of a debug build on a fresh machine.
    static func keepForTheScriptTests() {
        guard let target = ProcessInfo.processInfo.environment["EKI_TEST_KEEP_DATABASE"], !target.isEmpty,
              !FileManager.default.fileExists(atPath: target) else { return }
        let work = target + ".work-\(getpid())"
        do {
            try FileManager.default.copyItem(atPath: databaseURL.path, toPath: work)
            guard rename(work, target) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(atPath: work)
        }
    }
}

/// A value computed on first use, once, whichever thread asks (Swift Testing runs tests in parallel).
final class Once<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}

/// A scratch folder for one test, removed by the caller with `remove()`.
public struct ScratchFolder {
    public let url: URL
    public init() {
        // Inside this test process's own folder, so what a test does not remove — the fixtures
        // imported once per process keep theirs to the end — goes when the process does (or with
        // the next run, after a kill): 500 such folders, 1.2 GB, had piled up in /tmp.
        url = TestProcess.root.appendingPathComponent("scratch-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    public func write(_ name: String, _ text: String) throws {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
