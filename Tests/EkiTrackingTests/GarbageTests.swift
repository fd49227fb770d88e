import EkiCore
@testable import EkiTracking
import Testing

/// Fixes that make no sense are skipped with a reason, never a crash.
@Suite struct GarbageTests {
    let good = Fix(time: 1_795_474_800, latitude: 35.5, longitude: 139.6, accuracy: 10)

    @Test func eachKindOfGarbageHasItsReason() {
        func reason(_ fix: Fix) -> SkippedFix? { SkippedFix.reason(fix, after: good) }
        #expect(reason(Fix(time: good.time + 1, latitude: .nan, longitude: 139.6, accuracy: 10)) == .notANumber)
        #expect(reason(Fix(time: .infinity, latitude: 35.5, longitude: 139.6, accuracy: 10)) == .notANumber)
        #expect(reason(Fix(time: good.time + 1, latitude: 95, longitude: 139.6, accuracy: 10)) == .outOfRange)
        #expect(reason(Fix(time: good.time + 1, latitude: 35.5, longitude: -181, accuracy: 10)) == .outOfRange)
        #expect(reason(Fix(time: good.time + 1, latitude: 0, longitude: 0, accuracy: 10)) == .outOfRange)
        #expect(reason(Fix(time: good.time + 1, latitude: 35.5, longitude: 139.6, accuracy: -3)) == .badAccuracy)
        #expect(reason(Fix(time: good.time + 1, latitude: 35.5, longitude: 139.6, accuracy: .nan)) == .badAccuracy)
        #expect(reason(Fix(time: good.time - 5, latitude: 35.5, longitude: 139.6, accuracy: 10)) == .timeBackwards)
        #expect(reason(Fix(time: good.time, latitude: 35.5001, longitude: 139.6, accuracy: 10)) == .duplicate)
        #expect(reason(Fix(time: good.time + 1, latitude: 35.5, longitude: 139.6, accuracy: 10, speed: .nan, course: 720)) == nil)
        #expect(SkippedFix.reason(good, after: nil) == nil)
    }

    @Test func theFilterSurvivesOddButValidValues() {
        // Speed and course that make no sense are taken as unknown; huge accuracy is just poor.
        let line = HandLines.straight("E")
        let filter = RideFilter(rails: HandLines.network([line]))
        let fixes = HandLines.ride(on: line, from: 500, to: 1500, start: HandLines.time(minute: 480))
        for (i, fix) in fixes.enumerated() {
            var odd = fix
            if i % 3 == 0 { odd.speed = .nan; odd.course = .infinity }
            if i % 5 == 0 { odd.accuracy = 1e9 }
            if i % 7 == 0 { odd.speed = -40 }
            _ = filter.update(odd)
        }
        let last = filter.update(Fix(time: fixes.last!.time + 1, latitude: fixes.last!.latitude,
                                     longitude: fixes.last!.longitude, accuracy: 10))
        #expect(last.railway == "E")
    }
}
