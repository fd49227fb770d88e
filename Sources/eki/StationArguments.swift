import ArgumentParser
import EkiCore
import EkiStore
import Foundation

/// Turns what the rider typed into stations, directions and moments — or a clear message and exit 2.
enum Resolve {
    /// Stations for an id or a name in kanji, kana or romaji; only stations trains leave from.
    static func stations(_ query: String, in timetable: Timetable) throws -> [Reference.Station] {
        guard query.utf8.count <= 200, !query.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw failure("the station name is too long or contains control characters", code: 2)
        }
        let matches = try timetable.stations(matching: query).filter { try !timetable.directions(at: $0).isEmpty }
        if !matches.isEmpty { return matches }
        let suggestions = timetable.suggestions(for: query)
        let hint = suggestions.isEmpty ? "" : "; did you mean: " + suggestions.map { "\($0.name.ja) \($0.name.en) (\($0.id))" }.joined(separator: ", ")
        throw failure("no station matches \"\(query)\"\(hint)", code: 2)
    }

    static func direction(_ id: String?, at station: Reference.Station, in timetable: Timetable) throws -> [Reference.Direction] {
        let directions = try timetable.directions(at: station)
        guard let id else { return directions }
        if let match = directions.first(where: { $0.id == id || $0.id.lowercased() == id.lowercased()
            || $0.name.ja == id || $0.name.en.lowercased() == id.lowercased() }) {
            return [match]
        }
        let valid = directions.map { "\($0.id) (\($0.name.ja))" }.joined(separator: ", ")
        throw failure("no direction \"\(id)\" at \(station.id); valid: \(valid)", code: 2)
    }

    static func instant(_ text: String?) throws -> ServiceInstant {
        guard let text else { return ServiceInstant(Date()) }
        guard let instant = ServiceInstant(parsing: text) else {
            throw failure("--at expects Tokyo local time as YYYY-MM-DDTHH:MM (e.g. 2026-11-24T07:30), got \"\(text)\"", code: 2)
        }
        return instant
    }

    static func date(_ text: String?, option: String = "--date") throws -> CivilDate {
        guard let text else { return ServiceInstant(Date()).serviceDate }
        guard let date = CivilDate(iso: text) else {
            throw failure("\(option) expects a date as YYYY-MM-DD (e.g. 2026-11-24), got \"\(text)\"", code: 2)
        }
        return date
    }
}

extension Language: ExpressibleByArgument {}
