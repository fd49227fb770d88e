@testable import EkiTracking
import Testing

/// Previous, next and focus stations with their phase, on a straight line with a station every
/// kilometre (S0 at 0 m … S6 at 6000 m), riding east ("Up") unless said otherwise.
@Suite struct PhaseTests {
    let line = HandLines.straight("P")
    /// A train stopping at S0, S2 and S4 only (an express).
    var express: DaySchedule.Train { HandLines.train(1, on: line, stoppingAt: [0, 2000, 4000], start: 480) }

    func place(_ along: Double, sign: Double = 1, stopped: Bool = false, moving: Bool = true, lastStop: Int? = nil,
               train: DaySchedule.Train? = nil, poor: Bool = false) -> RidePhase.Place {
        RidePhase.place(on: line, along: along, sign: sign, stopped: stopped, moving: moving, lastStop: lastStop,
                        train: train, poorAccuracy: poor)
    }

    @Test func betweenStationsTheNextOneIsApproached() {
        let place = place(1500)
        #expect(place.previous == "P.S1")
        #expect(place.next == "P.S2")
        #expect(place.focus == "P.S2")
        #expect(place.phase == .approaching)
    }

    @Test func ridingTheOtherWayReversesPreviousAndNext() {
        let place = place(1500, sign: -1)
        #expect(place.previous == "P.S2")
        #expect(place.next == "P.S1")
        #expect(place.phase == .approaching)
    }

    @Test func stoppedAtAPlatformIsAt() {
        let place = place(2080, stopped: true, moving: false)
        #expect(place.focus == "P.S2")
        #expect(place.phase == .at)
        #expect(place.previous == "P.S1")
        #expect(place.next == "P.S3")
    }

    @Test func leavingAStationWhereTheTrainStoppedIsDeparted() {
        let onPlatform = place(2100, lastStop: 2)
        #expect(onPlatform.phase == .departed && onPlatform.focus == "P.S2")
        let beyond = place(2280, lastStop: 2)
        #expect(beyond.phase == .departed && beyond.focus == "P.S2")
        #expect(beyond.previous == "P.S2" && beyond.next == "P.S3")
        // Further on, the next station takes over.
        let later = place(2600, lastStop: 2)
        #expect(later.phase == .approaching && later.focus == "P.S3")
    }

    @Test func anExpressPassesTheStationsItDoesNotStopAt() {
        // Half a kilometre on from its stop at S2, its next stop is S4, beyond S3.
        let early = place(2500, lastStop: 2, train: express)
        #expect(early.focus == "P.S4" && early.phase == .approaching)
        #expect(early.next == "P.S3")
        // Within 400 m of S3, S3 is the focus, being passed.
        let toward = place(2700, lastStop: 2, train: express)
        #expect(toward.focus == "P.S3")
        #expect(toward.phase == .passing)
        #expect(toward.next == "P.S3")
        let through = place(3050, train: express)
        #expect(through.focus == "P.S3" && through.phase == .passing)
        #expect(through.previous == "P.S3" && through.next == "P.S4")
        // Its next stop is approached as usual.
        let next = place(3700, train: express)
        #expect(next.focus == "P.S4" && next.phase == .approaching)
    }

    @Test func poorAccuracySaysOnlyNearby() {
        let place = place(2900, poor: true)
        #expect(place.phase == .nearby)
        #expect(place.focus == "P.S3")
    }

    @Test func theEndOfTheLineHasNoNextStation() {
        let place = place(6000, stopped: true, moving: false)
        #expect(place.phase == .at && place.focus == "P.S6")
        #expect(place.next == nil)
        #expect(place.previous == "P.S5")
    }
}
