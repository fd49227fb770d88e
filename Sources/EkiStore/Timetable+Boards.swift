import EkiCore
import GRDB

/// What a platform's departure board shows: one station, one direction, from a moment on.
public struct Board: Sendable {
    public struct Row: Sendable {
        public var departure: Departure
        /// The service day this departure belongs to (the next one after the last train).
        public var serviceDate: CivilDate
        /// Minutes from the asked moment until departure.
        public var minutesUntil: Int
        /// Where the train goes, as the platform sign says it.
        public var destination: LocalizedName
    }

    public var station: Reference.Station
    public var direction: Reference.Direction
    public var serviceDate: CivilDate
    public var day: ScheduleDay
    /// The calendar the station's railway runs that day (nil: no service that day).
    public var schedule: String?
    public var rows: [Row]
    /// True when no train is left on the asked service day: the rows are the next day's first trains.
    public var lastTrainGone: Bool
    /// True when no train leaves this way on the asked service day at all (a weekend-only service
    /// on a Tuesday): a board says so rather than that the service has ended.
    public var noTrainsThisDay = false
}

extension Timetable {
    /// The station ids a rider means by `query`: a station id, or every station of the complex whose
    /// Japanese or English name folds to the same search key. Empty when nothing matches exactly.
    public func stations(matching query: String) -> [Reference.Station] {
        if let station = reference.stations[query] { return [station] }
        let key = SearchKey.fold(query)
        guard !key.isEmpty else { return [] }
        let complexes = Set(reference.stations.values.filter { $0.searchKeys.contains(key) }.map(\.complex))
        return complexes.sorted().flatMap { complex in
            (reference.complexes[complex]?.stations ?? []).compactMap { reference.stations[$0] }
        }
    }

    /// Station names that come close to `query`, for "did you mean" lists: only stations trains
    /// leave from, as the others would fail the same way.
    public func suggestions(for query: String, limit: Int = 5) -> [Reference.Station] {
        let key = SearchKey.fold(query)
        guard !key.isEmpty else { return [] }
        var seen = Set<Int64>()
        let scored = reference.stations.values.compactMap { station -> (Int, Reference.Station)? in
            guard station.departures > 0 else { return nil }
            let keys = station.searchKeys
            if keys.contains(where: { $0.hasPrefix(key) }) { return (0, station) }
            if keys.contains(where: { $0.contains(key) }) { return (1, station) }
            if keys.contains(where: { key.hasPrefix($0) && $0.count >= 3 }) { return (2, station) }
            return nil
        }.sorted { ($0.0, $0.1.name.en) < ($1.0, $1.1.name.en) }
        return scored.compactMap { seen.insert($0.1.complex).inserted ? $0.1 : nil }.prefix(limit).map { $0 }
    }

    /// The directions trains leave this station in: the railway's ascending one first.
    public func directions(at station: Reference.Station) throws -> [Reference.Direction] {
        if let known = directionsByStation.withLock({ $0[station.rowId] }) { return known }
        let rowIds = try reader.read { db in
            try Int64.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT direction_id FROM departure WHERE station_id = ?"),
                               arguments: [station.rowId])
        }
        let railway = station.railway.flatMap { reference.railways[$0] }
        let order = [railway?.ascending, railway?.descending].compactMap { $0 }
        let directions = reference.directions.values.filter { rowIds.contains($0.rowId) }
            .sorted { (order.firstIndex(of: $0.id) ?? 9, $0.id) < (order.firstIndex(of: $1.id) ?? 9, $1.id) }
        directionsByStation.withLock { $0[station.rowId] = directions }
        return directions
    }

    /// The next `limit` departures from `station` toward `direction` after `instant`, running past the
    /// end of the service day into the next one's first trains.
    public func nextDepartures(station: Reference.Station, direction: Reference.Direction,
                               at instant: ServiceInstant, limit: Int) throws -> Board {
        let today = try dayBoard(station: station, direction: direction, serviceDate: instant.serviceDate,
                                 from: instant.minute.value, limit: limit, at: instant)
        var board = today
        if board.rows.count < limit {
            let tomorrow = try dayBoard(station: station, direction: direction,
                                        serviceDate: instant.serviceDate.adding(days: 1),
                                        from: 0, limit: limit - board.rows.count, at: instant)
            board.rows += tomorrow.rows
            board.lastTrainGone = today.rows.isEmpty
            if today.rows.isEmpty {
                board.noTrainsThisDay = try dayBoard(station: station, direction: direction, serviceDate: instant.serviceDate,
                                                     from: 0, limit: 1, at: instant).rows.isEmpty
            }
        }
        return board
    }

    /// The whole service day's timetable of one station and direction.
    public func stationTimetable(station: Reference.Station, direction: Reference.Direction,
                                 serviceDate: CivilDate) throws -> Board {
        try dayBoard(station: station, direction: direction, serviceDate: serviceDate, from: 0, limit: .max,
                     at: ServiceInstant(serviceDate: serviceDate, minute: ServiceMinute(ServiceMinute.dayStart)))
    }

    /// One service day's board from a minute on (the timeline reads a whole day through it once).
    func dayBoard(station: Reference.Station, direction: Reference.Direction, serviceDate: CivilDate,
                  from minute: Int, limit: Int, at instant: ServiceInstant) throws -> Board {
        let day = reference.scheduleDay(serviceDate)
        let schedule = station.railway.flatMap { reference.service(of: $0, on: day) }
        var board = Board(station: station, direction: direction, serviceDate: serviceDate, day: day,
                          schedule: schedule, rows: [], lastTrainGone: false)
        guard let schedule, let serviceRowId = reference.serviceRowIds[schedule] else { return board }
        let departures = try reader.read { db in
            try self.departures(db, station: station.rowId, direction: direction.rowId, service: serviceRowId,
                                from: minute, limit: limit)
        }
        let dayOffset = (serviceDate.daysSinceEpoch - instant.serviceDate.daysSinceEpoch) * 1440
        board.rows = departures.map { departure in
            Board.Row(departure: departure, serviceDate: serviceDate,
                      minutesUntil: dayOffset + departure.time.value - instant.minute.value,
                      destination: destinationName(of: departure, from: station))
        }
        return board
    }

    /// Where a departure goes in words: its destination stations; on a loop line without one,
    /// the next two major stations ahead, as the Yamanote line's signs say (渋谷・新宿方面).
    public func destinationName(of departure: Departure, from station: Reference.Station) -> LocalizedName {
        if !departure.destinations.isEmpty {
            let names = departure.destinations.compactMap { reference.stations[$0]?.name }
            return LocalizedName(ja: names.map(\.ja).joined(separator: "・"), en: names.map(\.en).joined(separator: " / "))
        }
        guard let railway = reference.railways[departure.railway], railway.isLoop else {
            return LocalizedName(ja: "", en: "")
        }
        let major = majorStationsAhead(on: railway, from: station, forward: departure.direction != railway.descending)
        guard !major.isEmpty else { return LocalizedName(ja: "", en: "") }
        let names = major.map(\.name)
        return LocalizedName(ja: names.map(\.ja).joined(separator: "・") + "方面",
                             en: "for " + names.map(\.en).joined(separator: " & "))
    }
}
