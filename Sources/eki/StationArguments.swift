import ArgumentParser
import EkiCore
import EkiJSON
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
        if let match = directions.first(where: { matches($0, id) }) {
            return [match]
        }
        let valid = directions.map { "\($0.id) (\($0.name.ja))" }.joined(separator: ", ")
        throw failure("no direction \"\(id)\" at \(station.id); valid: \(valid)", code: 2)
    }

    /// Each station with the directions to show: all of them, or the asked one. A name can stand
    /// for several stations (関内: JR and the Blue Line); the asked direction needs to exist at one
    /// of them, and stations without it are left out.
    static func directions(_ id: String?, at stations: [Reference.Station],
                           in timetable: Timetable) throws -> [(Reference.Station, [Reference.Direction])] {
        guard stations.count > 1, id != nil else {
            return try stations.map { ($0, try direction(id, at: $0, in: timetable)) }
        }
        var found: [(Reference.Station, [Reference.Direction])] = []
        var valid: [String] = []
        for station in stations {
            let directions = try timetable.directions(at: station)
            if let match = directions.first(where: { matches($0, id!) }) { found.append((station, [match])) }
            valid += directions.map { "\($0.id) (\($0.name.ja))" }
        }
        guard found.isEmpty else { return found }
        var seen = Set<String>()
        throw failure("no direction \"\(id!)\" at \(stations[0].name.en); valid: \(valid.filter { seen.insert($0).inserted }.joined(separator: ", "))", code: 2)
    }

    static func matches(_ direction: Reference.Direction, _ id: String) -> Bool {
        direction.id == id || direction.id.lowercased() == id.lowercased()
            || direction.name.ja == id || direction.name.en.lowercased() == id.lowercased()
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
