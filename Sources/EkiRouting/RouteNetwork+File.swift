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
/// damaged or a short one, is not read but built again and replaced. The station links come from the reference tables each
/// time (they are small).
extension RouteNetwork {
    /// The network of `serviceDate` from `folder` when a process left it there for this very
    /// database file, else built (and left there for the next process; a folder that cannot be
    /// written costs only that). `folder == nil`: built, as `init(timetable:serviceDate:)`.
    public static func cached(timetable: Timetable, serviceDate: CivilDate, in folder: URL?) throws -> RouteNetwork {
        guard let folder, let identity = databaseIdentity(timetable.url) else {
            return try RouteNetwork(timetable: timetable, serviceDate: serviceDate)
        }
        let file = folder.appendingPathComponent("route-network-\(serviceDate.iso).bin")
        let key = "\(identity) \(serviceDate.iso) v1"
        if let data = try? Data(contentsOf: file), let network = RouteNetwork(file: data, key: key, reference: timetable.reference,
                                                                          serviceDate: serviceDate) {
            return network
        }
        let network = try RouteNetwork(timetable: timetable, serviceDate: serviceDate)
        network.save(to: file, key: key)
        removeAllButNewest(keeping, in: folder)
        return network
    }

    /// How many days' files a folder keeps (~10 MB each on the Tokyo data).
    static let keeping = 4

    static func removeAllButNewest(_ count: Int, in folder: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let files = names.filter { $0.hasPrefix("route-network-") && $0.hasSuffix(".bin") }.map { folder.appendingPathComponent($0) }
        let byAge = files.map { ($0, (try? manager.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
            .sorted { $0.1 > $1.1 }
        for (file, _) in byAge.dropFirst(count) { try? manager.removeItem(at: file) }
    }

    /// Device, inode, size and modification time: a database swapped (`eki data update`) or
    /// rewritten (`eki import`) is another file.
    static func databaseIdentity(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// Written to a temporary name, then renamed over the old file: a reader never sees half a file.
    func save(to file: URL, key: String) {
        var out = Data()
        func put<T>(_ array: [T]) { array.withUnsafeBytes { out.append(contentsOf: $0) } }
        let keyBytes = Array(key.utf8)
        put([Self.magic, UInt64(keyBytes.count)])
        put(keyBytes)
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(tripCount + 1)
        for next in continuations { offsets.append(offsets[offsets.count - 1] + Int32(next.count)) }
        put([UInt64(connectionCount), UInt64(tripCount), UInt64(stationCount)])
        put(from); put(to); put(departure); put(arrival); put(trip)
        put(tripRowIds); put(tripDays.map(Int8.init)); put(lastConnection); put(offsets); put(continuations.flatMap { $0 })
        put([out.withUnsafeBytes(Self.checksum)])
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try out.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// "EKINET01" as a little-endian number.
    static let magic: UInt64 = 0x3130_5445_4E49_4B45

    /// Every byte counts, in order: a file damaged anywhere is built again, never read.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var sum: UInt64 = 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            sum = (sum ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01B3
            offset += 8
        }
        while offset < bytes.count {
            sum = (sum ^ UInt64(bytes[offset])) &* 0x100_0000_01B3
            offset += 1
        }
        return sum
    }

    /// nil unless `file` is a whole network file written for `key`.
    init?(file: Data, key: String, reference: Reference, serviceDate: CivilDate) {
        guard file.count > 8, file.withUnsafeBytes({ bytes in
            Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)]))
                == bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        }) else { return nil }
        var reader = FileReader(data: file.prefix(file.count - 8))
        let keyBytes = Array(key.utf8)
        guard reader.read(UInt64.self, 2) == [Self.magic, UInt64(keyBytes.count)],
              reader.read(UInt8.self, keyBytes.count) == keyBytes,
              let counts = reader.read(UInt64.self, 3), counts.allSatisfy({ $0 < 1 << 28 }) else { return nil }
        let (connections, trips, stations) = (Int(counts[0]), Int(counts[1]), Int(counts[2]))
        guard let from = reader.read(Int32.self, connections), let to = reader.read(Int32.self, connections),
              let departure = reader.read(Int16.self, connections), let arrival = reader.read(Int16.self, connections),
              let trip = reader.read(Int32.self, connections), let tripRowIds = reader.read(Int64.self, trips),
              let tripDays = reader.read(Int8.self, trips), let lastConnection = reader.read(Int32.self, trips),
              let offsets = reader.read(Int32.self, trips + 1), let last = offsets.last, last >= 0,
              let flat = reader.read(Int32.self, Int(last)), reader.atEnd else { return nil }
        // Every index is checked once here, so a damaged file can never make a scan read out of bounds.
        let stationCount = Int(reference.stationsByRowId.keys.max() ?? 0) + 1
        guard stations == stationCount,
              from.allSatisfy({ $0 >= 0 && Int($0) < stations }), to.allSatisfy({ $0 >= 0 && Int($0) < stations }),
              trip.allSatisfy({ $0 >= 0 && Int($0) < trips }), flat.allSatisfy({ $0 >= 0 && Int($0) < trips }),
              lastConnection.allSatisfy({ $0 >= -1 && Int($0) < connections }),
              zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 }), offsets[0] == 0 else { return nil }
        self.serviceDate = serviceDate
        self.from = from; self.to = to; self.departure = departure; self.arrival = arrival; self.trip = trip
        self.tripRowIds = tripRowIds
        self.tripDays = tripDays.map(Int.init)
        self.lastConnection = lastConnection
        self.continuations = (0 ..< trips).map { Array(flat[Int(offsets[$0]) ..< Int(offsets[$0 + 1])]) }
        self.stationCount = stationCount
        (neighbours, changeHere) = Self.changes(reference: reference, stationCount: stationCount)
    }
}

/// Arrays of plain numbers, one after another, from the bytes of a file.
private struct FileReader {
    let data: Data
    var offset = 0

    var atEnd: Bool { offset == data.count }

    mutating func read<T: FixedWidthInteger>(_ type: T.Type, _ count: Int) -> [T]? {
        let size = count * MemoryLayout<T>.stride
        guard count >= 0, data.count - offset >= size else { return nil }
        guard count > 0 else { return [] }
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            data.withUnsafeBytes { bytes in
                _ = memcpy(buffer.baseAddress!, bytes.baseAddress! + offset, size)
            }
            initialized = count
        }
        offset += size
        return values
    }
}
