import EkiCore

/// A platform board's future until the service day ends, for clients that fetch once and then
/// show it on their own (a home-screen widget): one entry for each moment the board changes.
public struct Timeline: Sendable {
    public struct Entry: Sendable {
        /// The entry holds from this minute until the next entry's.
        public var at: ServiceInstant
        /// What `nextDepartures` shows at `at`, minutes counted from `at`.
        public var rows: [Board.Row]
        /// No train left on the service day: the rows are the next day's first trains.
        public var lastTrainGone: Bool
    }

    public var station: Reference.Station
    public var direction: Reference.Direction
    public var serviceDate: CivilDate
    public var day: ScheduleDay
    public var schedule: String?
    /// The moment asked for: the first entry's.
    public var generatedAt: ServiceInstant
    /// 03:00 after the service day: a new day's timetable starts, and the entries stop.
    public var reloadAfter: ServiceInstant
    public var entries: [Entry]
}

extension Timetable {
    /// The board of `station` toward `direction` from `instant` to the end of its service day.
    /// A train leaving at 07:31 is still on the board at 07:31 (as in `nextDepartures`), so the
    /// board changes at 07:32. Reads the rest of the day once and the next day's first trains
    /// once, rather than a board per entry: a busy platform has some 300 entries a day.
    public func timeline(station: Reference.Station, direction: Reference.Direction,
                         at instant: ServiceInstant, limit: Int) throws -> Timeline {
        let today = try dayBoard(station: station, direction: direction, serviceDate: instant.serviceDate,
                                 from: instant.minute.value, limit: .max, at: instant)
        var rows = today.rows
        // Yesterday's night trains still to leave, and tomorrow's first (which may come between
        // today's last on a railway that never sleeps).
        if latestMinute >= instant.minute.value + 1440 {
            rows += try dayBoard(station: station, direction: direction, serviceDate: instant.serviceDate.adding(days: -1),
                                 from: instant.minute.value + 1440, limit: .max, at: instant).rows
        }
        let nextDay = instant.serviceDate.adding(days: 1)
        rows += try dayBoard(station: station, direction: direction, serviceDate: nextDay,
                             from: 0, limit: latestMinute >= 1440 + ServiceMinute.dayStart ? .max : limit, at: instant).rows
        rows.sort { ($0.boardMinute, $0.departure.ids.id) < ($1.boardMinute, $1.departure.ids.id) }
        let todays = rows.filter { $0.day == instant.serviceDate }
        let dayOver = ServiceMinute.dayEnd + 1
        var entries: [Timeline.Entry] = []
        var next = 0   // index of the first row still on the board
        for minute in Self.boardChanges(from: instant.minute.value, departures: todays, before: dayOver) {
            while next < rows.count, rows[next].boardMinute < minute { next += 1 }
            let elapsed = minute - instant.minute.value
            entries.append(Timeline.Entry(
                at: ServiceInstant(serviceDate: instant.serviceDate, minute: ServiceMinute(minute)),
                rows: rows[next..<min(next + limit, rows.count)].map { row in
                    var row = row
                    row.minutesUntil -= elapsed
                    return row
                },
                lastTrainGone: !todays.contains { $0.boardMinute >= minute }))
        }
        return Timeline(station: station, direction: direction, serviceDate: today.serviceDate, day: today.day,
                        schedule: today.schedule, generatedAt: instant,
                        reloadAfter: ServiceInstant(serviceDate: nextDay, minute: ServiceMinute(ServiceMinute.dayStart)),
                        entries: entries)
    }

    /// The asked minute, then the minute after each departure time, in order and once each,
    /// while the service day lasts (after `dayOver` the asked day's board is no longer the one shown).
    static func boardChanges(from start: Int, departures: [Board.Row], before dayOver: Int) -> [Int] {
        var minutes = [start]
        for row in departures {
            let change = row.boardMinute + 1
            guard change < dayOver else { break }
            if let last = minutes.last, change > last { minutes.append(change) }
        }
        return minutes
    }
}
