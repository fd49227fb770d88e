import EkiImport
import EkiStore
import Foundation
import ZIPFoundation

/// A small GTFS feed written by a test, covering every rule of the GTFS importer.
///
/// Kita Railway (Europe/Paris, names in Japanese with English translations):
/// - RED (route_type 1, 赤線): 北駅 (platform A1) → 中央 (B1) → 南 (C1)
/// - BLUE (route_type 109, 青線): 南 (C1, shared with RED) → 中央 (B2, its own platform) → 東 (no parent)
/// - BUS (route_type 3): two bus stops, skipped.
/// Services in January 2026: WK Mon–Fri (but not Mon 12th; also Sat 10th), SA Sat+Sun (not the 10th),
/// EX only on Wed 7th and Sat 10th. Trips: R1 07:00 north→south continuing (block BLK1) as BLUE's
/// B1 from 南 07:15; R2 back at 08:00 with 中央 untimed (interpolated 08:05); R3 24:50–25:10; R9 (EX)
/// 12:00; BLUE frequencies BF0 10:00–11:00 every 20 min (exact) and BF1 14:00–14:30 every 15 min (not
/// exact). stops.txt starts with a UTF-8 BOM, stop_times.txt has CRLF line ends, agency_name is quoted
/// with a comma and doubled quotes.
public struct GTFSFeedFixture {
    public let scratch = ScratchFolder()
    public var folder: URL { scratch.url.appendingPathComponent("feed") }

    public static let files: [String: String] = [
        "agency.txt": """
            agency_id,agency_name,agency_url,agency_timezone,agency_lang
            AG,"Kita Railway, ""Nord"" Inc.",https://example.com,Europe/Paris,ja

            """,
        "agency_jp.txt": """
            agency_id,agency_official_name,agency_zip_number,agency_address
            AG,北鉄道株式会社,1000001,東京都

            """,
        "stops.txt": "\u{FEFF}" + """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            P_A,北駅,48.8800,2.3550,1,
            A1,北駅 1番線,48.8801,2.3551,0,P_A
            P_B,中央,48.8700,2.3500,1,
            B1,中央 1番線,48.8701,2.3501,0,P_B
            B2,中央 5番線,48.8702,2.3502,0,P_B
            P_C,南,48.8600,2.3450,1,
            C1,南 1番線,48.8601,2.3451,0,P_C
            D,東,48.8650,2.3700,0,
            BS1,バス停 一,48.8000,2.3000,0,
            BS2,バス停 二,48.8100,2.3100,0,

            """,
        "routes.txt": """
            route_id,agency_id,route_short_name,route_long_name,route_type,route_color
            RED,AG,R,赤線,1,ff0000
            BLUE,AG,B,青線,109,0000FF
            BUS,AG,99,バス,3,00FF00

            """,
        "trips.txt": """
            route_id,service_id,trip_id,trip_headsign,direction_id,block_id
            RED,WK,R1,南,0,BLK1
            BLUE,WK,B1,東,0,BLK1
            RED,WK,R2,北駅,1,
            RED,WK,R3,南,0,
            RED,EX,R9,南,0,
            BLUE,SA,BF0,東,0,
            BLUE,SA,BF1,南,1,
            BUS,WK,X1,バス停 二,0,

            """,
        "stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            R1,07:00:00,07:00:00,A1,1
            R1,07:04:00,07:05:00,B1,2
            R1,07:10:00,07:10:00,C1,3
            B1,07:15:00,07:15:00,C1,1
            B1,07:20:00,07:20:00,B2,2
            B1,07:25:00,07:25:00,D,3
            R2,08:00:00,08:00:00,C1,1
            R2,,,B1,2
            R2,08:10:00,08:10:00,A1,3
            R3,24:50:00,24:50:00,A1,1
            R3,25:00:00,25:00:00,B1,2
            R3,25:10:00,25:10:00,C1,3
            R9,12:00:00,12:00:00,A1,1
            R9,12:05:00,12:05:00,B1,2
            R9,12:10:00,12:10:00,C1,3
            BF0,10:00:00,10:00:00,C1,1
            BF0,10:04:00,10:04:00,B2,2
            BF0,10:08:00,10:08:00,D,3
            BF1,10:00:00,10:00:00,D,1
            BF1,10:04:00,10:04:00,B2,2
            BF1,10:08:00,10:08:00,C1,3
            X1,09:00:00,09:00:00,BS1,1
            X1,09:10:00,09:10:00,BS2,2

            """.replacingOccurrences(of: "\n", with: "\r\n"),
        "frequencies.txt": """
            trip_id,start_time,end_time,headway_secs,exact_times
            BF0,10:00:00,11:00:00,1200,1
            BF1,14:00:00,14:30:00,900,0

            """,
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            WK,1,1,1,1,1,0,0,20260105,20260131
            SA,0,0,0,0,0,1,1,20260105,20260131

            """,
        "calendar_dates.txt": """
            service_id,date,exception_type
            WK,20260112,2
            WK,20260110,1
            SA,20260110,2
            EX,20260107,1
            EX,20260110,1

            """,
        "translations.txt": """
            table_name,field_name,language,translation,record_id,record_sub_id,field_value
            stops,stop_name,en,North,P_A,,
            stops,stop_name,ja-Hrkt,ちゅうおう,P_B,,
            stops,stop_name,en,South,,,南
            routes,route_long_name,en,Red Line,RED,,
            routes,route_long_name,en,Blue Line,BLUE,,
            trips,trip_headsign,en,South,,,南
            trips,trip_headsign,en,North,,,北駅
            trips,trip_headsign,en,East,,,東

            """,
    ]

    /// Writes the feed, with `changes` replacing (or, with nil, removing) whole files.
    public init(_ changes: [String: String?] = [:]) throws {
        var files = Self.files
        for (name, text) in changes { files[name] = text }
        for (name, text) in files { try scratch.write("feed/" + name, text) }
    }

    /// The same files in a zip, inside a folder as many published feeds are.
    public func zipped() throws -> URL {
        let url = scratch.url.appendingPathComponent("feed.zip")
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create, pathEncoding: nil)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            try archive.addEntry(with: "kita-railway/" + name, fileURL: folder.appendingPathComponent(name),
                                 compressionMethod: .deflate)
        }
        return url
    }

    public func remove() { scratch.remove() }
}

/// The fixture feed imported once per test process, shared by the GTFS suites of every target.
public enum GTFSFixtureDatabase {
    public static func imported() throws -> (timetable: Timetable, report: Importer.Report) {
        try importOnce.value.get()
    }

    private static let importOnce = Once {
        Result { () throws -> (Timetable, Importer.Report) in
            let fixture = try GTFSFeedFixture()
            let database = fixture.scratch.file("gtfs.sqlite")
            let report = try Importer().run(folder: fixture.folder, database: database)
            return (try Timetable(url: database), report)
        }
    }
}
