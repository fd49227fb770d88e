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
        /// The day it leaves on, days changing at 03:00: later than the board's `serviceDate` for
        /// the next day's trains, which a board shows under a line saying so.
        public var day: CivilDate
        /// Its minute on the clock of the board's service day (yesterday's 27:11 is 191, 03:11).
        public var boardMinute: Int
        /// The service day the board was asked for: a row whose `day` is later is the next day's.
        public var askedDay: CivilDate
        public var isNextDay: Bool { day > askedDay }
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
    /// The station ids a rider means by `query`: a station id (a feed's stop_id names the station of
    /// each route there), or every station of the complex whose
    /// Japanese or English name folds to the same search key. Empty when nothing matches exactly.
    public func stations(matching query: String) -> [Reference.Station] {
        // An id: the station's own, or one riders use (a GTFS stop_id, parent or platform).
        let named = reference.stations(named: query)
        if !named.isEmpty { return named }
        let key = SearchKey.fold(query)
        guard !key.isEmpty else { return [] }
        return reference.stations.complexes(withKey: key).flatMap { complex in
            (reference.complexes[complex]?.stations ?? []).compactMap { reference.stations[$0] }
        }
    }

    /// Station names that come close to `query`, for "did you mean" lists: only stations trains
    /// leave from, as the others would fail the same way.
    public func suggestions(for query: String, limit: Int = 5) -> [Reference.Station] {
        let key = SearchKey.fold(query)
        guard !key.isEmpty else { return [] }
        var seen = Set<ComplexHandle>()
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
        if let known = directionsByStation.withLock({ $0[station.handle] }) { return known }
        let rowIds = try reader.read { db in
            try Int64.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT direction_id FROM departure WHERE station_id = ?"),
                               arguments: [station.handle.row])
        }
        let railway = station.railway.flatMap { reference.railways[$0] }
        let order = [railway?.ascending, railway?.descending].compactMap { $0 }
        let directions = reference.directions.values.filter { rowIds.contains($0.handle.row) }
            .sorted { (order.firstIndex(of: $0.handle) ?? 9, $0.id) < (order.firstIndex(of: $1.handle) ?? 9, $1.id) }
        directionsByStation.withLock { $0[station.handle] = directions }
        return directions
    }

    /// The next `limit` departures from `station` toward `direction` after `instant`, whichever
    /// service day they belong to: a night train of yesterday's service leaving at 03:11 (27:11 on
    /// its own clock) is on the board at 03:10 beside today's 03:31, and after the day's last train
    /// come the next day's first (their rows' `day` says which day they are).
    public func nextDepartures(station: Reference.Station, direction: Reference.Direction,
                               at instant: ServiceInstant, limit: Int) throws -> Board {
        try nextDepartures(station: station, direction: direction, at: instant, limit: limit, read: nil)
    }

    /// `read`: the asked service day's whole board at `instant` and its timetable
    /// (`stationTimetable(read:)`), when the caller has them already (station detail), so the day
    /// is not read again.
    func nextDepartures(station: Reference.Station, direction: Reference.Direction, at instant: ServiceInstant,
                        limit: Int, read: (whole: Board, day: [Board.Row])?) throws -> Board {
        let today = instant.serviceDate, minute = instant.minute.value
        var board: Board
        if let read {
            board = read.whole
            board.rows = Array(read.whole.rows.lazy.filter { $0.departure.time.value >= minute }.prefix(limit))
        } else {
            board = try dayBoard(station: station, direction: direction, serviceDate: today, from: minute, limit: limit, at: instant)
        }
        // Yesterday's service, where it runs on past this moment (a feed's times past 24:00 + now).
        if latestMinute >= minute + 1440 {
            board.rows += try dayBoard(station: station, direction: direction, serviceDate: today.adding(days: -1),
                                       from: minute + 1440, limit: limit, at: instant).rows
        }
        // Tomorrow's: to fill the board, or because today's late trains may leave after its first.
        if board.rows.count < limit || latestMinute >= 1440 + ServiceMinute.dayStart {
            board.rows += try dayBoard(station: station, direction: direction, serviceDate: today.adding(days: 1),
                                       from: 0, limit: limit, at: instant).rows
        }
        board.rows.sort { ($0.minutesUntil, $0.departure.ids.id) < ($1.minutesUntil, $1.departure.ids.id) }
        if board.rows.count > limit { board.rows.removeLast(board.rows.count - limit) }
        board.lastTrainGone = board.rows.first.map { $0.day > today } ?? true
        if board.lastTrainGone {
            board.noTrainsThisDay = try read.map { $0.day.isEmpty }
                ?? stationTimetable(station: station, direction: direction, serviceDate: today, limit: 1).rows.isEmpty
        }
        return board
    }

    /// The whole day's timetable of one station and direction, from 03:00 to 03:00 the next
    /// morning: the day's own trains, and those of the day before that leave after 03:00 (a feed's
    /// night trains at 27:11). Times are on the day's clock (27:11 of the day before is 03:11).
    public func stationTimetable(station: Reference.Station, direction: Reference.Direction,
                                 serviceDate: CivilDate, limit: Int = .max) throws -> Board {
        try stationTimetable(station: station, direction: direction, serviceDate: serviceDate, limit: limit, read: nil)
    }

    /// `read`: the service day's whole board, read at any moment of that day (station detail's).
    func stationTimetable(station: Reference.Station, direction: Reference.Direction, serviceDate: CivilDate,
                          limit: Int = .max, read: Board?) throws -> Board {
        let start = ServiceInstant(serviceDate: serviceDate, minute: ServiceMinute(ServiceMinute.dayStart))
        let nextDay = 1440 + ServiceMinute.dayStart
        var board: Board
        if let read {
            // The same rows, counted from 03:00 as a timetable's are.
            board = read
            board.rows = read.rows.map { row in
                var row = row
                row.minutesUntil = row.boardMinute - start.minute.value
                return row
            }
        } else {
            board = try dayBoard(station: station, direction: direction, serviceDate: serviceDate, from: 0, limit: limit, at: start)
        }
        board.rows.removeAll { $0.departure.time.value >= nextDay }
        if latestMinute >= nextDay {
            board.rows += try dayBoard(station: station, direction: direction, serviceDate: serviceDate.adding(days: -1),
                                       from: nextDay, limit: limit, at: start).rows
            board.rows.sort { ($0.minutesUntil, $0.departure.ids.id) < ($1.minutesUntil, $1.departure.ids.id) }
            if board.rows.count > limit { board.rows.removeLast(board.rows.count - limit) }
        }
        return board
    }

    /// One service day's board from a minute on (the timeline reads a whole day through it once).
    func dayBoard(station: Reference.Station, direction: Reference.Direction, serviceDate: CivilDate,
                  from minute: Int, limit: Int, at instant: ServiceInstant) throws -> Board {
        let day = reference.scheduleDay(serviceDate)
        let railway = station.railway.flatMap { reference.railways[$0] }
        let schedule = railway.flatMap { reference.service(of: $0, on: day) }
        var board = Board(station: station, direction: direction, serviceDate: serviceDate, day: day,
                          schedule: schedule, rows: [], lastTrainGone: false)
        if serviceDate != instant.serviceDate {
            // The board is the asked day's, whichever day its rows come from.
            board.serviceDate = instant.serviceDate
            board.day = reference.scheduleDay(instant.serviceDate)
            board.schedule = railway.flatMap { reference.service(of: $0, on: board.day) }
        }
        guard let schedule, let serviceRowId = reference.serviceRowIds[schedule] else { return board }
        let departures = try reader.read { db in
            try self.departures(db, station: station.handle.row, direction: direction.handle.row, service: serviceRowId,
                                from: minute, limit: limit)
        }
        let dayOffset = (serviceDate.daysSinceEpoch - instant.serviceDate.daysSinceEpoch) * 1440
        board.rows = departures.map { departure in
            let fromAsked = dayOffset + departure.time.value
            return Board.Row(departure: departure, serviceDate: serviceDate,
                             minutesUntil: fromAsked - instant.minute.value,
                             destination: destinationName(of: departure, from: station),
                             day: instant.serviceDate.adding(days: Self.dayIndex(fromAsked)), boardMinute: fromAsked,
                             askedDay: instant.serviceDate)
        }
        return board
    }

    /// Which day after the asked service day a minute on its clock falls on, days changing at 03:00
    /// (27:11 is the next day's 03:11, 26:59 still the asked day's).
    static func dayIndex(_ minute: Int) -> Int {
        Int((Double(minute - ServiceMinute.dayStart) / 1440).rounded(.down))
    }

    /// Where a departure goes in words: its destination stations; on a loop line without one,
    /// the next two major stations ahead, as the Yamanote line's signs say (渋谷・新宿方面).
    public func destinationName(of departure: Departure, from station: Reference.Station) -> LocalizedName {
        if !departure.destinations.isEmpty {
            let names = departure.destinations.compactMap { reference.stations.name(of: $0) }
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
