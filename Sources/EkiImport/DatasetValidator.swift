import EkiCore
import EkiStore

/// Checks a freshly read dataset and mends what it can, for every source format alike.
///
/// Nothing here is fatal: each oddity becomes a warning naming its ids, and the dataset is mended so
/// that every reference in it resolves (unknown stations and types get placeholders, dangling
/// through-service links are dropped, trains that cannot be placed are left out).
enum DatasetValidator {
    static func validate(_ dataset: inout TimetableDataset, warnings: inout [ImportWarning]) {
        validateReference(&dataset, warnings: &warnings)
        var stations = Dictionary(dataset.stations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let railways = Dictionary(dataset.railways.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var typeIds = Set(dataset.trainTypes.map(\.id))
        var directionIds = Set(dataset.directions.map(\.id))

        for station in dataset.stations where station.coordinate == nil {
            warnings.append(.init(.stationWithoutCoordinates, "station \(station.id) has no coordinates", ids: [station.id]))
        }

        // Trains: drop what cannot be placed, keep the first of duplicate ids.
        var seen = Set<String>()
        var trains: [TimetableDataset.Train] = []
        trains.reserveCapacity(dataset.trains.count)
        for train in dataset.trains {
            guard seen.insert(train.id).inserted else {
                warnings.append(.init(.duplicateTrain, "train \(train.id) appears twice; the second is ignored", ids: [train.id]))
                continue
            }
            guard railways[train.railwayId] != nil else {
                warnings.append(.init(.unknownRailway, "train \(train.id) runs on unknown railway \(train.railwayId); ignored",
                                      ids: [train.id, train.railwayId]))
                continue
            }
            guard !train.stops.isEmpty else {
                warnings.append(.init(.emptyTrain, "train \(train.id) has no stops; ignored", ids: [train.id]))
                continue
            }
            trains.append(train)
        }
        let trainIds = Set(trains.map(\.id))

        // Servings per railway, to compare with the railways' own station lists.
        var served: [String: Set<String>] = [:]
        for index in trains.indices {
            let train = trains[index]
            if !typeIds.contains(train.typeId) {
                typeIds.insert(train.typeId)
                let category = TrainTypeCategories.category(typeId: train.typeId)
                dataset.trainTypes.append(.init(id: train.typeId, name: placeholderName(train.typeId), category: category))
                warnings.append(.init(.unknownTrainType, "train type \(train.typeId) (train \(train.id)) is not in the train type list; added as \(category.rawValue)",
                                      ids: [train.typeId, train.id]))
            }
            if !directionIds.contains(train.directionId) {
                directionIds.insert(train.directionId)
                dataset.directions.append(.init(id: train.directionId, name: placeholderName(train.directionId)))
                warnings.append(.init(.unknownDirection, "direction \(train.directionId) (train \(train.id)) is not in the direction list; added",
                                      ids: [train.directionId, train.id]))
            }
            for station in train.stops.map(\.station) + train.origins + train.destinations where stations[station] == nil {
                let placeholder = TimetableDataset.Station(id: station, railwayId: railways[railwayPrefix(of: station)] != nil ? railwayPrefix(of: station) : nil,
                                                           name: placeholderName(station), coordinate: nil)
                stations[station] = placeholder
                dataset.stations.append(placeholder)
                warnings.append(.init(.unknownStation, "station \(station) (train \(train.id)) is not in the station list; added without coordinates",
                                      ids: [station, train.id]))
            }
            for link in train.next where !trainIds.contains(link) {
                warnings.append(.init(.danglingThroughService, "train \(train.id) continues as \(link), which does not exist; link dropped",
                                      ids: [train.id, link]))
            }
            for link in train.previous where !trainIds.contains(link) {
                warnings.append(.init(.danglingThroughService, "train \(train.id) continues from \(link), which does not exist; link dropped",
                                      ids: [train.id, link]))
            }
            trains[index].next.removeAll { !trainIds.contains($0) }
            trains[index].previous.removeAll { !trainIds.contains($0) }
            checkTimes(train, latest: dataset.source.latestMinute, warnings: &warnings)
            served[train.railwayId, default: []].formUnion(train.stops.map(\.station))
        }
        dataset.trains = trains

        for railway in dataset.railways {
            let listed = Set(railway.stations)
            let strays = (served[railway.id] ?? []).subtracting(listed).sorted()
            if !strays.isEmpty {
                warnings.append(.init(.railwayStationMismatch,
                                      "trains of \(railway.id) stop at \(strays.count) station(s) missing from its station list: \(strays.prefix(5).joined(separator: ", "))\(strays.count > 5 ? ", …" : "")",
                                      ids: [railway.id] + strays))
            }
            for station in railway.stations where stations[station] == nil {
                warnings.append(.init(.unknownStation, "railway \(railway.id) lists station \(station), which is not in the station list",
                                      ids: [station, railway.id]))
            }
        }
    }

    /// The reference records, before anything refers to them: one record per id (the database
    /// holds ids unique; the second would stop the import with a raw SQLite error), coordinates on
    /// Earth, a station's railway one that exists, complexes of known stations, shapes of known
    /// railways. What is dropped is always a warning naming the file and the id.
    private static func validateReference(_ dataset: inout TimetableDataset, warnings: inout [ImportWarning]) {
        let files = SourceFiles(format: dataset.source.format)
        func unique<T>(_ records: inout [T], id: (T) -> String, what: String, file: String) {
            var seen = Set<String>()
            records = records.filter { record in
                guard seen.insert(id(record)).inserted else {
                    warnings.append(.init(.duplicateId, "\(file): \(what) \(id(record)) appears twice; the second is ignored",
                                          ids: [id(record)]))
                    return false
                }
                return true
            }
        }
        unique(&dataset.operators, id: \.id, what: "operator", file: files.operators)
        unique(&dataset.directions, id: \.id, what: "direction", file: files.directions)
        unique(&dataset.railways, id: \.id, what: "railway", file: files.railways)
        unique(&dataset.stations, id: \.id, what: "station", file: files.stations)
        unique(&dataset.trainTypes, id: \.id, what: "train type", file: files.trainTypes)

        let railways = Set(dataset.railways.map(\.id))
        for index in dataset.stations.indices {
            let station = dataset.stations[index]
            if let point = station.coordinate, !isOnEarth(point) {
                warnings.append(.init(.badCoordinates,
                                      "\(files.stations): station \(station.id) has coordinates [\(number(point.longitude)), \(number(point.latitude))] (longitude, latitude) that are not on Earth; kept without coordinates",
                                      ids: [station.id]))
                dataset.stations[index].coordinate = nil
            }
            if let railway = station.railwayId, !railways.contains(railway) {
                warnings.append(.init(.unknownRailway,
                                      "\(files.stations): station \(station.id) names railway \(railway), which is not in \(files.railways); kept without a railway",
                                      ids: [station.id, railway]))
                dataset.stations[index].railwayId = nil
            }
        }
        let stations = Set(dataset.stations.map(\.id))
        for complex in dataset.complexes {
            for station in complex.joined() where !stations.contains(station) {
                warnings.append(.init(.unknownComplexMember, "a station complex lists \(station), which is not in \(files.stations); left out of it",
                                      ids: [station]))
            }
        }
        for (railway, parts) in dataset.shapes.sorted(by: { $0.key < $1.key }) {
            if !railways.contains(railway) {
                warnings.append(.init(.shapeProblem, "the shape of \(railway) is dropped: no such railway in \(files.railways)", ids: [railway]))
                dataset.shapes[railway] = nil
            } else if parts.contains(where: { $0.contains { !isOnEarth($0) } }) {
                warnings.append(.init(.badCoordinates, "the shape of \(railway) has points that are not on Earth; dropped", ids: [railway]))
                dataset.shapes[railway] = nil
            }
        }
    }

    static func isOnEarth(_ point: GeoPoint) -> Bool {
        point.latitude.isFinite && point.longitude.isFinite && (-90...90).contains(point.latitude) && (-180...180).contains(point.longitude)
    }

    /// A coordinate for a message: as given, but one line and short whatever it is.
    private static func number(_ value: Double) -> String {
        abs(value) < 1e6 ? String(value) : String(format: "%.3g", value)
    }

    /// Where each kind of record comes from in each format, for messages.
    struct SourceFiles {
        var stations = "stations", railways = "railways", operators = "operators", directions = "directions", trainTypes = "train types"

        init(format: String) {
            switch format {
            case "minitokyo3d":
                (stations, railways, operators, directions, trainTypes) =
                    ("stations.json", "railways.json", "operators.json", "rail-directions.json", "train-types.json")
            case "odpt":
                (stations, railways, operators, directions, trainTypes) =
                    ("odpt_Station.json", "odpt_Railway.json", "odpt_Operator.json", "odpt_RailDirection.json", "odpt_TrainType.json")
            case "gtfs":
                (stations, railways, operators, directions, trainTypes) =
                    ("stops.txt", "routes.txt", "agency.txt", "trips.txt", "routes.txt")
            default:
                break
            }
        }
    }

    /// Times must not go backwards along a train, and must fall inside the source's service day:
    /// Tokyo's 03:00–26:59, or a GTFS feed's 03:00–47:59 (its night trains run on its own clock).
    private static func checkTimes(_ train: TimetableDataset.Train, latest: Int, warnings: inout [ImportWarning]) {
        var previous: (minute: Int, station: String)?
        for stop in train.stops {
            for minute in [stop.arrival, stop.departure].compactMap({ $0 }) {
                let time = ServiceMinute(minute)
                if minute < ServiceMinute.dayStart || minute > latest {
                    warnings.append(.init(.timeOutsideServiceDay,
                                          "train \(train.id) at \(stop.station): \(time.serviceClock) is outside the service day 03:00–\(ServiceMinute(latest).serviceClock)",
                                          ids: [train.id, stop.station]))
                }
                if let previous, minute < previous.minute {
                    warnings.append(.init(.timeBackwards,
                                          "train \(train.id): \(time.serviceClock) at \(stop.station) comes before \(ServiceMinute(previous.minute).serviceClock) at \(previous.station)",
                                          ids: [train.id, stop.station]))
                }
                previous = (minute, stop.station)
            }
        }
    }

    /// `Operator.Railway` of a station id `Operator.Railway.Station`.
    private static func railwayPrefix(of stationId: String) -> String {
        stationId.split(separator: ".").dropLast().joined(separator: ".")
    }

    private static func placeholderName(_ id: String) -> LocalizedName {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        return LocalizedName(ja: last, en: last)
    }
}
