import EkiStore
import EkiTracking
import Foundation

public enum EvaluationError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case noRides(String)
    case missingTruth(String)
    case badFix(String, line: Int, String)
    case badTruth(String, String)
    case mismatch(String, fixes: Int, truths: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .noRides(let path): "no rides (*.jsonl with a .truth.json beside it) in \(path)"
        case .missingTruth(let path): "\(path) has no truth file beside it (expected \(path.replacingOccurrences(of: ".jsonl", with: ".truth.json")))"
        case .badFix(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .badTruth(let path, let reason): "\(path): not a ride truth file (\(reason))"
        case .mismatch(let path, let fixes, let truths): "\(path): \(fixes) fixes but \(truths) truth entries"
        }
    }
}

extension RideEvaluation {
    /// One simulated ride as read back from a folder.
    public struct StoredRide: Sendable {
        public var fixes: [Fix]
        public var truth: RideTruth
    }

    /// Every ride of a folder written by `eki track simulate`, in name order.
    public static func rides(in folder: URL) throws -> [StoredRide] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        } catch {
            throw EvaluationError.unreadable(folder.path, error.localizedDescription)
        }
        guard !names.isEmpty else { throw EvaluationError.noRides(folder.path) }
        return try names.map { name in
            let fixesURL = folder.appendingPathComponent(name)
            let truthURL = folder.appendingPathComponent(String(name.dropLast(".jsonl".count)) + ".truth.json")
            guard FileManager.default.fileExists(atPath: truthURL.path) else { throw EvaluationError.missingTruth(fixesURL.path) }
            let truth: RideTruth
            do {
                truth = try JSONDecoder().decode(RideTruth.self, from: Data(contentsOf: truthURL))
            } catch let error as DecodingError {
                throw EvaluationError.badTruth(truthURL.path, "\(error)".prefix(120).description)
            } catch {
                throw EvaluationError.unreadable(truthURL.path, error.localizedDescription)
            }
            let fixes: [Fix]
            do {
                fixes = try RideFileReader.read(fixesURL)
            } catch let error as RideFileError {
                throw EvaluationError.badFix(fixesURL.path, line: error.line, error.message)
            }
            guard fixes.count == truth.fixes.count else {
                throw EvaluationError.mismatch(fixesURL.path, fixes: fixes.count, truths: truth.fixes.count)
            }
            return StoredRide(fixes: fixes, truth: truth)
        }
    }

    /// Replays every ride (two at a time: trackers are independent, the network is shared).
    public static func replay(_ rides: [StoredRide], network: TrackingNetwork) -> [RideResult] {
        let results = ResultSlots(count: rides.count)
        DispatchQueue.concurrentPerform(iterations: rides.count) { index in
            let ride = rides[index]
            results.set(index, evaluate(ride: ride.fixes, truth: ride.truth, tracker: RideTracker(network: network),
                                        reference: network.timetable.reference,
                                        trainId: { try? network.timetable.trainIds(TrainHandle($0))?.id }))
        }
        return results.values.compactMap { $0 }
    }
}

/// Results filled in from several threads, each slot by one.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [RideEvaluation.RideResult?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: RideEvaluation.RideResult) {
        lock.lock(); values[index] = value; lock.unlock()
    }
}
