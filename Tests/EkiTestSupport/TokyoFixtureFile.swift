import EkiStore
import Foundation

/// The hand-written Tokyo (`TokyoFixture`) as a database file, for what needs a file rather than a
/// database in memory: `eki` run as a process (`--db`), a timetable opened afresh from disk. Written
/// in a moment, once per test process, into the process's own temporary folder (removed when the
/// process ends), so the suites that use it need neither `../shared` nor its import.
public enum TokyoFixtureFile {
    /// The fixture's file.
    public static func url() throws -> URL { try fixtureOnce.value.get() }

    /// `TokyoFixture.withUnservedStation` (the fixture and 秩父山, which no train leaves from) as a file.
    public static func unservedURL() throws -> URL { try unservedOnce.value.get() }

    /// `dataset` written to a new file at `url` as `eki import` writes one: whole, then renamed into place.
    public static func write(_ dataset: TimetableDataset, to url: URL) throws {
        var writer = TimetableWriter(target: url)
        writer.importedAt = TokyoFixture.importedAt
        _ = try writer.write(dataset)
    }

    private static func written(_ dataset: TimetableDataset, as name: String) -> Result<URL, any Error> {
        Result {
            let url = TestProcess.folder("fixture").appendingPathComponent(name)
            try write(dataset, to: url)
            return url
        }
    }

    private static let fixtureOnce = Once { written(TokyoFixture.dataset, as: "tokyo-fixture.sqlite") }
    private static let unservedOnce = Once { written(TokyoFixture.withUnservedStation, as: "tokyo-fixture-unserved.sqlite") }
}
