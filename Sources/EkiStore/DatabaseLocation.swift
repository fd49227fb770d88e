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

    /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`.
    public static func dataHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share")
    }
}
