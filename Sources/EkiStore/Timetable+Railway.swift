import EkiCore
import Foundation
import GRDB

/// One railway as a whole: its stations in order, where each direction goes, what runs on it,
/// which railways its trains continue onto, and its drawn shape.
public struct RailwayDetail: Sendable {
    public struct Direction: Sendable {
        public var direction: Reference.Direction
        /// The end of the line trains head for; nil on a loop, which has none.
        public var terminal: Reference.Station?
        /// On a loop, whether this direction runs clockwise on the map (外回り on the Yamanote);
        /// nil on other lines or when the stations' positions cannot tell.
        public var clockwise: Bool?
    }

    public struct Calendar: Sendable, Equatable {
        public var service: String
        public var trains: Int
    }

    public struct ThroughService: Sendable {
        public var railway: Reference.Railway
        /// This railway's train parts that continue from or onto it, all calendars together.
        public var trains: Int
    }

    public var railway: Reference.Railway
    /// In railway order; a loop's closing station (listed again at the end) appears once.
    public var stations: [Reference.Station]
    /// Ascending first.
    public var directions: [Direction]
    /// By category (local first), then id.
    public var trainTypes: [Reference.TrainType]
    /// Weekday, Saturday, SaturdayHoliday, Holiday, then dated calendars.
    public var calendars: [Calendar]
    /// Busiest first.
    public var throughService: [ThroughService]
    /// Polyline parts; empty when the source draws no shape for it.
    public var shape: [[GeoPoint]]

    public var isLoop: Bool { railway.isLoop }
}

extension Timetable {
    public func railwayDetail(_ railway: Reference.Railway) throws -> RailwayDetail {
        var stations = railway.stations.compactMap { reference.stations[$0] }
        if railway.isLoop, stations.count > 1, stations.first == stations.last { stations.removeLast() }
        let directions = [(railway.ascending, stations.last), (railway.descending, stations.first)]
            .compactMap { id, terminal -> RailwayDetail.Direction? in
                guard let direction = id.flatMap({ reference.directions[$0] }) else { return nil }
                guard railway.isLoop else { return .init(direction: direction, terminal: terminal, clockwise: nil) }
                let clockwise = Self.runsClockwise(stations.compactMap(\.coordinate))
                return .init(direction: direction, terminal: nil,
                             clockwise: clockwise.map { direction.handle == railway.ascending ? $0 : !$0 })
            }
        let kindOrder = ["weekday", "saturday", "saturdayHoliday", "holiday"]
        let kinds = Dictionary(railway.services.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })

        return try reader.read { db in
            // The train table has no index by railway: this is one scan of it (a few ms), and the
            // rows' ids let the through-service look-ups below use primary keys instead of a second scan.
            var trainIds: [Int64] = []
            var typeIds = Set<Int64>()
            let trains = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, type_id FROM train WHERE railway_id = ?"),
                                             arguments: [railway.handle.row])
            while let row = try trains.next() {
                trainIds.append(row[0])
                typeIds.insert(row[1])
            }
            let trainTypes = typeIds.compactMap { reference.trainType(TrainTypeHandle($0)) }
                .sorted { ($0.category, $0.id) < ($1.category, $1.id) }

            let calendars = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT s.code, rs.trains FROM railway_service rs JOIN service s ON s.id = rs.service_id
                WHERE rs.railway_id = ?
                """), arguments: [railway.handle.row])
                .map { RailwayDetail.Calendar(service: $0[0], trains: $0[1]) }
                .sorted { (kindOrder.firstIndex(of: kinds[$0.service] ?? "") ?? 9, $0.service)
                    < (kindOrder.firstIndex(of: kinds[$1.service] ?? "") ?? 9, $1.service) }

            let shape = try Self.shape(db, railway: railway)

            return RailwayDetail(
                railway: railway, stations: stations, directions: directions, trainTypes: trainTypes,
                calendars: calendars, throughService: try throughService(db, railway: railway, trains: trainIds),
                shape: shape)
        }
    }

    /// A railway's drawn shape alone, one polyline per part: for callers that want only the line
    /// (ride tracking reads all 179), without `railwayDetail`'s scan of the train table.
    public func railwayShape(_ railway: Reference.Railway) throws -> [[GeoPoint]] {
        try reader.read { db in try Self.shape(db, railway: railway) }
    }

    private static func shape(_ db: Database, railway: Reference.Railway) throws -> [[GeoPoint]] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT points FROM railway_shape WHERE railway_id = ? ORDER BY part"),
                         arguments: [railway.handle.row])
            .map { unpackPoints($0[0] as Data) }.filter { !$0.isEmpty }
    }

    /// Railways the given trains continue onto or come from (`train_link` either way). The trains of
    /// one railway are mostly consecutive ids, so they are looked up as ranges of ids: a handful of
    /// primary-key range reads rather than a scan of every link.
    private func throughService(_ db: Database, railway: Reference.Railway,
                                trains: [Int64]) throws -> [RailwayDetail.ThroughService] {
        let forward = try db.cachedStatement(sql: """
            SELECT l.train_id, o.railway_id FROM train_link l JOIN train o ON o.id = l.next_id
            WHERE l.train_id BETWEEN ? AND ? AND o.railway_id != ?
            """)
        let backward = try db.cachedStatement(sql: """
            SELECT l.next_id, o.railway_id FROM train_link l JOIN train o ON o.id = l.train_id
            WHERE l.next_id BETWEEN ? AND ? AND o.railway_id != ?
            """)
        var linked: [Int64: Set<Int64>] = [:]   // other railway → this railway's trains linked to it
        for range in Self.runs(trains.sorted()) {
            for statement in [forward, backward] {
                let rows = try Row.fetchCursor(statement, arguments: [range.lowerBound, range.upperBound, railway.handle.row])
                while let row = try rows.next() {
                    linked[row[1], default: []].insert(row[0])
                }
            }
        }
        let byRowId = Dictionary(reference.railways.values.map { ($0.handle.row, $0) }, uniquingKeysWith: { a, _ in a })
        return linked.compactMap { rowId, trains in byRowId[rowId].map { .init(railway: $0, trains: trains.count) } }
            .sorted { (-$0.trains, $0.railway.id) < (-$1.trains, $1.railway.id) }
    }

    /// Sorted ids as closed ranges of consecutive values: [1, 2, 3, 7] → [1...3, 7...7].
    static func runs(_ ids: [Int64]) -> [ClosedRange<Int64>] {
        var runs: [ClosedRange<Int64>] = []
        for id in ids {
            if let last = runs.last, last.upperBound + 1 == id {
                runs[runs.count - 1] = last.lowerBound...id
            } else if runs.last?.contains(id) != true {
                runs.append(id...id)
            }
        }
        return runs
    }

    /// Reads a `railway_shape` blob (`TimetableWriter.Builder.packPoints`): little-endian Int32
    /// micro-degrees, latitude then longitude, 8 bytes a point. A torn tail is ignored.
    static func unpackPoints(_ data: Data) -> [GeoPoint] {
        let bytes = [UInt8](data)
        func int32(_ at: Int) -> Int32 {
            Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        return stride(from: 0, to: bytes.count - bytes.count % 8, by: 8).map { at in
            GeoPoint(latitude: Double(int32(at)) / 1_000_000, longitude: Double(int32(at + 4)) / 1_000_000)
        }
    }

    /// Whether a ring of points runs clockwise with north up (shoelace sign, longitude as x,
    /// latitude as y: a negative area is clockwise). Nil for fewer than three points.
    static func runsClockwise(_ ring: [GeoPoint]) -> Bool? {
        guard ring.count >= 3 else { return nil }
        var twiceArea = 0.0
        for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) {
            twiceArea += a.longitude * b.latitude - b.longitude * a.latitude
        }
        return twiceArea == 0 ? nil : twiceArea < 0
    }
}
