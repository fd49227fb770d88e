import EkiCore
import EkiStore
import Foundation
import Testing
@testable import EkiTracking
@testable import EkiTrackingLab
import EkiTestSupport

/// The ride simulator over the real data: deterministic, on the timetable, on the railway's
/// shape, and seen through a GPS that follows the stated rules.
@Suite struct SimulatorTests {
    /// A Tuesday with the weekday timetable.
    static let day = CivilDate(year: 2026, month: 11, day: 24)!

    static func simulator() throws -> RideSimulator {
        try RideSimulator(timetable: SharedData.imported().timetable, serviceDate: day)
    }

    static func time(_ iso: String) throws -> Double { try #require(RideFileWriter.parseISO8601(iso)) }

    @Test func sameSeedSameRidesOtherSeedOtherRides() throws {
        let a = try Self.simulator(), b = try Self.simulator()
        for index in 1...4 {
            let first = try a.ride(index, seed: 42, options: .init(transfers: true))
            let again = try b.ride(index, seed: 42, options: .init(transfers: true))
            #expect(first.fixes == again.fixes)
            #expect(first.truth == again.truth)
            let other = try a.ride(index, seed: 43, options: .init(transfers: true))
            #expect(other.fixes != first.fixes)
        }
        // A ride does not depend on which rides were made before it.
        let alone = try Self.simulator().ride(3, seed: 42)
        #expect(alone.fixes == (try a.ride(3, seed: 42)).fixes)
    }

    /// Every stop of every ridden train is within ±30 s of the database's timetable minute, the
    /// train stops exactly where the timetable says, and the stations between are passed.
    @Test func trainsKeepTheTimetableStopWhereTheyStopAndPassTheRest() throws {
        let simulator = try Self.simulator()
        let timetable = try SharedData.imported().timetable
        let dayStart = Double(Self.day.daysSinceEpoch * 86_400 - 9 * 3600)
        var passes = 0, stops = 0
        for index in 1...25 {
            let ride = try simulator.ride(index, seed: 5, options: .init(corridors: index % 2 == 0, transfers: index % 3 == 0))
            for segment in ride.truth.segments {
                let part = try #require(try timetable.trainPart(segment.train))
                #expect(part.railway == segment.railway && part.direction == segment.direction)
                let stopIds = part.stops.map(\.station)
                let board = try #require(stopIds.firstIndex(of: segment.boardStation))
                let alight = try #require(stopIds.lastIndex(of: segment.alightStation))
                // The calls that stop are the train's stops from boarding to alighting, in order.
                #expect(segment.stations.filter(\.stops).map(\.station) == Array(stopIds[board...alight]))
                // The others are stations of the railway that the train does not stop at.
                let railway = try #require(timetable.reference.railways[id: segment.railway])
                for call in segment.stations where !call.stops {
                    #expect(railway.stations.contains { timetable.reference.stations.id(of: $0) == call.station } && !stopIds.contains(call.station))
                    passes += 1
                }
                for call in segment.stations where call.stops {
                    let stop = try #require(part.stops.first { $0.station == call.station })
                    stops += 1
                    if call.station != segment.boardStation, let minute = stop.arrival ?? stop.departure {
                        #expect(abs(try Self.time(call.arrival) - (dayStart + Double(minute.value * 60))) <= 30,
                                "\(segment.train) arrives at \(call.station) at \(call.arrival), timetable \(minute)")
                    }
                    if call.station != segment.alightStation, let minute = stop.departure ?? stop.arrival {
                        #expect(abs(try Self.time(call.departure) - (dayStart + Double(minute.value * 60))) <= 30,
                                "\(segment.train) leaves \(call.station) at \(call.departure), timetable \(minute)")
                    }
                }
                // Distances grow along the ride and times never go backwards.
                let distances = segment.stations.map(\.distance)
                #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 < $1 })
                let times = try segment.stations.flatMap { [try Self.time($0.arrival), try Self.time($0.departure)] }
                #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }
        #expect(stops > 60)
        #expect(passes > 0)
    }

    /// The truth says "at" only at stations the train stops at, and "passing" only at others.
    @Test func theTrainStandsAtStopsAndRunsThroughPasses() throws {
        let simulator = try Self.simulator()
        var passing = 0
        for index in 1...15 {
            let ride = try simulator.ride(index, seed: 9, options: .init(corridors: true))
            for fixTruth in ride.truth.fixes where fixTruth.onTrain {
                let segment = ride.truth.segments[try #require(fixTruth.segment)]
                let call = segment.stations.first { $0.station == fixTruth.focusStation }
                if fixTruth.phase == .at { #expect(call?.stops == true) }
                if fixTruth.phase == .passing { #expect(call?.stops == false); passing += 1 }
            }
        }
        #expect(passing > 0)
    }

    @Test func motionProfileAcceleratesCruisesAndBrakes() throws {
        // Cruise speed that covers 3 km in 180 s with these rates: v = (T - sqrt(T² - 4kL)) / 2k.
        let k = 1 / 1.6 + 1 / 1.8
        let cruise = (180 - (180 * 180 - 4 * k * 3000).squareRoot()) / (2 * k)
        let run = SimulatorRun.Leg(from: 0, to: 3000, depart: 0, arrive: 180, cruise: cruise, accelerate: 0.8, brake: 0.9)
        #expect(abs(run.motion(180).distance - 3000) < 0.5)
        #expect(run.motion(0).speed == 0)
        #expect(abs(run.motion(5).speed - 4) < 1e-9)          // 0.8 m/s² for 5 s
        #expect(abs(run.motion(90).speed - cruise) < 1e-9)
        #expect(abs(run.motion(170).speed - 9) < 1e-9)        // 0.9 m/s² braking, 10 s before the stop
        #expect(abs(run.time(at: 1500) - 90) < 20)
    }

    /// Nothing is recorded on underground stretches; fixes come about once a second with gaps;
    /// accuracy is worse standing at stations than running between them; a few outliers; speed
    /// and course sometimes unknown; fixes (outliers aside) lie near the ridden track.
    @Test func fixesFollowTheNoiseAndDropoutRules() throws {
        let simulator = try Self.simulator()
        let reference = try SharedData.imported().timetable.reference
        var undergroundRides = 0, intervals: [Double] = [], atAccuracy: [Double] = [], runningAccuracy: [Double] = []
        var outliers = 0, total = 0, unknownSpeed = 0, far = 0
        for index in 1...40 {
            let ride = try simulator.ride(index, seed: 21)
            let times = ride.fixes.map(\.time)
            intervals += zip(times, times.dropFirst()).map { $1 - $0 }
            // Underground stretches, from the truth's station times and the documented rule.
            for segment in ride.truth.segments {
                let calls = segment.stations
                for (a, b) in zip(calls, calls.dropFirst()) {
                    let stations = [a, b].compactMap { SharedData.station($0.station) }
                    guard stations.count == 2, stations.allSatisfy({ SimulatorUnderground.isUnderground($0, in: reference) }) else { continue }
                    undergroundRides += 1
                    let from = try Self.time(a.departure), to = try Self.time(b.arrival)
                    #expect(!times.contains { $0 > from && $0 < to }, "\(ride.name) has a fix underground")
                }
            }
            for (fix, truth) in zip(ride.fixes, ride.truth.fixes) {
                total += 1
                if truth.outlier { outliers += 1 }
                if fix.speed == -1 { unknownSpeed += 1 }
                guard truth.onTrain, !truth.outlier else { continue }
                if truth.phase == .at { atAccuracy.append(fix.accuracy) }
                if truth.phase == .approaching { runningAccuracy.append(fix.accuracy) }
                // Near the stations of the segment: within 3 km of one of them (rides are short hops).
                let segment = ride.truth.segments[try #require(truth.segment)]
                let point = GeoPoint(latitude: fix.latitude, longitude: fix.longitude)
                let nearest = segment.stations.compactMap { SharedData.station($0.station)?.coordinate }.map(point.distance).min() ?? 0
                if nearest > 3000 { far += 1 }
            }
        }
        #expect(undergroundRides > 0)
        let sorted = intervals.sorted()
        #expect(sorted[sorted.count / 2] == 1)
        #expect(sorted.last! >= 10)                     // gaps of seconds to minutes
        #expect(sorted.first! >= 1)                     // never two fixes at once, never backwards
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }
        #expect(mean(atAccuracy) > 2 * mean(runningAccuracy))
        #expect(mean(runningAccuracy) < 25)
        #expect(outliers > 0 && Double(outliers) < 0.03 * Double(total))
        #expect(unknownSpeed > 0 && Double(unknownSpeed) < 0.4 * Double(total))
        #expect(far == 0)
    }

    /// Truth and fixes agree fix by fix, and every segment hangs together: the rider is aboard
    /// from boarding to alighting on the truth's railway, next stations follow the ride, and a
    /// transfer walks within one station complex.
    @Test func truthFilesAreConsistent() throws {
        let simulator = try Self.simulator()
        let reference = try SharedData.imported().timetable.reference
        var transfers = 0
        for index in 1...20 {
            let ride = try simulator.ride(index, seed: 33, options: .init(transfers: true))
            #expect(ride.fixes.count == ride.truth.fixes.count)
            #expect(ride.fixes.map { RideFileWriter.iso8601($0.time) } == ride.truth.fixes.map(\.t))
            for (a, b) in zip(ride.truth.segments, ride.truth.segments.dropFirst()) {
                transfers += 1
                #expect(reference.stations[id: a.alightStation]?.complex == reference.stations[id: b.boardStation]?.complex)
                #expect(a.railway != b.railway)
                #expect(try Self.time(b.departure) > Self.time(a.arrival) + 60)
            }
            for (fix, truth) in zip(ride.fixes, ride.truth.fixes) where truth.onTrain {
                let segment = ride.truth.segments[try #require(truth.segment)]
                #expect(truth.railway == segment.railway && truth.direction == segment.direction)
                #expect(fix.time >= (try Self.time(segment.stations[0].arrival)) - 1)
                #expect(fix.time <= (try Self.time(segment.arrival)) + 21)
                let names = segment.stations.map(\.station)
                if let next = truth.nextStation, !names.contains(next) {
                    // Only past the alighting station: the railway's next one beyond it.
                    #expect(truth.previousStation == segment.stations[segment.stations.count - 2].station || truth.phase == .at)
                    #expect(reference.stations[id: next]?.railway.flatMap { reference.railways.id(of: $0) } == segment.railway)
                }
            }
            let encoded = try JSONEncoder().encode(ride.truth)
            #expect(try JSONDecoder().decode(RideTruth.self, from: encoded) == ride.truth)
        }
        #expect(transfers >= 5)
    }

    /// Corridor rides stay inside their corridor; Toyoko / Meguro locals there are each other's
    /// equivalents, and Tokaido / Keihin-Tohoku never are (different stations).
    @Test func corridorRidesAndEquivalents() throws {
        let simulator = try Self.simulator()
        let reference = try SharedData.imported().timetable.reference
        var seen: Set<String> = []
        for index in 1...18 {
            let ride = try simulator.ride(index, seed: 4, options: .init(corridors: true))
            let corridor = try #require(SimulatorCorridor.all.first { $0.name == ride.truth.corridor })
            let segment = ride.truth.segments[0]
            seen.insert(segment.railway)
            let railway = try #require(reference.railways[id: segment.railway])
            #expect(corridor.railways.contains(segment.railway))
            #expect(Set(segment.stations.map(\.station)).isSubset(of: corridor.stations(of: railway, in: reference)))
            let lines = segment.equivalents.map(\.railway)
            if segment.railway == "Tokyu.Meguro", segment.stations.allSatisfy(\.stops) { #expect(lines.contains("Tokyu.Toyoko")) }
            if segment.railway == "JR-East.Tokaido" { #expect(!lines.contains("JR-East.KeihinTohokuNegishi")) }
            if segment.railway == "JR-East.KeihinTohokuNegishi", corridor.from == "Shinagawa", corridor.to == "Yokohama" {
                #expect(!lines.contains("JR-East.Tokaido") && !lines.contains("JR-East.Yokosuka"))
            }
        }
        #expect(seen.count >= 4)
    }

    @Test func rideFilesRoundTrip() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let ride = try Self.simulator().ride(2, seed: 8)
        try RideFileWriter.write(ride, to: scratch.url)
        let read = try RideEvaluation.rides(in: scratch.url)
        #expect(read.count == 1)
        #expect(read[0].fixes == ride.fixes)
        #expect(read[0].truth == ride.truth)
        let firstLine = try String(contentsOf: scratch.file("ride-0002.jsonl"), encoding: .utf8).split(separator: "\n")[0]
        #expect(firstLine.hasPrefix("{\"t\":\"2026-11-2"))
        #expect(firstLine.contains("\"lat\":35.") && firstLine.contains("\"lon\":1"))
    }

    @Test func isoTimesRoundTrip() {
        #expect(RideFileWriter.iso8601(1_796_085_000) == "2026-12-01T00:30:00Z")
        #expect(RideFileWriter.parseISO8601("2026-12-01T00:30:00Z") == 1_796_085_000)
        #expect(RideFileWriter.parseISO8601("2026-12-01T09:30:00+09:00") == 1_796_085_000)
        #expect(RideFileWriter.parseISO8601("2026-12-01T00:30:00.250Z") == 1_796_085_000.25)
        #expect(RideFileWriter.parseISO8601("2026-02-30T00:30:00Z") == nil)
        #expect(RideFileWriter.parseISO8601("yesterday") == nil)
    }
}

extension SharedData {
    static func station(_ id: String) -> Reference.Station? {
        (try? imported().timetable.reference)?.stations[id: id]
    }
}
