import Foundation

/// Where the timetable database lives: `--db PATH`, else `$EKI_DB`, else the XDG data directory
/// (`$XDG_DATA_HOME/eki/timetable.sqlite`, `~/.local/share/eki/timetable.sqlite` by default).
public enum DatabaseLocation {
    public static let fileName = "timetable.sqlite"

    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        if let fromEnvironment = environment["EKI_DB"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment)
        }
        return dataHome(environment).appendingPathComponent("eki").appendingPathComponent(fileName)
    }

    /// Where a process leaves what the next one can read instead of working it out again (a day's
    /// route network): `$EKI_CACHE`, else `$XDG_CACHE_HOME/eki`, else `~/.cache/eki`.
    public static func cacheFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let folder = environment["EKI_CACHE"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("eki") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/eki")
    }

    /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`.
    public static func dataHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share")
    }
}
