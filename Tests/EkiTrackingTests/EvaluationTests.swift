import EkiStore
import Foundation
import Testing
@testable import EkiTracking
@testable import EkiTrackingLab
import EkiTestSupport

/// The evaluation's arithmetic on tiny hand-made rides: a perfect tracker scores 100%, a flip is
/// counted, an equivalent line counts as right, a late answer is timed from departure. The rides
/// are on the hand-written Tokyo (`TokyoFixture`), whose station complexes the scoring reads.
@Suite struct EvaluationTests {
    static let fuku = RideTruth.Line(railway: "Metro.Fuku", direction: "Northbound")
    /// The 環状線's outer loop runs beside the 副線 from 渋谷坂 to 新宿原 (the same complexes).
    static let kanjo = RideTruth.Line(railway: "JR.Kanjo", direction: "OuterLoop")
    static let start = 1_796_085_000.0

    /// A 副線 local from 渋谷坂 to 池袋台 by 新宿原: six fixes 30 s apart, the train leaving at the second.
    static func ride() -> (fixes: [Fix], truth: RideTruth) {
        let fixes = (0..<6).map { Fix(time: start + Double($0) * 30, latitude: 35.67, longitude: 139.70, accuracy: 10) }
        let next = [TokyoFixture.fukuShinjukuhara, TokyoFixture.fukuShinjukuhara, TokyoFixture.fukuShinjukuhara,
                    TokyoFixture.fukuIkebukurodai, TokyoFixture.fukuIkebukurodai, TokyoFixture.fukuIkebukurodai]
        let phases: [TrackingState.Phase] = [.at, .departed, .approaching, .departed, .approaching, .at]
        let truths = (0..<6).map { i in
            RideTruth.FixTruth(t: RideFileWriter.iso8601(fixes[i].time), segment: 0, railway: fuku.railway, direction: fuku.direction,
                               previousStation: nil, nextStation: next[i], focusStation: nil, phase: phases[i],
                               onTrain: true, underground: false, outlier: false)
        }
        let segment = RideTruth.Segment(
            railway: fuku.railway, direction: fuku.direction, train: "Metro.Fuku.F440.Weekday", trainType: "Metro.Local",
            boardStation: TokyoFixture.fukuShibuyazaka, alightStation: TokyoFixture.fukuIkebukurodai,
            departure: RideFileWriter.iso8601(start + 30), arrival: RideFileWriter.iso8601(start + 150),
            stations: [call(TokyoFixture.fukuShibuyazaka, 0, 30), call(TokyoFixture.fukuShinjukuhara, 55, 60),
                       call(TokyoFixture.fukuIkebukurodai, 150, 150)],
            equivalents: [kanjo], underground: false)
        return (fixes, RideTruth(ride: "ride-0001", seed: 1, serviceDate: "2026-11-24", corridor: SimulatorCorridor.all[2].name,
                                 aboveGround: true, segments: [segment], fixes: truths))
    }

    static func call(_ station: String, _ arrival: Double, _ departure: Double) -> RideTruth.StationCall {
        RideTruth.StationCall(station: station, stops: true, arrival: RideFileWriter.iso8601(start + arrival),
                              departure: RideFileWriter.iso8601(start + departure), distance: 0)
    }

    static func states(_ lines: [RideTruth.Line?], next: [String?]? = nil, phases: [TrackingState.Phase?]? = nil) -> [TrackingState] {
        let (fixes, truth) = ride()
        return lines.indices.map { i in
            TrackingState(time: fixes[i].time, railway: lines[i]?.railway, direction: lines[i]?.direction,
                          nextStation: next?[i] ?? truth.fixes[i].nextStation, phase: phases?[i] ?? truth.fixes[i].phase)
        }
    }

    static func reference() throws -> Reference { try TokyoFixture.timetable().reference }

    @Test func aPerfectTrackerScoresFull() throws {
        let (fixes, truth) = Self.ride()
        let result = RideEvaluation.score(Self.states(Array(repeating: Self.fuku, count: 6)), fixes: fixes, truth: truth,
                                          reference: try Self.reference())
        #expect(result.rightAtEnd)
        #expect(result.secondsToStable == [0])     // right before the train even left
        #expect(result.stationsToStable == [0])
        #expect(result.flips == 0)
        #expect(result.nextStationRight == 6 && result.nextStationChecked == 6)
        #expect(result.phaseRight == 6 && result.phaseChecked == 6)
        let summary = RideEvaluation.summarize([result], name: "x")
        #expect(summary.rightAtEnd == 1 && summary.nextStationAccuracy == 1 && summary.phaseAccuracy == 1)
        #expect(summary.medianSecondsToStable == 0 && summary.neverStable == 0)
    }

    /// The 環状線 for the 副線 is right on this stretch (the truth lists it), and station ids of the
    /// same complexes (環状線's 新宿原, 北線's 池袋台) count as the right next station.
    @Test func anEquivalentLineAndItsStationsCountAsRight() throws {
        let (fixes, truth) = Self.ride()
        let besideNext = truth.fixes.map {
            $0.nextStation == TokyoFixture.fukuShinjukuhara ? TokyoFixture.kanjoShinjukuhara : TokyoFixture.kitaIkebukurodai
        }
        let result = RideEvaluation.score(Self.states(Array(repeating: Self.kanjo, count: 6), next: besideNext),
                                          fixes: fixes, truth: truth, reference: try Self.reference())
        #expect(result.rightAtEnd && result.flips == 0 && result.nextStationRight == 6)
    }

    @Test func flipsAndTheTimeToAStableAnswerAreCounted() throws {
        let (fixes, truth) = Self.ride()
        let other = RideTruth.Line(railway: "Metro.Gin", direction: "Eastbound")
        // nil, wrong, right, wrong, right, right: two flips (wrong→right, right→wrong, wrong→right = 3 changes).
        let lines: [RideTruth.Line?] = [nil, other, Self.fuku, other, Self.fuku, Self.fuku]
        let result = RideEvaluation.score(Self.states(lines), fixes: fixes, truth: truth, reference: try Self.reference())
        #expect(result.flips == 3)
        #expect(result.rightAtEnd)
        // Stable from the fifth fix (start + 120 s); the train left at start + 30 s.
        #expect(result.secondsToStable == [90])
        // By then the train had left 渋谷坂 and gone by 新宿原 (start + 60 s).
        #expect(result.stationsToStable == [1])
        // Next station and phase are only scored while the railway is right (3 fixes).
        #expect(result.nextStationChecked == 3)
    }

    @Test func aWrongEndAndANeverStableRide() throws {
        let (fixes, truth) = Self.ride()
        let other = RideTruth.Line(railway: "Metro.Fuku", direction: "Southbound")
        let result = RideEvaluation.score(Self.states([Self.fuku, Self.fuku, Self.fuku, Self.fuku, Self.fuku, other]),
                                          fixes: fixes, truth: truth, reference: try Self.reference())
        #expect(!result.rightAtEnd)
        #expect(result.secondsToStable == [nil] && result.stationsToStable == [nil])
        #expect(result.flips == 1)
        #expect(result.finalAnswer == "Metro.Fuku Southbound")
        let wrongNext = RideEvaluation.score(Self.states(Array(repeating: Self.fuku, count: 6), next: Array(repeating: TokyoFixture.minatomachi, count: 6)),
                                             fixes: fixes, truth: truth, reference: try Self.reference())
        #expect(wrongNext.nextStationRight == 0 && wrongNext.nextStationChecked == 6)

        let summary = RideEvaluation.summarize([result, wrongNext], name: "two")
        #expect(summary.rightAtEnd == 0.5)
        #expect(summary.neverStable == 1)
        #expect(summary.medianSecondsToStable == 0)   // nearest rank of [0, never]
        #expect(summary.p90SecondsToStable == nil)    // the 90th percentile ride never settled
        #expect(summary.flipsPerRide == 0.5)
        let report = RideEvaluation.report([result, wrongNext])
        #expect(report.corridors.map(\.name) == [SimulatorCorridor.all[2].name])
    }
}
