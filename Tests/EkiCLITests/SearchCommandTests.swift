import EkiTestSupport
import Foundation
import Testing

/// `eki search`, `nearby` and `history` as a rider runs them: the JSON contract and the messages, on
/// the hand-written Tokyo (`TokyoFixture`) written to a file. Its positions: 渋谷坂 35.6580,139.7016
/// (four railways), 表参 35.6650,139.7120, 新宿原 35.6900,139.7000, 東京前 35.6810,139.7670, 中央通
/// 35.5600,139.6700; the point 35.6600,139.7050 is 379 m from 渋谷坂, 842 m from 表参, 3,366 m from
/// 新宿原, 6,068 m from 東京前. (Real names typed in a mix, a real coast's nearest station: `RealDataCLITests`.)
@Suite struct SearchCommandTests {
    static func eki(_ arguments: [String], state: URL? = nil) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", try TokyoFixtureFile.url().path],
                           environment: state.map { ["EKI_STATE": $0.path] } ?? [:])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func searchJSONFollowsTheContract() throws {
        let result = try Self.eki(["search", "しぶやざか", "--json", "--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let results = try #require(try Self.object(result.stdout)["results"] as? [[String: Any]])
        #expect(results.count == 1)   // no other name holds it
        let first = results[0]
        #expect(first["kind"] as? String == "station")
        #expect(first["title"] as? [String: String] == ["ja": "渋谷坂", "en": "Shibuyazaka"])
        let stations = try #require(first["stations"] as? [[String: String]])
        #expect(stations.count == 4)
        #expect(stations.contains(["id": TokyoFixture.kaiganShibuyazaka, "railway": "Umi.Kaigan"]))
        #expect(first["coord"] as? [Double] == [35.658, 139.7016])

        let railway = try Self.eki(["search", "海岸", "--json", "--limit", "1"])
        let top = try #require((try Self.object(railway.stdout)["results"] as? [[String: Any]])?.first)
        #expect(top["kind"] as? String == "railway")
        #expect(top["id"] as? String == "Umi.Kaigan")
        #expect(top["title"] as? [String: String] == ["ja": "海岸線", "en": "Kaigan Line"])
    }

    @Test func searchTextShowsTheComplexWithItsRailways() throws {
        let result = try Self.eki(["search", "shinjukuhara", "--limit", "2"])
        #expect(result.status == 0)
        #expect(result.stdout == "新宿原  Shinjukuhara  ■環状線 ■副線\n", "\(result.stdout)")
    }

    /// A fresh `eki search` leaves search's index in the cache folder and the next one reads it:
    /// the same answers laid out, read back, after the file was damaged, and with a cache folder
    /// that cannot be made.
    @Test func theSearchIndexIsKeptForTheNextProcess() throws {
        let database = try TokyoFixtureFile.url()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let cache = scratch.file("cache")
        func answers(cache: URL) throws -> [String] {
            try [["search", "しぶやざか"], ["search", "メトロ 渋谷坂", "--json"], ["search", "shinjkuhara"], ["railway", "環状線", "--json"]].map {
                let result = try EkiProcess.run($0 + ["--db", database.path], environment: ["EKI_CACHE": cache.path])
                #expect(result.status == 0, "\(result.stderr)")
                return result.stdout
            }
        }
        let laidOut = try answers(cache: cache)
        #expect(laidOut[0].hasPrefix("渋谷坂  Shibuyazaka"), "\(laidOut[0])")
        #expect(laidOut[2].hasPrefix("新宿原  Shinjukuhara"), "\(laidOut[2])")   // one letter left out
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("search-index-") }
        #expect(files.count == 1, "\(files)")
        let file = cache.appendingPathComponent(try #require(files.first))
        let whole = try Data(contentsOf: file)
        #expect(try answers(cache: cache) == laidOut)
        var damaged = whole
        damaged[whole.count / 2] ^= 0x10
        try damaged.write(to: file)
        #expect(try answers(cache: cache) == laidOut)
        #expect(try Data(contentsOf: file) == whole)
        try scratch.write("plain-file", "not a folder")
        #expect(try answers(cache: scratch.file("plain-file/cache")) == laidOut)
        // Another build of eki (here the same program as another file) lays it out again: a
        // changed folding rule never meets an old layout.
        let inode = { (try? FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber)?.uint64Value }
        let before = inode()
        let copy = scratch.file("eki-rebuilt")
        try FileManager.default.copyItem(at: EkiProcess.binary, to: copy)
        let rebuilt = try EkiProcess.run(["search", "しぶやざか", "--db", database.path],
                                         environment: ["EKI_CACHE": cache.path], binary: copy)
        #expect(rebuilt.status == 0 && rebuilt.stdout == laidOut[0], "\(rebuilt.stderr)")
        #expect(before != nil && inode() != before)
    }

    @Test func noMatchIsAClearLineAndSuccess() throws {
        let result = try Self.eki(["search", "qqqqzz", "--lang", "en"])
        #expect(result.status == 0)
        #expect(result.stdout == "no station matches \"qqqqzz\"\n")
        let empty = try Self.eki(["search", "", "--json"])
        #expect(empty.status == 0)
        #expect(try Self.object(empty.stdout)["results"] as? [Any] != nil)
        #expect((try Self.object(empty.stdout)["results"] as? [Any])?.isEmpty == true)
    }

    @Test func longOrBinaryQueriesAreRejected() throws {
        let long = try Self.eki(["search", String(repeating: "shibuya", count: 20)])
        #expect(long.status == 2)
        #expect(long.stderr == "eki: the search text is too long (140 characters; at most 64)\n")
        let binary = try Self.eki(["search", "shi\u{7}buya"])
        #expect(binary.status == 2)
        #expect(binary.stderr == "eki: the search text contains control characters\n")
    }

    /// Bytes that are not UTF-8, straight from a shell as a rider's terminal would pass them.
    @Test func invalidUTF8IsRejectedInOneLine() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" search \"$(printf '\\377\\376')\" --db \"$1\"",
                           EkiProcess.binary.path, try TokyoFixtureFile.url().path]
        let err = Pipe()
        shell.standardError = err
        shell.standardOutput = Pipe()
        try shell.run()
        let message = String(decoding: err.fileHandleForReading.readToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 2)
        #expect(message == "eki: the search text is not valid UTF-8\n")
    }

    @Test func lengthIsCountedInScalars() throws {
        let accents = try Self.eki(["search", "a" + String(repeating: "\u{301}", count: 50_000)])
        #expect(accents.status == 2)
        #expect(accents.stderr == "eki: the search text is too long (50001 characters; at most 64)\n")
    }

    @Test func operatorsAndLineWordsFromTheCommandLine() throws {
        // JR runs 環状線 alone at 渋谷坂; かいがんせん is 海岸線 read as kana with its line word.
        let jr = try Self.eki(["search", "JR渋谷坂", "--limit", "1", "--json"])
        let stations = try #require((try Self.object(jr.stdout)["results"] as? [[String: Any]])?.first?["stations"] as? [[String: String]])
        #expect(stations == [["id": TokyoFixture.kanjoShibuyazaka, "railway": "JR.Kanjo"]], "\(stations)")
        let metro = try Self.eki(["search", "メトロ 渋谷坂", "--limit", "1"])
        #expect(metro.stdout == "渋谷坂  Shibuyazaka  ■副線 ■銀線\n", "\(metro.stdout)")
        let line = try Self.eki(["search", "かいがんせん", "--limit", "1", "--lang", "en"])
        #expect(line.stdout.hasPrefix("Kaigan Line  海岸線"), "\(line.stdout)")
    }

    @Test func nearbyJSONFollowsTheContract() throws {
        let result = try Self.eki(["nearby", "35.6600,139.7050", "--limit", "2", "--at", "2026-11-24T07:30", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        #expect(json["outsideArea"] as? Bool == false)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { ($0["title"] as? [String: String])?["ja"] } == ["渋谷坂", "表参"])
        #expect(results[0]["title"] as? [String: String] == ["ja": "渋谷坂", "en": "Shibuyazaka"])
        #expect(results.map { $0["distanceMeters"] as? Int } == [379, 842])
        #expect(results.map { $0["walkMinutes"] as? Int } == [5, 11])   // at 80 m a minute, rounded up
        #expect(results[0]["coord"] as? [Double] == [35.658, 139.7016])
        let stations = try #require(results[0]["stations"] as? [[String: Any]])
        #expect(Set(stations.compactMap { $0["railway"] as? String }) == ["Umi.Kaigan", "Metro.Fuku", "JR.Kanjo", "Metro.Gin"])
        let kaigan = try #require(stations.first { $0["id"] as? String == TokyoFixture.kaiganShibuyazaka })
        // The next departure each way from 07:30: the 07:40 local to 港町, and the 08:00 through express,
        // leaving here as its 副線 part at 08:13.
        let next = try #require(kaigan["next"] as? [[String: Any]])
        #expect(Set(next.map { "\($0["direction"]!) \($0["time"]!)" }) == ["Outbound 07:40", "Inbound 08:13"])

        let bare = try Self.eki(["nearby", "35.6600,139.7050", "--limit", "1", "--no-departures", "--json"])
        let bareStation = try #require(((try Self.object(bare.stdout)["results"] as? [[String: Any]])?.first?["stations"] as? [[String: Any]])?.first)
        #expect(bareStation["next"] == nil)
    }

    @Test func nearbyTextAndItsMessages() throws {
        let board = try Self.eki(["nearby", "35.6600,139.7050", "--limit", "1", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(board.stdout.hasPrefix("Shibuyazaka  渋谷坂  379 m · 5 min walk\n"), "\(board.stdout)")
        #expect(board.stdout.contains("Inbound 08:13 急 Tokorozawano in 43 min   Outbound 07:40 各 Minatomachi in 10 min"), "\(board.stdout)")
        #expect(board.stdout.contains("Eastbound 07:30 各 Omotesan now"))   // 銀線 every 5 minutes from 05:30

        let osaka = try Self.eki(["nearby", "34.7025,135.4959", "--lang", "en"])
        #expect(osaka.status == 0)
        #expect(osaka.stdout.contains("outside the timetable's area"))
        // Between 港町 and 中央通's lines, nothing within 500 m: the nearest, 中央通, 7,737 m off (97 minutes' walk).
        let far = try Self.eki(["nearby", "35.60,139.60", "--radius", "500", "--lang", "en"])
        #expect(far.stdout == "No station within 500 m; the nearest is Chuodori (7.7 km, 97 min walk)\n", "\(far.stdout)")
        // The JSON says it too: no results, and the nearest station with its distance.
        let farJSON = try JSONSerialization.jsonObject(with: Data(try Self.eki(["nearby", "35.60,139.60", "--radius", "500", "--json",
                                                                              "--no-departures"]).stdout.utf8)) as? [String: Any]
        #expect((farJSON?["results"] as? [Any])?.isEmpty == true)
        let nearest = farJSON?["nearest"] as? [String: Any]
        #expect((nearest?["title"] as? [String: String])?["en"] == "Chuodori")
        #expect(nearest?["distanceMeters"] as? Int == 7737)

        // South of the equator is a position too, not an option: outside the area.
        let south = try Self.eki(["nearby", "-35.6,139.7", "--lang", "en"])
        #expect(south.status == 0, "\(south.stderr)")
        #expect(south.stdout == "-35.6,139.7 is outside the timetable's area (the Tokyo region)\n")
        let mistyped = try Self.eki(["nearby", "35.6600,139.7050", "--radus", "5"])
        #expect(mistyped.status != 0 && mistyped.stderr.contains("Unknown option '--radus'"), "\(mistyped.stderr)")
        #expect(try Self.eki(["nearby"]).status != 0)
        #expect(try Self.eki(["nearby", "35.4,139.6", "35.5,139.7"]).status != 0)

        for bad in ["95,139", "35.4", "abc,def", "35.4,139.6,1", "nan,139", "35.4;139.6", "0x23,139", "1e1,139", "inf,139",
                    "35.4,", ".,139"] {
            let result = try Self.eki(["nearby", bad])
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.hasPrefix("eki: expected a position as latitude,longitude"), "\(bad): \(result.stderr)")
        }
        #expect(try Self.eki(["nearby", "35.6600,139.7050", "--radius", "0"]).status != 0)
    }

    @Test func boardsViewedBecomeHistoryThatOrdersNearbyAndCanBeCleared() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["history", "--lang", "en"], state: state).stdout == "no history yet\n")
        for _ in 0..<10 {
            let board = try Self.eki(["departures", "新宿原", "--railway", "副線", "--direction", "Northbound", "--limit", "1"], state: state)
            #expect(board.status == 0, "\(board.stderr)")
        }
        _ = try Self.eki(["timetable", "minatomachi", "--direction", "Inbound"], state: state)

        let history = try Self.object(try Self.eki(["history", "--json"], state: state).stdout)["history"] as? [[String: Any]]
        #expect(history?.map { $0["station"] as! String } == [TokyoFixture.minatomachi, TokyoFixture.fukuShinjukuhara])
        #expect(history?.last?["views"] as? Int == 10)
        #expect(history?.last?["direction"] as? String == "Northbound")

        // Plain nearby is by distance. Personal: 新宿原 (3,366 m, ten views) scores 3366 / (1 + log2 11)
        // ≈ 755, passing 表参 (842 m); 渋谷坂 at 379 m stays first, 東京前 (6,068 m) last.
        func titles(_ extra: [String]) throws -> [String] {
            let out = try Self.eki(["nearby", "35.6600,139.7050", "--radius", "8000", "--limit", "4", "--no-departures", "--json"] + extra,
                                   state: state).stdout
            return (try Self.object(out)["results"] as! [[String: Any]]).map { ($0["title"] as! [String: String])["ja"]! }
        }
        #expect(try titles([]) == ["渋谷坂", "表参", "新宿原", "東京前"])
        #expect(try titles(["--personal"]) == ["渋谷坂", "新宿原", "表参", "東京前"])

        #expect(try Self.eki(["history", "--clear", "--lang", "en"], state: state).stdout == "cleared 2 history entries\n")
        #expect(try titles(["--personal"]) == ["渋谷坂", "表参", "新宿原", "東京前"])
    }

    /// One look at the board of 渋谷坂 records each of its four railways' stations: history shows the
    /// place once, with its railways, and a railway viewed more often on a line of its own.
    @Test func historyShowsAPlaceOnceWithItsRailways() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["departures", "渋谷坂", "--limit", "1"], state: state).status == 0)
        #expect(try Self.eki(["departures", "渋谷坂", "--railway", "kaigan", "--limit", "1"], state: state).status == 0)
        let lines = try Self.eki(["history", "--lang", "en"], state: state).stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("Shibuyazaka  2 views") == true && lines.first?.hasSuffix("■Kaigan Line") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("Shibuyazaka  1 view") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("■Kanjo Line ■Fuku Line ■Gin Line") == true, "\(lines)")

        let json = try Self.object(try Self.eki(["history", "--json"], state: state).stdout)["history"] as? [[String: Any]]
        #expect(json?.count == 4)   // one entry per railway's station
        #expect(json?.first?["railway"] as? String == "Umi.Kaigan")
        #expect(json?.first?["railwayName"] as? [String: String] == ["ja": "海岸線", "en": "Kaigan Line"])

        let cleared = try Self.eki(["history", "--clear", "--json"], state: state)
        #expect(try Self.object(cleared.stdout)["cleared"] as? Int == 4)
    }

    /// A state file that is not one never costs the rider nearby: a warning, then distance order.
    @Test func personalNearbyFallsBackToDistanceWhenHistoryIsUnreadable() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        try Data("not a database".utf8).write(to: state)
        let result = try Self.eki(["nearby", "35.6600,139.7050", "--radius", "8000", "--limit", "4", "--no-departures", "--personal", "--json"],
                                  state: state)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("eki: history not used, nearest first: "), "\(result.stderr)")
        let titles = (try Self.object(result.stdout)["results"] as? [[String: Any]])?.map { ($0["title"] as! [String: String])["ja"]! }
        #expect(titles == ["渋谷坂", "表参", "新宿原", "東京前"])
    }
}
