import EkiCore
import GRDB

extension Timetable {
    /// A train followed across through service: every part in travel order, from the first part of its
    /// run to the last. Backward it follows the first previous part; forward every next part (a train
    /// that splits lists both branches, the first branch first). Each part appears once; on a loop line
    /// the next lap of the same railway is not followed, so a Yamanote train shows one lap.
    public func trainRun(_ handle: TrainHandle) throws -> [TrainPart]? {
        try reader.read { db in
            guard let start = try trainPart(db, handle) else { return nil }
            var visited: Set<TrainHandle> = [start.handle]
            /// The part `handle` names, unless it was taken already or is the next lap of a loop
            /// railway `from` runs on (a loop railway links each lap to the next all day: one lap is the train).
            func continuing(_ from: TrainPart, _ handle: TrainHandle) throws -> TrainPart? {
                guard !visited.contains(handle), let part = try trainPart(db, handle) else { return nil }
                if part.railway == from.railway, reference.railways[from.railway]?.isLoop == true { return nil }
                return part
            }
            var before: [TrainPart] = []
            var current = start
            func previous(of part: TrainPart) throws -> TrainPart? {
                for handle in part.previous { if let previous = try continuing(part, handle) { return previous } }
                return nil
            }
            while let part = try previous(of: current) {
                visited.insert(part.handle)
                before.insert(part, at: 0)
                current = part
            }
            var after: [TrainPart] = []
            func follow(_ part: TrainPart) throws {
                for next in part.next {
                    guard let nextPart = try continuing(part, next) else { continue }
                    visited.insert(nextPart.handle)
                    after.append(nextPart)
                    try follow(nextPart)
                }
            }
            try follow(start)
            return before + [start] + after
        }
    }
}
