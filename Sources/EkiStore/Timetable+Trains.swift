import Foundation
import EkiCore
import GRDB

/// One train part as the train page shows it: its railway, calendar, type, direction and stops
/// by handle, with what only that page reads (number, headsign, names, vehicle, terminals, the
/// parts it runs on from). The ids a person reads are `ids`; codes are written where it leaves.
public struct TrainPart: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        public var station: StationHandle
        public var arrival: ServiceMinute?
        public var departure: ServiceMinute?
        public init(station: StationHandle, arrival: ServiceMinute?, departure: ServiceMinute?) {
            self.station = station; self.arrival = arrival; self.departure = departure
        }
    }

    public var handle: TrainHandle
    /// Its own id, unique inside the database (a GTFS copy is `R1@EX+WK`, a frequency run
    /// `BF0~1020`), and what riders and the source's tools call it (the GTFS trip_id `R1`; else the same).
    public var ids: TrainIds
    public var railway: RailwayHandle
    public var service: ServiceHandle
    public var number: String
    /// Where the train says it goes (GTFS trip_headsign), when the source gives it.
    public var headsign: LocalizedName?
    public var trainType: TrainTypeHandle
    public var direction: DirectionHandle
    public var vehicle: String?
    public var stops: [Stop]
    public var origins: [StationHandle]
    public var destinations: [StationHandle]
    public var names: [LocalizedName]
    /// Through service: the parts this one continues as, and continues from, in id order.
    public var next: [TrainHandle]
    public var previous: [TrainHandle]
}

extension Timetable {
    /// A train part by handle (what boards, routes and tracking know a train by), or nil.
    public func trainPart(_ handle: TrainHandle) throws -> TrainPart? {
        try reader.read { db in try trainPart(db, handle) }
    }

    /// The train part a rider means by an id: the database's own id, or the id riders know
    /// (a GTFS trip_id) — of the copies of a trip, the one running on `date` (the first one
    /// otherwise); of a frequency trip's runs, the first leaving at `minute` or later.
    public func resolveTrain(_ id: String, on date: CivilDate? = nil, at minute: Int? = nil) throws -> TrainHandle? {
        guard id.utf8.count <= 200 else { return nil }
        let candidates = try reader.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT id, code, railway_id, service_id, stops FROM train WHERE code = ? OR trip_id = ? ORDER BY id
                """), arguments: [id, id])
        }
        func handle(_ row: Row) -> TrainHandle { TrainHandle(row[0]) }
        if let exact = candidates.first(where: { $0[1] as String == id }), date == nil { return handle(exact) }
        var running = candidates
        if let date {
            let day = reference.scheduleDay(date)
            let onDay = candidates.filter { row in
                reference.railways[RailwayHandle(row[2])].flatMap { reference.serviceHandle(of: $0, on: day) } == ServiceHandle(row[3])
            }
            if !onDay.isEmpty { running = onDay }
        }
        guard running.count > 1, let minute else { return running.first.map(handle) }
        func start(_ row: Row) -> Int {
            StopList(decoding: [UInt8](row[4] as Data))?.stops.first?.departure ?? 0
        }
        return (running.filter { start($0) >= minute }.min { start($0) < start($1) } ?? running.first).map(handle)
    }

    /// One train part in four statements whatever its stops: the part, its terminals, its links and
    /// its names; everything it refers to stays a handle into the reference tables.
    func trainPart(_ db: Database, _ handle: TrainHandle) throws -> TrainPart? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT id, code, COALESCE(trip_id, code), railway_id, service_id, number, type_id, direction_id, vehicle, stops,
                   headsign_ja, headsign_en
            FROM train WHERE id = ?
            """), arguments: [handle.row]) else { return nil }
        guard let stopList = StopList(decoding: [UInt8](row[9] as Data)) else {
            throw StoreError.inconsistent("train \(row[1] as String) has a damaged stop list")
        }
        let terminals = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT kind, station_id FROM train_terminal WHERE train_id = ? ORDER BY kind, position
            """), arguments: [handle.row])
        // The parts it runs on as and on from, in one statement: true for a next part.
        let links = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT l.train_id = ?1, t.id FROM train_link l
            JOIN train t ON t.id = CASE WHEN l.train_id = ?1 THEN l.next_id ELSE l.train_id END
            WHERE l.train_id = ?1 OR l.next_id = ?1 ORDER BY t.code
            """), arguments: [handle.row])
        return TrainPart(
            handle: handle, ids: TrainIds(id: row[1], publicId: row[2]), railway: RailwayHandle(row[3]),
            service: ServiceHandle(row[4]), number: row[5],
            headsign: (row[10] as String?).map { LocalizedName(ja: $0, en: row[11] as String? ?? $0) },
            trainType: TrainTypeHandle(row[6]), direction: DirectionHandle(row[7]), vehicle: row[8],
            stops: stopList.stops.map { stop in
                TrainPart.Stop(station: stop.station, arrival: stop.arrival.map(ServiceMinute.init),
                               departure: stop.departure.map(ServiceMinute.init))
            },
            origins: terminals.filter { $0[0] == 0 }.map { StationHandle($0[1]) },
            destinations: terminals.filter { $0[0] == 1 }.map { StationHandle($0[1]) },
            names: try Row.fetchAll(db.cachedStatement(sql: "SELECT name_ja, name_en FROM train_name WHERE train_id = ? ORDER BY position"),
                                    arguments: [handle.row]).map { LocalizedName(ja: $0[0], en: $0[1]) },
            next: links.filter { $0[0] as Bool }.map { TrainHandle($0[1]) },
            previous: links.filter { !($0[0] as Bool) }.map { TrainHandle($0[1]) })
    }
}

extension Reference {
    /// Whether a train part's calendar is the one its railway runs on `date`.
    public func runs(_ part: TrainPart, on date: CivilDate) -> Bool {
        railways[part.railway].flatMap { serviceHandle(of: $0, on: scheduleDay(date)) } == part.service
    }
}
