import EkiCore
import EkiStore
import Foundation

/// What a rider asked of a route that the timetable cannot give. The CLI prints the description
/// after "eki: "; the HTTP API sends it as a problem's detail.
public enum RouteError: Error, Equatable, CustomStringConvertible {
    /// `example`: a train id of the same database (`Timetable.exampleTrainId`).
    case noTrain(String, example: String?)
    case noStation(String)
    /// The train's calendar is not the one its railway runs that day.
    case notRunning(train: String, date: CivilDate, schedule: String?)
    case doesNotLeave(train: String, station: String)
    case doesNotReach(train: String, station: String, after: String)
    case noSegment(Int, count: Int)
    case noTrainReaches(from: String, to: String, after: String)
    case emptyRoute

    public var description: String {
        switch self {
        case .noTrain(let id, let example):
            Timetable.noTrainMessage(id, example: example)
        case .noStation(let id):
            "no station \"\(id)\""
        case .notRunning(let train, let date, let schedule):
            "train \(train) does not run on \(date.iso): its railway runs "
                + (schedule.map { "the \($0) timetable" } ?? "no trains") + " that day"
        case .doesNotLeave(let train, let station):
            "train \(train) does not leave from \(station)"
        case .doesNotReach(let train, let station, let after):
            "train \(train) does not stop at \(station) after \(after)"
        case .noSegment(let number, let count):
            count == 0 ? "the route has no segments yet" : "no segment \(number): the route has \(count) (1–\(count))"
        case .noTrainReaches(let from, let to, let after):
            "no train from \(from) reaches \(to) after \(after) on this service day"
        case .emptyRoute:
            "there is no route: add a segment with `eki route add`"
        }
    }
}

/// How fast a rider changes trains: 急ぎ (hurry) counts three quarters of the standard minutes,
/// ゆっくり (relaxed) one and a half, rounded up; 標準 as the data and the rule give them
/// (docs/TRANSFERS.md). A change across the platform stays a minute at hurry.
public enum Pace: String, Sendable, Codable, CaseIterable {
    case hurry, standard, relaxed

    /// From an option or query word: hurry/standard/relaxed, or 急ぎ/標準/ゆっくり.
    public init?(word: String) {
        switch word.lowercased() {
        case "hurry", "急ぎ", "急いで": self = .hurry
        case "standard", "標準", "": self = .standard
        case "relaxed", "ゆっくり": self = .relaxed
        default: return nil
        }
    }

    public var name: LocalizedName {
        switch self {
        case .hurry: LocalizedName(ja: "急ぎ", en: "hurry")
        case .standard: LocalizedName(ja: "標準", en: "standard")
        case .relaxed: LocalizedName(ja: "ゆっくり", en: "relaxed")
        }
    }

    /// The pace the rider keeps in their state file (`eki route pace`), standard when none.
    public static let preference = "pace"
    public static func kept(in state: UserState) throws -> Pace {
        try state.preference(preference).flatMap(Pace.init(rawValue:)) ?? .standard
    }

    /// The minutes a standard-pace change of `standard` minutes takes at this pace.
    public func minutes(_ standard: Int) -> Int {
        switch self {
        case .standard: standard
        case .hurry: standard == 0 ? 0 : max(1, (standard * 3 + 3) / 4)   // a timed transfer stays 0
        case .relaxed: (standard * 3 + 1) / 2
        }
    }
}

/// How long a change of trains takes at least — the one rule every planner and check asks (fastest
/// and last-train scans through `ChangeTimes`, the DIY route's next train and its ⚠, "追加",
/// alternatives and the ticket's connections through `needed`). At the standard pace a change is
/// the data's where it gives one (GTFS transfers.txt; for the Tokyo data the reviewed interchange
/// table, `interchanges.tsv`), else `TransferRules.rule`; the rider's pace scales it.
public struct TransferRules: Sendable, Equatable {
    public var pace: Pace
    /// Every change counts at least this many minutes (a plan that has to hold).
    public var atLeast: Int
    public init(pace: Pace = .standard, atLeast: Int = 0) {
        self.pace = pace
        self.atLeast = atLeast
    }

    /// For a plan that has to hold, the latest way to make a Shinkansen: every change of train counts
    /// three minutes at least, even across a platform.
    public static let mustHold = TransferRules(pace: .standard, atLeast: 3)

    /// The minutes a change of `standard` minutes (at the standard pace) needs for this rider.
    public func minutes(_ standard: Int) -> Int { max(atLeast, pace.minutes(standard)) }

    /// The minutes a change from `a` to `b` needs; nil where the data says it cannot be made. With
    /// the directions (codes) of the train arrived on and the train boarded, a change across the
    /// platform counts where the data says those two stand at one island.
    public func needed(from a: Reference.Station, to b: Reference.Station, arriving: String? = nil, departing: String? = nil,
                       reference: Reference) -> Int? {
        reference.change(from: a, to: b, arriving: arriving.flatMap { reference.directions[id: $0]?.handle },
                         departing: departing.flatMap { reference.directions[id: $0]?.handle }).minutes.map(minutes)
    }

    /// Where a change from `a` to `b` happens, for the words and the JSON's `place`.
    public static func place(_ change: StationChange, from a: Reference.Station, to b: Reference.Station) -> RoutePlan.Transfer.Place {
        if a.complex != b.complex { return .otherStation }
        return change.kind == .crossPlatform ? .samePlatform : .sameStation
    }
}

/// `TransferRules` as the scans over a `RouteNetwork` read it, per station row: staying at a
/// station, or walking to a neighbour of its complex (or one the data names). The network holds
/// the standard minutes; the pace is applied here, through a table. A test checks these give
/// `TransferRules.needed` for every pair.
struct ChangeTimes {
    private let paced: [Int16]
    init(_ rules: TransferRules) {
        paced = (0 ... Int(RouteNetwork.longestChange)).map { Int16(clamping: rules.minutes($0)) }
    }

    /// Changing trains without leaving `station`.
    @inline(__always) func stay(_ network: RouteNetwork, _ station: Int) -> Int16 {
        let standard = network.changeHere[station]
        return standard < 0 ? Int16.max / 2 : paced[Int(standard)]
    }

    /// Changing to `neighbour`.
    @inline(__always) func to(_ neighbour: RouteNetwork.Neighbour) -> Int16 { paced[Int(neighbour.minutes)] }

    /// Changing across the platform.
    @inline(__always) func across(_ cross: RouteNetwork.Cross) -> Int16 { paced[Int(cross.minutes)] }
}

/// Works routes out against one timetable: segments from choices, the next train that reaches a
/// station, transfers between segments. Reads only; keeping a route is `RouteStore`'s job.
public struct RoutePlanner: Sendable {
    public let timetable: Timetable
    public var rules: TransferRules
    var reference: Reference { timetable.reference }

    public init(timetable: Timetable, rules: TransferRules = TransferRules()) {
        self.timetable = timetable
        self.rules = rules
    }

    /// Every segment worked out, with the transfers between them.
    /// `parts`: each segment's train part when the caller has it already (a fastest route's scan
    /// found them by row id), so it is not looked up again by its id.
    public func plan(_ route: Route, parts: [RunningPart]? = nil) throws -> RoutePlan {
        let segments = try route.segments.indices.map { index in
            try segment(route.segments[index], on: route.serviceDate, found: parts?[index])
        }
        return RoutePlan(route: route, segments: segments,
                         transfers: zip(segments, segments.dropFirst()).map { transfer(from: $0, to: $1) })
    }

    /// One chosen train worked out: it must run on the day, leave the board station and reach the
    /// alight station later on (across through service).
    /// `found`: the part `choice.train` names, when the caller has read it already.
    public func segment(_ choice: Route.Segment, on date: CivilDate, found given: RunningPart? = nil) throws -> RoutePlan.Segment {
        guard let found = try given ?? resolvedPart(choice.train, on: date) else {
            throw RouteError.noTrain(choice.train, example: timetable.exampleTrainId())
        }
        var parts = PartCache(timetable: timetable)
        let ids = try parts.ids(found.handle)
        let offset = try dayOffset(of: found, on: date, ids: ids)
        let part = found.shifted(by: offset)
        guard let board = reference.station(choice.board, amongStops: part.stops.map(\.station)) else {
            throw RouteError.noStation(choice.board)
        }
        guard let index = boardIndex(of: part, at: board) else {
            throw RouteError.doesNotLeave(train: ids.publicId, station: board.publicId)
        }
        // The id to get off at may be a station's, or one riders use (a stop_id, a platform's).
        let alightIds = [choice.alight] + reference.stations(named: choice.alight).map(\.id)
        for path in try timetable.paths(from: found).map({ $0.map { $0.shifted(by: offset) } }) {
            let stops = ride(path, from: index)
            if let end = stops.dropFirst().firstIndex(where: { stop in alightIds.contains { stop.isAt($0) } }) {
                let station = stops[end].station
                let alight = alightIds.contains(station.id) || station.publicId == choice.alight
                    ? station.id : stops[end].arrivedAt?.id ?? station.id
                var resolved = choice
                resolved.train = ids.id
                resolved.board = board.id
                resolved.alight = alight
                return try segment(resolved, part: part, board: board, stops: Array(stops[...end]), path: path,
                                   parts: &parts, offset: offset)
            }
        }
        throw RouteError.doesNotReach(train: ids.publicId, station: choice.alight, after: board.publicId)
    }

    /// The part a rider's id names on `date` (`Timetable.resolveTrain`), or nil.
    private func resolvedPart(_ id: String, on date: CivilDate) throws -> RunningPart? {
        guard id.utf8.count <= 200, let handle = try timetable.resolveTrain(id, on: date) else { return nil }
        return try timetable.runningPart(handle)
    }

    /// 0 when `part` runs on `date`; -1440 when it is the day before's, still running after 03:00
    /// this day (a feed's night train at 27:11, ridden at 03:11); else it does not run that day.
    func dayOffset(of part: RunningPart, on date: CivilDate, ids: TrainIds) throws -> Int {
        let railway = reference.railways[part.railway]
        let schedule = railway.flatMap { reference.serviceHandle(of: $0, on: ScheduleDay(date)) }
        if schedule == part.service { return 0 }
        let nextDay = 1440 + ServiceMinute.dayStart
        if railway.flatMap({ reference.serviceHandle(of: $0, on: ScheduleDay(date.adding(days: -1))) }) == part.service,
           part.stops.contains(where: { ($0.departure ?? 0) >= nextDay }) {
            return -1440
        }
        throw RouteError.notRunning(train: ids.publicId, date: date, schedule: schedule.flatMap(reference.serviceCode))
    }

    /// Where and when a rider got off a train, and its direction (a code; nil: not known).
    public struct Arrival: Sendable {
        public var station: Reference.Station
        public var minute: Int
        public var direction: String?
        public init(station: Reference.Station, minute: Int, direction: String?) {
            self.station = station; self.minute = minute; self.direction = direction
        }
        public init(_ segment: RoutePlan.Segment) {
            self.init(station: segment.alight, minute: segment.arrival.value, direction: segment.arrivalDirection)
        }
    }

    /// The train leaving one of `boards` at `minute` or later (until `until`, when given) that gets
    /// to one of `targets` first (the earliest arrival; of equal arrivals the earlier departure).
    /// `direction` narrows the boards. After `arrivedOn` (the train the rider gets off), a train
    /// leaves once the change to it can be made (`earliestBoarding`, with both trains' directions:
    /// across the platform only where those two stand at one island).
    public func nextSegment(from boards: [Reference.Station], direction: String? = nil, to targets: [Reference.Station],
                            on date: CivilDate, after minute: Int, arrivedOn: Arrival? = nil, until: Int? = nil,
                            scan: Int = 40) throws -> RoutePlan.Segment? {
        var best: RoutePlan.Segment?
        let targetIds = targets.map(\.id)
        for board in boards where !targetIds.contains(board.id) {
            guard let railway = board.railway.flatMap({ reference.railways[$0] }) else { continue }
            // The day's trains, and the day before's still leaving (night trains past 03:00).
            var services: [(service: String, offset: Int)] = []
            if let service = reference.service(of: railway, on: ScheduleDay(date)) { services.append((service, 0)) }
            if timetable.latestMinute >= minute + 1440,
               let service = reference.service(of: railway, on: ScheduleDay(date.adding(days: -1))) {
                services.append((service, -1440))
            }
            for way in try timetable.directions(at: board) where direction.map({ Timetable.direction(way, matches: $0) }) ?? true {
                let minute = arrivedOn.map {
                    max(minute, earliestBoarding(after: $0.minute, alight: $0.station, board: board, arriving: $0.direction, departing: way.id))
                } ?? minute
                var entries: [(entry: BoardEntry, offset: Int)] = []
                for (service, offset) in services {
                    entries += try timetable.boardEntries(station: board, direction: way, service: service, from: minute - offset,
                                                          limit: scan).map { entry in
                        var shifted = entry
                        shifted.minute += offset
                        return (shifted, offset)
                    }
                }
                entries.sort { ($0.entry.minute, $0.entry.train) < ($1.entry.minute, $1.entry.train) }
                var parts = PartCache(timetable: timetable)
                for (entry, offset) in entries {
                    if let best, entry.minute > best.arrival.value { break }
                    if let until, entry.minute > until { break }
                    guard let found = try reach(entry, from: board, to: targetIds, parts: &parts, offset: offset) else { continue }
                    if best.map({ (found.arrival.value, found.departure.value) < ($0.arrival.value, $0.departure.value) }) ?? true {
                        best = found
                    }
                }
            }
        }
        return best
    }

    /// What changing from one segment to the next asks: minutes, where, and the walk.
    public func transfer(from a: RoutePlan.Segment, to b: RoutePlan.Segment) -> RoutePlan.Transfer {
        let change = reference.change(from: a.alight, to: b.board, arriving: reference.directions[id: a.arrivalDirection]?.handle,
                                      departing: b.direction.handle)
        let needed = change.minutes.map(rules.minutes)
        return RoutePlan.Transfer(minutes: b.departure.value - a.arrival.value,
                                  place: TransferRules.place(change, from: a.alight, to: b.board),
                                  walkMeters: a.alight.complex == b.board.complex ? nil : change.walkMeters,
                                  needed: needed ?? 0, allowed: needed != nil, kind: change.kind, estimated: change.estimated)
    }

    /// The earliest minute a train can be boarded at `board` after arriving at `alight` at `minute`
    /// (a change the source forbids: never, as far as a day goes), from a train of direction
    /// `arriving` to one of `departing` where they are known (direction codes).
    public func earliestBoarding(after minute: Int, alight: Reference.Station, board: Reference.Station,
                                 arriving: String? = nil, departing: String? = nil) -> Int {
        minute + (rules.needed(from: alight, to: board, arriving: arriving, departing: departing, reference: reference) ?? 10_000)
    }

    // MARK: - Riding a train

    /// Where `part` is boarded at `station`: its stop there with a departure, or — for the
    /// through-service rows of a board — its first stop when that is in the station's platform group.
    func boardIndex(of part: RunningPart, at station: Reference.Station) -> Int? {
        let last = part.stops.count - 1
        if let index = part.stops.indices.first(where: { $0 < last && part.stops[$0].station == station.handle && part.stops[$0].departure != nil }) {
            return index
        }
        if last > 0, part.stops[0].departure != nil, let first = reference.stations[part.stops[0].station],
           first.platformGroup == station.platformGroup { return 0 }
        return nil
    }

    /// The stops of a path of parts from `index` of the first part on, a through stop counted once.
    /// On a loop line the ride ends when it comes round to where it started.
    func ride(_ path: [RunningPart], from index: Int) -> [RoutePlan.Stop] {
        var stops: [RoutePlan.Stop] = []
        for (n, part) in path.enumerated() {
            for (i, stop) in part.stops.enumerated() where n > 0 || i >= index {
                guard let station = reference.stations[stop.station] else { continue }
                if n > 0, i == 0, let previous = stops.last, previous.station.complex == station.complex {
                    stops[stops.count - 1] = RoutePlan.Stop(
                        station: station, arrival: previous.arrival, departure: stop.departure.map(ServiceMinute.init),
                        part: part.handle, railway: part.railway,
                        arrivedAt: previous.station.id == station.id ? nil : previous.station, arrivingPart: previous.part)
                    continue
                }
                stops.append(RoutePlan.Stop(station: station, arrival: stop.arrival.map(ServiceMinute.init),
                                            departure: stop.departure.map(ServiceMinute.init),
                                            part: part.handle, railway: part.railway, arrivedAt: nil))
                if stops.count > 1, station.id == stops[0].station.id { return stops }
            }
        }
        return stops
    }

    /// A board row followed until it reaches one of `targets` (the first listed is preferred
    /// when a stop is two of them): the segment ridden, or nil.
    func reach(_ entry: BoardEntry, from board: Reference.Station, to targets: [String],
               parts: inout PartCache, offset: Int = 0) throws -> RoutePlan.Segment? {
        guard let found = try parts.part(entry.train) else { return nil }
        let part = found.shifted(by: offset)
        for path in try parts.paths(found).map({ $0.map { $0.shifted(by: offset) } }) {
            let stops = ride(path, from: entry.stopIndex)
            guard let end = stops.dropFirst().firstIndex(where: { stop in targets.contains { stop.isAt($0) } }) else { continue }
            let alight = targets.first { stops[end].isAt($0) } ?? stops[end].station.id
            let choice = Route.Segment(train: try parts.ids(part.handle).id, board: board.id, alight: alight)
            return try segment(choice, part: part, board: board, stops: Array(stops[...end]), path: path, parts: &parts, offset: offset)
        }
        return nil
    }

    private func segment(_ choice: Route.Segment, part: RunningPart, board: Reference.Station,
                         stops: [RoutePlan.Stop], path: [RunningPart], parts: inout PartCache,
                         offset: Int = 0) throws -> RoutePlan.Segment {
        let ids = try parts.ids(part.handle)
        guard let departure = stops.first?.departure, let last = stops.last, let arrival = last.arrival ?? last.departure,
              let alight = reference.stations[id: choice.alight] else {
            throw RouteError.doesNotReach(train: ids.publicId, station: choice.alight, after: board.publicId)
        }
        let direction = try timetable.boardDirection(train: part.handle, station: board) ?? reference.directions[part.direction]
        guard let direction else { throw RouteError.doesNotLeave(train: ids.publicId, station: board.publicId) }
        let type = reference.trainType(part.type)
        // The part the rider is on when getting off: at a through stop, the one arriving there.
        let arriving = last.arrivingPart ?? last.part
        var arrivalDirection = part.direction
        for ridden in path where ridden.handle == arriving {
            arrivalDirection = ridden.direction
            break
        }
        return RoutePlan.Segment(
            choice: choice, board: board, alight: alight, direction: direction,
            arrivalDirection: reference.directions.id(of: arrivalDirection) ?? "",
            departure: departure, arrival: arrival,
            trainType: type, category: type?.category ?? .local,
            destination: try destination(of: part, leaving: board, direction: direction,
                                         at: ServiceMinute(departure.value - offset), path: path),
            stops: stops, partIds: try RoutePlan.Segment.parts(of: stops).map { try parts.ids($0) })
    }

    /// Where the train goes, as the board of `board` says it (so a route and the platform agree,
    /// late Yamanote trains ending at 池袋 included); else the last stop of the branch ridden.
    func destination(of part: RunningPart, leaving board: Reference.Station, direction: Reference.Direction,
                     at departure: ServiceMinute, path: [RunningPart]) throws -> LocalizedName {
        // The board row is filed under the arriving part's calendar: the part's own, or for a
        // through-service row its predecessor's, which runs on the same days.
        if let row = try timetable.departures(station: board.handle, direction: direction.handle, service: part.service,
                                              from: departure.value, limit: 12).first(where: { $0.train == part.handle }) {
            let name = timetable.destinationName(of: row, from: board)
            if !name.ja.isEmpty { return name }
        }
        let end = path.last?.stops.last.flatMap { reference.stations[$0.station] }
        return end?.name ?? LocalizedName(ja: "", en: "")
    }
}

/// Train parts, their onward paths and their ids read once per search: neighbouring departures
/// share parts.
struct PartCache {
    let timetable: Timetable
    private var parts: [TrainHandle: RunningPart] = [:]
    private var paths: [TrainHandle: [[RunningPart]]] = [:]
    private var ids: [TrainHandle: TrainIds] = [:]

    init(timetable: Timetable) { self.timetable = timetable }

    mutating func part(_ handle: TrainHandle) throws -> RunningPart? {
        if let known = parts[handle] { return known }
        let part = try timetable.runningPart(handle)
        parts[handle] = part
        return part
    }

    mutating func paths(_ part: RunningPart) throws -> [[RunningPart]] {
        if let known = paths[part.handle] { return known }
        let found = try timetable.paths(from: part)
        paths[part.handle] = found
        return found
    }

    /// A part's ids, for the answer (a route names its trains by id).
    mutating func ids(_ handle: TrainHandle) throws -> TrainIds {
        if let known = ids[handle] { return known }
        guard let found = try timetable.trainIds(handle) else {
            throw StoreError.inconsistent("train row \(handle.row) is named but not stored")
        }
        ids[handle] = found
        return found
    }
}
