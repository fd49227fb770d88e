import EkiCore
import GRDB

extension Timetable {
    /// A train followed across through service: every part in travel order, from the first part of its
    /// run to the last. Backward it follows the first previous part; forward every next part (a train
    /// that splits lists both branches, the first branch first). Each part appears once; on a loop line
    /// the next lap of the same railway is not followed, so a Yamanote train shows one lap.
    public func trainRun(_ id: String) throws -> [TrainPart]? {
        try reader.read { db in
            guard let start = try trainPart(db, code: id) else { return nil }
            var visited: Set<String> = [start.id]
            func continues(_ from: TrainPart, _ to: String) -> Bool {
                guard !visited.contains(to) else { return false }
                // A loop railway links each lap to the next all day: one lap is the train.
                if let railway = reference.railways[id: from.railway], railway.isLoop,
                   to.hasPrefix(railway.id + ".") { return false }
                return true
            }
            var before: [TrainPart] = []
            var current = start
            while let previous = current.previous.first(where: { continues(current, $0) }),
                  let part = try trainPart(db, code: previous) {
                visited.insert(part.id)
                before.insert(part, at: 0)
                current = part
            }
            var after: [TrainPart] = []
            func follow(_ part: TrainPart) throws {
                for next in part.next where continues(part, next) {
                    guard let nextPart = try trainPart(db, code: next) else { continue }
                    visited.insert(nextPart.id)
                    after.append(nextPart)
                    try follow(nextPart)
                }
            }
            try follow(start)
            return before + [start] + after
        }
    }
}
