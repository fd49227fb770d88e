@testable import EkiCore
import Foundation
import Testing

/// `EKI_NOW`, the clock tests give eki: read exactly, or refused.
@Suite struct RiderClockTests {
    @Test(arguments: [
        ("2026-11-24T07:30+09:00", 1_795_473_000.0),
        ("2026-11-24T07:30:15+09:00", 1_795_473_015.0),
        ("2026-11-23T22:30Z", 1_795_473_000.0),
        ("2026-11-23T17:30-05:00", 1_795_473_000.0),
        ("2028-02-29T00:00+09:00", 1_835_362_800.0),
    ])
    func aMomentWithItsOffsetIsTheSameEverywhere(text: String, seconds: Double) {
        #expect(RiderClock.parse(text)?.timeIntervalSince1970 == seconds)
    }

    /// Without an offset a moment means different things on different machines: refused, like
    /// impossible dates and times.
    @Test(arguments: ["2026-11-24T07:30", "2026-11-24 07:30+09:00", "2026-02-30T07:30+09:00", "2026-11-24T24:00+09:00",
                      "2026-11-24T07:60+09:00", "2026-11-24T07:30+9", "2026-11-24T07:30+15:00", "tomorrow", "", "2026-11-24T07:30:61Z"])
    func anythingElseIsNotAMoment(text: String) {
        #expect(RiderClock.parse(text) == nil)
    }
}
