import EkiStore
import EkiTestSupport
import EkiTicket
import Foundation
import Testing
@testable import EkiJSON

/// The commands proved on the real thing (../shared, imported once per test process): what only the
/// real data can show a rider — a real board and schedule, a real place of many railways, a line
/// long enough for a dotted link, the reviewed interchange table, a name two railways share, real
/// names drawn with < and >, what riders type for real names, a real coast's nearest station, the
/// real database described, real train types on every reader, a real route's changes and the reviewed
/// table, a ticket's real Shinkansen stations, the real network's build queue in `eki serve`. The
/// commands' logic is tested on the hand-written Tokyo (`TokyoFixture`) in the suites beside this
/// one; every test here is skipped, and says so, where the real data is not there.
@Suite struct RealDataCLITests {
    static func eki(_ arguments: [String], state: URL? = nil) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path],
                                  environment: state.map { ["EKI_STATE": $0.path] } ?? [:])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - Boards, trains, schedules

    @Test func aRealBoardAndItsNextLine() throws {
        let json = try Self.object(try Self.eki(["departures", "Minatomirai.Minatomirai.Bashamichi", "--direction", "Inbound",
                                                 "--at", "2026-11-24T07:30", "--limit", "2", "--json"]).stdout)
        let departures = try #require(json["departures"] as? [[String: Any]])
        #expect(departures.map { $0["time"] as? String } == ["07:31", "07:34"])
        #expect(departures[0]["trainId"] as? String == "Minatomirai.Minatomirai.006072.Weekday")
        #expect(departures[0]["destination"] as? [String] == ["Seibu.Ikebukuro.Kiyose"])
        let next = try Self.eki(["next", "馬車道", "--direction", "Inbound", "--at", "2026-11-24T07:30"])
        #expect(next.status == 0 && next.stdout == "馬車道 07:31 各 清瀬 1分\n", "\(next.stdout)\(next.stderr)")
        // 渋谷: a name shared by many railways shows each.
        let boards = try JSONSerialization.jsonObject(with: Data(try Self.eki(["departures", "渋谷", "--at", "2026-11-24T12:00",
                                                                               "--limit", "1", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(Set((boards ?? []).compactMap { $0["railway"] as? String }).isSuperset(of: ["JR-East.Yamanote", "Tokyu.Toyoko", "TokyoMetro.Ginza"]))
    }

    @Test func aTrainAcrossFiveRailways() throws {
        let json = try Self.object(try Self.eki(["train", "Minatomirai.Minatomirai.026054.Weekday", "--json"]).stdout)
        let parts = try #require(json["parts"] as? [[String: Any]])
        #expect(parts.map { $0["railway"] as? String } == ["Minatomirai.Minatomirai", "Tokyu.Toyoko", "TokyoMetro.Fukutoshin",
                                                           "Seibu.SeibuYurakucho", "Seibu.Ikebukuro"])
        let lastStop = try #require((parts.last?["stops"] as? [[String: Any]])?.last)
        #expect(lastStop["station"] as? String == "Seibu.Ikebukuro.Kiyose")
        #expect(lastStop["arrival"] as? String == "07:39")
    }

    @Test func theRealSchedulesOfAHolidayAndAWeekday() throws {
        // Only 荒川線 publishes a Holiday calendar of its own; the S-TRAIN's weekend route runs no weekday.
        let schedule = try Self.eki(["schedule", "2026-11-23"])
        #expect(schedule.stdout.contains("Holiday (Sunday/holiday timetable / 休日ダイヤ): 1 railway — 東京さくらトラム（都電荒川線）"),
                "\(schedule.stdout)")
        let weekday = try Self.eki(["schedule", "2026-11-24"])
        #expect(weekday.stdout.contains("  (no service): 2 railways — 池袋線 (Seibu.S-Fukutoshin; runs on Saturday/holiday timetable)、"
                                        + "西武秩父線 (Seibu.SeibuChichibuBranch; runs on Saturday/holiday timetable)\n"), "\(weekday.stdout)")
    }

    // MARK: - Stations and bookmarks

    @Test func realDiagramsDrawDottedLinksAndThroughSides() throws {
        let bashamichi = try Self.eki(["station", "馬車道", "--at", "2026-11-24T07:30"])
        #expect(Self.lines(bashamichi.stdout).contains("横浜 ┄┄ みなとみらい ━━ ◉ 馬車道 ━━ 日本大通り ━━ 元町・中華街"), "\(bashamichi.stdout)")
        // The day's first through train from 熱海 toward Tokyo is a limited express stopping next at 横浜.
        let atami = try Self.eki(["station", "JR-Central.Tokaido.Atami", "--at", "2026-11-24T07:30"])
        #expect(Self.lines(atami.stdout).contains("東海道線直通 ┄┄ 湯河原 ━━ ◉ 熱海 ━━ 函南 ┄┄ 沼津"), "\(atami.stdout)")
    }

    @Test func theReviewedTableSaysHowToChangeAtShibuya() throws {
        let json = try Self.object(try Self.eki(["station", "shibuya", "--railway", "東横線", "--at", "2026-11-24T07:30", "--json"]).stdout)
        #expect(json["station"] as? String == "Tokyu.Toyoko.Shibuya")
        let connections = try #require(json["connections"] as? [[String: Any]])
        #expect(connections.first?["station"] as? String == "TokyoMetro.Fukutoshin.Shibuya")
        #expect(connections.first?["minutes"] as? Int == 2 && connections.first?["kind"] as? String == "same-area")
        #expect(connections.first?["source"] as? String == "table")
    }

    @Test func aDirectionOnSeveralRailwaysMustBeNamedToBookmark() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        // 渋谷 has an Inbound on several railways: the rider must say which.
        let ambiguous = try Self.eki(["bookmark", "add", "渋谷", "--direction", "Inbound"], state: state)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("add --railway"), "\(ambiguous.stderr)")
        #expect(try Self.eki(["bookmark", "add", "渋谷", "--direction", "Inbound", "--railway", "toyoko"], state: state).status == 0)
        let list = try Self.object(try Self.eki(["bookmark", "list", "--json"], state: state).stdout)
        #expect((list["bookmarks"] as? [[String: Any]])?.map { $0["station"] as? String } == ["Tokyu.Toyoko.Shibuya"])
    }

    // MARK: - Railways

    @Test func aSharedNameShowsTheBusierRailwayAndNamesTheOther() throws {
        let result = try Self.eki(["railway", "新宿線", "--json"])
        #expect(result.status == 0)
        #expect(try Self.object(result.stdout)["id"] as? String == "Seibu.Shinjuku")
        #expect(result.stderr == "eki: \"新宿線\" also matches Toei.Shinjuku (都営 Toei); showing Seibu.Shinjuku (西武 Seibu)\n")
        // An id is never ambiguous.
        let toei = try Self.eki(["railway", "Toei.Shinjuku", "--json"])
        #expect(try Self.object(toei.stdout)["id"] as? String == "Toei.Shinjuku")
        #expect(toei.stderr.isEmpty)
    }

    @Test func aRealLineIsDrawnWithItsShapeAndEveryName() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let svg = scratch.file("chiyoda.svg")
        let result = try Self.eki(["railway", "TokyoMetro.Chiyoda", "--json", "--lang", "en", "--svg", svg.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        let shape = try #require(json["shape"] as? [[[Double]]])
        #expect(!shape.isEmpty && shape.allSatisfy { $0.count > 1 && $0.allSatisfy { $0.count == 2 } })
        let names = Set((json["stations"] as? [[String: Any]] ?? []).compactMap { ($0["title"] as? [String: String])?["en"] })
        let picture = try SVGTexts(url: svg)
        #expect(picture.wellFormed, "\(picture.error ?? "")")
        // Every name as drawn text, including those with < and > (Meiji-jingumae<Harajuku>).
        #expect(names.subtracting(picture.texts).isEmpty, "missing: \(names.subtracting(picture.texts))")
        #expect(picture.texts.contains("Meiji-jingumae<Harajuku>"))
    }

    // MARK: - Search and nearby

    @Test func whatRidersTypeForRealNames() throws {
        let search = try Self.object(try Self.eki(["search", "しぶや", "--json", "--limit", "3"]).stdout)
        let first = try #require((search["results"] as? [[String: Any]])?.first)
        #expect(first["title"] as? [String: String] == ["ja": "渋谷", "en": "Shibuya"])
        let oosaki = try Self.eki(["search", "oosaki", "--limit", "2"])
        #expect(oosaki.stdout.hasPrefix("大崎  Osaki") && oosaki.stdout.contains("りんかい線"), "\(oosaki.stdout)")
        let mixed = try Self.eki(["search", "しんじゅく三丁目", "--limit", "1"])
        #expect(mixed.stdout.hasPrefix("新宿三丁目  Shinjuku-sanchome"), "\(mixed.stdout)")
        let line = try Self.eki(["search", "とうよこせん", "--limit", "1", "--lang", "en"])
        #expect(line.stdout.hasPrefix("Toyoko Line  東横線"), "\(line.stdout)")
    }

    @Test func nearARealExitAndFarFromAnyStation() throws {
        let board = try Self.eki(["nearby", "35.4505,139.6337", "--limit", "1", "--at", "2026-11-24T07:30", "--lang", "en"])
        #expect(board.stdout.hasPrefix("Bashamichi  馬車道  154 m · 2 min walk\n"), "\(board.stdout)")
        #expect(board.stdout.contains("Inbound 07:31 各 Kiyose in 1 min"))
        let far = try Self.eki(["nearby", "35.2,139.1", "--radius", "500", "--lang", "en"])
        #expect(far.stdout == "No station within 500 m; the nearest is Nebukawa (3.5 km, 44 min walk)\n", "\(far.stdout)")
    }

    // MARK: - Info, the presenter, routes, tickets and the server on the real data

    /// `eki info` on the real import: its railways those of railways.json (read here independently
    /// of the importer), Mini Tokyo 3D's source and the ODPT's attribution, tens of megabytes.
    @Test func infoDescribesTheRealDatabase() throws {
        let result = try Self.eki(["info", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        let counts = try #require(json["counts"] as? [String: Int])
        let railways = try #require(try SharedData.json("railways.json") as? [Any])
        #expect(counts["railways"] == railways.count)
        #expect(json["source"] as? String == "minitokyo3d")
        #expect((json["sizeBytes"] as? Int ?? 0) > 1_000_000)
        let text = try Self.eki(["info"])
        #expect(text.stdout.contains("Railways   \(railways.count)"))
        #expect(text.stdout.contains("Timetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D"))
    }

    /// The real data's many operators and train types (通勤特急, 快速急行 …) read the same on the
    /// CLI's board, in the JSON and on the pages: 渋谷 at 08:00 and 馬車道 at 07:30.
    @Test func realTrainTypesReadTheSameEverywhere() throws {
        let timetable = try SharedData.imported().timetable
        let shibuya = try PresenterTableTests.rows(timetable, "渋谷", "2026-11-24T08:00")
        #expect(Set(shibuya.compactMap { DepartureJSON($0, reference: timetable.reference).badge }).count >= 3)
        PresenterTableTests.expectOneReading(shibuya, timetable.reference)
        // 馬車道 at 07:30: the 07:30 元町・中華街 train (0 min) and the 07:31 清瀬 (1 min).
        let bashamichi = try PresenterTableTests.rows(timetable, "馬車道", "2026-11-24T07:30")
        #expect(bashamichi.contains { $0.minutesUntil == 0 && $0.departure.time.clock == "07:30" })
        #expect(bashamichi.contains { $0.minutesUntil == 1 && $0.departure.time.clock == "07:31" })
        PresenterTableTests.expectOneReading(bashamichi, timetable.reference)
    }

    /// A real route's words: 馬車道 → 中目黒 on the 07:37 express running through onto 東横線, then
    /// across the platform at 中目黒 (the data's own cross-platform pair) to 日比谷線's 08:19; the
    /// fastest 馬車道 → 銀座 changes at 横浜 (7 minutes) and 新橋 (4), the reviewed table's; a
    /// Tuesday's real network kept in the cache folder is ~9 MB.
    @Test func aRealRouteChangesAsTheReviewedTableSays() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite"), cache = scratch.file("cache")
        func eki(_ arguments: [String]) throws -> EkiProcess.Result {
            _ = try SharedData.imported()
            return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path, "--state", state.path],
                                      environment: ["EKI_CACHE": cache.path])
        }
        let morning = "2026-11-24T07:30"
        let first = try eki(["route", "add", "--from", "ばしゃみち", "--to", "中目黒", "--at", morning])
        #expect(first.stdout.contains("次: 馬車道 07:37 発に乗車（あと7分）"), "\(first.stdout)\(first.stderr)")
        let route = try Self.object(try eki(["route", "add", "--to", "銀座", "--direction", "北千住方面", "--at", morning, "--json"]).stdout)
        #expect(route["departure"] as? String == "07:37" && route["arrival"] as? String == "08:40")
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.first?["parts"] as? [String] == ["Minatomirai.Minatomirai.060072.Weekday", "Tokyu.Toyoko.060072.Weekday"])
        #expect(segments.last?["departure"] as? String == "08:19")
        let transfers = try #require(route["transfers"] as? [[String: Any]])
        #expect(transfers.first?["minutes"] as? Int == 1 && transfers.first?["place"] as? String == "samePlatform")
        let change = try eki(["route", "--at", "2026-11-24T08:18"])
        #expect(change.stdout.contains("次: 中目黒 08:19 発に乗車（あと1分・乗換1分）"), "\(change.stdout)")

        let fastest = try Self.object(try eki(["route", "fastest", "馬車道", "銀座", "--at", morning, "--json"]).stdout)
        let options = try #require(fastest["options"] as? [[String: Any]])
        #expect((options.first?["route"] as? [String: Any])?["arrival"] as? String == "08:20")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("route-network-") }
        let file = cache.appendingPathComponent(try #require(names.first))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0 > 5_000_000)
    }

    /// 東京's 13 stations and the reviewed table's figures: 京浜東北線 ⇄ 山手線 across the platform
    /// for the directions that stand at one island, 12 minutes' long walk to 京葉線 (takumick.com's).
    @Test func realChangesAtTokyoAndNakameguro() throws {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try Self.eki(["transfers", "東京", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 13 * 12 + 4)
        let across = list.filter { $0["kind"] as? String == "cross-platform" }
        #expect(Set(across.map { "\(($0["arriving"] as? [String: Any])?["id"] ?? "")>\(($0["departing"] as? [String: Any])?["id"] ?? "")" })
                == ["Northbound>InnerLoop", "Southbound>OuterLoop", "InnerLoop>Northbound", "OuterLoop>Southbound"])
        #expect(across.allSatisfy { $0["minutes"] as? Int == 1 })
        let keiyo = try #require(list.first { $0["from"] as? String == "JR-East.Utsunomiya.Tokyo" && $0["to"] as? String == "JR-East.Keiyo.Tokyo" })
        #expect(keiyo["minutes"] as? Int == 12 && keiyo["kind"] as? String == "long-walk" && keiyo["source"] as? String == "table")
        #expect((keiyo["basis"] as? String)?.contains("takumick.com") == true && keiyo["estimate"] as? Bool == false)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(try Self.eki(["transfers", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(all.count > 2000)
        #expect(try Self.eki(["transfers", "中目黒"]).stdout == """
            中目黒
              日比谷線 → 東横線  2分  徒歩2分（同じ改札内）  規則
              日比谷線 → 東横線（中目黒方面→下り）  1分  同じホーム  推定
              東横線 → 日比谷線  2分  徒歩2分（同じ改札内）  規則
              東横線 → 日比谷線（上り→北千住方面）  1分  同じホーム  推定

            """)
    }

    /// A ticket to the real 新横浜: the departures after arrival there, each after its own walk from the
    /// Shinkansen (横浜線 4 minutes under it, ブルーライン 8 two floors down), and leave-by to the real
    /// 東京 (the latest local trip from 馬車道 putting the rider on the Shinkansen platform 10 minutes
    /// before 10:30: on 東海道線, 5 minutes' walk, by 10:15 — brute-force checked in
    /// LatestDepartureTests, changing at 横浜 in the table's 7 minutes; 61 m from 表参道, its train and
    /// the walk).
    @Test func aTicketMeetsTheRealShinYokohamaAndTokyo() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        func eki(_ arguments: [String]) throws -> EkiProcess.Result {
            _ = try SharedData.imported()
            return try EkiProcess.run(arguments + ["--state", state.path], environment: ["EKI_DB": SharedData.databaseURL.path])
        }
        for (field, value) in [("train", "のぞみ225"), ("date", "2030-01-08"), ("from", "東京"), ("to", "新横浜"),
                               ("departure", "10:30"), ("arrival", "10:48")] {
            #expect(try eki(["ticket", "set", field, value]).status == 0)
        }
        let onBoard = try eki(["ticket", "--at", "2030-01-08T10:39", "--lang", "en"])
        #expect(onBoard.stdout.contains("At Shin-Yokohama, the walk from the Shinkansen included:"), "\(onBoard.stdout)")
        let json = try eki(["ticket", "--at", "2030-01-08T10:39", "--json"])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let connections = try #require(answer["connections"] as? [String: Any], "\(json.stdout)")
        let rows = try #require(connections["departures"] as? [[String: Any]])
        #expect(rows.count == 8)
        for row in rows {
            let station = row["station"] as? String ?? "", walk = row["walkMinutes"] as? Int ?? -1
            let expected = station.hasPrefix("JR-East.Yokohama.") ? 4 : station.hasPrefix("YokohamaMunicipal.Blue.") ? 8 : 9
            #expect(walk == expected, "\(row)")
            // Nothing is offered before the rider can be on its platform.
            #expect((row["minutesAfterArrival"] as? Int ?? 0) >= walk, "\(row)")
        }
        #expect(connections["walkMinutes"] as? Int == 4 && connections["readyAt"] as? String == "10:52")
        let leave = try eki(["ticket", "leave-by", "馬車道", "--at", "2030-01-08T08:00"])
        #expect(leave.stdout.hasPrefix("東京の新幹線ホームに10:20（発車10分前）に着く最終: 馬車道 09:25発"), "\(leave.stdout)\(leave.stderr)")
        let near = try eki(["ticket", "leave-by", "--near", "35.6654,139.7121", "--at", "2030-01-08T08:00"])
        #expect(near.stdout.hasPrefix("東京の新幹線ホームに10:20（発車10分前）に着く最終: 表参道 09:55発"), "\(near.stdout)")
        #expect(near.stdout.contains("（09:54に出発、徒歩1分）"), "\(near.stdout)")
    }

    /// Issue 29, the walk off the Shinkansen: at the real 東京 the 京葉線 is 13 minutes away (far beneath
    /// the south end) and 東海道線 5, so after a 13:00 arrival no 京葉線 train before 13:13 is offered,
    /// `ticket continue` to 海浜幕張 boards one no earlier, and at the relaxed pace not before 13:20;
    /// leave-by from 海浜幕張 has the rider off the 京葉線 13 minutes before the platform time. Every
    /// railway the walk table names is one of the real station's.
    @Test func theWalkOffTheShinkansenIsEachLinesOwn() throws {
        let timetable = try SharedData.imported().timetable
        for (name, rows) in ShinkansenWalks.shared.walks {
            let railways = Set(TripConnections.stations(named: name, in: timetable).compactMap { $0.railway.flatMap { timetable.reference.railways[$0]?.id } })
            #expect(!railways.isEmpty, "\(name) is not in the data")
            for railway in rows.keys { #expect(railways.contains(railway), "\(name): \(railway) is not one of \(railways.sorted())") }
        }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        func eki(_ arguments: [String]) throws -> EkiProcess.Result {
            try EkiProcess.run(arguments + ["--state", state.path], environment: ["EKI_DB": SharedData.databaseURL.path])
        }
        for (field, value) in [("train", "のぞみ200"), ("date", "2030-01-08"), ("from", "新大阪"), ("to", "東京"),
                               ("departure", "10:30"), ("arrival", "13:00")] {
            #expect(try eki(["ticket", "set", field, value]).status == 0)
        }
        let shown = try eki(["ticket", "--at", "2030-01-08T12:50"])
        #expect(shown.stdout.contains("東京で乗り換え（新幹線からの徒歩を含む）:"), "\(shown.stdout)")
        let onward = try eki(["ticket", "continue", "海浜幕張", "--at", "2030-01-08T12:50"])
        #expect(onward.status == 0, "\(onward.stderr)")
        let first = try #require(onward.stdout.split(separator: "\n").first { $0.contains("京葉線") || $0.contains("Keiyo") })
        let boards = try #require(first.firstMatch(of: /(\d\d):(\d\d)/)).output
        #expect(Int(boards.1)! * 60 + Int(boards.2)! >= 13 * 60 + 13, "\(onward.stdout)")
        #expect(try eki(["route", "pace", "relaxed"]).status == 0)
        let relaxed = try eki(["ticket", "continue", "海浜幕張", "--at", "2030-01-08T12:50"])
        let slow = try #require(relaxed.stdout.split(separator: "\n").first { $0.contains("京葉線") })
        let boardsSlowly = try #require(slow.firstMatch(of: /(\d\d):(\d\d)/)).output
        #expect(Int(boardsSlowly.1)! * 60 + Int(boardsSlowly.2)! >= 13 * 60 + 20, "\(relaxed.stdout)")
        #expect(try eki(["route", "pace", "standard"]).status == 0)
        // Home by 京葉線 for a 15:00 departure: on the platform at 14:50, off the 京葉線 by 14:37.
        #expect(try eki(["ticket", "set", "from", "東京"]).status == 0 && eki(["ticket", "set", "to", "新大阪"]).status == 0)
        #expect(try eki(["ticket", "set", "departure", "15:00"]).status == 0 && eki(["ticket", "set", "arrival", "17:30"]).status == 0)
        let leave = try eki(["ticket", "leave-by", "海浜幕張", "--at", "2030-01-08T12:50"])
        // From 馬車道 the trip arrives on a railway whose walk is reasoned, not measured: said as a 目安.
        let estimated = try eki(["ticket", "leave-by", "馬車道", "--at", "2030-01-08T12:50"])
        #expect(estimated.stdout.contains("、新幹線まで徒歩") && estimated.stdout.contains("分・目安）"), "\(estimated.stdout)")
        #expect(leave.stdout.hasPrefix("東京の新幹線ホームに14:50（発車10分前）に着く最終: 海浜幕張 "), "\(leave.stdout)\(leave.stderr)")
        let arrives = try #require(leave.stdout.firstMatch(of: /（(\d\d):(\d\d)着、新幹線まで徒歩13分）/), "\(leave.stdout)").output
        #expect(Int(arrives.1)! * 60 + Int(arrives.2)! <= 14 * 60 + 37, "\(leave.stdout)")
    }

    /// Issue 20, 2 on the real network, whose build takes long enough to fill the builder's small
    /// queue: eight clients asking fastest routes for eight new dates at once cannot all be built;
    /// the rest are told 503, and boards are answered meanwhile.
    @Test func theRealNetworksBuildsAreQueued() throws {
        _ = try SharedData.imported()
        let limits = ProcessInfo.processInfo.environment["EKI_TEST_BINARY"] == nil
            ? ["--header-timeout", "1", "--idle-timeout", "1", "--body-timeout", "2", "--request-timeout", "30"] : []
        let server = try ServerProcess(["--db", SharedData.databaseURL.path, "--route-days-ahead", "30"] + limits)
        defer { server.stop() }
        // 馬車道 → 銀座.
        let statuses = ServeHostileTests.fastestRoutesForEightNewDates(port: server.port, query: "from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E9%8A%80%E5%BA%A7")
        #expect(statuses.count == 8 && statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
        #expect(statuses.contains(503), "8 new dates at once cannot all be built: \(statuses)")
        let board = try ServeHostileTests.exchange(server.port, ServeHostileTests.get("/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound"))
        #expect(RawConnection.status(board) == 200)
    }
}
