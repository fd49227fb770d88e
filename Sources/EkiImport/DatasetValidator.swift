import EkiCore
import EkiStore

/// Checks a freshly read dataset and mends what it can, for every source format alike.
///
/// Nothing here is fatal: each oddity becomes a warning naming its ids, and the dataset is mended so
/// that every reference in it resolves (unknown stations and types get placeholders, dangling
/// through-service links are dropped, trains that cannot be placed are left out).
enum DatasetValidator {
    static func validate(_ dataset: inout TimetableDataset, warnings: inout [ImportWarning]) {
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
