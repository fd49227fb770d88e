import GRDB

/// The timetable database's tables. Built once by the importer, opened read-only by everything else.
///
/// Shaped for the board query: string ids are interned to integers, times are service-day minutes,
/// and `departure` is a WITHOUT ROWID table clustered by (station, direction, service, minute), so a
/// station board is one contiguous range read. A train's stops are one small blob (`StopList`),
/// which keeps 1.2M stop events to ~10 MB and a train timetable to one row read.
public enum Schema {
    /// Bump on any change a reader could notice; readers refuse other versions with a clear message.
    public static let version = 7

    static let statements: [String] = [
        """
        CREATE TABLE meta(
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE operator(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            color TEXT
        )
        """,
        """
        CREATE TABLE direction(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            toward_ja TEXT,
            toward_en TEXT
        )
        """,
        """
        CREATE TABLE railway(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            operator_id INTEGER REFERENCES operator(id),
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            color TEXT,
            short_name TEXT,
            ascending_id INTEGER REFERENCES direction(id),
            descending_id INTEGER REFERENCES direction(id),
            is_loop INTEGER NOT NULL,
            search_ja TEXT NOT NULL,
            search_en TEXT NOT NULL,
            search_words TEXT NOT NULL
        )
        """,
        // A station complex groups the railways' stations of one place; platform groups inside it
        // share platforms (the through-service rule and transfer times depend on it).
        """
        CREATE TABLE station_complex(
            id INTEGER PRIMARY KEY,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            latitude REAL,
            longitude REAL
        )
        """,
        // `code` is unique inside the database; `public_id` is what riders type and read back (a GTFS
        // stop_id, shared by the station of each route at that place), NULL when it is the code.
        """
        CREATE TABLE station(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            public_id TEXT,
            railway_id INTEGER REFERENCES railway(id),
            complex_id INTEGER NOT NULL REFERENCES station_complex(id),
            platform_group INTEGER NOT NULL,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            latitude REAL,
            longitude REAL,
            search_ja TEXT NOT NULL,
            search_en TEXT NOT NULL,
            search_words TEXT NOT NULL,
            trains INTEGER NOT NULL DEFAULT 0,
            departures INTEGER NOT NULL DEFAULT 0
        )
        """,
        "CREATE INDEX station_complex_index ON station(complex_id)",
        // Every other id a station answers to (a GTFS feed's platform stop_ids, 127N under 127), and
        // the direction of the trains there when the alias is a one-way platform (version 7).
        """
        CREATE TABLE station_alias(
            alias TEXT NOT NULL,
            station_id INTEGER NOT NULL REFERENCES station(id),
            direction_id INTEGER REFERENCES direction(id),
            PRIMARY KEY(alias, station_id)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX station_position ON station(latitude, longitude)",
        """
        CREATE TABLE railway_station(
            railway_id INTEGER NOT NULL REFERENCES railway(id),
            position INTEGER NOT NULL,
            station_id INTEGER NOT NULL REFERENCES station(id),
            PRIMARY KEY(railway_id, position)
        ) WITHOUT ROWID
        """,
        // Minimum change times the data gives (GTFS transfers.txt; Mini Tokyo 3D: the reviewed
        // interchange table); minutes NULL: not possible. kind: cross-platform, same-area, concourse,
        // long-walk, deep, gates, street (NULL: the feed does not say); basis: where the figure comes from.
        """
        CREATE TABLE station_transfer(
            from_id INTEGER NOT NULL REFERENCES station(id),
            to_id INTEGER NOT NULL REFERENCES station(id),
            minutes INTEGER,
            kind TEXT,
            basis TEXT,
            PRIMARY KEY(from_id, to_id)
        ) WITHOUT ROWID
        """,
        // Changes across one island platform (Mini Tokyo 3D: the reviewed interchange table's cross
        // rows): only from a train of direction arriving_id to one of departing_id; any other pair of
        // directions between the two stations changes by station_transfer or the rule.
        """
        CREATE TABLE station_cross(
            from_id INTEGER NOT NULL REFERENCES station(id),
            to_id INTEGER NOT NULL REFERENCES station(id),
            arriving_id INTEGER NOT NULL REFERENCES direction(id),
            departing_id INTEGER NOT NULL REFERENCES direction(id),
            minutes INTEGER NOT NULL,
            basis TEXT NOT NULL,
            PRIMARY KEY(from_id, to_id, arriving_id, departing_id)
        ) WITHOUT ROWID
        """,
        // Polylines as little-endian Int32 pairs of micro-degrees (latitude, longitude): 8 bytes a point.
        """
        CREATE TABLE railway_shape(
            railway_id INTEGER NOT NULL REFERENCES railway(id),
            part INTEGER NOT NULL,
            points BLOB NOT NULL,
            PRIMARY KEY(railway_id, part)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE train_type(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            category INTEGER NOT NULL,
            classified INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE service(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL
        )
        """,
        // The source's own calendars (GTFS service_ids): weekly pattern (Sunday first, '1'/'0';
        // NULL for dates only), range, and each date added (1) or removed (0). For `eki calendar`.
        """
        CREATE TABLE feed_calendar(
            code TEXT PRIMARY KEY NOT NULL,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            weekdays TEXT,
            start_date TEXT,
            end_date TEXT
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE feed_calendar_date(
            code TEXT NOT NULL REFERENCES feed_calendar(code),
            date TEXT NOT NULL,
            added INTEGER NOT NULL,
            PRIMARY KEY(code, date)
        ) WITHOUT ROWID
        """,
        // Explicit running dates, for sources that list them (GTFS calendar_dates).
        """
        CREATE TABLE service_date(
            service_id INTEGER NOT NULL REFERENCES service(id),
            date TEXT NOT NULL,
            PRIMARY KEY(service_id, date)
        ) WITHOUT ROWID
        """,
        // Which services each railway actually runs: the schedule rule picks the first one it has.
        """
        CREATE TABLE railway_service(
            railway_id INTEGER NOT NULL REFERENCES railway(id),
            service_id INTEGER NOT NULL REFERENCES service(id),
            trains INTEGER NOT NULL,
            PRIMARY KEY(railway_id, service_id)
        ) WITHOUT ROWID
        """,
        // `trip_id`: the id riders and other tools know the train by when it is not `code` (a GTFS
        // trip_id, kept for every copy of a trip that runs under several calendars); NULL when equal.
        // `headsign_*`: where the train says it goes (GTFS trip_headsign), NULL when not given.
        """
        CREATE TABLE train(
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            trip_id TEXT,
            headsign_ja TEXT,
            headsign_en TEXT,
            railway_id INTEGER NOT NULL REFERENCES railway(id),
            service_id INTEGER NOT NULL REFERENCES service(id),
            number TEXT NOT NULL,
            type_id INTEGER NOT NULL REFERENCES train_type(id),
            direction_id INTEGER NOT NULL REFERENCES direction(id),
            vehicle TEXT,
            stops BLOB NOT NULL
        )
        """,
        // Origins (kind 0) and destinations (kind 1) of the whole through-service run, as the source gives them.
        "CREATE INDEX train_trip ON train(trip_id) WHERE trip_id IS NOT NULL",
        """
        CREATE TABLE train_terminal(
            train_id INTEGER NOT NULL REFERENCES train(id),
            kind INTEGER NOT NULL,
            position INTEGER NOT NULL,
            station_id INTEGER NOT NULL REFERENCES station(id),
            PRIMARY KEY(train_id, kind, position)
        ) WITHOUT ROWID
        """,
        // A loop line's train part with no destination of its own (the Yamanote's laps carry none)
        // whose run, following its next laps, ends less than a lap ahead of its later stops: from
        // stop `from_stop` on it is signed for where it ends (池袋行), before that by the stations
        // ahead (渋谷・新宿方面). Made at import, as it depends on the stop a rider boards at.
        """
        CREATE TABLE loop_run_end(
            train_id INTEGER PRIMARY KEY REFERENCES train(id),
            from_stop INTEGER NOT NULL,
            station_id INTEGER NOT NULL REFERENCES station(id)
        )
        """,
        """
        CREATE TABLE train_name(
            train_id INTEGER NOT NULL REFERENCES train(id),
            position INTEGER NOT NULL,
            name_ja TEXT NOT NULL,
            name_en TEXT NOT NULL,
            PRIMARY KEY(train_id, position)
        ) WITHOUT ROWID
        """,
        // Through service: train part `train_id` continues as `next_id` (possibly on another railway).
        """
        CREATE TABLE train_link(
            train_id INTEGER NOT NULL REFERENCES train(id),
            next_id INTEGER NOT NULL REFERENCES train(id),
            PRIMARY KEY(train_id, next_id)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX train_link_previous ON train_link(next_id)",
        // The board table. One row per train leaving a station, including a part that arrives here and
        // continues as another railway's part from the same platform group (`train_id` is then that
        // continuing part and `stop_index` its first stop).
        """
        CREATE TABLE departure(
            station_id INTEGER NOT NULL REFERENCES station(id),
            direction_id INTEGER NOT NULL REFERENCES direction(id),
            service_id INTEGER NOT NULL REFERENCES service(id),
            minute INTEGER NOT NULL,
            train_id INTEGER NOT NULL REFERENCES train(id),
            stop_index INTEGER NOT NULL,
            PRIMARY KEY(station_id, direction_id, service_id, minute, train_id)
        ) WITHOUT ROWID
        """,
    ]

    static func create(_ db: Database) throws {
        for statement in statements { try db.execute(sql: statement) }
    }
}
