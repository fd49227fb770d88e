import EkiCore
import Foundation

/// The day a source folder's data is from, as the data's own records say it — never the file
/// system's clock: a months-old folder copied or checked out today is not today's data.
///
/// In order: the fetch record `eki data fetch` leaves (`.eki-fetch.json`, its `fetchedAt`), then
/// the date of the last git commit that changed the folder (a checkout of the Mini Tokyo 3D
/// repository), else `TimetableDataset.SourceInfo.unknownDate`.
enum SnapshotDate {
    static let fetchRecord = ".eki-fetch.json"

    static func of(folder: URL) -> String {
        fetched(folder) ?? committed(folder) ?? "unknown"
    }

    /// `fetchedAt` of the fetch record, as a Tokyo date.
    static func fetched(_ folder: URL) -> String? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fetchRecord)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let text = object["fetchedAt"] as? String,
              let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return ServiceInstant(date, timeZone: TokyoTime.zone).calendarDate.iso
    }

    /// The committer date (YYYY-MM-DD, as the commit wrote it) of the last commit touching the
    /// folder, when it is inside a git work tree and git is installed.
    static func committed(_ folder: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "log", "-1", "--format=%cI", "--", "."]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count >= 10, let date = CivilDate(iso: String(text.prefix(10))) else { return nil }
        return date.iso
    }
}
