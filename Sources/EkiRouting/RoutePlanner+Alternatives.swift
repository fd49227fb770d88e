import EkiCore
import EkiStore

/// Another train for a segment: same platform, same station to get off at, another time.
public struct Alternative: Sendable {
    public var segment: RoutePlan.Segment
    /// Minutes against the chosen train (negative: earlier): "leaves 3 earlier, arrives 7 later".
    public var departsBy: Int
    public var arrivesBy: Int
    public init(segment: RoutePlan.Segment, departsBy: Int, arrivesBy: Int) {
        self.segment = segment; self.departsBy = departsBy; self.arrivesBy = arrivesBy
    }
}

/// The trains around a segment's choice that also get the rider off where they wanted.
public struct SegmentAlternatives: Sendable {
    public var index: Int
    public var chosen: RoutePlan.Segment
    /// Earliest first.
    public var earlier: [Alternative]
    /// Earliest first.
    public var later: [Alternative]
}

/// A later segment worth changing after a swap: its train can no longer be caught, or an earlier
/// one can now.
public struct SwapProposal: Sendable {
    public enum Reason: String, Sendable {
        /// The transfer into the current train became negative.
        case missed
        /// The current train still works, but this one leaves sooner and gets there no later.
        case sooner
    }
    public var index: Int
    public var segment: RoutePlan.Segment
    public var reason: Reason
}

extension RoutePlanner {
    /// The `count` trains before and after segment `index`'s from the same board station and
    /// direction that also stop at its alight station (or another of its platform group) later
    /// on, across through service — each with its arrival, on the route's service day.
    public func alternatives(in plan: RoutePlan, segment index: Int, count: Int = 2, scan: Int = 60) throws -> SegmentAlternatives {
        guard plan.segments.indices.contains(index) else {
            throw RouteError.noSegment(index + 1, count: plan.segments.count)
        }
        let chosen = plan.segments[index]
        let targets = platformMates(of: chosen.alight).map(\.id)
        var result = SegmentAlternatives(index: index, chosen: chosen, earlier: [], later: [])
        guard let railway = chosen.board.railway.flatMap({ reference.railways[$0] }),
              let service = reference.service(of: railway, on: ScheduleDay(plan.route.serviceDate)) else { return result }
        var parts = PartCache(timetable: timetable)
        func alternative(_ entry: BoardEntry) throws -> Alternative? {
            guard let segment = try reach(entry, from: chosen.board, to: targets, parts: &parts),
                  segment.choice.train != chosen.choice.train else { return nil }
            return Alternative(segment: segment, departsBy: segment.departure.value - chosen.departure.value,
                               arrivesBy: segment.arrival.value - chosen.arrival.value)
        }
        for before in [true, false] {
            let entries = try timetable.boardEntries(station: chosen.board, direction: chosen.direction, service: service,
                                                     from: chosen.departure.value, before: before, limit: scan)
            var found: [Alternative] = []
            for entry in entries where found.count < count {
                if let alternative = try alternative(entry) { found.append(alternative) }
            }
            if before { result.earlier = found.reversed() } else { result.later = found }
        }
        return result
    }

    /// Segment `index` on another train from the same board station to the same alight station,
    /// with the later segments checked again: each that can no longer be caught, or could now be
    /// caught sooner, comes with the train to take instead (`proposals`), and `follow` takes them.
    public func swap(_ plan: RoutePlan, segment index: Int, to train: String,
                     follow: Bool = false) throws -> (plan: RoutePlan, proposals: [SwapProposal]) {
        guard plan.segments.indices.contains(index) else {
            throw RouteError.noSegment(index + 1, count: plan.segments.count)
        }
        let current = plan.segments[index]
        var route = plan.route
        route.segments[index] = try swapped(current, to: train, on: route.serviceDate)
        let proposals = try proposals(after: index, in: try self.plan(route))
        if follow {
            for proposal in proposals { route.segments[proposal.index] = proposal.segment.choice }
        }
        return (try self.plan(route), follow ? [] : proposals)
    }

    /// The chosen segment on `train`: the same alight station, else another of its platform group
    /// (a through train may stop at the other railway's id of a shared station).
    private func swapped(_ current: RoutePlan.Segment, to train: String, on date: CivilDate) throws -> Route.Segment {
        let exact = Route.Segment(train: train, board: current.board.id, alight: current.alight.id)
        do {
            _ = try segment(exact, on: date)
            return exact
        } catch RouteError.doesNotReach(let id, let station, let after) {
            for mate in platformMates(of: current.alight).dropFirst() {
                let choice = Route.Segment(train: train, board: current.board.id, alight: mate.id)
                if (try? segment(choice, on: date)) != nil { return choice }
            }
            throw RouteError.doesNotReach(train: id, station: station, after: after)
        }
    }

    /// Walks the segments after `index`: where the next train can no longer be caught, or an
    /// earlier one now can, the train to take instead — each proposal assumed taken for the next.
    public func proposals(after index: Int, in plan: RoutePlan) throws -> [SwapProposal] {
        var proposals: [SwapProposal] = []
        var previous = plan.segments[index]
        for next in index + 1 ..< plan.segments.count {
            let current = plan.segments[next]
            let best = try nextSegment(from: [current.board], direction: current.direction.id, to: platformMates(of: current.alight),
                                       on: plan.route.serviceDate, after: previous.arrival.value, arrivedOn: Arrival(previous))
            if current.departure.value < previous.arrival.value {
                if let best {
                    proposals.append(SwapProposal(index: next, segment: best, reason: .missed))
                    previous = best
                    continue
                }
            } else if let best, best.choice.train != current.choice.train,
                      best.departure < current.departure, best.arrival <= current.arrival {
                proposals.append(SwapProposal(index: next, segment: best, reason: .sooner))
                previous = best
                continue
            }
            previous = current
        }
        return proposals
    }
}

/// Whether another train can stand in for a leg of a plan: the one rule the route page (greyed or
/// ⚠), `eki route alternatives` and its JSON (`change`) apply, at the rules' pace.
public enum Standing: Sendable, Equatable {
    case ok
    /// It can be made, but a change before or after it is shorter than the change needs.
    case tight
    /// It leaves before the previous train arrives (that train's arrival).
    case leavesBeforeArrival(ServiceMinute)
    /// It arrives after the next train has left (that train's departure).
    case arrivesAfterDeparture(ServiceMinute)
    /// The data says the change before or after it cannot be made.
    case changeNotAllowed

    public var canBeMade: Bool { self == .ok || self == .tight }
    /// `ok`, `tight` or `impossible`: the JSON's word.
    public var word: String { self == .ok ? "ok" : self == .tight ? "tight" : "impossible" }

    /// `segment` in place of leg `index` of `plan`.
    public init(_ segment: RoutePlan.Segment, at index: Int, in plan: RoutePlan, rules: TransferRules, reference: Reference) {
        var tight = false
        if index > 0 {
            let previous = plan.segments[index - 1]
            if segment.departure.value < previous.arrival.value { self = .leavesBeforeArrival(previous.arrival); return }
            guard let needed = rules.needed(from: previous.alight, to: segment.board, arriving: previous.arrivalDirection,
                                            departing: segment.direction.id, reference: reference) else { self = .changeNotAllowed; return }
            tight = segment.departure.value - previous.arrival.value < needed
        }
        if index + 1 < plan.segments.count {
            let next = plan.segments[index + 1]
            if segment.arrival.value > next.departure.value { self = .arrivesAfterDeparture(next.departure); return }
            guard let needed = rules.needed(from: segment.alight, to: next.board, arriving: segment.arrivalDirection,
                                            departing: next.direction.id, reference: reference) else { self = .changeNotAllowed; return }
            tight = tight || next.departure.value - segment.arrival.value < needed
        }
        self = tight ? .tight : .ok
    }
}
