import EkiCore
import EkiStore
import Foundation

/// Reads a folder of ODPT API dumps as `eki data fetch --source odpt` saves them: one JSON array
/// per class, `odpt_<Class>.json`. Railway, Station and TrainTimetable are required; RailDirection,
/// TrainType, Calendar and Operator give names (without them names come from the ids), and
/// StationTimetable is checked against the train timetables.
public struct ODPTSource: TimetableSource {
    public let name = "odpt"
    static let attribution = "Timetable data: Public Transportation Open Data Center (ODPT)"
    static let requiredFiles = ["odpt_Railway.json", "odpt_Station.json", "odpt_TrainTimetable.json"]

    /// The calendars every operator shares, by their rule; others need their `odpt:day` dates.
    static let serviceKinds: [String: TimetableDataset.Service.Kind] = [
        "Weekday": .weekday, "Saturday": .saturday, "Holiday": .holiday, "SaturdayHoliday": .saturdayHoliday,
    ]

    public init() {}

    public func applicable(_ folder: URL) -> Bool {
        Self.requiredFiles.allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    public func load(_ folder: URL, warnings: inout [ImportWarning],
                     progress: (ImportProgress) -> Void) throws -> TimetableDataset {
        var reader = JSONFileReader(folder: folder)
        progress(.reading("railways, stations, directions, train types, calendars, operators"))
        let railways = try Self.array(ODPTFiles.Railway.self, "odpt_Railway.json", reader: &reader)
        let stations = try Self.array(ODPTFiles.Station.self, "odpt_Station.json", reader: &reader)
        let directions = try Self.optionalArray(ODPTFiles.Titled.self, "odpt_RailDirection.json", reader: &reader, warnings: &warnings)
        let types = try Self.optionalArray(ODPTFiles.Titled.self, "odpt_TrainType.json", reader: &reader, warnings: &warnings)
        let calendars = try Self.optionalArray(ODPTFiles.Titled.self, "odpt_Calendar.json", reader: &reader, warnings: &warnings)
        let operators = try Self.optionalArray(ODPTFiles.Titled.self, "odpt_Operator.json", reader: &reader, warnings: &warnings)
        progress(.reading("train timetables"))
        let trains = try Self.array(ODPTFiles.TrainTimetable.self, "odpt_TrainTimetable.json", reader: &reader)
        let stationTimetables = try Self.optionalArray(ODPTFiles.StationTimetable.self, "odpt_StationTimetable.json",
                                                       reader: &reader, warnings: &warnings)

        MiniTokyo3DSource.warn(railways.map { ($0.sameAs, $0.problems) }, file: "odpt_Railway.json", kind: "railway", &warnings)
        MiniTokyo3DSource.warn(stations.map { ($0.sameAs, $0.problems) }, file: "odpt_Station.json", kind: "station", &warnings)
        for (records, file) in [(directions, "odpt_RailDirection.json"), (types, "odpt_TrainType.json"),
                                (calendars, "odpt_Calendar.json"), (operators, "odpt_Operator.json")] {
            MiniTokyo3DSource.warn(records.map { ($0.sameAs, $0.problems) }, file: file, kind: "record", &warnings)
        }
        MiniTokyo3DSource.warn(trains.map { ($0.sameAs, $0.problems) }, file: "odpt_TrainTimetable.json", kind: "train", &warnings)
        MiniTokyo3DSource.warn(stationTimetables.map { ($0.station, $0.problems) }, file: "odpt_StationTimetable.json",
                               kind: "station timetable of", &warnings)

        // The newest object's dc:date is the snapshot's date (the data's own); else a fetch record
        // or git commit date; else unknown — never the files' modification times.
        let newest = trains.compactMap { $0.date.flatMap { CivilDate(iso: String($0.prefix(10)))?.iso } }.max()
        var dataset = TimetableDataset(source: .init(
            format: name, snapshotDate: newest ?? SnapshotDate.of(folder: folder), digest: reader.digest(),
            attribution: Self.attribution))

        dataset.railways = railways.map(Self.railway)
        dataset.stations = Self.stations(stations, railways: railways)
        let stationNames = Dictionary(dataset.stations.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        dataset.operators = Self.operators(operators, railways: dataset.railways)

        dataset.trains = trains.map { convert($0, railways: dataset.railways, warnings: &warnings) }
        dataset.directions = Self.directions(directions, dataset: dataset, stationNames: stationNames, warnings: &warnings)
        dataset.trainTypes = Self.trainTypes(types, trains: dataset.trains, warnings: &warnings)
        dataset.services = Self.services(calendars, trains: dataset.trains, warnings: &warnings)

        let listed = Dictionary(stations.map { (ODPTFiles.id($0.sameAs), $0) }, uniquingKeysWith: { first, _ in first })
        let candidates = dataset.stations.map { station in
            ODPTStationGroups.Candidate(
                id: station.id, railway: station.railwayId, name: station.name.ja, coordinate: station.coordinate,
                connectingRailways: Set(listed[station.id]?.connectingRailways.map(ODPTFiles.id) ?? []),
                connectingStations: listed[station.id]?.connectingStations.map(ODPTFiles.id) ?? [])
        }
        dataset.complexes = ODPTStationGroups.complexes(candidates, throughPairs: Self.throughPairs(dataset.trains))

        var platformGroup: [String: Int] = [:]
        for (group, members) in dataset.complexes.flatMap({ $0 }).enumerated() {
            for station in members { platformGroup[station] = group }
        }
        ODPTStationTimetableCheck.check(
            stationTimetables, trains: dataset.trains, platformGroup: platformGroup,
            railwayOf: Dictionary(dataset.stations.compactMap { s in s.railwayId.map { (s.id, $0) } }, uniquingKeysWith: { a, _ in a }),
            names: { stationNames[$0]?.ja ?? $0 }, warnings: &warnings)

        progress(.read(railways: dataset.railways.count, stations: dataset.stations.count,
                       trains: dataset.trains.count, stopEvents: dataset.trains.reduce(0) { $0 + $1.stops.count }))
        return dataset
    }

    // MARK: - Reference data

    static func railway(_ railway: ODPTFiles.Railway) -> TimetableDataset.Railway {
        let id = ODPTFiles.id(railway.sameAs)
        var stations = railway.stationOrder.enumerated()
            .sorted { ($0.element.index ?? $0.offset, $0.offset) < ($1.element.index ?? $1.offset, $1.offset) }
            .map { ODPTFiles.id($0.element.station) }
        let ascending = railway.ascending.map(ODPTFiles.id), descending = railway.descending.map(ODPTFiles.id)
        // ODPT lists a loop's stations once; Eki's loops repeat the first station at the end.
        if [ascending, descending].contains(where: { $0.map(ODPTNames.loopDirections.contains) ?? false }),
           stations.count > 2, let first = stations.first, stations.last != first {
            stations.append(first)
        }
        return .init(id: id, operatorId: railway.operatorId.map(ODPTFiles.id) ?? id.split(separator: ".").first.map(String.init),
                     name: ODPTFiles.name(railway.railwayTitle, title: railway.title, fallback: id),
                     color: railway.color, ascending: ascending, descending: descending, stations: stations)
    }

    /// Stations from odpt_Station.json, plus those a railway's station order names that the file
    /// lacks (the order carries their titles; they have no position).
    static func stations(_ stations: [ODPTFiles.Station], railways: [ODPTFiles.Railway]) -> [TimetableDataset.Station] {
        var ordered: [String: (railway: String, title: ODPTFiles.Titles?)] = [:]
        var orderedIds: [String] = []
        for railway in railways {
            for entry in railway.stationOrder {
                let id = ODPTFiles.id(entry.station)
                if ordered[id] == nil { orderedIds.append(id) }
                ordered[id] = ordered[id] ?? (ODPTFiles.id(railway.sameAs), entry.stationTitle)
            }
        }
        var result = stations.map { station -> TimetableDataset.Station in
            let id = ODPTFiles.id(station.sameAs)
            let fallback = id.split(separator: ".").last.map(String.init) ?? id
            return .init(id: id, railwayId: station.railway.map(ODPTFiles.id) ?? ordered[id]?.railway,
                         name: ODPTFiles.name(station.stationTitle ?? ordered[id]?.title, title: station.title, fallback: fallback),
                         coordinate: coordinate(station))
        }
        let listed = Set(result.map(\.id))
        for id in orderedIds where !listed.contains(id) {
            let fallback = id.split(separator: ".").last.map(String.init) ?? id
            result.append(.init(id: id, railwayId: ordered[id]?.railway,
                                name: ODPTFiles.name(ordered[id]?.title, title: nil, fallback: fallback), coordinate: nil))
        }
        return result
    }

    static func coordinate(_ station: ODPTFiles.Station) -> GeoPoint? {
        guard let latitude = station.latitude, let longitude = station.longitude else { return nil }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// Operators from the file, then every railway's operator it lacks, named as riders say them.
    static func operators(_ operators: [ODPTFiles.Titled], railways: [TimetableDataset.Railway]) -> [TimetableDataset.Operator] {
        var result = operators.map { op in
            let id = ODPTFiles.id(op.sameAs)
            let known = RailOperators.names[id]
            return TimetableDataset.Operator(id: id, name: ODPTFiles.name(op.titles, title: op.title, fallback: known?.en ?? id), color: nil)
        }
        let listed = Set(result.map(\.id))
        for id in Set(railways.compactMap(\.operatorId)).subtracting(listed).sorted() {
            result.append(.init(id: id, name: RailOperators.names[id] ?? LocalizedName(ja: id, en: id), color: nil))
        }
        return result
    }

    /// Directions from the file, plus every one a railway or train names that the file lacks.
    static func directions(_ listed: [ODPTFiles.Titled], dataset: TimetableDataset, stationNames: [String: LocalizedName],
                           warnings: inout [ImportWarning]) -> [TimetableDataset.Direction] {
        var result = listed.map { direction in
            let id = ODPTFiles.id(direction.sameAs)
            return TimetableDataset.Direction(id: id, name: ODPTFiles.name(direction.titles, title: direction.title,
                                                                           fallback: ODPTNames.direction(id, stations: stationNames).en))
        }
        var known = Set(result.map(\.id))
        let referenced = dataset.railways.flatMap { [$0.ascending, $0.descending].compactMap { $0 } } + dataset.trains.map(\.directionId)
        for id in referenced where known.insert(id).inserted {
            let name = ODPTNames.direction(id, stations: stationNames)
            if !listed.isEmpty {
                warnings.append(.init(.unknownDirection, "direction \(id) is not in odpt_RailDirection.json; named \(name.ja) / \(name.en) from its id",
                                      ids: [id]))
            }
            result.append(.init(id: id, name: name))
        }
        return result
    }

    /// Train types from the file, plus every one a train names that the file lacks; each gets one of
    /// the five categories by its id, as the Mini Tokyo 3D types do.
    static func trainTypes(_ listed: [ODPTFiles.Titled], trains: [TimetableDataset.Train],
                           warnings: inout [ImportWarning]) -> [TimetableDataset.TrainType] {
        var names: [(String, LocalizedName)] = listed.map { type in
            let id = ODPTFiles.id(type.sameAs)
            return (id, ODPTFiles.name(type.titles, title: type.title, fallback: ODPTNames.trainType(id).en))
        }
        var known = Set(names.map(\.0))
        for train in trains where known.insert(train.typeId).inserted {
            if !listed.isEmpty {
                warnings.append(.init(.unknownTrainType, "train type \(train.typeId) (train \(train.id)) is not in odpt_TrainType.json; named from its id",
                                      ids: [train.typeId, train.id]))
            }
            names.append((train.typeId, ODPTNames.trainType(train.typeId)))
        }
        return names.map { id, name in
            let category = TrainTypeCategories.category(typeId: id)
            if TrainTypeCategories.listed(typeId: id) == nil {
                warnings.append(.init(.trainTypeCategoryGuessed,
                                      "train type \(id) is not in the category table; guessed \(category.rawValue)", ids: [id]))
            }
            return .init(id: id, name: name, category: category)
        }
    }

    /// One service per calendar the trains run: the shared calendars by rule, specific ones by their dates.
    static func services(_ calendars: [ODPTFiles.Titled], trains: [TimetableDataset.Train],
                         warnings: inout [ImportWarning]) -> [TimetableDataset.Service] {
        let days = Dictionary(calendars.map { (ODPTFiles.id($0.sameAs), $0.days) }, uniquingKeysWith: { first, _ in first })
        var services: [String: TimetableDataset.Service] = [:]
        for train in trains where services[train.serviceId] == nil {
            let id = train.serviceId
            if let kind = serviceKinds[id] {
                services[id] = .init(id: id, kind: kind)
                continue
            }
            let dates = (days[id] ?? []).filter { day in
                guard CivilDate(iso: day) != nil else {
                    warnings.append(.init(.unknownCalendar, "calendar \(id): day \"\(day)\" is not YYYY-MM-DD; ignored", ids: [id]))
                    return false
                }
                return true
            }
            if dates.isEmpty {
                warnings.append(.init(.unknownCalendar,
                                      "calendar \(id) of train \(train.id) is not Weekday, Saturday, Holiday or SaturdayHoliday and lists no days; its trains are kept but never scheduled",
                                      ids: [id, train.id]))
            }
            services[id] = .init(id: id, kind: .dates, dates: dates.sorted())
        }
        return services.values.sorted { $0.id < $1.id }
    }

    /// Pairs of stations a train stays at while it changes railway: a part's last stop and the
    /// first stop of the part it continues as (links may be written on either side).
    static func throughPairs(_ trains: [TimetableDataset.Train]) -> [(String, String)] {
        let byId = Dictionary(trains.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs: [(String, String)] = []
        for train in trains {
            for next in train.next {
                if let last = train.stops.last?.station, let first = byId[next]?.stops.first?.station, last != first {
                    pairs.append((last, first))
                }
            }
            for previous in train.previous {
                if let last = byId[previous]?.stops.last?.station, let first = train.stops.first?.station, last != first {
                    pairs.append((last, first))
                }
            }
        }
        return pairs
    }
}
