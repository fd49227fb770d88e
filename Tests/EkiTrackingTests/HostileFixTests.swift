import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import PropertyBased
@testable import EkiTracking
import Testing

/// Issue 20: a time of -1e19 s in a fix trapped in the service-day arithmetic (Double to Int), in
/// the server and in `eki track --replay`. Times outside 1970–2099 are now a line-numbered error in
/// a file and a skipped fix in the tracker; every other extreme value is read or refused, never a trap.
@Suite struct HostileFixTests {
    @Test func aFileWithAnImpossibleTimeNamesTheLine() {
        for t in ["-1e19", "9.3e21", "-9.2e18", "1e300", "\"-1e19\"", "\"nan\"", "\"inf\"", "4102444800", "-1", "\"+275760-09-13T00:00:00Z\""] {
            let text = """
                {"t": 1795473670, "lat": 35.5, "lon": 139.6}
                {"t": \(t), "lat": 35.5, "lon": 139.6}
                """
            do {
                _ = try RideFileReader.read(Data(text.utf8))
                Issue.record("t \(t) was read")
            } catch let error as RideFileError {
                #expect(error.line == 2, "t \(t)")
                #expect(error.message == FixReader.timeRule, "t \(t): \(error.message)")
            } catch {
                Issue.record("t \(t): \(error)")
            }
        }
        let gpx = """
            <gpx><trk><trkseg><trkpt lat="35.5" lon="139.6"><time>2200-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>
            """
        #expect(throws: RideFileError(line: 1, message: "<time> is not an ISO 8601 time between 1970–2099: 2200-01-01T00:00:00Z")) { try RideFileReader.read(Data(gpx.utf8)) }
    }

    /// JSON booleans are not numbers in a ride file either.
    @Test func booleansAreNotNumbers() {
        #expect(throws: RideFileError(line: 1, message: FixReader.positionRule)) {
            try RideFileReader.read(Data(#"{"t": 1795473670, "lat": true, "lon": 139.6}"#.utf8))
        }
        #expect(throws: RideFileError(line: 1, message: FixReader.timeRule)) {
            try RideFileReader.read(Data(#"{"t": false, "lat": 35.5, "lon": 139.6}"#.utf8))
        }
    }

    /// A fix that reaches the tracker with such a time anyway (a caller that did not check) is skipped.
    @Test func theTrackerSkipsTimesWithoutAServiceDay() {
        let good = Fix(time: 1_795_474_800, latitude: 35.5, longitude: 139.6, accuracy: 10)
        for time in [-1e19, 9.3e21, -1, 4_102_444_800, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude] {
            #expect(SkippedFix.reason(Fix(time: time, latitude: 35.5, longitude: 139.6, accuracy: 10), after: nil) == .timeOutOfRange)
            #expect(SkippedFix.reason(Fix(time: time, latitude: 35.5, longitude: 139.6, accuracy: 10), after: good) == .timeOutOfRange)
        }
    }

    /// The service-day conversion itself no longer traps, whatever Date it is given.
    @Test func serviceInstantsOfAnyDate() {
        for seconds in [-1e19, 9.3e21, Double.infinity, -Double.infinity, Double.nan, 1e300, -1e300, Double(Int64.max), Double(Int64.min)] {
            let instant = ServiceInstant(Date(timeIntervalSince1970: seconds))
            #expect(instant.minute.value >= ServiceMinute.dayStart && instant.minute.value < ServiceMinute.dayStart + 1440)
        }
        #expect(ServiceInstant(Date(timeIntervalSince1970: 1_795_473_670)).description == "2026-11-24T07:41")
    }

    /// Every field of a ride file line with every extreme JSON value: a fix or a line-numbered error.
    @Test func everyFieldOfARideFileSurvivesExtremeValues() async {
        let fields = ["t", "lat", "lon", "accuracy", "speed", "course"]
        await propertyCheck(count: 400, input: Gen.element(of: fields), Gen.element(of: HostileValues.jsonTokens + HostileValues.texts.map { "\"\($0)\"" })) { field, token in
            guard let field, let token else { return }
            let line = #"{"t": 1795473670, "lat": 35.5, "lon": 139.6, "accuracy": 10, "speed": 3, "course": 90}"#
                .replacingOccurrences(of: #""\#(field)": "#, with: #""\#(field)": \#(token), "x": "#)
            do {
                let fixes = try RideFileReader.read(Data(("{\"t\": 1795473669, \"lat\": 35.5, \"lon\": 139.6}\n" + line).utf8))
                #expect(fixes.count == 2)
                #expect(Fix.supportedTimes.contains(fixes[1].time))
            } catch let error as RideFileError {
                #expect(error.line == 2, "\(field)=\(token.prefix(40)): \(error)")
                #expect(!error.description.contains("\n"))
            } catch {
                Issue.record("\(field)=\(token.prefix(40)): \(error)")
            }
        }
    }

    /// Fixes with extreme values fed straight to a tracker over the hand-written Tokyo, its lines
    /// drawn, at 港町 on a Tuesday morning: no trap.
    @Test func theTrackerSurvivesExtremeFixes() async throws {
        let network = try TrackingNetwork(timetable: TokyoFixture.timetable(changing: TokyoFixture.drawShapes))
        #expect(network.rails.lines.count == 5)
        let tracker = RideTracker(network: network)
        let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0, -1, 1e-320, Double(Int64.max), Double(Int64.min), -1e19, 9.3e21]
        var time = 1_795_473_670.0
        await propertyCheck(count: 300, input: Gen.int(in: 0...5), Gen.element(of: extremes)) { field, value in
            guard let value else { return }
            time += 1
            var fix = Fix(time: time, latitude: 35.4500, longitude: 139.6400, accuracy: 10, speed: 5, course: 90)
            switch field {
            case 0: fix.time = value
            case 1: fix.latitude = value
            case 2: fix.longitude = value
            case 3: fix.accuracy = value
            case 4: fix.speed = value
            default: fix.course = value
            }
            let state = tracker.update(fix)
            #expect(state.time.isFinite)
        }
    }
}
