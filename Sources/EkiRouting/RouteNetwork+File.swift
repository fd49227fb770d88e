import EkiCore
import EkiStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A day's network kept in a file between processes: building one reads every train of the
/// database (100–300 ms of CPU), reading it back is a copy of ~10 MB. A fresh `eki route fastest`
/// builds the network the first time it is asked for a day and reads it afterwards
/// (docs/PERFORMANCE.md, issue 19). The file names the database file it was built from (device,
/// inode, size, modification time) and its date, and ends with a checksum; any other file, a
/// damaged or a short one, is not read but built again and replaced. It keeps the change tables
/// too, so it names the eki binary that wrote it as well.
extension RouteNetwork {
    /// The network of `serviceDate` from `folder` when a process left it there for this very
    /// database file, else built (and left there for the next process; a folder that cannot be
    /// written costs only that). `folder == nil`: built, as `init(timetable:serviceDate:)`.
    public static func cached(timetable: Timetable, serviceDate: CivilDate, in folder: URL?) throws -> RouteNetwork {
        guard let folder, let path = timetable.url?.path, let identity = CacheFile.identity(path) else {
            return try RouteNetwork(timetable: timetable, serviceDate: serviceDate)
        }
        // The change tables in the file are the rule's answers (`Reference.change`, code), so the
        // file is kept for one build of eki as well as one database file: without the program's
        // identity (no /proc) nothing is kept.
        guard let program = CacheFile.programIdentity else { return try RouteNetwork(timetable: timetable, serviceDate: serviceDate) }
        // One file per database path, program and day: two databases or binaries (eki, eki-tools)
        // sharing the folder keep theirs apart.
        let file = folder.appendingPathComponent("route-network-\(CacheFile.pathTag(path + "\n" + program))-\(serviceDate.iso).bin")
        let key = "\(identity) \(program) \(serviceDate.iso) v5"
        if let network = RouteNetwork(file: file, key: key, reference: timetable.reference, serviceDate: serviceDate) {
            return network
        }
        let network = try RouteNetwork(timetable: timetable, serviceDate: serviceDate)
        // Older files are pruned only where this one could be kept: never in a folder eki refuses.
        if network.save(to: file, key: key) { removeAllButNewest(keeping, in: folder) }
        return network
    }

    /// How many files (days, databases) a folder keeps (~10 MB each on the Tokyo data).
    static let keeping = 4

    static func removeAllButNewest(_ count: Int, in folder: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let files = names.filter { $0.hasPrefix("route-network-") && $0.hasSuffix(".bin") }.map { folder.appendingPathComponent($0) }
        let byAge = files.map { ($0, (try? manager.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
            .sorted { $0.1 > $1.1 }
        for (file, _) in byAge.dropFirst(count) { try? manager.removeItem(at: file) }
    }

    /// Written to a temporary name, then renamed over the old file: a reader never sees half a file.
    @discardableResult
    func save(to file: URL, key: String) -> Bool {
        guard let out = CacheFileWriter(file) else { return false }
        let keyBytes = Array(key.utf8)
        out.put([Self.magic, UInt64(keyBytes.count)])
        out.put(keyBytes)
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(tripCount + 1)
        for next in continuations { offsets.append(offsets[offsets.count - 1] + Int32(next.count)) }
        out.put([UInt64(connectionCount), UInt64(tripCount), UInt64(stationCount)])
        out.put(from); out.put(to); out.put(departure); out.put(arrival); out.put(trip)
        out.put(tripRowIds); out.put(tripDirections); out.put(tripDays.map(Int8.init)); out.put(lastConnection); out.put(offsets); out.put(continuations.flatMap { $0 })
        changes.save(to: out)
        return out.finish()
    }

    /// Whether every value lies in `low ..< end`: the least and the greatest found in one plain
    /// loop the compiler vectorises (a closure per value was 2 ms of a fresh route).
    static func allWithin(_ values: [Int32], _ low: Int32, _ end: Int) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            var least = Int32.max, most = Int32.min
            for value in buffer {
                least = min(least, value)
                most = max(most, value)
            }
            return buffer.isEmpty || (least >= low && Int(most) < end)
        }
    }

    /// "EKINET01" as a little-endian number.
    static let magic: UInt64 = 0x3130_5445_4E49_4B45

    /// nil unless `file` is a whole network file written for `key`. Read straight into the arrays
    /// (no copy of the whole file first: that doubled the pages a fresh process touched).
    init?(file: URL, key: String, reference: Reference, serviceDate: CivilDate) {
        guard var reader = CacheFileReader(file) else { return nil }
        let keyBytes = Array(key.utf8)
        guard reader.read(UInt64.self, 2) == [Self.magic, UInt64(keyBytes.count)],
              reader.read(UInt8.self, keyBytes.count) == keyBytes,
              let counts = reader.read(UInt64.self, 3), counts.allSatisfy({ $0 < 1 << 28 }) else { return nil }
        let (connections, trips, stations) = (Int(counts[0]), Int(counts[1]), Int(counts[2]))
        guard let from = reader.read(Int32.self, connections), let to = reader.read(Int32.self, connections),
              let departure = reader.read(Int16.self, connections), let arrival = reader.read(Int16.self, connections),
              let trip = reader.read(Int32.self, connections), let tripRowIds = reader.read(Int64.self, trips),
              let tripDirections = reader.read(Int32.self, trips), let tripDays = reader.read(Int8.self, trips), let lastConnection = reader.read(Int32.self, trips),
              let offsets = reader.read(Int32.self, trips + 1), let last = offsets.last, last >= 0,
              let flat = reader.read(Int32.self, Int(last)) else { return nil }
        // Every index is checked once here, so a damaged file can never make a scan read out of bounds.
        let stationCount = Int(reference.stations.highestRowId) + 1
        guard stations == stationCount, let changes = ChangeTables(reading: &reader, stationCount: stationCount), reader.atChecksum(),
              Self.allWithin(from, 0, stations), Self.allWithin(to, 0, stations),
              Self.allWithin(trip, 0, trips), Self.allWithin(flat, 0, trips), Self.allWithin(lastConnection, -1, connections),
              zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 }), offsets[0] == 0 else { return nil }
        self.serviceDate = serviceDate
        self.from = from; self.to = to; self.departure = departure; self.arrival = arrival; self.trip = trip
        self.tripRowIds = tripRowIds
        self.tripDirections = tripDirections
        self.tripDays = tripDays.map(Int.init)
        self.lastConnection = lastConnection
        self.continuations = (0 ..< trips).map { Array(flat[Int(offsets[$0]) ..< Int(offsets[$0 + 1])]) }
        self.stationCount = stationCount
        self.changes = changes
    }
}
