import EkiTracking
import Foundation

extension RideFileWriter {
    /// A simulated ride's fixes and truth, `ride-0001.jsonl` + `ride-0001.truth.json` in `folder`.
    public static func write(_ ride: SimulatedRide, to folder: URL) throws {
        try replace(folder.appendingPathComponent("\(ride.name).jsonl"), with: Data(fixLines(ride.fixes).utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try replace(folder.appendingPathComponent("\(ride.name).truth.json"), with: encoder.encode(ride.truth))
    }
}
