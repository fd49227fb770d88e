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
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home).appendingPathComponent(".local/share")
        }
        return dataHome.appendingPathComponent("eki").appendingPathComponent(fileName)
    }
}
