import EkiCore
import EkiStore
import Foundation

extension ODPTSource {
    /// One odpt:TrainTimetable as a train part. Times are "HH:MM" on the Tokyo clock, read exactly as
    /// the Mini Tokyo 3D reader reads them: before 03:00 (or written 24:xx) is the service day's
    /// late night, minute 1440 and up.
    func convert(_ train: ODPTFiles.TrainTimetable, railways: [TimetableDataset.Railway],
                 warnings: inout [ImportWarning]) -> TimetableDataset.Train {
        let id = ODPTFiles.id(train.sameAs)
        func minute(_ text: String?, at station: String) -> Int? {
            guard let text else { return nil }
            guard let parsed = ServiceMinute(parsing: text) else {
                warnings.append(.init(.unreadableTime, "train \(id) at \(station): time \"\(text)\" is not HH:MM; ignored",
                                      ids: [id, station]))
                return nil
            }
            return parsed.value
        }
        var stops: [TimetableDataset.Stop] = []
        for (position, stop) in train.stops.enumerated() {
            guard let station = (stop.departureStation ?? stop.arrivalStation).map(ODPTFiles.id) else {
                warnings.append(.init(.unknownStation, "train \(id): stop \(position + 1) names no station; ignored", ids: [id]))
                continue
            }
            stops.append(.init(station: station, arrival: minute(stop.arrivalTime, at: station),
                               departure: minute(stop.departureTime, at: station)))
        }
        let railwayId = ODPTFiles.id(train.railway)
        let calendar = train.calendar.map(ODPTFiles.id) ?? Self.calendar(fromTrainId: id)
        let direction = train.direction.map(ODPTFiles.id)
            ?? Self.direction(of: stops, on: railways.first { $0.id == railwayId })
            ?? "Unknown"
        return .init(id: id, railwayId: railwayId, serviceId: calendar, number: train.trainNumber ?? "",
                     typeId: train.trainType.map(ODPTFiles.id) ?? "Unknown", directionId: direction,
                     origins: train.origins.map(ODPTFiles.id), destinations: train.destinations.map(ODPTFiles.id),
                     names: train.trainNames.map { ODPTFiles.name($0, title: nil, fallback: "") }, vehicle: nil,
                     stops: stops, next: train.next.map(ODPTFiles.id), previous: train.previous.map(ODPTFiles.id))
    }

    /// Without odpt:calendar, the id's last part that is not a number (`….1234.Weekday.1` → Weekday).
    static func calendar(fromTrainId id: String) -> String {
        String(id.split(separator: ".").last(where: { !$0.allSatisfy(\.isNumber) }) ?? "Unknown")
    }

    /// Without odpt:railDirection: ascending when the train runs up the railway's station order.
    static func direction(of stops: [TimetableDataset.Stop], on railway: TimetableDataset.Railway?) -> String? {
        guard let railway, let first = stops.first?.station, let last = stops.last?.station,
              let from = railway.stations.firstIndex(of: first), let to = railway.stations.firstIndex(of: last),
              from != to else { return nil }
        return from < to ? railway.ascending : railway.descending
    }

    // MARK: - Files

    /// A required file: a JSON array of objects of one class.
    static func array<T: Decodable>(_ type: T.Type, _ file: String, reader: inout JSONFileReader) throws -> [T] {
        do {
            return try reader.decode([T].self, from: file)
        } catch ImportError.malformed(let file, let detail) where detail.hasPrefix("at top level: expected an array") {
            throw ImportError.malformed(file: file, detail: "expected a JSON array of \(className(file)) objects, found \(topLevelKind(reader.folder, file))")
        }
    }

    static func optionalArray<T: Decodable>(_ type: T.Type, _ file: String, reader: inout JSONFileReader,
                                            warnings: inout [ImportWarning]) throws -> [T] {
        guard FileManager.default.fileExists(atPath: reader.folder.appendingPathComponent(file).path) else {
            warnings.append(.init(.missingFile, "\(file) is missing; imported without it", ids: [file]))
            return []
        }
        return try array(type, file, reader: &reader)
    }

    /// `odpt_TrainTimetable.json` → `odpt:TrainTimetable`.
    static func className(_ file: String) -> String {
        "odpt:" + file.dropFirst("odpt_".count).dropLast(".json".count)
    }

    /// What a file holds instead of an array, from its first character (an API error reply is an object).
    static func topLevelKind(_ folder: URL, _ file: String) -> String {
        let handle = FileHandle(forReadingAtPath: folder.appendingPathComponent(file).path)
        defer { try? handle?.close() }
        let head = (try? handle?.read(upToCount: 256)) ?? nil
        let first = head?.first { ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0) }
        switch first {
        case UInt8(ascii: "{"): return "an object (an API error reply saved as data?)"
        case UInt8(ascii: "\""): return "a string"
        default: return "a single value"
        }
    }
}
