import EkiCore
import Foundation
import GRDB

extension TimetableWriter {
    /// Interns the dataset's string ids to integer row ids while writing, table by table.
    struct Builder {
        let db: Database
        let dataset: TimetableDataset
        var operatorIds: [String: Int64] = [:]
        var directionIds: [String: Int64] = [:]
        var railwayIds: [String: Int64] = [:]
        var stationIds: [String: Int64] = [:]
        var typeIds: [String: Int64] = [:]
        var serviceIds: [String: Int64] = [:]
        var trainIds: [String: Int64] = [:]
        /// Station row id → platform group number (through-service rule).
        var platformGroup: [Int64: Int64] = [:]

        init(db: Database, dataset: TimetableDataset) {
            self.db = db
            self.dataset = dataset
        }

        private static func intern(_ ids: [String]) -> [String: Int64] {
            var map: [String: Int64] = [:]
            map.reserveCapacity(ids.count)
            for id in ids where map[id] == nil { map[id] = Int64(map.count + 1) }
            return map
        }

        mutating func writeReference(_ summary: inout TimetableWriter.Summary) throws {
            operatorIds = Self.intern(dataset.operators.map(\.id))
            let insertOperator = try db.makeStatement(sql: "INSERT INTO operator VALUES (?, ?, ?, ?, ?)")
            for op in dataset.operators {
                try insertOperator.execute(arguments: [operatorIds[op.id], op.id, op.name.ja, op.name.en, op.color])
            }

            directionIds = Self.intern(dataset.directions.map(\.id))
            let insertDirection = try db.makeStatement(sql: "INSERT INTO direction VALUES (?, ?, ?, ?, ?, ?)")
            for direction in dataset.directions {
                try insertDirection.execute(arguments: [directionIds[direction.id], direction.id,
                                                        direction.name.ja, direction.name.en,
                                                        direction.toward?.ja, direction.toward?.en])
            }

            railwayIds = Self.intern(dataset.railways.map(\.id))
            let insertRailway = try db.makeStatement(sql: "INSERT INTO railway VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            let operators = Dictionary(dataset.operators.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for railway in dataset.railways {
                // Riders also say the operator first ("Tokyu Toyoko", 東急東横線 is 東横線 here).
                let operatorName = railway.operatorId.flatMap { operators[$0] }
                var words = SearchKey.words(railway.name.ja) + SearchKey.words(railway.name.en)
                if let operatorName {
                    words += SearchKey.words(operatorName.en)
                    words.append(SearchKey.fold(operatorName.en + railway.name.en))
                    words.append(SearchKey.fold(operatorName.ja + railway.name.ja))
                }
                try insertRailway.execute(arguments: [
                    railwayIds[railway.id], railway.id, railway.operatorId.flatMap { operatorIds[$0] },
                    railway.name.ja, railway.name.en, railway.color, railway.shortName,
                    railway.ascending.flatMap { directionIds[$0] }, railway.descending.flatMap { directionIds[$0] },
                    railway.isLoop, SearchKey.fold(railway.name.ja), SearchKey.fold(railway.name.en),
                    Self.uniqueWords(words),
                ])
            }
            summary.railways = dataset.railways.count

            try writeStations(&summary)
            let insertTransfer = try db.makeStatement(sql: "INSERT OR REPLACE INTO station_transfer VALUES (?, ?, ?, ?, ?)")
            for transfer in dataset.transfers {
                guard let from = stationIds[transfer.from], let to = stationIds[transfer.to] else { continue }
                try insertTransfer.execute(arguments: [from, to, transfer.minutes, transfer.kind, transfer.basis])
            }
            let insertCross = try db.makeStatement(sql: "INSERT OR REPLACE INTO station_cross VALUES (?, ?, ?, ?, ?, ?)")
            for cross in dataset.crosses {
                guard let from = stationIds[cross.from], let to = stationIds[cross.to],
                      let arriving = directionIds[cross.arriving], let departing = directionIds[cross.departing] else { continue }
                try insertCross.execute(arguments: [from, to, arriving, departing, cross.minutes, cross.basis])
            }

            let insertRailwayStation = try db.makeStatement(sql: "INSERT INTO railway_station VALUES (?, ?, ?)")
            for railway in dataset.railways {
                for (position, station) in railway.stations.enumerated() {
                    guard let stationId = stationIds[station] else { continue }
                    try insertRailwayStation.execute(arguments: [railwayIds[railway.id], position, stationId])
                }
            }

            let insertShape = try db.makeStatement(sql: "INSERT INTO railway_shape VALUES (?, ?, ?)")
            for (railway, parts) in dataset.shapes.sorted(by: { $0.key < $1.key }) {
                guard let railwayId = railwayIds[railway] else { continue }
                for (part, points) in parts.enumerated() where !points.isEmpty {
                    try insertShape.execute(arguments: [railwayId, part, Data(Self.packPoints(points))])
                }
            }

            typeIds = Self.intern(dataset.trainTypes.map(\.id))
            let insertType = try db.makeStatement(sql: "INSERT INTO train_type VALUES (?, ?, ?, ?, ?, ?)")
            for type in dataset.trainTypes {
                try insertType.execute(arguments: [typeIds[type.id], type.id, type.name.ja, type.name.en, type.category.code,
                                                   type.classified])
            }

            serviceIds = Self.intern(dataset.services.map(\.id))
            let insertService = try db.makeStatement(sql: "INSERT INTO service VALUES (?, ?, ?, ?, ?)")
            let insertServiceDate = try db.makeStatement(sql: "INSERT OR IGNORE INTO service_date VALUES (?, ?)")
            for service in dataset.services {
                let name = service.name ?? ScheduleNames.name(kind: service.kind.rawValue, id: service.id)
                try insertService.execute(arguments: [serviceIds[service.id], service.id, service.kind.rawValue, name.ja, name.en])
                for date in service.dates {
                    try insertServiceDate.execute(arguments: [serviceIds[service.id], date])
                }
            }

            let insertCalendar = try db.makeStatement(sql: "INSERT OR IGNORE INTO feed_calendar VALUES (?, ?, ?, ?, ?, ?)")
            let insertCalendarDate = try db.makeStatement(sql: "INSERT OR REPLACE INTO feed_calendar_date VALUES (?, ?, ?)")
            for calendar in dataset.calendars {
                try insertCalendar.execute(arguments: [calendar.id, calendar.name.ja, calendar.name.en,
                                                       calendar.weekdays.map { $0.map { $0 ? "1" : "0" }.joined() },
                                                       calendar.start, calendar.end])
                for (dates, added) in [(calendar.added, true), (calendar.removed, false)] {
                    for date in dates { try insertCalendarDate.execute(arguments: [calendar.id, date, added]) }
                }
            }
        }

        private mutating func writeStations(_ summary: inout TimetableWriter.Summary) throws {
            stationIds = Self.intern(dataset.stations.map(\.id))
            // Complexes from the groups, then one complex of its own for every ungrouped station.
            var complexOf: [String: (complex: Int64, group: Int64)] = [:]
            var complexes: [[String]] = []
            var nextGroup: Int64 = 1
            for complex in dataset.complexes {
                let index = Int64(complexes.count + 1)
                var members: [String] = []
                for group in complex {
                    for station in group where stationIds[station] != nil && complexOf[station] == nil {
                        complexOf[station] = (index, nextGroup)
                        members.append(station)
                    }
                    nextGroup += 1
                }
                if !members.isEmpty { complexes.append(members) } else { nextGroup -= Int64(complex.count) }
            }
            for station in dataset.stations where complexOf[station.id] == nil {
                complexOf[station.id] = (Int64(complexes.count + 1), nextGroup)
                complexes.append([station.id])
                nextGroup += 1
            }

            let stationsById = Dictionary(dataset.stations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let insertComplex = try db.makeStatement(sql: "INSERT INTO station_complex VALUES (?, ?, ?, ?, ?)")
            for (index, members) in complexes.enumerated() {
                let first = stationsById[members[0]]!
                let coordinates = members.compactMap { stationsById[$0]?.coordinate }
                let center = coordinates.isEmpty ? nil : GeoPoint(
                    latitude: coordinates.map(\.latitude).reduce(0, +) / Double(coordinates.count),
                    longitude: coordinates.map(\.longitude).reduce(0, +) / Double(coordinates.count))
                try insertComplex.execute(arguments: [index + 1, first.name.ja, first.name.en,
                                                      center?.latitude, center?.longitude])
            }

            let insertStation = try db.makeStatement(sql: """
                INSERT INTO station(id, code, public_id, railway_id, complex_id, platform_group, name_ja, name_en,
                                    latitude, longitude, search_ja, search_en, search_words)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insertAlias = try db.makeStatement(sql: "INSERT OR IGNORE INTO station_alias VALUES (?, ?, ?)")
            for station in dataset.stations {
                guard let id = stationIds[station.id], let place = complexOf[station.id] else { continue }
                platformGroup[id] = place.group
                let publicId = station.publicId.flatMap { $0 == station.id ? nil : $0 }
                for alias in Set(station.aliases + [publicId].compactMap { $0 }) where alias != station.id {
                    try insertAlias.execute(arguments: [alias, id, station.aliasDirections[alias].flatMap { directionIds[$0] }])
                }
                try insertStation.execute(arguments: [
                    id, station.id, publicId, station.railwayId.flatMap { railwayIds[$0] }, place.complex, place.group,
                    station.name.ja, station.name.en, station.coordinate?.latitude, station.coordinate?.longitude,
                    SearchKey.fold(station.name.ja), SearchKey.fold(station.name.en),
                    Self.uniqueWords(SearchKey.words(station.name.ja) + SearchKey.words(station.name.en)),
                ])
            }
            summary.stations = stationIds.count
            summary.complexes = complexes.count
        }

        /// Word keys stored space-separated (a folded key never holds a space).
        static func uniqueWords(_ words: [String]) -> String {
            var seen = Set<String>()
            return words.filter { seen.insert($0).inserted }.joined(separator: " ")
        }

        static func packPoints(_ points: [GeoPoint]) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(points.count * 8)
            for point in points {
                for degrees in [point.latitude, point.longitude] {
                    // The validator drops points off Earth; this never traps whatever reaches it.
                    let micro = degrees.isFinite ? Int32((min(max(degrees, -180), 180) * 1_000_000).rounded()) : 0
                    withUnsafeBytes(of: micro.littleEndian) { bytes.append(contentsOf: $0) }
                }
            }
            return bytes
        }

        mutating func writeTrains(_ summary: inout TimetableWriter.Summary) throws {
            trainIds = Self.intern(dataset.trains.map(\.id))
            let insertTrain = try db.makeStatement(sql: "INSERT INTO train VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            let insertTerminal = try db.makeStatement(sql: "INSERT OR IGNORE INTO train_terminal VALUES (?, ?, ?, ?)")
            let insertName = try db.makeStatement(sql: "INSERT INTO train_name VALUES (?, ?, ?, ?)")
            let insertLink = try db.makeStatement(sql: "INSERT OR IGNORE INTO train_link VALUES (?, ?)")
            var trainsPerService: [[Int64]: Int] = [:]
            for train in dataset.trains {
                guard let id = trainIds[train.id], let railway = railwayIds[train.railwayId],
                      let service = serviceIds[train.serviceId] else {
                    throw StoreError.inconsistent("train \(train.id) refers to an unknown railway or service")
                }
                let stops = StopList(train.stops.compactMap { stop in
                    stationIds[stop.station].map { StopList.Stop(station: StationHandle($0), arrival: stop.arrival, departure: stop.departure) }
                })
                try insertTrain.execute(arguments: [
                    id, train.id, train.publicId.flatMap { $0 == train.id ? nil : $0 },
                    train.headsign?.ja, train.headsign?.en, railway, service, train.number, typeIds[train.typeId],
                    directionIds[train.directionId], train.vehicle, Data(stops.encoded()),
                ])
                for (kind, stations) in [(0, train.origins), (1, train.destinations)] {
                    for (position, station) in stations.enumerated() {
                        guard let stationId = stationIds[station] else { continue }
                        try insertTerminal.execute(arguments: [id, kind, position, stationId])
                    }
                }
                for (position, name) in train.names.enumerated() {
                    try insertName.execute(arguments: [id, position, name.ja, name.en])
                }
                // Links may be written on either side (nt here, pt there); store each once.
                for next in train.next {
                    if let nextId = trainIds[next] { try insertLink.execute(arguments: [id, nextId]); summary.links += 1 }
                }
                for previous in train.previous {
                    if let previousId = trainIds[previous] { try insertLink.execute(arguments: [previousId, id]) }
                }
                trainsPerService[[railway, service], default: 0] += 1
                summary.stopEvents += stops.stops.count
            }
            try writeLoopRunEnds()
            summary.trains = trainIds.count
            summary.links = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM train_link") ?? 0
            let insertRailwayService = try db.makeStatement(sql: "INSERT INTO railway_service VALUES (?, ?, ?)")
            for (key, count) in trainsPerService.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                try insertRailwayService.execute(arguments: [key[0], key[1], count])
            }
        }

        /// One departure row per stop a train leaves from, plus the through-service rows: a part that
        /// ends here and continues as another railway's part from the same platform group departs
        /// here too, at that part's first departure, as the platform's board shows it.
        mutating func writeDepartures(_ summary: inout TimetableWriter.Summary) throws {
            struct Row: Comparable {
                var station: Int64, direction: Int64, service: Int64, minute: Int64, train: Int64, stop: Int64
                static func < (a: Row, b: Row) -> Bool {
                    (a.station, a.direction, a.service, a.minute, a.train) < (b.station, b.direction, b.service, b.minute, b.train)
                }
            }
            var firstDeparture: [Int64: (station: Int64, minute: Int)] = [:]
            for train in dataset.trains {
                guard let first = train.stops.first, let minute = first.departure,
                      let station = stationIds[first.station], let id = trainIds[train.id] else { continue }
                firstDeparture[id] = (station, minute)
            }
            var rows: [Row] = []
            rows.reserveCapacity(summary.stopEvents)
            for train in dataset.trains {
                guard let id = trainIds[train.id], let direction = directionIds[train.directionId],
                      let service = serviceIds[train.serviceId] else { continue }
                for (index, stop) in train.stops.enumerated().dropLast() {
                    guard let minute = stop.departure, let station = stationIds[stop.station] else { continue }
                    rows.append(Row(station: station, direction: direction, service: service,
                                    minute: Int64(minute), train: id, stop: Int64(index)))
                }
                guard let last = train.stops.last, let lastStation = stationIds[last.station] else { continue }
                for next in train.next {
                    guard let nextId = trainIds[next], let continuing = firstDeparture[nextId],
                          continuing.station != lastStation,
                          platformGroup[continuing.station] == platformGroup[lastStation] else { continue }
                    rows.append(Row(station: lastStation, direction: direction, service: service,
                                    minute: Int64(continuing.minute), train: nextId, stop: 0))
                    summary.throughDepartures += 1
                }
            }
            // Inserting in key order packs the clustered table's pages full.
            rows.sort()
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO departure VALUES (?, ?, ?, ?, ?, ?)")
            for row in rows {
                insert.setUncheckedArguments([row.station, row.direction, row.service, row.minute, row.train, row.stop])
                try insert.execute()
            }
            summary.departures = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM departure") ?? 0
            summary.latestMinute = Int(rows.map(\.minute).max() ?? 0)
            try writeStationCounts()
        }

        /// How many trains stop at each station (search ranks big stations first) and how many
        /// departures it has (nearby leaves out stations no train leaves from).
        private func writeStationCounts() throws {
            var trains: [Int64: Int] = [:]
            for train in dataset.trains {
                for station in Set(train.stops.compactMap({ stationIds[$0.station] })) { trains[station, default: 0] += 1 }
            }
            let departures = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: """
                SELECT station_id, COUNT(*) FROM departure GROUP BY station_id
                """).map { ($0[0] as Int64, $0[1] as Int) })
            let update = try db.makeStatement(sql: "UPDATE station SET trains = ?, departures = ? WHERE id = ?")
            for id in stationIds.values {
                try update.execute(arguments: [trains[id] ?? 0, departures[id] ?? 0, id])
            }
        }
    }
}
