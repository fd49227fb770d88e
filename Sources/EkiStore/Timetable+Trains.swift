import Foundation
import EkiCore
import GRDB

/// One train part as stored: its railway, calendar, type, direction and stops, with station ids
/// resolved back to the source's string ids.
public struct TrainPart: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        public var station: String
        public var arrival: ServiceMinute?
        public var departure: ServiceMinute?
        public init(station: String, arrival: ServiceMinute?, departure: ServiceMinute?) {
            self.station = station; self.arrival = arrival; self.departure = departure
        }
    }

    /// Unique inside the database (a GTFS copy is `R1@EX+WK`, a frequency run `BF0~1020`).
    public var id: String
    /// What riders and the source's tools call it: the GTFS trip_id (`R1`); else `id`.
    public var publicId: String
    public var railway: String
    public var service: String
    public var number: String
    /// Where the train says it goes (GTFS trip_headsign), when the source gives it.
    public var headsign: LocalizedName?
    public var trainType: String
    public var direction: String
    public var vehicle: String?
    public var stops: [Stop]
    public var origins: [String]
    public var destinations: [String]
    public var names: [LocalizedName]
    /// Through service: the parts this one continues as, and continues from.
    public var next: [String]
    public var previous: [String]
}

extension Timetable {
    /// A train part by its source id (`Minatomirai.Minatomirai.011051.Weekday`), or nil.
    public func trainPart(_ id: String) throws -> TrainPart? {
        try reader.read { db in try trainPart(db, code: id) }
    }

    /// A train part by its row id (what tracking knows a train by), or nil.
    public func trainPart(row: Int64) throws -> TrainPart? {
        try reader.read { db in
            guard let code = try String.fetchOne(db, sql: "SELECT code FROM train WHERE id = ?", arguments: [row]) else { return nil }
            return try trainPart(db, code: code)
        }
    }

    /// The train part a rider means by an id: the database's own id, or the id riders know
    /// (a GTFS trip_id) — of the copies of a trip, the one running on `date` (the first one
    /// otherwise); of a frequency trip's runs, the first leaving at `minute` or later.
    public func resolveTrain(_ id: String, on date: CivilDate? = nil, at minute: Int? = nil) throws -> String? {
        guard id.utf8.count <= 200 else { return nil }
        let candidates = try reader.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT t.code, r.code, s.code, t.stops FROM train t
                JOIN railway r ON r.id = t.railway_id JOIN service s ON s.id = t.service_id
                WHERE t.code = ? OR t.trip_id = ? ORDER BY t.id
                """), arguments: [id, id])
        }
        if let exact = candidates.first(where: { $0[0] as String == id }), date == nil { return exact[0] }
        var running = candidates
        if let date {
            let day = reference.scheduleDay(date)
            let onDay = candidates.filter { row in
                reference.railways[id: row[1]].flatMap { reference.service(of: $0, on: day) } == row[2] as String
            }
            if !onDay.isEmpty { running = onDay }
        }
        guard running.count > 1, let minute else { return running.first?[0] }
        func start(_ row: Row) -> Int {
            StopList(decoding: [UInt8](row[3] as Data))?.stops.first?.departure ?? 0
        }
        return (running.filter { start($0) >= minute }.min { start($0) < start($1) } ?? running.first)?[0]
    }

    /// One train part in four statements whatever its stops: the part, its terminals, its links and
    /// its names; its stations' ids come from the reference tables by handle.
    func trainPart(_ db: Database, code: String) throws -> TrainPart? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT t.id, t.code, r.code AS railway, s.code AS service, t.number, y.code AS type,
                   d.code AS direction, t.vehicle, t.stops, COALESCE(t.trip_id, t.code) AS public_id,
                   t.headsign_ja, t.headsign_en
            FROM train t
            JOIN railway r ON r.id = t.railway_id
            JOIN service s ON s.id = t.service_id
            JOIN train_type y ON y.id = t.type_id
            JOIN direction d ON d.id = t.direction_id
            WHERE t.code = ?
            """), arguments: [code]) else { return nil }
        let rowId: Int64 = row["id"]
        let blob: [UInt8] = [UInt8](row["stops"] as Data)
        guard let stopList = StopList(decoding: blob) else {
            throw StoreError.inconsistent("train \(code) has a damaged stop list")
        }
        let terminals = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT kind, st.code FROM train_terminal tt JOIN station st ON st.id = tt.station_id
            WHERE tt.train_id = ? ORDER BY kind, position
            """), arguments: [rowId])
        // The parts it runs on as and on from, in one statement: true for a next part.
        let links = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT l.train_id = ?1, t.code FROM train_link l
            JOIN train t ON t.id = CASE WHEN l.train_id = ?1 THEN l.next_id ELSE l.train_id END
            WHERE l.train_id = ?1 OR l.next_id = ?1 ORDER BY t.code
            """), arguments: [rowId])
        return TrainPart(
            id: row["code"], publicId: row["public_id"], railway: row["railway"], service: row["service"], number: row["number"],
            headsign: (row["headsign_ja"] as String?).map { LocalizedName(ja: $0, en: row["headsign_en"] as String? ?? $0) },
            trainType: row["type"], direction: row["direction"], vehicle: row["vehicle"],
            stops: stopList.stops.map { stop in
                TrainPart.Stop(station: reference.stations.id(of: stop.station) ?? "?",
                               arrival: stop.arrival.map(ServiceMinute.init), departure: stop.departure.map(ServiceMinute.init))
            },
            origins: terminals.filter { $0[0] == 0 }.map { $0[1] },
            destinations: terminals.filter { $0[0] == 1 }.map { $0[1] },
            names: try Row.fetchAll(db.cachedStatement(sql: "SELECT name_ja, name_en FROM train_name WHERE train_id = ? ORDER BY position"),
                                    arguments: [rowId]).map { LocalizedName(ja: $0[0], en: $0[1]) },
            next: links.filter { $0[0] as Bool }.map { $0[1] },
            previous: links.filter { !($0[0] as Bool) }.map { $0[1] })
    }
}
