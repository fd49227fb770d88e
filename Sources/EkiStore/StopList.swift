/// A train's stops packed into a blob: 8 bytes a stop, little-endian —
/// station id (UInt32), arrival minute (UInt16), departure minute (UInt16); 0xFFFF means "none".
public struct StopList: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        public var station: StationHandle
        /// Minutes of the service day (25:10 is 1510).
        public var arrival: Int?
        public var departure: Int?
        public init(station: StationHandle, arrival: Int?, departure: Int?) {
            self.station = station; self.arrival = arrival; self.departure = departure
        }
    }

    public var stops: [Stop]
    public init(_ stops: [Stop]) { self.stops = stops }

    static let none: UInt16 = 0xFFFF

    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(stops.count * 8)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        for stop in stops {
            append(UInt32(truncatingIfNeeded: stop.station.row))
            append(stop.arrival.map { UInt16(clamping: $0) } ?? Self.none)
            append(stop.departure.map { UInt16(clamping: $0) } ?? Self.none)
        }
        return bytes
    }

    /// Decodes a blob written by `encoded()`; a blob of the wrong length yields nil, not a crash.
    public init?<Bytes: Collection>(decoding bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        guard bytes.count % 8 == 0 else { return nil }
        var stops: [Stop] = []
        stops.reserveCapacity(bytes.count / 8)
        var i = bytes.startIndex
        func read16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        while i < bytes.endIndex {
            let station = UInt32(read16(i)) | UInt32(read16(i + 2)) << 16
            let arrival = read16(i + 4), departure = read16(i + 6)
            stops.append(Stop(station: StationHandle(Int64(station)),
                              arrival: arrival == Self.none ? nil : Int(arrival),
                              departure: departure == Self.none ? nil : Int(departure)))
            i += 8
        }
        self.stops = stops
    }
}
