import EkiCore
import EkiStore
import Foundation
import Synchronization

/// Reads a Mini Tokyo 3D `data/` folder: railways, stations, station groups, directions, train types,
/// operators, coordinates and one train timetable file per railway.
public struct MiniTokyo3DSource: TimetableSource {
    public let name = "minitokyo3d"
    static let attribution = "Timetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D"
    static let requiredFiles = ["railways.json", "stations.json"]
    static let trainFolder = "train-timetables"

    public init() {}

    public func applicable(_ folder: URL) -> Bool {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        return Self.requiredFiles.allSatisfy { fileManager.fileExists(atPath: folder.appendingPathComponent($0).path) }
            && fileManager.fileExists(atPath: folder.appendingPathComponent(Self.trainFolder).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The reviewed interchange table's change for every two stations of a complex it covers
    /// (docs/TRANSFERS.md); the planners' rule gives the others. A table that does not read stops
    /// the import with its line: data without it would plan changes no one can make.
    /// Its cross rows go in apart, one per pair of directions.
    static func reviewedChanges(_ groups: [[[String]]]) throws -> (transfers: [TimetableDataset.Transfer], crosses: [TimetableDataset.Cross]) {
        let table = try InterchangeTable.reviewed.get()
        var transfers: [TimetableDataset.Transfer] = []
        var crosses: [TimetableDataset.Cross] = []
        for complex in groups {
            let stations = complex.flatMap { $0 }
            for a in stations {
                for b in stations where b != a {
                    if let change = table.change(from: a, to: b) {
                        transfers.append(.init(from: a, to: b, minutes: change.minutes, kind: change.kind.rawValue, basis: change.basis))
                    }
                    for cross in [table.cross(from: a, to: b)].compactMap({ $0 }) {
                        crosses += cross.directions.map {
                            .init(from: a, to: b, arriving: $0.arriving, departing: $0.departing, minutes: cross.minutes, basis: cross.basis)
                        }
                    }
                }
            }
        }
        return (transfers, crosses)
    }

    public func load(_ folder: URL, warnings: inout [ImportWarning],
                     progress: (ImportProgress) -> Void) throws -> TimetableDataset {
        var reader = JSONFileReader(folder: folder)
        progress(.reading("railways, stations, directions, train types, operators"))
        let railways = try reader.decode([MiniTokyo3DFiles.Railway].self, from: "railways.json")
        let stations = try reader.decode([MiniTokyo3DFiles.Station].self, from: "stations.json")
        let groups = try reader.decodeOptional([[[String]]].self, from: "station-groups.json", warnings: &warnings) ?? []
        let directions = try reader.decodeOptional([MiniTokyo3DFiles.Titled].self, from: "rail-directions.json", warnings: &warnings) ?? []
        let types = try reader.decodeOptional([MiniTokyo3DFiles.Titled].self, from: "train-types.json", warnings: &warnings) ?? []
        let operators = try reader.decodeOptional([MiniTokyo3DFiles.Titled].self, from: "operators.json", warnings: &warnings) ?? []
        let coordinates = try reader.decodeOptional(CoordinatesFile.self, from: "coordinates.json", warnings: &warnings)
        Self.warn(railways.map { ($0.id, $0.problems) }, file: "railways.json", kind: "railway", &warnings)
        Self.warn(stations.map { ($0.id, $0.problems) }, file: "stations.json", kind: "station", &warnings)
        Self.warn(directions.map { ($0.id, $0.problems) }, file: "rail-directions.json", kind: "direction", &warnings)
        Self.warn(types.map { ($0.id, $0.problems) }, file: "train-types.json", kind: "train type", &warnings)
        Self.warn(operators.map { ($0.id, $0.problems) }, file: "operators.json", kind: "operator", &warnings)

        progress(.reading("train timetables"))
        let trainFiles = try reader.listJSON(in: Self.trainFolder)
        let perFile = try reader.decodeConcurrently([MiniTokyo3DFiles.Train].self, files: trainFiles)
        for (file, trains) in zip(trainFiles, perFile) {
            Self.warn(trains.map { ($0.id, $0.problems) }, file: file, kind: "train", &warnings)
        }
        let trains = perFile.flatMap { $0 }

        var dataset = TimetableDataset(source: .init(
            format: name, snapshotDate: SnapshotDate.of(folder: folder), digest: reader.digest(),
            attribution: Self.attribution))
        dataset.operators = operators.map { .init(id: $0.id, name: Self.name($0.title ?? [:], fallback: $0.id), color: $0.color) }
        let listed = Set(operators.map(\.id))
        let railOperators = Set(railways.compactMap { Self.operatorId(of: $0.id) }).subtracting(listed).sorted()
        dataset.operators += railOperators.map { id in
            .init(id: id, name: RailOperators.names[id] ?? LocalizedName(ja: id, en: id), color: nil)
        }
        dataset.directions = directions.map { .init(id: $0.id, name: Self.name($0.title ?? [:], fallback: $0.id)) }
        dataset.railways = railways.map { railway in
            .init(id: railway.id, operatorId: Self.operatorId(of: railway.id),
                  name: Self.name(railway.title ?? [:], fallback: railway.id), color: railway.color,
                  ascending: railway.ascending, descending: railway.descending, stations: railway.stations)
        }
        dataset.stations = stations.map { station in
            let coordinate = station.coord.flatMap { $0.count >= 2 ? GeoPoint(latitude: $0[1], longitude: $0[0]) : nil }
            return .init(id: station.id, railwayId: station.railway,
                         name: Self.name(station.title ?? [:], fallback: station.id), coordinate: coordinate)
        }
        dataset.complexes = groups
        (dataset.transfers, dataset.crosses) = try Self.reviewedChanges(groups)
        dataset.trainTypes = types.map { type in
            if TrainTypeCategories.listed(typeId: type.id) == nil {
                warnings.append(.init(.trainTypeCategoryGuessed,
                                      "train type \(type.id) is not in the category table; guessed \(TrainTypeCategories.category(typeId: type.id).rawValue)",
                                      ids: [type.id]))
            }
            return .init(id: type.id, name: Self.name(type.title ?? [:], fallback: type.id),
                         category: TrainTypeCategories.category(typeId: type.id))
        }
        if let coordinates {
            let resolved = RailwayShapeResolver.resolve(coordinates)
            // Base.* are shared tracks that only give other lines their shape: not railways of their own.
            dataset.shapes = resolved.shapes.filter { !$0.key.hasPrefix("Base.") }
            for problem in resolved.problems {
                warnings.append(.init(.shapeProblem, problem, ids: []))
            }
        }

        var services: [String: TimetableDataset.Service] = [:]
        dataset.trains.reserveCapacity(trains.count)
        for train in trains {
            let calendar = Self.calendar(of: train)
            if services[calendar] == nil {
                let kind = Self.serviceKinds[calendar]
                if kind == nil {
                    warnings.append(.init(.unknownCalendar,
                                          "calendar \(calendar) of train \(train.id) is not Weekday, Saturday, Holiday or SaturdayHoliday; its trains are kept but never scheduled",
                                          ids: [train.id]))
                }
                services[calendar] = .init(id: calendar, kind: kind ?? .dates)
            }
            dataset.trains.append(convert(train, serviceId: calendar, warnings: &warnings))
        }
        dataset.services = services.values.sorted { $0.id < $1.id }
        progress(.read(railways: dataset.railways.count, stations: dataset.stations.count,
                       trains: dataset.trains.count, stopEvents: dataset.trains.reduce(0) { $0 + $1.stops.count }))
        return dataset
    }

    /// Each record's unreadable optional fields as warnings naming file, record and field.
    static func warn(_ records: [(id: String, problems: FieldProblems)], file: String, kind: String,
                     _ warnings: inout [ImportWarning]) {
        for (id, problems) in records {
            for message in problems.messages {
                warnings.append(.init(.badField, "\(file) \(message) (\(kind) \(id)); read as absent", ids: [file, id]))
            }
        }
    }

    static let serviceKinds: [String: TimetableDataset.Service.Kind] = [
        "Weekday": .weekday, "Saturday": .saturday, "Holiday": .holiday, "SaturdayHoliday": .saturdayHoliday,
    ]

    /// The calendar is the id component after the train's base id `t`
    /// (`JR-East.Chuo.5003M.Weekday.1` → `Weekday`); without `t`, the last non-numeric component.
    static func calendar(of train: MiniTokyo3DFiles.Train) -> String {
        if let base = train.t, train.id.hasPrefix(base + "."),
           let component = train.id.dropFirst(base.count + 1).split(separator: ".").first {
            return String(component)
        }
        let components = train.id.split(separator: ".")
        return String(components.last(where: { !$0.allSatisfy(\.isNumber) }) ?? "Unknown")
    }

    /// Operator ids are the first component of railway ids (`Tokyu.Toyoko` → `Tokyu`).
    static func operatorId(of railwayId: String) -> String? {
        railwayId.split(separator: ".").first.map(String.init)
    }

    static func name(_ titles: MiniTokyo3DFiles.Titles, fallback: String) -> LocalizedName {
        let en = titles["en"] ?? titles["ja"] ?? fallback
        return LocalizedName(ja: titles["ja"] ?? en, en: en)
    }

    private func convert(_ train: MiniTokyo3DFiles.Train, serviceId: String,
                         warnings: inout [ImportWarning]) -> TimetableDataset.Train {
        func minute(_ text: String?, stop: String) -> Int? {
            guard let text else { return nil }
            guard let parsed = ServiceMinute(parsing: text) else {
                warnings.append(.init(.unreadableTime, "train \(train.id) at \(stop): time \"\(text)\" is not HH:MM; ignored",
                                      ids: [train.id, stop]))
                return nil
            }
            return parsed.value
        }
        let stops = train.tt.map { stop in
            TimetableDataset.Stop(station: stop.s, arrival: minute(stop.a, stop: stop.s), departure: minute(stop.d, stop: stop.s))
        }
        // A train without a type is still a train: its type is its operator's "Unknown" (a warning says so).
        let type = train.y ?? ((Self.operatorId(of: train.r) ?? train.r) + ".Unknown")
        return .init(id: train.id, railwayId: train.r, serviceId: serviceId, number: train.n, typeId: type,
                     directionId: train.d, origins: train.os ?? [], destinations: train.ds ?? [],
                     names: (train.nm ?? []).map { Self.name($0, fallback: "") }, vehicle: train.v,
                     stops: stops, next: train.nt ?? [], previous: train.pt ?? [])
    }
}
