import EkiCore
import Foundation

/// The tracking engine: a hidden-Markov-style filter over (railway line, direction) in the manner of
/// Newson & Krumm's map matching, with the timetable on top.
///
/// - Emission: how far each fix lies from each nearby line, against the fix's accuracy.
/// - Transition: the filtered position along each line may not jump faster than a train; clear moves
///   along a line (bigger than the noise) and the phone's course vote for one of its two directions.
/// - Timetable: a (line, direction) with no train of the day near this place at this time, or whose
///   trains do not stop where the ride stopped (or stop where it went through), loses. This is what
///   separates lines that share a track or run side by side (Tokaido / Keihin-Tohoku).
/// Lines appear as the ride comes near them and carry their evidence along, so a through service
/// or a change of train moves the answer as soon as the lines part.
final class RideFilter {
    let rails: RailNetwork
    private(set) var tracks: [Int: RideTrack] = [:]
    private(set) var chosen: (line: Int, direction: Int)?
    private var last: Fix?
    private var lastUsable: Double?
    private var recent: [(time: Double, point: PlanePoint, accuracy: Double, speed: Double?)] = []
    private var stillSince: Double?
    private var stopRecorded = false
    /// When the ride was last seen moving at train speed, and since when it has been walking pace.
    private var lastTrainSpeed: Double?
    private var awayFromLineSince: Double?
    private var lastState: TrackingState?
    private var jumps = 0
    private var loosened = false

    /// Every number the filter could be tuned by, named with its unit (RideTuning.swift).
    let tuning: RideTuning

    init(rails: RailNetwork, tuning: RideTuning = .standard) {
        self.rails = rails
        self.tuning = tuning
    }

    /// Takes one fix already screened for garbage; returns the state after it.
    func update(_ fix: Fix) -> TrackingState {
        let point = PlanePoint(GeoPoint(latitude: fix.latitude, longitude: fix.longitude))
        let accuracy = max(fix.accuracy, tuning.minimumAccuracy)
        let sigma = (accuracy * accuracy + tuning.lineNoise * tuning.lineNoise).squareRoot()
        let gap = last.map { fix.time - $0.time } ?? 0
        // A fix hundreds of metres from where the chosen train must be, moments after the last,
        // is a GPS jump: it says nothing about any line (a line near where it landed would gain
        // on the others for no reason). Several in a row are believed.
        if isJump(point, sigma: sigma, time: fix.time, gap: gap) {
            jumps += 1
            if jumps < tuning.outliersInARow, let state = lastState {
                last = fix
                var carried = state
                carried.time = fix.time
                carried.reducedAccuracy = lastUsable.map { fix.time - $0 >= tuning.reducedAccuracyAfter } ?? true
                return carried
            }
        } else {
            jumps = 0
        }
        let speed = observedSpeed(fix, point: point)
        last = fix
        if accuracy <= tuning.usableAccuracy { lastUsable = fix.time }
        recent.append((fix.time, point, accuracy, speed))
        recent.removeAll { fix.time - $0.time > tuning.recentWindow }
        // Bounded whatever the pace of the fixes (a client may send many a second): the speed
        // estimate needs only a few from 10–30 s ago (`speedBaseline` to `recentWindow`).
        if recent.count > tuning.recentLimit { recent.removeFirst(recent.count - tuning.recentLimit) }

        // Standing still: a stop once it lasts, recorded once per stop on every line within reach.
        // A fix without a speed changes nothing, and only a clear move ends a stop (GPS speed
        // jitters around 1 m/s at a standstill).
        if let speed, speed < tuning.stopSpeed {
            if stillSince == nil { stillSince = fix.time; stopRecorded = false }
        } else if let speed, speed > tuning.moveFactor * tuning.stopSpeed {
            stillSince = nil
        }
        if gap > tuning.stillGap { stillSince = nil }
        if let speed, speed > tuning.trainSpeed { lastTrainSpeed = fix.time }

        let radius = min(tuning.reachMaximum, max(tuning.reachMinimum, tuning.reachAccuracies * accuracy))
        let nearby = rails.project(point, within: radius)
        let best = tracks.values.map { max($0.total(0), $0.total(1)) }.max() ?? 0
        var reached = Set<Int>()
        for (line, projections) in nearby {
            reached.insert(line)
            if tracks[line] == nil {
                let along = projections[0].along
                tracks[line] = RideTrack(line: line, along: along, sigma: sigma, time: fix.time,
                                         score: tracks.isEmpty ? 0 : best - tuning.newLinePenalty)
            }
            let projection = pick(projections, for: tracks[line]!, at: fix.time, sigma: sigma)
            advance(&tracks[line]!, to: projection, fix: fix, sigma: sigma, speed: speed, gap: gap)
        }
        // Lines out of reach of this fix: the fix is far from them (an outlier hurts all alike).
        let missing = -min(tuning.emissionCap, 0.5 * (radius / sigma) * (radius / sigma)) * tuning.emissionWeight
        for line in tracks.keys where !reached.contains(line) {
            tracks[line]!.score[0] += missing
            tracks[line]!.score[1] += missing
            tracks[line]!.offset = .infinity
        }

        // A long stop may be a change of train: beliefs built on the last train loosen, so the
        // next one can win on its own evidence within a station or two.
        if let since = stillSince, !loosened, fix.time - since >= tuning.changeSeconds {
            loosened = true
            for line in tracks.keys {
                for d in 0..<2 { tracks[line]!.score[d] = max(tracks[line]!.score[d], -tuning.changeWindow) }
            }
        }
        if stillSince == nil { loosened = false }
        if let since = stillSince, !stopRecorded, fix.time - since >= tuning.stopSeconds, accuracy <= tuning.usableAccuracy {
            stopRecorded = true
            for line in reached { recordStop(on: line, accuracy: accuracy, time: fix.time) }
        }
        for line in tracks.keys { settleCrossings(on: line, time: fix.time, gap: gap, speed: speed) }

        let schedule = rails.schedule(for: ServiceInstant(Date(timeIntervalSince1970: fix.time), timeZone: rails.timeZone).serviceDate)
        let minute = Self.serviceMinute(fix.time, timeZone: rails.timeZone)
        for line in tracks.keys { weigh(&tracks[line]!, schedule: schedule, minute: minute, time: fix.time) }
        normalize(time: fix.time)
        choose()
        let state = state(fix: fix, accuracy: accuracy, speed: speed, reached: reached)
        lastState = state
        return state
    }

    /// Whether `point` lies implausibly far from the chosen line's filtered position.
    private func isJump(_ point: PlanePoint, sigma: Double, time: Double, gap: Double) -> Bool {
        guard gap < tuning.outlierWithin, let chosen, let track = tracks[chosen.line] else { return false }
        let line = rails.lines[chosen.line]
        let expected = PlanePoint(line.position(at: track.along + track.velocity * max(0, time - track.time)).point)
        let spread = (track.variance + tuning.speedErrorVariance * gap * gap + sigma * sigma).squareRoot()
        return point.distance(to: expected) > max(tuning.outlierMinimum, tuning.outlierSpreads * spread)
    }

    // MARK: - Motion

    /// Speed over ground: the phone's when it gives one, else from the positions of the last 10–30 s
    /// (one second apart, GPS noise would swamp it). Nil when nothing tells.
    private func observedSpeed(_ fix: Fix, point: PlanePoint) -> Double? {
        if fix.speed.isFinite, fix.speed >= 0 { return fix.speed }
        guard let earlier = recent.last(where: { fix.time - $0.time >= tuning.speedBaseline }) else { return nil }
        let noise = (earlier.accuracy + fix.accuracy) / 2
        let distance = earlier.point.distance(to: point)
        let elapsed = fix.time - earlier.time
        // Too noisy to call a stop or a move: say nothing.
        if noise / elapsed > tuning.speedNoiseLimit { return nil }
        return max(0, distance - noise) / elapsed
    }

    /// The projection that fits the track's predicted position best (a loop or hairpin passes twice).
    private func pick(_ projections: [Projection], for track: RideTrack, at time: Double, sigma: Double) -> Projection {
        guard projections.count > 1 else { return projections[0] }
        let line = rails.lines[track.line]
        let dt = max(0, time - track.time)
        let predicted = track.along + track.velocity * dt
        let spread = tuning.pickSpread + tuning.pickSpreadGrowth * dt
        return projections.min { a, b in
            func cost(_ p: Projection) -> Double {
                let jump = line.signedStep(from: predicted, to: p.along) / spread
                return (p.distance / sigma) * (p.distance / sigma) + jump * jump
            }
            return cost(a) < cost(b)
        }!
    }

    private func advance(_ track: inout RideTrack, to projection: Projection, fix: Fix, sigma: Double, speed: Double?, gap: Double) {
        let line = rails.lines[track.line]
        // Emission: distance from the line against the fix's accuracy (halved: GPS errors of
        // successive fixes are correlated, so each fix is not fully new evidence).
        let emission = -min(tuning.emissionCap, 0.5 * (projection.distance / sigma) * (projection.distance / sigma)) * tuning.emissionWeight
        track.score[0] += emission
        track.score[1] += emission
        track.offset = projection.distance

        // Position filter along the line.
        let dt = max(0, fix.time - track.time)
        let previous = track.along
        let predicted = track.along + track.velocity * dt
        let innovation = line.signedStep(from: predicted, to: projection.along)
        let predictedVariance = track.variance + tuning.speedErrorVariance * dt * dt + tuning.positionNoiseVariance
        // A fix far from where the train can be is an outlier (GPS now and then jumps hundreds of
        // metres while claiming good accuracy): it moves nothing. Several in a row mean the
        // filter lost the train, and it starts again from the fixes.
        let outlier = dt < tuning.outlierWithin
            && abs(innovation) > max(tuning.outlierMinimum, tuning.outlierSpreads * (predictedVariance + sigma * sigma).squareRoot())
        if outlier { track.rejected += 1 } else { track.rejected = 0 }
        if outlier && track.rejected < tuning.outliersInARow {
            track.time = fix.time
            track.seen = fix.time
            return
        }
        if dt > tuning.restartAfter || abs(innovation) > tuning.restartDistance || track.rejected >= tuning.outliersInARow {
            track.rejected = 0
            track.anchor = (projection.along, fix.time, sigma)
            track.along = projection.along
            track.velocity = 0
            track.variance = sigma * sigma
        } else {
            let gain = predictedVariance / (predictedVariance + sigma * sigma)
            track.along = Self.wrap(predicted + gain * innovation, line: line)
            track.variance = (1 - gain) * predictedVariance
            if dt > 0 { track.velocity += gain * tuning.velocityGain * innovation / max(dt, 1) }
            track.velocity = max(-tuning.maxSpeed, min(tuning.maxSpeed, track.velocity))
        }
        // The phone's own speed and course are better than differences of noisy positions.
        if let speed {
            let heading = headingSign(course: fix.course, bearing: projection.bearing)
            let sign = heading ?? (track.velocity >= 0 ? 1 : -1)
            if speed < tuning.stopSpeed { track.velocity = 0 } else { track.velocity = sign * speed }
        }
        track.time = fix.time
        track.seen = fix.time

        // Direction from clear moves: a move bigger than three times the noise counts against the
        // direction it goes away from, in proportion to how clear it is.
        let moved = line.signedStep(from: track.anchor.along, to: projection.along)
        let combined = (sigma * sigma + track.anchor.sigma * track.anchor.sigma).squareRoot()
        if abs(moved) > tuning.moveNoises * combined, abs(moved) > tuning.moveMinimum {
            let elapsed = max(1, fix.time - track.anchor.time)
            let evidence = min(abs(moved) / combined, tuning.moveEvidenceCap) * tuning.moveEvidenceWeight
            track.score[RideTrack.direction(-moved)] -= evidence
            // Faster than any train: this line is not the ride (a parallel line seen askew).
            if abs(moved) / elapsed > tuning.impossibleSpeed { track.score[0] -= tuning.impossiblePenalty; track.score[1] -= tuning.impossiblePenalty }
            track.anchor = (projection.along, fix.time, sigma)
        } else if fix.time - track.anchor.time > tuning.anchorAge {
            track.anchor = (projection.along, fix.time, sigma)
        }
        // Course: along the line one way or the other, or across it.
        if fix.course.isFinite, fix.course >= 0, let speed, speed > tuning.courseSpeed, fix.accuracy < tuning.courseAccuracy,
           projection.distance < tuning.courseDistance {
            let cosine = cos((fix.course - projection.bearing) * .pi / 180)
            track.score[0] -= tuning.courseWeight * (1 - cosine)
            track.score[1] -= tuning.courseWeight * (1 + cosine)
        }

        // Stations crossed at speed since the last fix wait to be called passes.
        let step = line.signedStep(from: previous, to: track.along)
        if gap <= tuning.crossingGap, abs(step) > 0, abs(step) < tuning.crossingStep {
            for station in line.stations {
                let from = line.signedStep(from: previous, to: station.along)
                if from * step > 0, abs(from) <= abs(step), !track.crossing.contains(where: { $0.station == station.index }) {
                    track.crossing.append(approach(to: station, time: fix.time))
                }
            }
        }
    }

    /// A station just crossed, with what the last 25 s (`approachWindow`) of fixes say of the
    /// approach: the slowest speed and whether they came without a gap that could hide a stop.
    private func approach(to station: RailLine.Station, time: Double) -> RideTrack.Crossing {
        let window = recent.filter { time - $0.time <= tuning.approachWindow }
        var gapless = (window.first.map { time - $0.time } ?? 0) >= tuning.approachCoverage
        for (a, b) in zip(window, window.dropFirst()) where b.time - a.time > tuning.hiddenStop { gapless = false }
        let speeds = window.compactMap(\.speed)
        return RideTrack.Crossing(station: station.index, along: station.along, time: time,
                                  slowest: speeds.count >= tuning.approachSpeeds ? speeds.min() ?? 0 : 0, gapless: gapless)
    }

    /// A stop of the train, seen on one line: at the nearest station when close enough, else between stations.
    private func recordStop(on lineIndex: Int, accuracy: Double, time: Double) {
        guard var track = tracks[lineIndex], track.offset < max(tuning.stopOffset, accuracy) else { return }
        let line = rails.lines[lineIndex]
        let nearest = line.nearestStation(to: track.along)
        if let nearest, abs(nearest.offset) <= max(tuning.stopStationReach, accuracy) {
            track.record(RideEvent(kind: .stop(station: nearest.station.index), time: time))
            track.lastStop = (nearest.station.index, time)
            track.crossing.removeAll { $0.station == nearest.station.index }
        } else {
            track.record(RideEvent(kind: .stop(station: nil), time: time))
        }
        tracks[lineIndex] = track
    }

    /// A station crossed without stopping becomes a pass once the train is 300 m (`passDistance`)
    /// beyond it; a gap in the fixes in between leaves it unknown.
    private func settleCrossings(on lineIndex: Int, time: Double, gap: Double, speed: Double?) {
        guard var track = tracks[lineIndex], !track.crossing.isEmpty else { return }
        let line = rails.lines[lineIndex]
        var kept: [RideTrack.Crossing] = []
        for var crossing in track.crossing {
            if gap > tuning.hiddenStop { crossing.gapless = false }
            if let speed { crossing.slowest = min(crossing.slowest, speed) }
            if let stop = track.lastStop, stop.station == crossing.station, time - stop.time < tuning.lastStopMemory { continue }
            if stillSince != nil { kept.append(crossing); continue }
            if abs(line.signedStep(from: crossing.along, to: track.along)) > tuning.passDistance {
                // Only a crossing seen throughout at speed is a pass; anything else stays unknown.
                if track.offset < tuning.passOffset, crossing.gapless, crossing.slowest > tuning.passSpeed {
                    track.record(RideEvent(kind: .pass(station: crossing.station), time: time))
                }
            } else if time - crossing.time < tuning.crossingMemory {
                kept.append(crossing)
            }
        }
        track.crossing = kept
        tracks[lineIndex] = track
    }

    // MARK: - Timetable

    /// For each direction: how well the day's best-fitting train explains being here now, with the
    /// stops and passes seen. Recomputed every 5 s (`weighEvery`) or when a stop or pass is added.
    private func weigh(_ track: inout RideTrack, schedule: DaySchedule, minute: Double, time: Double) {
        guard time - track.scheduleTime >= tuning.weighEvery || track.events.count != track.scheduleEvents else { return }
        track.scheduleTime = time
        track.scheduleEvents = track.events.count
        let line = rails.lines[track.line]
        for direction in 0..<2 {
            let sign = RideTrack.sign(direction)
            var bestFit = -Double.infinity
            var bestTrain: DaySchedule.Train?
            var bestLate = Double.infinity
            for train in schedule.trains(line: track.line, sign: sign)
            where train.firstMinute <= minute + tuning.trainWindow && train.lastMinute >= minute - tuning.trainWindow {
                guard let scheduled = train.scheduledMinute(at: track.along, line: line, sign: sign) else { continue }
                let late = minute - scheduled
                // A train due here an hour from now is not a train that can be here now.
                guard late <= tuning.lateLimit, late >= -tuning.earlyLimit else { continue }
                // Trains run up to a few minutes late, rarely early.
                let off = late > tuning.lateAllowed ? (late - tuning.lateAllowed) / tuning.lateScale
                    : (late < -tuning.earlyAllowed ? (-tuning.earlyAllowed - late) / tuning.earlyScale : 0)
                var mismatch = 0.0
                for event in track.events where time - event.time < tuning.eventMemory {
                    switch event.kind {
                    case .stop(let station?):
                        if !train.stopping.contains(station) { mismatch += tuning.wrongCall }
                    case .stop(nil):
                        mismatch += tuning.stopBetweenStations
                    case .pass(let station):
                        if train.stopping.contains(station) { mismatch += tuning.wrongCall }
                    }
                }
                // Each part bounded: one misread stop or pass must not weigh like "no such train".
                let fit = -min(off * off, tuning.lateCap) - min(mismatch, tuning.mismatchCap)
                // Equal fits (two trains minutes apart both within the lateness allowed) name the
                // one closer to its timetable; the score is the same either way.
                if fit > bestFit || (fit == bestFit && abs(late) < bestLate) { bestFit = fit; bestTrain = train; bestLate = abs(late) }
            }
            // No train of this line and direction anywhere near now: the ride is not on it.
            track.schedule[direction] = bestTrain == nil ? -tuning.noTrain : bestFit
            track.train[direction] = bestTrain
        }
    }

    /// Minutes into the service day (03:00 to 27:00) of an absolute time, with seconds.
    static func serviceMinute(_ time: Double, timeZone: TimeZone = TokyoTime.zone) -> Double {
        let instant = ServiceInstant(Date(timeIntervalSince1970: time), timeZone: timeZone)
        let whole = (time / 60).rounded(.down)
        return Double(instant.minute.value) + (time / 60 - whole)
    }

    // MARK: - Choosing

    private func normalize(time: Double) {
        guard let top = tracks.values.map({ max($0.total(0), $0.total(1)) }).max() else { return }
        for line in tracks.keys {
            var track = tracks[line]!
            for d in 0..<2 {
                track.score[d] -= top
                // Nothing falls so far behind that it cannot come back when the lines part. The
                // floor holds the evidence of the fixes only: lifting it by a bad timetable fit
                // would hand a line with no train now a head start once one comes.
                track.score[d] = max(track.score[d], -tuning.scoreWindow)
            }
            tracks[line] = track
        }
        // Forget lines left behind long ago.
        tracks = tracks.filter { time - $0.value.seen < tuning.forgetAfter }
    }

    /// The (line, direction) pairs the ride may be on, best first. Candidates are trains, not
    /// lines: a pair with no train of the day that can be here now (`weigh`) is left out — unless
    /// no pair has one (lines the data gives no trains for, a ride far off the timetable), when
    /// the lines alone are all there is to go by.
    private func ranked() -> [(line: Int, direction: Int, total: Double)] {
        let all = tracks.values.flatMap { track in
            (0..<2).compactMap { d -> (Int, Int, Double, Bool)? in
                let line = rails.lines[track.line]
                guard (d == 0 ? line.ascendingForward ? line.ascending : line.descending
                                : line.ascendingForward ? line.descending : line.ascending) != nil else { return nil }
                return (track.line, d, track.total(d), track.train[d] != nil)
            }
        }
        let timed = all.contains { $0.3 } ? all.filter { $0.3 } : all
        return timed.map { ($0.0, $0.1, $0.2) }
            .sorted { ($0.2, rails.lines[$1.0].railway, $1.1) > ($1.2, rails.lines[$0.0].railway, $0.1) }
    }

    /// The best candidate, kept until another is clearly better (fewer flips between close ones);
    /// one the timetable has ruled out is dropped at once.
    private func choose() {
        let list = ranked()
        guard let top = list.first else { chosen = nil; return }
        if let current = chosen, let track = tracks[current.line],
           list.contains(where: { $0.line == current.line && $0.direction == current.direction }) {
            if top.total - track.total(current.direction) < tuning.switchMargin { return }
        }
        chosen = (top.line, top.direction)
    }

    func directionId(line: Int, direction: Int) -> String? {
        let rail = rails.lines[line]
        return (direction == 0) == rail.ascendingForward ? rail.ascending : rail.descending
    }

    // MARK: - Output

    private func state(fix: Fix, accuracy: Double, speed: Double?, reached: Set<Int>) -> TrackingState {
        var state = TrackingState(time: fix.time)
        let list = ranked().prefix(tuning.candidatesShown)
        if let top = list.first?.total {
            let weights = list.map { exp($0.total - top) }
            let sum = weights.reduce(0, +)
            state.candidates = zip(list, weights).compactMap { item, weight in
                guard let direction = directionId(line: item.line, direction: item.direction) else { return nil }
                return TrackingState.Candidate(railway: rails.lines[item.line].railway, direction: direction,
                                               score: (weight / sum * 1000).rounded() / 1000,
                                               trainRow: tracks[item.line]?.train[item.direction]?.rowId)
            }.filter { $0.score > 0 }
            // How sure of the line and direction named: its share of the weight.
            if let chosen, let index = list.firstIndex(where: { $0.line == chosen.line && $0.direction == chosen.direction }) {
                state.confidence = (weights[index] / sum * 1000).rounded() / 1000
            }
        }
        state.reducedAccuracy = lastUsable.map { fix.time - $0 >= tuning.reducedAccuracyAfter } ?? true
        state.offTrain = offTrain(fix: fix, speed: speed, accuracy: accuracy)
        guard let chosen, let track = tracks[chosen.line] else { return state }
        let line = rails.lines[chosen.line]
        state.railway = line.railway
        state.direction = directionId(line: chosen.line, direction: chosen.direction)
        let stopped = stillSince.map { fix.time - $0 >= tuning.stoppedAfter } ?? false
        let place = RidePhase.place(on: line, along: track.along, sign: RideTrack.sign(chosen.direction),
                                    stopped: stopped, moving: (speed ?? abs(track.velocity)) > tuning.movingSpeed,
                                    lastStop: track.lastStop.flatMap { fix.time - $0.time < tuning.lastStopMemory ? $0.station : nil },
                                    train: track.train[chosen.direction], poorAccuracy: accuracy > tuning.poorAccuracy)
        state.previousStation = place.previous
        state.nextStation = place.next
        state.focusStation = place.focus
        state.phase = place.phase
        state.trainRow = track.train[chosen.direction]?.rowId
        state.trainDayOffset = track.train[chosen.direction]?.dayOffset
        return state
    }

    /// Off the train: fixes well away from the line for half a minute, or at walking pace or still
    /// for longer than the train waits there.
    private func offTrain(fix: Fix, speed: Double?, accuracy: Double) -> Bool {
        guard let chosen, let track = tracks[chosen.line] else { return false }
        if accuracy < tuning.awayAccuracy, track.offset > max(tuning.awayMinimum, tuning.awayAccuracies * accuracy) {
            if awayFromLineSince == nil { awayFromLineSince = fix.time }
        } else if track.offset < tuning.backOnLine {
            awayFromLineSince = nil
        }
        if let away = awayFromLineSince, fix.time - away >= tuning.awaySeconds { return true }
        guard let speed, speed < tuning.walkingSpeed, let moving = lastTrainSpeed else { return false }
        let slow = fix.time - moving
        // A train may wait minutes at a station (for an express to overtake): past two minutes,
        // off once the timetable's train should have left two minutes ago; past five, off anyway.
        if slow >= tuning.offAfterSlow { return true }
        if slow >= tuning.offAfterTimetable, let stop = track.lastStop, let train = track.train[chosen.direction],
           let call = train.stops.first(where: { $0.station == stop.station }),
           Self.serviceMinute(fix.time, timeZone: rails.timeZone) - call.departure > tuning.departedMinutes {
            return true
        }
        return false
    }

    static func wrap(_ along: Double, line: RailLine) -> Double {
        guard line.isLoop, line.length > 0 else { return along }
        var value = along.truncatingRemainder(dividingBy: line.length)
        if value < 0 { value += line.length }
        return value
    }

    /// +1 when the course runs with the line's bearing, -1 against, nil when unknown or across.
    func headingSign(course: Double, bearing: Double) -> Double? {
        guard course.isFinite, course >= 0 else { return nil }
        let cosine = cos((course - bearing) * .pi / 180)
        if cosine > tuning.headingCosine { return 1 }
        if cosine < -tuning.headingCosine { return -1 }
        return nil
    }
}
