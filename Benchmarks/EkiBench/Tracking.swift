import EkiCore
import EkiStore
import EkiTracking
import Foundation

/// Ride tracking (issue 9): loading the network once, and the cost of one fix with the whole network
/// loaded, on rides along busy railways (many lines within reach) at one fix a second.
func benchmarkTracking(_ timetable: Timetable) throws {
    var loadSamples: [Double] = []
    var network: TrackingNetwork?
    for _ in 0 ..< 3 {
        let start = DispatchTime.now().uptimeNanoseconds
        network = try TrackingNetwork(timetable: timetable)
        loadSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let loaded = network!
    print("load the tracking network (\(loaded.rails.lines.count) lines): median \(String(format: "%.0f", loadSamples.sorted()[1])) ms (3 loads)")

    // Rides at 15 m/s with correlated noise of ~10 m, from 08:00 on a weekday, on lines through the
    // busiest parts of the region (Shinjuku, Shibuya, Shinagawa, Tokyo).
    let ridden = ["JR-East.Yamanote", "Tokyu.Toyoko", "JR-East.KeihinTohokuNegishi", "JR-East.ChuoRapid", "Odakyu.Odawara"]
    let start = 1_795_474_800.0   // 2026-11-24 08:00 Tokyo, a Tuesday
    var rides: [[Fix]] = []
    var seed: UInt64 = 42
    func noise() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) / Double(1 << 53) - 0.5
    }
    for id in ridden {
        guard let line = loaded.rails.lines.first(where: { $0.railway == id }) else { continue }
        var fixes: [Fix] = []
        var (dx, dy) = (0.0, 0.0)
        for second in 0 ..< 1200 {
            let (point, bearing) = line.position(at: 500 + 15 * Double(second))
            dx = 0.9 * dx + 4 * noise(); dy = 0.9 * dy + 4 * noise()
            fixes.append(Fix(time: start + Double(second), latitude: point.latitude + dy / 111_195,
                             longitude: point.longitude + dx / 90_300, accuracy: 10, speed: 15, course: bearing))
        }
        rides.append(fixes)
    }
    // The day's trains are read on a tracker's first fix: pay for that before measuring.
    _ = RideTracker(network: loaded).update(rides[0][0])
    var samples: [UInt64] = []
    for fixes in rides {
        let tracker = RideTracker(network: loaded)
        for fix in fixes {
            let begin = DispatchTime.now().uptimeNanoseconds
            _ = tracker.update(fix)
            samples.append(DispatchTime.now().uptimeNanoseconds - begin)
        }
    }
    samples.sort()
    func µs(_ q: Double) -> String { String(format: "%.1f", Double(samples[Int(Double(samples.count - 1) * q)]) / 1000) }
    print("ride tracking, one fix with the whole network loaded (\(rides.count) rides): median \(µs(0.5)) µs, p90 \(µs(0.9)) µs, p99 \(µs(0.99)) µs (\(samples.count) fixes)")
}
