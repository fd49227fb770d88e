import EkiCore
import EkiTracking
import Foundation

/// A phone's GPS as the simulator imagines it. The error is an offset that wanders slowly
/// (AR(1), ~30 s memory) rather than fresh noise each second, because that is what makes real
/// tracks drift onto the parallel line; accuracy is good in the open (4–12 m), poor in and
/// around stations (15–60 m) and on foot; a fix is now and then hundreds of metres off while
/// claiming ordinary accuracy; fixes come about once a second with random gaps of seconds to
/// minutes, more of them near stations; underground there are none at all, and the first fixes
/// after a tunnel are poor. Speed and course are sometimes unknown (-1).
struct SimulatorGPS {
    struct Situation {
        var point: GeoPoint
        var speed: Double
        var course: Double
        var nearStation: Bool
        var underground: Bool
        var walking: Bool
    }

    private var east = 0.0, north = 0.0
    private var lastTime: Double?
    private var gapUntil = -Double.infinity
    private var surfacedAt = -Double.infinity
    private var wasUnderground = false
    private var openSky = 8.0

    /// The fix the phone reports at `t`, if any, and whether it is an outlier.
    mutating func fix(at t: Double, _ situation: Situation, random: inout SimulatorRandom) -> (fix: Fix, outlier: Bool)? {
        if situation.underground {
            wasUnderground = true
            return nil
        }
        if wasUnderground {
            wasUnderground = false
            surfacedAt = t
            gapUntil = t + random.uniform(2...10)   // the receiver needs a moment to find satellites
        }
        if t < gapUntil { return nil }
        if random.chance(0.012) {
            gapUntil = t + random.uniform(3...20)
            return nil
        }
        if random.chance(0.0015) {
            gapUntil = t + random.uniform(30...120)
            return nil
        }
        if situation.nearStation, random.chance(0.12) { return nil }

        openSky = min(12, max(4, openSky + random.gaussian() * 0.5))
        var accuracy = openSky
        if situation.nearStation { accuracy = random.uniform(15...60) }
        if situation.walking { accuracy = max(accuracy, random.uniform(10...35)) }
        if t - surfacedAt < 20 { accuracy = max(accuracy, random.uniform(30...120)) }

        let dt = lastTime.map { t - $0 } ?? 60
        lastTime = t
        let rho = exp(-dt / 30)
        let sigma = accuracy / 1.5
        east = rho * east + (1 - rho * rho).squareRoot() * sigma * random.gaussian()
        north = rho * north + (1 - rho * rho).squareRoot() * sigma * random.gaussian()
        var offsetEast = east, offsetNorth = north
        let outlier = random.chance(0.01)
        if outlier {
            let distance = random.uniform(200...800), angle = random.uniform(0...(2 * .pi))
            offsetEast += distance * sin(angle)
            offsetNorth += distance * cos(angle)
        }
        let plane = SimulatorPlane(origin: situation.point)
        let position = plane.point(x: offsetEast, y: offsetNorth)

        var speed = -1.0, course = -1.0
        if !random.chance(0.1), accuracy < 60 {
            speed = max(0, situation.speed + random.gaussian() * 0.3)
        }
        if speed > 0.5, !random.chance(0.1) {
            course = (situation.course + random.gaussian() * 4 + 360).truncatingRemainder(dividingBy: 360)
        }
        func rounded(_ value: Double, _ places: Double) -> Double { (value * places).rounded() / places }
        return (Fix(time: t, latitude: rounded(position.latitude, 1e7), longitude: rounded(position.longitude, 1e7),
                    accuracy: rounded(accuracy, 10), speed: speed < 0 ? -1 : rounded(speed, 100),
                    course: course < 0 ? -1 : rounded(course, 10)), outlier)
    }
}
