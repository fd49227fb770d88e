/// Every number `RideFilter` could be tuned by, named, with its unit (issue 28). `standard` holds the
/// values the filter was measured with (docs/TRACKING.md); a tuning experiment builds a copy, changes
/// a field and hands it to `RideFilter(rails:tuning:)`.
///
/// Scores are log-likelihoods ("points": one point is a likelihood ratio of e to 1). Distances are
/// metres, times seconds (the timetable's lateness in minutes, as the timetable counts), speeds m/s.
struct RideTuning: Sendable {
    // MARK: Fixes and their noise

    /// Metres: a fix's accuracy counts as at least this, so no single fix is treated as exact.
    var minimumAccuracy: Double
    /// Metres, added to the accuracy in quadrature: how far a drawn line lies from the real track.
    var lineNoise: Double
    /// Metres: a fix this good or better counts as usable (for stops and `reducedAccuracy`).
    var usableAccuracy: Double
    /// Metres: a fix worse than this names only the nearest station (phase `nearby`).
    var poorAccuracy: Double
    /// Seconds without a usable fix before the state says `reducedAccuracy`.
    var reducedAccuracyAfter: Double

    // MARK: Which lines a fix reaches

    /// Multiples of the accuracy: a fix looks for lines within this many times its accuracy…
    var reachAccuracies: Double
    /// …but at least this many metres (a good fix still sees a line drawn a little off)…
    var reachMinimum: Double
    /// …and at most this many metres (a very poor fix would otherwise wake half of Tokyo).
    var reachMaximum: Double

    // MARK: Emission: distance from the line

    /// Points: the most one fix can cost a line, however far it lies (one outlier must not rule a line out).
    var emissionCap: Double
    /// Factor on each fix's emission: halved because successive GPS errors are correlated.
    var emissionWeight: Double

    // MARK: GPS jumps and outliers

    /// Seconds: only a fix this soon after the last one (or the line's last update) can be a jump or
    /// an outlier; after longer, the train may really have gone that far.
    var outlierWithin: Double
    /// Metres: a fix closer than this to where the train should be is never a jump or an outlier.
    var outlierMinimum: Double
    /// Standard deviations of the prediction beyond which a fix is a jump or an outlier.
    var outlierSpreads: Double
    /// Fixes: jumps or outliers this many in a row are believed (the filter lost the train).
    var outliersInARow: Int
    /// (m/s)²: the filter's speed may be off by about 4 m/s, so the predicted position's variance
    /// grows by this × (seconds elapsed)².
    var speedErrorVariance: Double
    /// Square metres added to every prediction's variance, so the filter never trusts itself fully.
    var positionNoiseVariance: Double

    // MARK: Position and speed along a line

    /// Seconds without an update after which a line's position starts again from the fix.
    var restartAfter: Double
    /// Metres: a fix this far along the line from the prediction restarts the position too.
    var restartDistance: Double
    /// Share of each correction of position that also corrects the speed (when the phone gives none).
    var velocityGain: Double
    /// m/s: the filtered speed along a line stays within ± this (180 km/h).
    var maxSpeed: Double
    /// Metres: where a loop or hairpin offers two places on the line, the one nearer the predicted
    /// position wins, a step of this (plus `pickSpreadGrowth`) counting like one sigma off the line…
    var pickSpread: Double
    /// …plus this many metres per second since the line's last update (m/s).
    var pickSpreadGrowth: Double

    // MARK: Speed over ground

    /// Seconds of recent fixes kept (for the speed estimate and a station's approach).
    var recentWindow: Double
    /// Fixes kept at most, whatever their pace: two a second over `recentWindow`.
    var recentLimit: Int
    /// Seconds: a speed from positions compares with a fix at least this old (noise swamps less).
    var speedBaseline: Double
    /// m/s: when the fixes' noise over the elapsed time exceeds this, positions give no speed.
    var speedNoiseLimit: Double

    // MARK: Stops

    /// m/s: slower than this is standing still.
    var stopSpeed: Double
    /// Multiples of `stopSpeed`: only a move faster than this ends a stop (GPS speed jitters around
    /// 1 m/s at a standstill).
    var moveFactor: Double
    /// Seconds: a gap in the fixes longer than this ends a stop (the train may have moved meanwhile).
    var stillGap: Double
    /// Seconds still before a stop is recorded.
    var stopSeconds: Double
    /// m/s: faster than this is a train; time at walking pace (for `offTrain`) counts from the last such fix.
    var trainSpeed: Double
    /// Seconds still after which the rider may be changing trains: beliefs loosen to `changeWindow`.
    var changeSeconds: Double
    /// Points: after a long stop no line stays further than this behind, so the next train can win.
    var changeWindow: Double
    /// Metres: a stop is recorded on a line only when the fix is within this (or its accuracy) of it.
    var stopOffset: Double
    /// Metres: a stop this close (or within the accuracy) to a station is at it, else between stations.
    var stopStationReach: Double
    /// Seconds a stop at a station stays the last stop (its crossing is no pass; the phase knows it).
    var lastStopMemory: Double

    // MARK: Direction from moves and course

    /// Multiples of the noise: a move along the line bigger than this is clear evidence of direction…
    var moveNoises: Double
    /// …and bigger than this many metres.
    var moveMinimum: Double
    /// Multiples of the noise: a move counts at most this clear.
    var moveEvidenceCap: Double
    /// Points per multiple of the noise a clear move counts against the direction it goes away from.
    var moveEvidenceWeight: Double
    /// m/s: a move faster than this along a line is no train (a parallel line seen askew).
    var impossibleSpeed: Double
    /// Points both directions of a line lose for such a move.
    var impossiblePenalty: Double
    /// Seconds without a clear move after which the move is measured from here (old jitter is dropped).
    var anchorAge: Double
    /// m/s: the phone's course counts only faster than this (at a walk it points anywhere)…
    var courseSpeed: Double
    /// …from a fix better than this many metres…
    var courseAccuracy: Double
    /// …within this many metres of the line.
    var courseDistance: Double
    /// Points per unit of (1 ∓ cosine) between course and line: a course against a direction costs
    /// up to twice this.
    var courseWeight: Double
    /// Cosine: the course runs with or against the line when beyond ± this (within 60°), else across.
    var headingCosine: Double

    // MARK: Stations crossed: stops and passes

    /// Seconds: stations crossed are noted only when the last fix is at most this old…
    var crossingGap: Double
    /// …and the move along the line since is shorter than this many metres (else a jump).
    var crossingStep: Double
    /// Seconds of fixes before a crossing that tell how the train approached it.
    var approachWindow: Double
    /// Seconds: the approach's fixes must reach back this far to count as seen throughout.
    var approachCoverage: Double
    /// Count: the slowest speed of an approach is trusted only from this many speeds (else unknown, 0).
    var approachSpeeds: Int
    /// Seconds: a gap in the fixes this long could hide a stop (braking from speed, a dwell, leaving
    /// again take a minute or more; half a minute between two fixes at speed cannot).
    var hiddenStop: Double
    /// Metres beyond a station crossed without stopping at which it becomes a pass.
    var passDistance: Double
    /// Metres: a pass is called only while the fixes are this close to the line…
    var passOffset: Double
    /// …and the approach never slower than this (m/s).
    var passSpeed: Double
    /// Seconds a crossing waits to become a pass before it is forgotten (unknown).
    var crossingMemory: Double

    // MARK: Timetable

    /// Seconds between reweighings of a line against the timetable (sooner when a stop or pass comes).
    var weighEvery: Double
    /// Minutes: trains running this long before their first or after their last call are considered.
    var trainWindow: Double
    /// Minutes a train may run late without cost (trains run a few minutes late)…
    var lateAllowed: Double
    /// …then costs ((lateness − `lateAllowed`) / this)² points.
    var lateScale: Double
    /// Minutes a train may run early without cost (trains are rarely early)…
    var earlyAllowed: Double
    /// …then costs ((earliness − `earlyAllowed`) / this)² points.
    var earlyScale: Double
    /// Points: lateness costs at most this (one misread position must not weigh like "no such train").
    var lateCap: Double
    /// Minutes: a train due here longer ago than this (running this late) is not one that can be
    /// here now — a line whose trains are all further off is ruled out by the timetable.
    var lateLimit: Double
    /// Minutes: likewise for a train not due here for this long (trains are not that early).
    var earlyLimit: Double
    /// Seconds: stops and passes older than this no longer weigh against a train.
    var eventMemory: Double
    /// Points against a train for a stop where it passes or a pass where it stops.
    var wrongCall: Double
    /// Points against a train for a stop between stations (signals happen, so less than a wrong call).
    var stopBetweenStations: Double
    /// Points: stop-pattern mismatches cost at most this (one misread stop must not rule a train out).
    var mismatchCap: Double
    /// Points a (line, direction) is behind when no train of the day runs there near now.
    var noTrain: Double

    // MARK: Choosing

    /// Points below the best that a line coming within reach starts at.
    var newLinePenalty: Double
    /// Points: nothing falls further behind than this, so it can come back when the lines part.
    var scoreWindow: Double
    /// Seconds out of reach after which a line is forgotten.
    var forgetAfter: Double
    /// Points: the answer changes only to a candidate this much better (fewer flips between close ones).
    var switchMargin: Double
    /// Candidates listed in the state.
    var candidatesShown: Int

    // MARK: Phase and off the train

    /// Seconds still before the train counts as stopped at a platform.
    var stoppedAfter: Double
    /// m/s: faster than this the train is moving (not waiting at a platform).
    var movingSpeed: Double
    /// Metres: only fixes better than this can show the rider away from the line…
    var awayAccuracy: Double
    /// …when further from it than this many metres…
    var awayMinimum: Double
    /// …and than this many times their accuracy.
    var awayAccuracies: Double
    /// Metres: a fix this close to the line ends being away from it.
    var backOnLine: Double
    /// Seconds away from the line before the rider is off the train.
    var awaySeconds: Double
    /// m/s: slower than this is walking pace (or still).
    var walkingSpeed: Double
    /// Seconds at walking pace after which the rider is off once the timetable's train has left…
    var offAfterTimetable: Double
    /// …`departedMinutes` minutes ago (a train may wait minutes at a station for an express to overtake)…
    var departedMinutes: Double
    /// …and seconds at walking pace after which the rider is off anyway.
    var offAfterSlow: Double
}

extension RideTuning {
    /// The values the filter runs with and docs/TRACKING.md's figures were measured with.
    static let standard = RideTuning(
        minimumAccuracy: 5,
        lineNoise: 20,
        usableAccuracy: 150,
        poorAccuracy: 200,
        reducedAccuracyAfter: 60,
        reachAccuracies: 3,
        reachMinimum: 150,
        reachMaximum: 1500,
        emissionCap: 8,
        emissionWeight: 0.5,
        outlierWithin: 30,
        outlierMinimum: 250,
        outlierSpreads: 5,
        outliersInARow: 5,
        speedErrorVariance: 16,
        positionNoiseVariance: 25,
        restartAfter: 300,
        restartDistance: 3000,
        velocityGain: 0.6,
        maxSpeed: 50,
        pickSpread: 100,
        pickSpreadGrowth: 40,
        recentWindow: 30,
        recentLimit: 64,
        speedBaseline: 10,
        speedNoiseLimit: 3,
        stopSpeed: 1,
        moveFactor: 2,
        stillGap: 20,
        stopSeconds: 12,
        trainSpeed: 6,
        changeSeconds: 75,
        changeWindow: 8,
        stopOffset: 100,
        stopStationReach: 300,
        lastStopMemory: 600,
        moveNoises: 3,
        moveMinimum: 60,
        moveEvidenceCap: 8,
        moveEvidenceWeight: 0.7,
        impossibleSpeed: 60,
        impossiblePenalty: 3,
        anchorAge: 600,
        courseSpeed: 4,
        courseAccuracy: 50,
        courseDistance: 80,
        courseWeight: 0.75,
        headingCosine: 0.5,
        crossingGap: 40,
        crossingStep: 2000,
        approachWindow: 25,
        approachCoverage: 15,
        approachSpeeds: 5,
        hiddenStop: 30,
        passDistance: 300,
        passOffset: 150,
        passSpeed: 5,
        crossingMemory: 300,
        weighEvery: 5,
        trainWindow: 20,
        lateAllowed: 4,
        lateScale: 3,
        earlyAllowed: 1.5,
        earlyScale: 1.5,
        lateCap: 6,
        lateLimit: 15,
        earlyLimit: 3,
        eventMemory: 1800,
        wrongCall: 3,
        stopBetweenStations: 1.5,
        mismatchCap: 8,
        noTrain: 16,
        newLinePenalty: 1,
        scoreWindow: 30,
        forgetAfter: 900,
        switchMargin: 1,
        candidatesShown: 8,
        stoppedAfter: 3,
        movingSpeed: 3,
        awayAccuracy: 50,
        awayMinimum: 150,
        awayAccuracies: 3,
        backOnLine: 80,
        awaySeconds: 30,
        walkingSpeed: 2.5,
        offAfterTimetable: 120,
        departedMinutes: 2,
        offAfterSlow: 300
    )
}
