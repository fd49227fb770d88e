import Foundation

/// The simulator's seeded generator (SplitMix64): the same seed gives the same rides on every
/// machine, so a ride that trips the tracker can be made again from its seed alone.
public struct SimulatorRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    /// Standard normal (Box–Muller).
    public mutating func gaussian() -> Double {
        let u = max(uniform(0...1), 1e-12), v = uniform(0...1)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// A generator for one ride, independent of how many numbers earlier rides drew.
    public static func forRide(seed: UInt64, ride: Int) -> SimulatorRandom {
        var mixer = SimulatorRandom(seed: seed ^ (UInt64(ride) &* 0xD1B5_4A32_D192_ED03))
        return SimulatorRandom(seed: mixer.next())
    }
}
