import EkiTestSupport
import Foundation
import Testing

/// `eki search`, `nearby` and `history` as a rider runs them: the JSON contract and the messages.
@Suite struct SearchCommandTests {
    static func eki(_ arguments: [String], state: URL? = nil) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path],
                                  environment: state.map { ["EKI_STATE": $0.path] } ?? [:])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func searchJSONFollowsTheContract() throws {
        let result = try Self.eki(["search", "しぶや", "--json", "--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let results = try #require(try Self.object(result.stdout)["results"] as? [[String: Any]])
        let first = results[0]
        #expect(first["kind"] as? String == "station")
        #expect(first["title"] as? [String: String] == ["ja": "渋谷", "en": "Shibuya"])
        let stations = try #require(first["stations"] as? [[String: String]])
        #expect(stations.contains(["id": "Tokyu.Toyoko.Shibuya", "railway": "Tokyu.Toyoko"]))
        let coord = try #require(first["coord"] as? [Double])
        #expect(coord.count == 2 && abs(coord[0] - 35.658) < 0.01 && abs(coord[1] - 139.70) < 0.01)

        let railway = try Self.eki(["search", "東横", "--json", "--limit", "1"])
        let top = try #require((try Self.object(railway.stdout)["results"] as? [[String: Any]])?.first)
        #expect(top["kind"] as? String == "railway")
        #expect(top["id"] as? String == "Tokyu.Toyoko")
        #expect(top["title"] as? [String: String] == ["ja": "東横線", "en": "Toyoko Line"])
    }

    @Test func searchTextShowsTheComplexWithItsRailways() throws {
        let result = try Self.eki(["search", "oosaki", "--limit", "2"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("大崎  Osaki") == true, "\(result.stdout)")
        #expect(lines.first?.contains("山手線") == true && lines.first?.contains("りんかい線") == true)
    }

    /// A fresh `eki search` leaves search's index in the cache folder and the next one reads it:
    /// the same answers laid out, read back, after the file was damaged, and with a cache folder
    /// that cannot be made.
    @Test func theSearchIndexIsKeptForTheNextProcess() throws {
        _ = try SharedData.imported()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let cache = scratch.file("cache")
        func answers(cache: URL) throws -> [String] {
            try [["search", "しぶや"], ["search", "東急 渋谷", "--json"], ["search", "shinjku"], ["railway", "山手線", "--json"]].map {
                let result = try EkiProcess.run($0 + ["--db", SharedData.databaseURL.path], environment: ["EKI_CACHE": cache.path])
                #expect(result.status == 0, "\(result.stderr)")
                return result.stdout
            }
        }
        let laidOut = try answers(cache: cache)
        #expect(laidOut[0].hasPrefix("渋谷  Shibuya"), "\(laidOut[0])")
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
        let rebuilt = try EkiProcess.run(["search", "しぶや", "--db", SharedData.databaseURL.path],
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
        _ = try SharedData.imported()
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" search \"$(printf '\\377\\376')\" --db \"$1\"",
                           EkiProcess.binary.path, SharedData.databaseURL.path]
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

    @Test func mixedScriptsAndLineWordsFromTheCommandLine() throws {
        let mixed = try Self.eki(["search", "しんじゅく三丁目", "--limit", "1"])
        #expect(mixed.stdout.hasPrefix("新宿三丁目  Shinjuku-sanchome"), "\(mixed.stdout)")
        let jr = try Self.eki(["search", "JR渋谷", "--limit", "1", "--json"])
        let stations = try #require((try Self.object(jr.stdout)["results"] as? [[String: Any]])?.first?["stations"] as? [[String: String]])
        #expect(!stations.isEmpty && stations.allSatisfy { $0["railway"]!.hasPrefix("JR-East.") }, "\(stations)")
        let line = try Self.eki(["search", "とうよこせん", "--limit", "1", "--lang", "en"])
        #expect(line.stdout.hasPrefix("Toyoko Line  東横線"), "\(line.stdout)")
    }

    @Test func nearbyJSONFollowsTheContract() throws {
        let result = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "2", "--at", "2026-11-24T07:30", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        #expect(json["outsideArea"] as? Bool == false)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["title"] as? [String: String] == ["ja": "馬車道", "en": "Bashamichi"])
        #expect(results[0]["distanceMeters"] as? Int == 154)
        #expect(results[0]["walkMinutes"] as? Int == 2)
        #expect((results[0]["coord"] as? [Double])?.count == 2)
        let station = try #require((results[0]["stations"] as? [[String: Any]])?.first)
        #expect(station["id"] as? String == "Minatomirai.Minatomirai.Bashamichi")
        #expect(station["railway"] as? String == "Minatomirai.Minatomirai")
        // The next departure each way: 07:30 to Motomachi-Chukagai, 07:31 to Kiyose.
        let next = try #require(station["next"] as? [[String: Any]])
        #expect(Set(next.map { "\($0["direction"]!) \($0["time"]!)" }) == ["Outbound 07:30", "Inbound 07:31"])

        let bare = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "1", "--no-departures", "--json"])
        let bareStation = try #require(((try Self.object(bare.stdout)["results"] as? [[String: Any]])?.first?["stations"] as? [[String: Any]])?.first)
        #expect(bareStation["next"] == nil)
    }

    @Test func nearbyTextAndItsMessages() throws {
        let board = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "1", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(board.stdout.hasPrefix("Bashamichi  馬車道  154 m · 2 min walk\n"), "\(board.stdout)")
        #expect(board.stdout.contains("Inbound 07:31 各 Kiyose in 1 min"))

        let osaka = try Self.eki(["nearby", "34.7025,135.4959", "--lang", "en"])
        #expect(osaka.status == 0)
        #expect(osaka.stdout.contains("outside the timetable's area"))
        let far = try Self.eki(["nearby", "35.2,139.1", "--radius", "500", "--lang", "en"])
        #expect(far.stdout == "No station within 500 m; the nearest is Nebukawa (3.5 km, 44 min walk)\n", "\(far.stdout)")
        // The JSON says it too: no results, and the nearest station with its distance.
        let farJSON = try JSONSerialization.jsonObject(with: Data(try Self.eki(["nearby", "35.2,139.1", "--radius", "500", "--json",
                                                                              "--no-departures"]).stdout.utf8)) as? [String: Any]
        #expect((farJSON?["results"] as? [Any])?.isEmpty == true)
        let nearest = farJSON?["nearest"] as? [String: Any]
        #expect((nearest?["title"] as? [String: String])?["en"] == "Nebukawa")
        #expect((nearest?["distanceMeters"] as? Int).map { (3450...3549).contains($0) } == true)

        // South of the equator is a position too, not an option: outside the area.
        let south = try Self.eki(["nearby", "-35.6,139.7", "--lang", "en"])
        #expect(south.status == 0, "\(south.stderr)")
        #expect(south.stdout == "-35.6,139.7 is outside the timetable's area (the Tokyo region)\n")
        let mistyped = try Self.eki(["nearby", "35.4505,139.6337", "--radus", "5"])
        #expect(mistyped.status != 0 && mistyped.stderr.contains("Unknown option '--radus'"), "\(mistyped.stderr)")
        #expect(try Self.eki(["nearby"]).status != 0)
        #expect(try Self.eki(["nearby", "35.4,139.6", "35.5,139.7"]).status != 0)

        for bad in ["95,139", "35.4", "abc,def", "35.4,139.6,1", "nan,139", "35.4;139.6", "0x23,139", "1e1,139", "inf,139",
                    "35.4,", ".,139"] {
            let result = try Self.eki(["nearby", bad])
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.hasPrefix("eki: expected a position as latitude,longitude"), "\(bad): \(result.stderr)")
        }
        #expect(try Self.eki(["nearby", "35.4505,139.6337", "--radius", "0"]).status != 0)
    }

    @Test func boardsViewedBecomeHistoryThatOrdersNearbyAndCanBeCleared() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["history", "--lang", "en"], state: state).stdout == "no history yet\n")
        for _ in 0..<10 {
            let board = try Self.eki(["departures", "日ノ出町", "--direction", "Inbound", "--limit", "1"], state: state)
            #expect(board.status == 0, "\(board.stderr)")
        }
        _ = try Self.eki(["timetable", "sakuragicho", "--direction", "Northbound"], state: state)

        let history = try Self.object(try Self.eki(["history", "--json"], state: state).stdout)["history"] as? [[String: Any]]
        #expect(history?.map { $0["station"] as! String } == ["JR-East.KeihinTohokuNegishi.Sakuragicho", "Keikyu.Main.Hinodecho"])
        #expect(history?.last?["views"] as? Int == 10)
        #expect(history?.last?["direction"] as? String == "Inbound")

        // Plain nearby is by distance. Personal: Sakuragicho (251 m, one view) scores 251 / 2 ≈ 126,
        // Bashamichi 154, Hinodecho (832 m, ten views) 832 / (1 + log2 11) ≈ 187, Kannai 571.
        func titles(_ extra: [String]) throws -> [String] {
            let out = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "4", "--no-departures", "--json"] + extra, state: state).stdout
            return (try Self.object(out)["results"] as! [[String: Any]]).map { ($0["title"] as! [String: String])["ja"]! }
        }
        #expect(try titles([]) == ["馬車道", "桜木町", "関内", "日ノ出町"])
        #expect(try titles(["--personal"]) == ["桜木町", "馬車道", "日ノ出町", "関内"])

        #expect(try Self.eki(["history", "--clear", "--lang", "en"], state: state).stdout == "cleared 2 history entries\n")
        #expect(try titles(["--personal"]) == ["馬車道", "桜木町", "関内", "日ノ出町"])
    }

    /// One look at the board of 渋谷 records each of its railways' stations: history shows the
    /// place once, with its railways, and a railway viewed more often on a line of its own.
    @Test func historyShowsAPlaceOnceWithItsRailways() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["departures", "渋谷", "--limit", "1"], state: state).status == 0)
        #expect(try Self.eki(["departures", "渋谷", "--railway", "toyoko", "--limit", "1"], state: state).status == 0)
        let lines = try Self.eki(["history", "--lang", "en"], state: state).stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("Shibuya  2 views") == true && lines.first?.hasSuffix("■Toyoko Line") == true, "\(lines)")
        #expect(lines.last?.contains("■Yamanote Line") == true && lines.last?.contains("■Ginza Line") == true
                && lines.last?.contains("Toyoko") == false, "\(lines)")

        let json = try Self.object(try Self.eki(["history", "--json"], state: state).stdout)["history"] as? [[String: Any]]
        #expect(json?.count ?? 0 >= 7)
        #expect(json?.first?["railway"] as? String == "Tokyu.Toyoko")
        #expect(json?.first?["railwayName"] as? [String: String] == ["ja": "東横線", "en": "Toyoko Line"])

        let cleared = try Self.eki(["history", "--clear", "--json"], state: state)
        #expect(try Self.object(cleared.stdout)["cleared"] as? Int == json?.count)
    }

    /// A state file that is not one never costs the rider nearby: a warning, then distance order.
    @Test func personalNearbyFallsBackToDistanceWhenHistoryIsUnreadable() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        try Data("not a database".utf8).write(to: state)
        let result = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "4", "--no-departures", "--personal", "--json"], state: state)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("eki: history not used, nearest first: "), "\(result.stderr)")
        let titles = (try Self.object(result.stdout)["results"] as? [[String: Any]])?.map { ($0["title"] as! [String: String])["ja"]! }
        #expect(titles == ["馬車道", "桜木町", "関内", "日ノ出町"])
    }
}
