import EkiCore
import EkiStore
import EkiTracking
import Foundation

/// One simulated ride: the fixes a phone would have recorded, and what really happened.
public struct SimulatedRide: Sendable {
    public var name: String
    public var fixes: [Fix]
    public var truth: RideTruth
}

public enum SimulatorError: Error, CustomStringConvertible {
    case noTrains(String)
    case noRide(Int)

    public var description: String {
        switch self {
        case .noTrains(let date): "no trains with a drawn shape run on \(date)"
        case .noRide(let index): "could not make ride \(index) from the data (no suitable train found)"
        }
    }
}

/// Makes realistic rides from the real timetable: a real train of one service day, moving along
/// its railway's real shape on the timetable's times, ridden from one real stop to another (and,
/// when asked, on to another train of the same station complex), seen through a noisy GPS.
/// Deterministic: the same database, date, seed and options give the same rides.
public final class RideSimulator {
    public struct Options: Sendable {
        /// Every ride lies inside one of the parallel corridors (taken in turn).
        public var corridors = false
        /// About half the rides change trains once, walking between platforms of one complex.
        public var transfers = false
        public init(corridors: Bool = false, transfers: Bool = false) {
            self.corridors = corridors
            self.transfers = transfers
        }
    }

    public let timetable: Timetable
    public let serviceDate: CivilDate
    let serviceDayStart: Double
    /// The day's train parts per railway (railways with a drawn shape only), by row id.
    let trains: [String: [RunningPart]]
    let railwayIds: [String]
    private var shapes: [String: [SimulatorShape]] = [:]

    public init(timetable: Timetable, serviceDate: CivilDate) throws {
        self.timetable = timetable
        self.serviceDate = serviceDate
        serviceDayStart = Double(serviceDate.daysSinceEpoch * 86_400 - TokyoTime.zone.secondsFromGMT())
        let reference = timetable.reference
        var byRailway: [String: [RunningPart]] = [:]
        for train in try timetable.runningParts(on: serviceDate) {
            guard let first = train.stops.first, let railway = reference.stations[first.station]?.railway
                    .flatMap({ reference.railways.id(of: $0) }) else { continue }
            byRailway[railway, default: []].append(train)
        }
        trains = byRailway.mapValues { $0.sorted { $0.handle < $1.handle } }
        railwayIds = trains.keys.sorted()
        guard !railwayIds.isEmpty else { throw SimulatorError.noTrains(serviceDate.iso) }
    }

    /// Ride number `index` (1-based) of a run with `seed`: the same every time.
    public func ride(_ index: Int, seed: UInt64, options: Options = .init()) throws -> SimulatedRide {
        var random = SimulatorRandom.forRide(seed: seed, ride: index)
        let corridor = options.corridors ? SimulatorCorridor.all[(index - 1) % SimulatorCorridor.all.count] : nil
        let transfers = options.transfers && random.chance(0.5)
        for _ in 0..<400 {
            guard let first = pickSegment(corridor: corridor, random: &random) else { continue }
            var segments = [first]
            if transfers {
                guard let second = pickTransfer(after: first, random: &random) else { continue }
                segments.append(second)
            }
            segments[0].corridor = corridor?.name ?? (segments.count == 1 ? corridorContaining(first) : nil)
            return rider(segments, name: String(format: "ride-%04d", index), seed: seed, random: &random)
        }
        throw SimulatorError.noRide(index)
    }

    // MARK: - Choosing what to ride

    /// One train ridden from one stop to another, ready to run.
    struct Segment {
        var railway: Reference.Railway
        var part: RunningPart
        /// The truth's words for it: the part's id, its direction's and its type's.
        var train: String
        var direction: String
        var trainType: String
        var run: SimulatorRun
        var corridor: String?
        var equivalents: [RideTruth.Line]
    }

    private func pickSegment(corridor: SimulatorCorridor?, random: inout SimulatorRandom) -> Segment? {
        let reference = timetable.reference
        let railwayId: String
        if let corridor {
            let present = corridor.railways.filter { trains[$0] != nil }
            guard !present.isEmpty else { return nil }
            railwayId = present[Int(random.next() % UInt64(present.count))]
        } else {
            // A train picked at random over the whole day, so busy lines are ridden more often.
            let total = railwayIds.reduce(0) { $0 + (trains[$1]?.count ?? 0) }
            var pick = Int(random.next() % UInt64(total))
            var chosen = railwayIds[0]
            for id in railwayIds {
                let count = trains[id]?.count ?? 0
                if pick < count { chosen = id; break }
                pick -= count
            }
            railwayId = chosen
        }
        guard let railway = reference.railways[id: railwayId], let list = trains[railwayId], !list.isEmpty else { return nil }
        let train = list[Int(random.next() % UInt64(list.count))]
        let stations = train.stops.map { reference.stations[$0.station] }
        var eligible = Array(train.stops.indices)
        if let corridor {
            let inside = corridor.stations(of: railway, in: reference)
            eligible = eligible.filter { stations[$0].map { inside.contains($0.id) } ?? false }
        }
        guard eligible.count >= (corridor == nil ? 2 : 3) else { return nil }
        let boardAt = Int(random.next() % UInt64(corridor == nil ? eligible.count - 1 : (eligible.count + 1) / 2))
        let longest = eligible.count - 1 - boardAt
        // Corridor rides run most of the corridor: telling the lines apart takes a few stations.
        let span = corridor == nil ? min(longest, 2 + Int(random.next() % 7))
            : max(1, longest - Int(random.next() % UInt64(longest / 3 + 1)))
        return segment(railway: railway, train: train, from: eligible[boardAt], to: eligible[boardAt + span], random: &random)
    }

    private func pickTransfer(after first: Segment, random: inout SimulatorRandom) -> Segment? {
        let reference = timetable.reference
        let arrived = first.run.calls[first.run.calls.count - 1]
        // By id, as the simulation has always drawn them (a seed gives the same rides).
        let siblings = reference.stations(in: arrived.station.complex).sorted { $0.id < $1.id }
            .filter { $0.railway != first.railway.handle && $0.coordinate != nil }
        var options: [(Reference.Railway, RunningPart, Int)] = []
        for sibling in siblings {
            guard let handle = sibling.railway, let railway = reference.railways[handle],
                  let list = trains[railway.id], let from = arrived.station.coordinate, let to = sibling.coordinate else { continue }
            let walk = from.distance(to: to) / 1.2 + 60
            let earliest = arrived.arrival + walk + 60, latest = arrived.arrival + 20 * 60
            for train in list {
                guard let index = train.stops.firstIndex(where: { $0.station == sibling.handle }),
                      index < train.stops.count - 1, let minute = train.stops[index].departure else { continue }
                let leaves = serviceDayStart + Double(minute * 60)
                if leaves >= earliest, leaves <= latest { options.append((railway, train, index)) }
            }
        }
        guard !options.isEmpty else { return nil }
        let (railway, train, boardAt) = options[Int(random.next() % UInt64(options.count))]
        let alightAt = min(train.stops.count - 1, boardAt + 1 + Int(random.next() % 5))
        guard let second = segment(railway: railway, train: train, from: boardAt, to: alightAt, random: &random) else { return nil }
        // A rider changes trains to go on, not back the way they came.
        let ridden = Set(first.run.calls.dropLast().map(\.station.complex))
        guard ridden.isDisjoint(with: second.run.calls.dropFirst().map(\.station.complex)) else { return nil }
        return second
    }

    /// The corridor a plain ride happens to lie in, for the evaluation's breakdown.
    private func corridorContaining(_ segment: Segment) -> String? {
        let ids = Set(segment.run.calls.map(\.station.id))
        return SimulatorCorridor.all.first { corridor in
            let inside = corridor.stations(of: segment.railway, in: timetable.reference)
            return !inside.isEmpty && ids.isSubset(of: inside)
        }?.name
    }

    /// Builds the run of `train` from its stop `from` to its stop `to`, or nil when the data does
    /// not allow it (no shape near the stations, missing coordinates, odd stop order). Rides that
    /// go underground are kept only now and then: the evaluation is about above-ground rides.
    private func segment(railway: Reference.Railway, train: RunningPart, from: Int, to: Int,
                         random: inout SimulatorRandom) -> Segment? {
        let reference = timetable.reference
        guard to > from, let ids = try? timetable.trainIds(train.handle),
              let stretch = SimulatorStretch(railway: railway, reference: reference,
                                             stops: train.stops[from...to].map(\.station.row))
        else { return nil }
        if stretch.stations.contains(where: { SimulatorUnderground.isUnderground($0, in: reference) }), !random.chance(0.15) { return nil }
        guard let shapes = shapes(of: railway),
              let (path, distances) = SimulatorStretch.path(through: stretch.stations, shapes: shapes) else { return nil }
        let stopsByStation = Dictionary(train.stops[from...to].map { ($0.station.row, $0) }, uniquingKeysWith: { a, _ in a })
        let calls = zip(stretch.stations, distances).map { station, distance in
            let stop = stopsByStation[station.handle.row]
            return SimulatorRun.Call(station: station, stops: stop != nil, distance: distance, arrival: 0, departure: 0,
                                     timetableArrival: stop?.arrival, timetableDeparture: stop?.departure,
                                     underground: SimulatorUnderground.isUnderground(station, in: reference))
        }
        guard var run = SimulatorRun(path: path, calls: calls, serviceDayStart: serviceDayStart, random: &random) else { return nil }
        run.stationAfter = stretch.after
        return Segment(railway: railway, part: train, train: ids.id,
                       direction: reference.directions.id(of: train.direction) ?? "",
                       trainType: reference.trainType(train.type)?.id ?? "", run: run, corridor: nil,
                       equivalents: equivalents(of: railway, calls: run.calls))
    }

    private func shapes(of railway: Reference.Railway) -> [SimulatorShape]? {
        if let cached = shapes[railway.id] { return cached.isEmpty ? nil : cached }
        let parts = (try? timetable.railwayShape(railway)) ?? []
        var made: [SimulatorShape] = []
        if let origin = parts.first?.first {
            let plane = SimulatorPlane(origin: origin)
            made = parts.filter { $0.count > 1 }.map { SimulatorShape(points: $0, plane: plane) }
        }
        shapes[railway.id] = made
        return made.isEmpty ? nil : made
    }
}
