import EkiCore
import EkiStore

/// One service day's trains as tracking reads them: for each railway line and direction, every
/// train's stops placed on the line, so a candidate can ask "which trains could be here now?"
/// and "does this train stop where we stopped?".
public struct DaySchedule: Sendable {
    public struct Train: Sendable {
        public var rowId: Int64
        /// Stops in riding order: metres along the line, arrival and departure in service-day minutes.
        public var stops: [Stop]
        /// Station indices (in the railway's list) where it stops, for stop-pattern checks.
        public var stopping: Set<Int>
        /// The span of the line it covers, low and high `along`.
        public var low: Double
        public var high: Double
        public var firstMinute: Double
        public var lastMinute: Double
        /// -1 for the day before's train still running into this day (a feed's 27:11, its times
        /// moved onto this day's clock): its page and stop times are that day's.
        public var dayOffset = 0
    }

    public struct Stop: Sendable {
        public var station: Int
        public var along: Double
        public var arrival: Double
        public var departure: Double
    }

    /// Line index → direction sign (+1 toward growing `along`, -1 against) → trains, by first minute.
    var trains: [Int: [Double: [Train]]] = [:]
    public var serviceDate: CivilDate

    public init(serviceDate: CivilDate) { self.serviceDate = serviceDate }

    /// Trains of a line and direction from `network`'s timetable running on a date.
    init(timetable: Timetable, serviceDate: CivilDate, lines: [RailLine]) throws {
        self.serviceDate = serviceDate
        let reference = timetable.reference
        // Station row id → (line, station index in the railway's list, along).
        var placed: [Int64: (line: Int, index: Int, along: Double)] = [:]
        for (l, line) in lines.enumerated() {
            for station in line.stations {
                if let row = reference.stations[id: station.id]?.handle.row { placed[row] = (l, station.index, station.along) }
            }
        }
        for running in try timetable.runningParts(on: serviceDate) {
            var stops: [Stop] = []
            var line: Int?
            for stop in running.stops {
                guard let place = placed[stop.station.row] else { continue }
                if line == nil { line = place.line }
                guard place.line == line else { continue }
                let arrival = Double(stop.arrival ?? stop.departure ?? 0)
                let departure = Double(stop.departure ?? stop.arrival ?? 0)
                stops.append(Stop(station: place.index, along: place.along, arrival: arrival, departure: departure))
            }
            guard let l = line, stops.count >= 2 else { continue }
            let rail = lines[l]
            var forward = 0.0
            for (a, b) in zip(stops, stops.dropFirst()) { forward += rail.signedStep(from: a.along, to: b.along) }
            guard forward != 0 else { continue }
            let sign: Double = forward > 0 ? 1 : -1
            var train = Train(rowId: running.handle.row, stops: stops)
            train.dayOffset = running.dayOffset
            add(train, line: l, sign: sign)
        }
        for (l, bySign) in trains {
            for (sign, list) in bySign { trains[l]?[sign] = list.sorted { $0.firstMinute < $1.firstMinute } }
        }
    }

    /// Adds a train (hand-made schedules in tests; the loader above).
    public mutating func add(_ train: Train, line: Int, sign: Double) {
        trains[line, default: [:]][sign, default: []].append(train)
    }

    func trains(line: Int, sign: Double) -> [Train] { trains[line]?[sign] ?? [] }
}

extension DaySchedule.Train {
    public init(rowId: Int64, stops: [DaySchedule.Stop]) {
        self.rowId = rowId
        self.stops = stops
        stopping = Set(stops.map(\.station))
        low = stops.map(\.along).min() ?? 0
        high = stops.map(\.along).max() ?? 0
        firstMinute = stops.first?.departure ?? 0
        lastMinute = stops.last?.arrival ?? 0
    }

    /// When the schedule puts the train at `along` (service-day minutes), or nil when its run does
    /// not cover that point. On a loop a lap covers the whole line, handled by the caller's steps.
    func scheduledMinute(at along: Double, line: RailLine, sign: Double) -> Double? {
        for (a, b) in zip(stops, stops.dropFirst()) {
            let span = line.signedStep(from: a.along, to: b.along) * sign
            let into = line.signedStep(from: a.along, to: along) * sign
            guard span > 0 else { continue }
            // Within 150 m of a stop counts as at it (dwell, and stations' positions are approximate).
            if abs(into) <= 150 { return max(a.arrival, min(a.departure, a.arrival + 0.5)) }
            if into > 0, into < span {
                let fraction = into / span
                return a.departure + (b.arrival - a.departure) * fraction
            }
        }
        if let last = stops.last, abs(line.signedStep(from: last.along, to: along)) <= 150 { return last.arrival }
        return nil
    }
}
