import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// The walk between a Shinkansen platform and each local railway's platforms at the same station
/// (Dictionaries/shinkansen-walks.tsv, reviewed like the interchange table of docs/TRANSFERS.md):
/// at 東京 five minutes to 東海道線 and thirteen to 京葉線. The timetable data has no Shinkansen, so
/// the station's change times cannot say it. At the standard pace; `Pace.minutes` scales it.
public struct ShinkansenWalks: Sendable {
    public struct Walk: Sendable, Equatable {
        public var minutes: Int
        /// What the figure rests on, in the table's words.
        public var basis: String
        /// Reasoned from the station's layout, no source for the minutes: said as a 目安.
        public var estimated: Bool { basis.hasPrefix("estimate") }
    }

    public struct TableError: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "shinkansen-walks.tsv line \(line): \(reason)" }
    }

    /// Station name (as on tickets) → railway id → walk.
    public let walks: [String: [String: Walk]]
    /// A railway of a station the table does not list.
    public let fallback: Walk

    public static let shared: ShinkansenWalks = {
        do {
            return try ShinkansenWalks(tsv: String(decoding: PackageResources.shinkansen_walks_tsv, as: UTF8.self))
        } catch {
            // The file is compiled in and checked by ShinkansenWalkTests: a broken one is a build that must not ship.
            preconditionFailure("\(error)")
        }
    }()

    public init(tsv: String) throws {
        var walks: [String: [String: Walk]] = [:], fallback: Walk?
        for (index, line) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { throw TableError(line: index + 1, reason: "4 tab-separated fields, not \(fields.count)") }
            guard let minutes = Int(fields[2]), (1 ... 30).contains(minutes) else {
                throw TableError(line: index + 1, reason: "minutes must be 1–30, not '\(fields[2])'")
            }
            guard fields[3].hasPrefix("estimate: ") || fields[3].hasPrefix("walk: ") else {
                throw TableError(line: index + 1, reason: "the basis starts with 'estimate: ' or 'walk: '")
            }
            let walk = Walk(minutes: minutes, basis: fields[3])
            if fields[0] == "DEFAULT" {
                fallback = walk
            } else {
                guard walks[fields[0], default: [:]].updateValue(walk, forKey: fields[1]) == nil else {
                    throw TableError(line: index + 1, reason: "\(fields[0]) \(fields[1]) is listed twice")
                }
            }
        }
        guard let fallback else { throw TableError(line: 0, reason: "no DEFAULT row") }
        self.walks = walks
        self.fallback = fallback
    }

    /// The walk at the Shinkansen station `name` to the platforms of `station` (one of its local railways).
    public func walk(at name: String, to station: Reference.Station, in reference: Reference) -> Walk {
        let railway = station.railway.flatMap { reference.railways[$0]?.id }
        return railway.flatMap { walks[name]?[$0] } ?? fallback
    }

    /// The walks at `name` to each of `stations`, at `pace` (or `given` minutes to every one, the
    /// rider's own figure): the stations grouped by the minutes, shortest first.
    public func grouped(at name: String, _ stations: [Reference.Station], in reference: Reference, pace: Pace,
                        given: Int? = nil) -> [(minutes: Int, stations: [Reference.Station])] {
        Dictionary(grouping: stations) { given ?? pace.minutes(walk(at: name, to: $0, in: reference).minutes) }
            .map { ($0.key, $0.value) }
            .sorted { $0.minutes < $1.minutes }
    }
}

/// The two local trips of a Shinkansen ticket, with the walk at its station counted per railway.
public enum ShinkansenTrips {
    /// A "leave by" answer: the local trip, the walk to its first station (a place given), and the
    /// walk from the railway it arrives on to the Shinkansen platform.
    public struct LeaveBy: Sendable {
        public var plan: RoutePlan
        /// Minutes on foot from the place to the first station (0 from a station).
        public var walk: Int
        /// Minutes from the local platform to the Shinkansen's, at the rider's pace.
        public var transfer: Int
        /// That walk is reasoned from the station's layout: said as a 目安.
        public var transferEstimated: Bool
        /// The latest the local trip may arrive.
        public var deadline: ServiceMinute
    }

    /// "Leave by": the latest local trip from `origins` that puts the rider on the Shinkansen platform
    /// `margin` minutes before `departure`, the walk from the railway arrived on added. Nil when
    /// no train makes it that day. Of two that start as late, the one leaving the longer margin.
    public static func leaveBy(from origins: [(station: Reference.Station, walk: Int)], shinkansen name: String,
                               targets: [Reference.Station], departure: Date, margin: Int, planner: RoutePlanner,
                               pace: Pace, network: RouteNetwork) throws -> LeaveBy? {
        let timetable = planner.timetable, walks = ShinkansenWalks.shared
        var best: (start: Int, answer: LeaveBy)?
        for group in walks.grouped(at: name, targets, in: timetable.reference, pace: pace) {
            let deadline = ServiceInstant(departure.addingTimeInterval(TimeInterval(-(margin + group.minutes) * 60)), timeZone: timetable.timeZone)
            guard let (plan, walk) = try LatestRoutes(planner: planner).search(from: origins, to: group.stations, arriveBy: deadline.minute, on: network),
                  let leaves = plan.departure, let arrivesAt = plan.segments.last?.alight else { continue }
            let start = leaves.value - walk
            // Groups come shortest walk first: a later one replaces it only by starting later.
            guard start > best?.start ?? .min else { continue }
            best = (start, LeaveBy(plan: plan, walk: walk, transfer: group.minutes,
                                   transferEstimated: walks.walk(at: name, to: arrivesAt, in: timetable.reference).estimated,
                                   deadline: deadline.minute))
        }
        return best?.answer
    }

    /// "Continue": the fastest ways from the arrival station to `destinations`, each local railway
    /// boarded after its own walk from the Shinkansen (`given` minutes to all when the rider says so).
    /// The ready time of the first walk and the options: earliest arrival first, then fewer trains,
    /// then the later start; the next service day's first trains only when nothing runs that day.
    public static func onward(from origins: [Reference.Station], shinkansen name: String, arrival: Date, to destinations: [Reference.Station],
                              planner: RoutePlanner, pace: Pace, given: Int? = nil,
                              networks: (CivilDate) throws -> RouteNetwork) throws -> (nextDay: Bool, options: [FastestOption]) {
        let timetable = planner.timetable, walks = ShinkansenWalks.shared
        // One search, each railway's platforms left no sooner than its own walk (six walks at
        // 東京 were six searches: 389 against 204 ms).
        let minutes = origins.map { given ?? pace.minutes(walks.walk(at: name, to: $0, in: timetable.reference).minutes) }
        let answer = try FastestRoutes(planner: planner).search(from: origins, to: destinations,
                                                                at: ServiceInstant(arrival, timeZone: timetable.timeZone),
                                                                walks: minutes, networks: networks)
        return (answer.nextDay, answer.options)
    }
}
