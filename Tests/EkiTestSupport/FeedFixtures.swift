import EkiImport
import EkiStore
import Foundation
import ZIPFoundation

/// GTFS feeds shaped like the real ones riders outside Tokyo use, written by the tests (no real
/// foreign feed is at hand offline), each imported once per test process.
///
/// - `shoreLine`: an English US commuter feed as Shore Line East + Amtrak publish it (2013,
///   America/New_York, no feed_lang or agency_lang, stops without parents: `OSB`, `NHV`; trip ids
///   `SLE_3629WEH`; weekday WKD, weekend WEH, Amtrak daily ATD, one special XTR on Fri 5 July).
/// - `nightSubway`: a subway that never sleeps, as New York's routes 1 and 2 (Dec 2024): platform
///   stops `127N`/`127S` under parent `127`, each service day's trains running on to 27:58.
/// - `busOnly`: 22 bus routes and nothing on rails.
/// - `minato`: a Japanese GTFS-JP feed (Asia/Tokyo, no language given) whose trips give their
///   train types (jp_trip_desc 各停 / 快速 / 特急).
public enum FeedFixtures {
    public static let shoreLine: [String: String] = [
        "agency.txt": """
            agency_id,agency_name,agency_url,agency_timezone
            SLE,Shore Line East,http://www.shorelineeast.com,America/New_York
            AT,Amtrak,http://www.amtrak.com,America/New_York

            """,
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon
            NHV,New Haven Union Station,41.297714,-72.926731
            BNF,Branford,41.274630,-72.817540
            GUIL,Guilford,41.275690,-72.673490
            MAD,Madison,41.283800,-72.599310
            CLIN,Clinton,41.279170,-72.528290
            WES,Westbrook,41.288960,-72.448540
            OSB,Old Saybrook,41.300460,-72.376400
            NLC,New London,41.354600,-72.093460

            """,
        "routes.txt": """
            route_id,agency_id,route_short_name,route_long_name,route_type,route_color
            SLE,SLE,SLE,Shore Line East,2,0B3B8C
            AT,AT,,Northeast Regional,2,

            """,
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            WKD,1,1,1,1,1,0,0,20130101,20131231
            WEH,0,0,0,0,0,1,1,20130101,20131231
            ATD,1,1,1,1,1,1,1,20130101,20131231

            """,
        "calendar_dates.txt": """
            service_id,date,exception_type
            WKD,20130704,2
            WEH,20130704,1
            XTR,20130705,1

            """,
        "trips.txt": """
            route_id,service_id,trip_id,trip_headsign,trip_short_name,direction_id
            SLE,WKD,SLE_1601WKD,Old Saybrook,1601,0
            SLE,WKD,SLE_1603WKD,New London,1603,0
            SLE,WKD,SLE_1605WKD,Old Saybrook,1605,0
            SLE,XTR,SLE_1699XTR,Old Saybrook,1699,0
            SLE,WKD,SLE_1610WKD,New Haven,1610,1
            SLE,WKD,SLE_1612WKD,New Haven,1612,1
            SLE,WEH,SLE_3629WEH,New London,3629,0
            SLE,WEH,SLE_3630WEH,New Haven,3630,1
            AT,ATD,AT_171,Boston,171,0
            AT,ATD,AT_170,Washington,170,1

            """,
        "stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            SLE_1601WKD,06:10:00,06:10:00,NHV,1
            SLE_1601WKD,06:20:00,06:20:00,BNF,2
            SLE_1601WKD,06:31:00,06:31:00,GUIL,3
            SLE_1601WKD,06:37:00,06:37:00,MAD,4
            SLE_1601WKD,06:43:00,06:43:00,CLIN,5
            SLE_1601WKD,06:49:00,06:49:00,WES,6
            SLE_1601WKD,06:58:00,06:58:00,OSB,7
            SLE_1603WKD,07:40:00,07:40:00,NHV,1
            SLE_1603WKD,08:28:00,08:28:00,OSB,2
            SLE_1603WKD,08:50:00,08:50:00,NLC,3
            SLE_1605WKD,22:30:00,22:30:00,NHV,1
            SLE_1605WKD,23:06:00,23:06:00,CLIN,2
            SLE_1605WKD,23:18:00,23:18:00,OSB,3
            SLE_1699XTR,12:00:00,12:00:00,NHV,1
            SLE_1699XTR,12:48:00,12:48:00,OSB,2
            SLE_1610WKD,05:30:00,05:30:00,NLC,1
            SLE_1610WKD,05:52:00,05:52:00,OSB,2
            SLE_1610WKD,06:40:00,06:40:00,NHV,3
            SLE_1612WKD,17:15:00,17:15:00,OSB,1
            SLE_1612WKD,18:03:00,18:03:00,NHV,2
            SLE_3629WEH,07:16:00,07:16:00,NHV,1
            SLE_3629WEH,08:04:00,08:04:00,OSB,2
            SLE_3629WEH,08:26:00,08:26:00,NLC,3
            SLE_3630WEH,09:00:00,09:00:00,NLC,1
            SLE_3630WEH,09:22:00,09:22:00,OSB,2
            SLE_3630WEH,10:10:00,10:10:00,NHV,3
            AT_171,09:07:00,09:07:00,NHV,1
            AT_171,09:48:00,09:48:00,OSB,2
            AT_171,10:10:00,10:10:00,NLC,3
            AT_170,18:50:00,18:50:00,NLC,1
            AT_170,19:12:00,19:12:00,OSB,2
            AT_170,19:55:00,19:55:00,NHV,3

            """,
    ]

    public static let nightSubway: [String: String] = [
        "agency.txt": """
            agency_id,agency_name,agency_url,agency_timezone,agency_lang
            MTA NYCT,MTA New York City Transit,http://www.mta.info,America/New_York,en

            """,
        "feed_info.txt": """
            feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date
            MTA,http://www.mta.info,en,20241201,20241231

            """,
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            101,Van Cortlandt Park-242 St,40.889248,-73.898583,1,
            101N,Van Cortlandt Park-242 St,40.889248,-73.898583,0,101
            101S,Van Cortlandt Park-242 St,40.889248,-73.898583,0,101
            120,96 St,40.793919,-73.972323,1,
            120N,96 St,40.793919,-73.972323,0,120
            120S,96 St,40.793919,-73.972323,0,120
            127,Times Sq-42 St,40.755290,-73.987495,1,
            127N,Times Sq-42 St,40.755290,-73.987495,0,127
            127S,Times Sq-42 St,40.755290,-73.987495,0,127
            142,South Ferry,40.702068,-74.013664,1,
            142N,South Ferry,40.702068,-74.013664,0,142
            142S,South Ferry,40.702068,-74.013664,0,142
            201,Wakefield-241 St,40.903125,-73.850620,1,
            201N,Wakefield-241 St,40.903125,-73.850620,0,201
            247,Flatbush Av-Brooklyn College,40.632836,-73.947642,1,
            247N,Flatbush Av-Brooklyn College,40.632836,-73.947642,0,247

            """,
        "routes.txt": """
            agency_id,route_id,route_short_name,route_long_name,route_type,route_color
            MTA NYCT,1,1,Broadway - 7 Avenue Local,1,EE352E
            MTA NYCT,2,2,7 Avenue Express,1,EE352E

            """,
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            Weekday,1,1,1,1,1,0,0,20241201,20241231

            """,
        "trips.txt": """
            route_id,trip_id,service_id,trip_headsign,direction_id
            1,1_2640_N,Weekday,Van Cortlandt Park-242 St,0
            1,1_2700_N,Weekday,Van Cortlandt Park-242 St,0
            2,2_2640_N,Weekday,Wakefield-241 St,0
            1,1_2709_N,Weekday,Van Cortlandt Park-242 St,0
            2,2_2649_N,Weekday,Wakefield-241 St,0
            1,1_0320_N,Weekday,Van Cortlandt Park-242 St,0
            2,2_0300_N,Weekday,Wakefield-241 St,0
            1,1_0800_N,Weekday,Van Cortlandt Park-242 St,0
            1,1_0300_S,Weekday,South Ferry,1

            """,
        "stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            1_2640_N,26:40:00,26:40:00,142N,1
            1_2640_N,26:51:00,26:51:00,127N,2
            1_2640_N,27:00:00,27:00:00,120N,3
            1_2640_N,27:20:00,27:20:00,101N,4
            1_2700_N,27:00:00,27:00:00,142N,1
            1_2700_N,27:11:00,27:11:00,127N,2
            1_2700_N,27:20:00,27:20:00,120N,3
            1_2700_N,27:40:00,27:40:00,101N,4
            2_2640_N,26:40:00,26:40:00,247N,1
            2_2640_N,27:14:00,27:14:00,127N,2
            2_2640_N,27:22:00,27:22:00,120N,3
            2_2640_N,27:58:00,27:58:00,201N,4
            1_2709_N,27:09:00,27:09:00,142N,1
            1_2709_N,27:20:00,27:20:00,127N,2
            1_2709_N,27:29:00,27:29:00,120N,3
            1_2709_N,27:49:00,27:49:00,101N,4
            2_2649_N,26:49:00,26:49:00,247N,1
            2_2649_N,27:23:00,27:23:00,127N,2
            2_2649_N,27:31:00,27:31:00,120N,3
            2_2649_N,28:07:00,28:07:00,201N,4
            1_0320_N,03:20:00,03:20:00,142N,1
            1_0320_N,03:31:00,03:31:00,127N,2
            1_0320_N,03:40:00,03:40:00,120N,3
            1_0320_N,04:00:00,04:00:00,101N,4
            2_0300_N,03:00:00,03:00:00,247N,1
            2_0300_N,03:34:00,03:34:00,127N,2
            2_0300_N,03:42:00,03:42:00,120N,3
            2_0300_N,04:18:00,04:18:00,201N,4
            1_0800_N,08:00:00,08:00:00,142N,1
            1_0800_N,08:11:00,08:11:00,127N,2
            1_0800_N,08:20:00,08:20:00,120N,3
            1_0800_N,08:40:00,08:40:00,101N,4
            1_0300_S,03:00:00,03:00:00,101S,1
            1_0300_S,03:20:00,03:20:00,120S,2
            1_0300_S,03:29:00,03:29:00,127S,3
            1_0300_S,03:40:00,03:40:00,142S,4

            """,
    ]

    /// 22 bus routes, one trip each: a feed with nothing on rails.
    public static let busOnly: [String: String] = {
        var routes = "route_id,route_short_name,route_long_name,route_type\n"
        var trips = "route_id,service_id,trip_id\n"
        var times = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
        for n in 1...22 {
            routes += "B\(n),\(n),Route \(n),3\n"
            trips += "B\(n),DAILY,T\(n)\n"
            times += "T\(n),08:00:00,08:00:00,S1,1\nT\(n),08:10:00,08:10:00,S2,2\n"
        }
        return [
            "agency.txt": "agency_name,agency_url,agency_timezone\nCounty Transit,http://example.com,America/Chicago\n",
            "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nS1,Main St,41.0,-90.0\nS2,Oak Av,41.01,-90.0\n",
            "routes.txt": routes,
            "trips.txt": trips,
            "stop_times.txt": times,
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAILY,1,1,1,1,1,1,1,20240101,20241231\n",
        ]
    }()

    public static let minato: [String: String] = [
        "agency.txt": """
            agency_id,agency_name,agency_url,agency_timezone
            MR,みなと鉄道,https://example.jp,Asia/Tokyo

            """,
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            M01,港町,35.4500,139.6300,1,
            M01_1,港町,35.4500,139.6300,0,M01
            M02,中央,35.4600,139.6400,1,
            M02_1,中央,35.4600,139.6400,0,M02
            M03,山手,35.4700,139.6500,1,
            M03_1,山手,35.4700,139.6500,0,M03

            """,
        "routes.txt": """
            route_id,agency_id,route_short_name,route_long_name,route_type,route_color
            MN,MR,,みなと線,2,00A0E9

            """,
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            平日,1,1,1,1,1,0,0,20260401,20270331
            土休日,0,0,0,0,0,1,1,20260401,20270331

            """,
        "trips.txt": """
            route_id,service_id,trip_id,trip_headsign,trip_short_name,direction_id,jp_trip_desc
            MN,平日,MN101,山手,101,0,各停
            MN,平日,MN103,山手,103,0,快速
            MN,平日,MN105,山手,1005,0,特急
            MN,平日,MN102,港町,102,1,各停
            MN,土休日,MN201,山手,201,0,各停

            """,
        "stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            MN101,07:00:00,07:00:00,M01_1,1
            MN101,07:05:00,07:06:00,M02_1,2
            MN101,07:12:00,07:12:00,M03_1,3
            MN103,07:10:00,07:10:00,M01_1,1
            MN103,07:20:00,07:20:00,M03_1,2
            MN105,07:30:00,07:30:00,M01_1,1
            MN105,07:38:00,07:38:00,M03_1,2
            MN102,08:00:00,08:00:00,M03_1,1
            MN102,08:06:00,08:06:00,M02_1,2
            MN102,08:12:00,08:12:00,M01_1,3
            MN201,09:00:00,09:00:00,M01_1,1
            MN201,09:12:00,09:12:00,M03_1,2

            """,
        "translations.txt": """
            table_name,field_name,language,translation,record_id,record_sub_id,field_value
            stops,stop_name,en,Minatomachi,,,港町
            stops,stop_name,en,Chuo,,,中央
            stops,stop_name,en,Yamate,,,山手
            routes,route_long_name,en,Minato Line,MN,,
            trips,trip_headsign,en,Yamate,,,山手
            trips,trip_headsign,en,Minatomachi,,,港町

            """,
    ]

    /// A feed's files written to a fresh folder.
    public static func write(_ files: [String: String?], base: [String: String] = [:]) throws -> ScratchFolder {
        let scratch = ScratchFolder()
        var all: [String: String] = base
        for (name, text) in files { all[name] = text }
        for (name, text) in all { try scratch.write("feed/" + name, text) }
        return scratch
    }

    /// A fixture imported once per test process.
    public static func imported(_ name: String) throws -> (timetable: Timetable, report: Importer.Report) {
        try cache.value(name).get()
    }

    private static let cache = ImportCache { name in
        let files = ["shoreLine": shoreLine, "nightSubway": nightSubway, "minato": minato][name] ?? [:]
        let scratch = try write(files)
        let database = scratch.file("\(name).sqlite")
        let report = try Importer().run(folder: scratch.file("feed"), database: database)
        return (try Timetable(url: database), report)
    }
}

/// Databases imported once each, by name, whichever test asks first.
final class ImportCache: @unchecked Sendable {
    typealias Imported = (timetable: Timetable, report: Importer.Report)
    private let lock = NSLock()
    private var done: [String: Result<Imported, any Error>] = [:]
    private let make: @Sendable (String) throws -> Imported

    init(_ make: @escaping @Sendable (String) throws -> Imported) { self.make = make }

    func value(_ name: String) -> Result<Imported, any Error> {
        lock.lock()
        defer { lock.unlock() }
        if let known = done[name] { return known }
        let result = Result { try make(name) }
        done[name] = result
        return result
    }
}

extension FeedFixtures {
    /// A small feed for one rule of the spec: `base` with `changes` (nil removes a file), imported.
    /// The caller removes the folder.
    public static func importFeed(_ changes: [String: String?], base: [String: String] = FeedFixtures.small)
        throws -> (timetable: Timetable, report: Importer.Report, scratch: ScratchFolder) {
        var files = base
        for (name, text) in changes { files[name] = text }
        let scratch = try write(files.mapValues { $0 })
        let database = scratch.file("feed.sqlite")
        let report = try Importer().run(folder: scratch.file("feed"), database: database)
        return (try Timetable(url: database), report, scratch)
    }

    /// The smallest feed: one line A → B → C, one weekday trip at 08:00 in Berlin.
    public static let small: [String: String] = [
        "agency.txt": "agency_name,agency_url,agency_timezone\nLine Co,http://example.com,Europe/Berlin\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,52.50,13.40\nB,Beta,52.51,13.41\nC,Gamma,52.52,13.42\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nL,L1,Line One,2\n",
        "trips.txt": "route_id,service_id,trip_id,trip_headsign\nL,WK,T1,Gamma\n",
        "stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T1,08:00:00,08:00:00,A,1
            T1,08:05:00,08:05:00,B,2
            T1,08:10:00,08:10:00,C,3

            """,
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260101,20261231\n",
    ]
}

extension FeedFixtures {
    /// The files of `scratch`'s feed/ folder zipped as `name`, inside a folder `inside/` as many
    /// published feeds are.
    public static func zip(_ scratch: ScratchFolder, as name: String, inside: String) throws -> URL {
        let url = scratch.file(name)
        let archive = try Archive(url: url, accessMode: .create, pathEncoding: nil)
        let folder = scratch.file("feed")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            try archive.addEntry(with: inside + "/" + file, fileURL: folder.appendingPathComponent(file), compressionMethod: .deflate)
        }
        return url
    }
}
