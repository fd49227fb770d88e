import EkiStore
import EkiTracking
import Foundation

/// Replays simulated rides through the tracker and scores it against their truth.
///
/// Per ride: whether the railway and direction are right at the last fix aboard the last train
/// (an `equivalents` line of the truth — same track, same stops — counts as right); per train
/// ridden, the time from its departure to the first answer that stays right until alighting
/// (nil: never); flips, i.e. changes of a (railway, direction) answer to another one while aboard
/// one train; and, over the fixes aboard whose answer is right, how often the next station (same
/// station complex) and the phase agree with the truth.
public enum RideEvaluation {
    public struct RideResult: Sendable, Equatable, Codable {
        public var ride: String
        public var corridor: String?
        public var aboveGround: Bool
        public var fixes: Int
        public var rightAtEnd: Bool
        /// One per train ridden; nil when the answer never settled on the right line.
        public var secondsToStable: [Double?]
        /// The same moment counted in stations the train had gone by (stopped at or passed)
        /// after the boarding one: "resolved within 2 station passes" is a value ≤ 2.
        public var stationsToStable: [Int?]
        public var flips: Int
        public var nextStationChecked: Int
        public var nextStationRight: Int
        public var phaseChecked: Int
        public var phaseRight: Int
        /// On-train states, those that were sure (`TrackingState.isSure`), and the sure ones that
        /// named the wrong line or direction.
        /// The timetable's train named at the last fix aboard is the one ridden (`TrackingState.trainRow`).
        public var trainAtEnd = false
        /// No other line runs the last train's stretch with the same stops: its line can be told apart.
        public var distinctLine = false
        public var onTrainStates = 0
        public var sureStates = 0
        public var sureWrong = 0
        /// The last answer aboard and the truth, as "railway direction".
        public var finalAnswer: String?
        public var truth: String
    }

    public struct Summary: Sendable, Equatable, Codable {
        public var name: String
        public var rides: Int
        public var rightAtEnd: Double
        /// Seconds; nil when fewer than half (or a tenth) of the trains ever settle.
        public var medianSecondsToStable: Double?
        public var p90SecondsToStable: Double?
        public var neverStable: Int
        public var medianStationsToStable: Int?
        public var p90StationsToStable: Int?
        public var flipsPerRide: Double
        public var nextStationAccuracy: Double?
        public var phaseAccuracy: Double?
        /// Share of on-train states that were sure and wrong (target ≤ 2 %), and of sure states
        /// that were right (target ≥ 97 %).
        public var sureAndWrong: Double?
        public var sureRight: Double?
        /// Share of rides whose train (not only its line) was named at the end, of those whose
        /// line can be told apart (target ≥ 95 %).
        public var trainAtEnd: Double?
    }

    public struct Report: Sendable, Equatable, Codable {
        public var all: Summary
        public var aboveGround: Summary
        public var corridors: [Summary]
        public var rides: [RideResult]
    }

    /// Scores one ride: feeds its fixes to `tracker` in order and compares each state with the
    /// truth of that fix.
    /// `trainId`: a train part's id from its row (the database's), to check the train named.
    public static func evaluate(ride fixes: [Fix], truth: RideTruth, tracker: RideTracker,
                                reference: Reference, trainId: (Int64) -> String? = { _ in nil }) -> RideResult {
        score(fixes.map(tracker.update), fixes: fixes, truth: truth, reference: reference, trainId: trainId)
    }

    /// Scores the tracker's states after each fix of a ride against the ride's truth.
    public static func score(_ states: [TrackingState], fixes: [Fix], truth: RideTruth, reference: Reference,
                             trainId: (Int64) -> String? = { _ in nil }) -> RideResult {
        func complex(_ station: String?) -> ComplexHandle? { station.flatMap { reference.stations[id: $0]?.complex } }
        func sameStation(_ a: String?, _ b: String?) -> Bool {
            a == b || (complex(a) != nil && complex(a) == complex(b))
        }
        var result = RideResult(ride: truth.ride, corridor: truth.corridor, aboveGround: truth.aboveGround,
                                fixes: fixes.count, rightAtEnd: false, secondsToStable: [], stationsToStable: [], flips: 0,
                                nextStationChecked: 0, nextStationRight: 0, phaseChecked: 0, phaseRight: 0,
                                finalAnswer: nil, truth: truth.segments.last.map { "\($0.railway) \($0.direction)" } ?? "")
        result.distinctLine = truth.segments.last?.equivalents.isEmpty ?? false
        var rightBySegment: [[(time: Double, right: Bool)]] = Array(repeating: [], count: truth.segments.count)
        var lastAnswer: [Int: TrackingState.Candidate] = [:]
        var lastAboardState: TrackingState?
        for ((fix, fixTruth), state) in zip(zip(fixes, truth.fixes), states) {
            guard fixTruth.onTrain, let index = fixTruth.segment, index < truth.segments.count else { continue }
            let segment = truth.segments[index]
            let answer = state.railway.flatMap { railway in state.direction.map { RideTruth.Line(railway: railway, direction: $0) } }
            let right = answer.map { $0 == RideTruth.Line(railway: segment.railway, direction: segment.direction)
                || segment.equivalents.contains($0) } ?? false
            rightBySegment[index].append((fix.time, right))
            result.onTrainStates += 1
            if state.isSure {
                result.sureStates += 1
                if !right { result.sureWrong += 1 }
            }
            if let answer {
                if let previous = lastAnswer[index], previous.railway != answer.railway || previous.direction != answer.direction {
                    result.flips += 1
                }
                lastAnswer[index] = .init(railway: answer.railway, direction: answer.direction, score: 0)
            }
            if index == truth.segments.count - 1 { lastAboardState = state }
            if right {
                result.nextStationChecked += 1
                if sameStation(state.nextStation, fixTruth.nextStation) { result.nextStationRight += 1 }
                if fixTruth.phase != nil {
                    result.phaseChecked += 1
                    if state.phase == fixTruth.phase { result.phaseRight += 1 }
                }
            }
        }
        if let state = lastAboardState, let segment = truth.segments.last, let railway = state.railway, let direction = state.direction {
            let line = RideTruth.Line(railway: railway, direction: direction)
            result.finalAnswer = "\(railway) \(direction)"
            result.trainAtEnd = state.trainRow.flatMap(trainId) == segment.train
            result.rightAtEnd = line == RideTruth.Line(railway: segment.railway, direction: segment.direction)
                || segment.equivalents.contains(line)
        }
        for (index, samples) in rightBySegment.enumerated() {
            let segment = truth.segments[index]
            guard let departure = RideFileWriter.parseISO8601(segment.departure) else { continue }
            let settled: Double?
            if let lastWrong = samples.lastIndex(where: { !$0.right }) {
                settled = lastWrong + 1 < samples.count ? samples[lastWrong + 1].time : nil
            } else {
                settled = samples.first?.time
            }
            result.secondsToStable.append(settled.map { max(0, $0 - departure) })
            result.stationsToStable.append(settled.map { time in
                segment.stations.dropFirst().filter { (RideFileWriter.parseISO8601($0.departure) ?? .infinity) <= time }.count
            })
        }
        return result
    }

    public static func summarize(_ results: [RideResult], name: String) -> Summary {
        let times = results.flatMap(\.secondsToStable).map { $0 ?? .infinity }.sorted()
        func percentile(_ p: Double) -> Double? {
            guard !times.isEmpty else { return nil }
            let value = times[max(0, Int((Double(times.count) * p).rounded(.up)) - 1)]   // nearest rank
            return value.isFinite ? value : nil
        }
        func share(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }
        let stations = results.flatMap(\.stationsToStable).map { $0 ?? .max }.sorted()
        func stationPercentile(_ p: Double) -> Int? {
            guard !stations.isEmpty else { return nil }
            let value = stations[max(0, Int((Double(stations.count) * p).rounded(.up)) - 1)]
            return value == .max ? nil : value
        }
        return Summary(
            name: name, rides: results.count,
            rightAtEnd: share(results.filter(\.rightAtEnd).count, results.count) ?? 0,
            medianSecondsToStable: percentile(0.5), p90SecondsToStable: percentile(0.9),
            neverStable: times.filter { !$0.isFinite }.count,
            medianStationsToStable: stationPercentile(0.5), p90StationsToStable: stationPercentile(0.9),
            flipsPerRide: results.isEmpty ? 0 : Double(results.reduce(0) { $0 + $1.flips }) / Double(results.count),
            nextStationAccuracy: share(results.reduce(0) { $0 + $1.nextStationRight }, results.reduce(0) { $0 + $1.nextStationChecked }),
            phaseAccuracy: share(results.reduce(0) { $0 + $1.phaseRight }, results.reduce(0) { $0 + $1.phaseChecked }),
            sureAndWrong: share(results.reduce(0) { $0 + $1.sureWrong }, results.reduce(0) { $0 + $1.onTrainStates }),
            sureRight: share(results.reduce(0) { $0 + $1.sureStates - $1.sureWrong }, results.reduce(0) { $0 + $1.sureStates }),
            trainAtEnd: share(results.filter { $0.distinctLine && $0.trainAtEnd }.count, results.filter(\.distinctLine).count))
    }

    public static func report(_ results: [RideResult]) -> Report {
        let corridorNames = SimulatorCorridor.all.map(\.name).filter { name in results.contains { $0.corridor == name } }
        return Report(all: summarize(results, name: "All rides"),
                      aboveGround: summarize(results.filter(\.aboveGround), name: "Above ground"),
                      corridors: corridorNames.map { name in summarize(results.filter { $0.corridor == name }, name: name) },
                      rides: results)
    }
}
