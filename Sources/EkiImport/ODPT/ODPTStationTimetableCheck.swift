import EkiCore
import EkiStore

/// Compares odpt:StationTimetable with the departures the train timetables give, where both exist.
///
/// Eki builds its boards from the train timetables (they carry through service and every stop);
/// an operator's published station timetable is the rider's reference, so each time one side has
/// and the other lacks becomes a warning. The train side is what the database will show: every
/// stop a part leaves from but its last, plus the through-service departures of parts that end here
/// and continue from the same platform group (the writer's rule). Station timetables of a railway
/// and calendar with no train timetables at all are not checked: there is nothing to compare with.
enum ODPTStationTimetableCheck {
    /// Individual lines are capped so a dump with a systematic difference stays readable;
    /// the rest are counted in one closing warning.
    static let listedLimit = 100

    struct Key: Hashable, Comparable {
        var station: String, direction: String, calendar: String
        static func < (a: Key, b: Key) -> Bool {
            (a.station, a.direction, a.calendar) < (b.station, b.direction, b.calendar)
        }
    }

    static func check(_ timetables: [ODPTFiles.StationTimetable], trains: [TimetableDataset.Train],
                      platformGroup: [String: Int], railwayOf: [String: String],
                      names: (String) -> String, warnings: inout [ImportWarning]) {
        guard !timetables.isEmpty else { return }
        let fromTrains = trainDepartures(trains, platformGroup: platformGroup)
        let checkable = Set(trains.map { "\($0.railwayId)|\($0.serviceId)" })

        var fromStationTimetables: [Key: [Int: Int]] = [:]
        for timetable in timetables {
            let station = ODPTFiles.id(timetable.station)
            let key = Key(station: station, direction: timetable.direction.map(ODPTFiles.id) ?? "",
                          calendar: timetable.calendar.map(ODPTFiles.id) ?? "")
            let railway = timetable.railway.map(ODPTFiles.id) ?? railwayOf[station] ?? ""
            guard checkable.contains("\(railway)|\(key.calendar)") else { continue }
            var minutes = fromStationTimetables[key] ?? [:]
            for entry in timetable.entries {
                guard let text = entry.departureTime else { continue }
                guard let minute = ServiceMinute(parsing: text) else {
                    warnings.append(.init(.unreadableTime,
                                          "station timetable \(timetable.sameAs ?? station): time \"\(text)\" is not HH:MM; ignored",
                                          ids: [station]))
                    continue
                }
                minutes[minute.value, default: 0] += 1
            }
            fromStationTimetables[key] = minutes
        }

        var found: [ImportWarning] = []
        var total = 0
        for key in fromStationTimetables.keys.sorted() {
            let published = fromStationTimetables[key]!, computed = fromTrains[key] ?? [:]
            for minute in Set(published.keys).union(computed.keys).sorted() {
                let difference = (published[minute] ?? 0) - (computed[minute] ?? 0)
                guard difference != 0 else { continue }
                total += abs(difference)
                guard found.count < listedLimit else { continue }
                let side = difference > 0
                    ? "is in the station timetable but in no train timetable"
                    : "is in the train timetables but not in the station timetable"
                let count = abs(difference) > 1 ? " (\(abs(difference)) trains)" : ""
                found.append(.init(.stationTimetableDisagrees,
                                   "\(names(key.station)) (\(key.station)) toward \(key.direction), \(key.calendar): \(ServiceMinute(minute).serviceClock)\(count) \(side)",
                                   ids: [key.station, key.direction, key.calendar]))
            }
        }
        warnings += found
        let listed = found.count
        if total > listed {
            warnings.append(.init(.stationTimetableDisagrees,
                                  "… and \(total - listed) more station timetable disagreements (\(total) in all; only the first \(listed) are listed)",
                                  ids: []))
        }
    }

    /// Station, direction, calendar → minute → how many trains leave then, as the boards will show.
    static func trainDepartures(_ trains: [TimetableDataset.Train], platformGroup: [String: Int]) -> [Key: [Int: Int]] {
        var firstDeparture: [String: (station: String, minute: Int)] = [:]
        for train in trains {
            if let first = train.stops.first, let minute = first.departure { firstDeparture[train.id] = (first.station, minute) }
        }
        var departures: [Key: [Int: Int]] = [:]
        for train in trains {
            for stop in train.stops.dropLast() {
                guard let minute = stop.departure else { continue }
                departures[Key(station: stop.station, direction: train.directionId, calendar: train.serviceId), default: [:]][minute, default: 0] += 1
            }
            guard let last = train.stops.last, let group = platformGroup[last.station] else { continue }
            for next in train.next {
                guard let continuing = firstDeparture[next], continuing.station != last.station,
                      platformGroup[continuing.station] == group else { continue }
                departures[Key(station: last.station, direction: train.directionId, calendar: train.serviceId), default: [:]][continuing.minute, default: 0] += 1
            }
        }
        return departures
    }
}
