/// What the tracker believes after a fix: the contract shared by the engine, `eki track`, the
/// evaluation and the `/ride` page. Ids are the database's codes (railway, direction, station).
public struct TrackingState: Sendable, Equatable, Codable {
    /// Where the rider is relative to the focus station.
    public enum Phase: String, Sendable, Codable {
        /// Moving toward it, and the train stops there.
        case approaching
        /// Stopped at it (or within its platform length).
        case at
        /// Just left it.
        case departed
        /// The train goes through without stopping.
        case passing
        /// Accuracy too poor to say more than "around here".
        case nearby
    }

    /// One (railway, direction) the ride may be on; scores sum to 1 over the candidates.
    public struct Candidate: Sendable, Equatable, Codable {
        public var railway: String
        public var direction: String
        public var score: Double
        /// The timetable's train of that line and direction that fits the ride best (its row id),
        /// when one can be here: candidates are trains, not lines.
        public var trainRow: Int64?
        public init(railway: String, direction: String, score: Double, trainRow: Int64? = nil) {
            self.railway = railway
            self.direction = direction
            self.score = score
            self.trainRow = trainRow
        }

        private enum Keys: String, CodingKey { case railway, direction, score, trainRow }

        /// Every field, `trainRow` as null when there is none (the JSON lines keep stable fields).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(railway, forKey: .railway)
            try c.encode(direction, forKey: .direction)
            try c.encode(score, forKey: .score)
            try c.encode(trainRow, forKey: .trainRow)
        }
    }

    /// Time of the fix this state follows, seconds since 1970 (UTC).
    public var time: Double
    public var railway: String?
    public var direction: String?
    public var previousStation: String?
    public var nextStation: String?
    public var focusStation: String?
    public var phase: Phase?
    /// No usable fix for 60 s: the answer is a guess carried forward.
    public var reducedAccuracy: Bool
    /// The rider seems to have left the train (stopped at train speed for a while, or walking away).
    public var offTrain: Bool
    /// Best first.
    public var candidates: [Candidate]
    /// How sure the tracker is of the railway and direction it names (0–1): their share of the
    /// candidates' weight. From `sure` on it says so; below, "probably" (おそらく).
    public var confidence: Double?

    /// The confidence from which an answer is given as sure, calibrated on simulated rides: of
    /// the states that reach it, at least 97 % are right (docs/TRACKING.md).
    public static let sure = 0.8
    public var isSure: Bool { (confidence ?? 0) >= Self.sure }
    /// The timetable's train (its row id in the database) that best fits the ride on the chosen
    /// line and direction, on the service day of `time`; nil until the timetable has one.
    public var trainRow: Int64?
    /// -1 when that train is the day before's still running (its service day is the day before
    /// `time`'s); nil or 0 for the day's own.
    public var trainDayOffset: Int?

    public init(time: Double, railway: String? = nil, direction: String? = nil, previousStation: String? = nil,
                nextStation: String? = nil, focusStation: String? = nil, phase: Phase? = nil,
                reducedAccuracy: Bool = false, offTrain: Bool = false, candidates: [Candidate] = [], trainRow: Int64? = nil) {
        self.time = time
        self.railway = railway
        self.direction = direction
        self.previousStation = previousStation
        self.nextStation = nextStation
        self.focusStation = focusStation
        self.phase = phase
        self.reducedAccuracy = reducedAccuracy
        self.offTrain = offTrain
        self.candidates = candidates
        self.trainRow = trainRow
    }
}
