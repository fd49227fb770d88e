import EkiCore

/// Everything worth knowing about one station on its railway, for the moment a rider asks:
/// which side is which direction, the next trains both ways, the last trains, what stops here,
/// how often, and where else to change.
public struct StationDetail: Sendable {
    public var station: Reference.Station
    public var railway: Reference.Railway?
    public var instant: ServiceInstant
    public var day: ScheduleDay
    /// The calendar the railway runs on the asked service day (nil: no service).
    public var schedule: String?
    public var isLoop: Bool
    /// One side per direction trains leave in: toward the railway's first station, then toward its
    /// last (a loop: inner and outer). A terminus has one.
    public var sides: [Side]
    /// Train types leaving here on the service day, most frequent first.
    public var trainTypes: [TrainTypeCount]
    /// The complex's other railways: same platform group first, then the ones a walk away.
    public var connections: [Connection]

    /// One direction, drawn on one side of the rail diagram.
    public struct Side: Sendable {
        public var direction: Reference.Direction
        /// The adjacent station on this side, in railway order (not the next stop of an express).
        public var neighbour: Reference.Station?
        /// The end of the line on this side; nil on a loop.
        public var terminal: Reference.Station?
        /// Stations strictly between the neighbour and the terminal: 0 draws a solid link, more a
        /// dotted one. 0 also when the neighbour is the terminal.
        public var stationsBetween: Int
        /// On a loop: the next major stations ahead (渋谷・新宿方面), in place of a terminal.
        public var toward: [Reference.Station]
        /// Where the line ends here but trains go on as another railway's (the Toyoko's Shibuya
        /// toward the Fukutoshin line): that railway. The neighbour is then the adjacent station on
        /// it, toward where the trains run; terminal nil and stationsBetween 0, as this line ends here.
        public var throughRailway: Reference.Railway?
        /// No train leaves this way on the asked service day (a weekend-only service on a Tuesday):
        /// not "the service has ended", and the diagram leaves the side undrawn.
        public var noTrainsThisDay: Bool
        /// The next departures from the asked moment (into the next service day after the last train).
        public var next: [Board.Row]
        /// No train left on the service day: `next` holds the next day's first trains.
        public var lastTrainGone: Bool
        /// The last train of each category on the service day, in time order.
        public var lastTrains: [Board.Row]
        /// The last train to each destination, when trains go to more than one; in time order.
        public var lastByDestination: [Board.Row]
        /// Where the day's trains go, most trains first.
        public var destinations: [DestinationCount]
        /// Trains per period of the day.
        public var frequency: [PeriodCount]

        init(direction: Reference.Direction) {
            self.direction = direction
            neighbour = nil; terminal = nil; stationsBetween = 0; toward = []; throughRailway = nil
            noTrainsThisDay = false; next = []; lastTrainGone = false
            lastTrains = []; lastByDestination = []; destinations = []; frequency = []
        }
    }

    public struct TrainTypeCount: Sendable {
        /// The first of the merged types (names and category are shared).
        public var type: Reference.TrainType
        /// Every type merged into this line, in id order.
        public var types: [TrainTypeHandle]
        public var trains: Int
    }

    public struct DestinationCount: Sendable {
        public var stations: [StationHandle]
        public var name: LocalizedName
        public var trains: Int
    }

    public struct Connection: Sendable {
        public var station: Reference.Station
        public var railway: Reference.Railway?
        /// The change from this station to it at the standard pace (`Reference.change`).
        public var change: StationChange
        /// Across the platform, as the data says, rather than a walk.
        public var samePlatform: Bool { change.kind == .crossPlatform }
        /// The minutes across one island platform where trains of some directions stand there
        /// (`Reference.crosses`): going on the same way, a rider crosses; otherwise walks.
        public var across: Int?

        /// "徒歩3分（同じ改札内）・方向によって同じホーム1分": the change, and the quicker one across the
        /// platform for the directions that have it.
        public var words: LocalizedName {
            guard let acrossWords else { return walkWords }
            return LocalizedName(ja: walkWords.ja + "・" + acrossWords.ja, en: walkWords.en + "; " + acrossWords.en)
        }
        /// The change's own words: "徒歩3分（同じ改札内）".
        public var walkWords: LocalizedName { change.words }
        /// "方向によって同じホーム1分", where some directions cross the platform: a phrase of its own,
        /// which a page keeps on one line.
        public var acrossWords: LocalizedName? {
            guard let across, change.kind != .crossPlatform else { return nil }
            return LocalizedName(ja: "方向によって同じホーム\(across)分", en: "\(across) min across the platform in some directions")
        }
    }
}

/// The periods of a rider's day, by service-day minute: first trains to 7:00, the morning rush,
/// midday, the evening rush, and 20:00 to the last train.
public struct PeriodCount: Sendable, Equatable {
    public enum Period: String, Sendable, CaseIterable {
        case early, morningRush, midday, eveningRush, evening

        /// [start, end) in service-day minutes; the edges of the day are open.
        public var range: Range<Int> {
            switch self {
            case .early: 0..<420
            case .morningRush: 420..<600
            case .midday: 600..<960
            case .eveningRush: 960..<1200
            case .evening: 1200..<2880
            }
        }

        public var name: LocalizedName {
            switch self {
            case .early: LocalizedName(ja: "始発〜7時", en: "first–7:00")
            case .morningRush: LocalizedName(ja: "7〜10時（朝ラッシュ）", en: "7–10 (morning rush)")
            case .midday: LocalizedName(ja: "10〜16時", en: "10–16")
            case .eveningRush: LocalizedName(ja: "16〜20時（夕ラッシュ）", en: "16–20 (evening rush)")
            case .evening: LocalizedName(ja: "20時〜終電", en: "20:00–last")
            }
        }
    }

    public var period: Period
    public var trains: Int
    /// Trains per hour over the period; the first and last periods span from the first train or
    /// to the last one (at least an hour, so a lone 05:59 is not "60 an hour").
    public var perHour: Double

    /// Counts `minutes` (departure times of one day, any order) into the five periods.
    public static func count(_ minutes: [Int]) -> [PeriodCount] {
        guard let first = minutes.min(), let last = minutes.max() else {
            return Period.allCases.map { PeriodCount(period: $0, trains: 0, perHour: 0) }
        }
        return Period.allCases.map { period in
            let trains = minutes.filter(period.range.contains).count
            let start = period == .early ? first : period.range.lowerBound
            let end = period == .evening ? last + 1 : period.range.upperBound
            let hours = max(1, Double(end - start) / 60)
            return PeriodCount(period: period, trains: trains, perHour: trains == 0 ? 0 : Double(trains) / hours)
        }
    }
}

extension Timetable {
    /// The station detail at `instant`, with the next `nextLimit` departures each way.
    public func stationDetail(_ station: Reference.Station, at instant: ServiceInstant,
                              nextLimit: Int = 6) throws -> StationDetail {
        let railway = station.railway.flatMap { reference.railways[$0] }
        let day = reference.scheduleDay(instant.serviceDate)
        var detail = StationDetail(
            station: station, railway: railway, instant: instant, day: day,
            schedule: railway.flatMap { reference.service(of: $0, on: day) },
            isLoop: railway?.isLoop ?? false, sides: [], trainTypes: [], connections: connections(of: station))

        var typeCounts: [TrainTypeHandle: Int] = [:]
        for direction in try directions(at: station) {
            // The day read once: its timetable and the next trains are both made from it.
            let whole = try dayBoard(station: station, direction: direction, serviceDate: instant.serviceDate,
                                     from: 0, limit: .max, at: instant)
            let day = try stationTimetable(station: station, direction: direction, serviceDate: instant.serviceDate,
                                           read: whole).rows
            let upcoming = try nextDepartures(station: station, direction: direction, at: instant, limit: nextLimit,
                                              read: (whole, day))
            var side = try placedSide(of: direction, at: station, serviceDate: instant.serviceDate, day: day)
            side.noTrainsThisDay = day.isEmpty
            side.next = upcoming.rows
            side.lastTrainGone = upcoming.lastTrainGone
            side.lastTrains = Self.lastRows(day) { $0.departure.category }.sorted(by: Self.byTime)
            let byDestination = Self.lastRows(day) { $0.departure.destinations }
            side.lastByDestination = byDestination.count > 1 ? byDestination.sorted(by: Self.byTime) : []
            var destinations: [[StationHandle]: StationDetail.DestinationCount] = [:]
            for row in day {
                destinations[row.departure.destinations, default: .init(stations: row.departure.destinations,
                                                                         name: row.destination, trains: 0)].trains += 1
                typeCounts[row.departure.trainType, default: 0] += 1
            }
            side.destinations = destinations.values.sorted { ($0.trains, $1.name.en) > ($1.trains, $0.name.en) }
            side.frequency = PeriodCount.count(day.map(\.boardMinute))
            detail.sides.append(side)
        }
        // Left to right as the railway's station list reads: toward its first station, then its last.
        let descending = railway?.descending
        detail.sides.sort { ($0.direction.handle == descending ? 0 : 1) < ($1.direction.handle == descending ? 0 : 1) }
        // One line per type a rider can tell apart: the Toyoko's 急行 and the Fukutoshin's 急行 are
        // different ids with the same name and category.
        var merged: [String: StationDetail.TrainTypeCount] = [:]
        let counted = typeCounts.compactMap { handle, count in reference.trainType(handle).map { (handle, $0, count) } }
        for (handle, type, count) in counted.sorted(by: { $0.1.id < $1.1.id }) {
            let key = "\(type.name.ja)|\(type.category.rawValue)"
            merged[key, default: .init(type: type, types: [], trains: 0)].types.append(handle)
            merged[key]!.trains += count
        }
        detail.trainTypes = merged.values.sorted { ($0.trains, $1.type.id) > ($1.trains, $0.type.id) }
        return detail
    }

    /// Where `direction` heads from `station`, as a platform sign says it: the railway's terminal
    /// that way, or on a loop the next major stations (渋谷・新宿方面). Empty at the end of a line
    /// (trains leave that way only by through service).
    public func heading(of direction: Reference.Direction, at station: Reference.Station) -> [Reference.Station] {
        let side = diagramSide(of: station, on: station.railway.flatMap { reference.railways[$0] }, toward: direction)
        return side.terminal.map { [$0] } ?? side.toward
    }

    /// A side of the rail diagram as the station page draws it: neighbour and terminal in railway
    /// order, or, where the railway ends here, the railway most of the day's trains go on as
    /// (`day`: this direction's departures on `serviceDate`, read here when not given and needed).
    /// The timetable's tabs name their directions by it, as the station page's sides do.
    public func placedSide(of direction: Reference.Direction, at station: Reference.Station,
                           serviceDate: CivilDate, day: [Board.Row]? = nil) throws -> StationDetail.Side {
        var side = diagramSide(of: station, on: station.railway.flatMap { reference.railways[$0] }, toward: direction)
        if side.neighbour == nil {
            let rows = try day ?? stationTimetable(station: station, direction: direction, serviceDate: serviceDate).rows
            try continueOnThroughRailway(&side, from: station, day: rows)
        }
        return side
    }

    /// The complex's stations of other railways that trains leave from. Not the station's own
    /// railway under a second record (the Oedo line lists 都庁前 twice, where its loop and its
    /// branch meet), and not a line no passenger train leaves from.
    func connections(of station: Reference.Station) -> [StationDetail.Connection] {
        let others = reference.stations(in: station.complex)
            .filter { $0.id != station.id && $0.departures > 0 && ($0.railway == nil || $0.railway != station.railway) }
        let crosses = reference.crosses[station.handle] ?? []
        return others.map { other -> StationDetail.Connection in
            let across = crosses.filter { $0.to == other.handle }.map(\.minutes).min()
            return StationDetail.Connection(station: other, railway: other.railway.flatMap { reference.railways[$0] },
                                            change: reference.change(from: station, to: other), across: across)
        }.sorted { ($0.change.minutes ?? .max, $0.station.handle) < ($1.change.minutes ?? .max, $1.station.handle) }
    }

    /// The last row of each group, by departure time (the latest wins; a tie keeps the first).
    static func lastRows<Key: Hashable>(_ rows: [Board.Row], by key: (Board.Row) -> Key) -> [Board.Row] {
        var last: [Key: Board.Row] = [:]
        for row in rows where last[key(row)].map({ $0.boardMinute <= row.boardMinute }) ?? true {
            last[key(row)] = row
        }
        return Array(last.values)
    }

    static func byTime(_ a: Board.Row, _ b: Board.Row) -> Bool {
        (a.boardMinute, a.departure.ids.id) < (b.boardMinute, b.departure.ids.id)
    }
}
