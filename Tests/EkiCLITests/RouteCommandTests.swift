import EkiTestSupport
import Foundation
import Testing

/// `eki route` as a rider runs it: build a route in a few commands, look at alternatives, swap,
/// share, start from a fastest route; every mistake a one-line message.
@Suite struct RouteCommandTests {
    static let morning = "2026-11-24T07:30"

    /// Runs eki with its own state file, so each test has its own route.
    static func eki(_ arguments: [String], state: URL) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path, "--state", state.path])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aRouteIsBuiltInTwoCommandsAndShownWithTheNextAction() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        let first = try Self.eki(["route", "add", "--from", "ばしゃみち", "--to", "中目黒", "--at", Self.morning], state: state)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("次: 馬車道 07:37 発に乗車（あと7分）"), "\(first.stdout)")
        // On from Naka-meguro without saying so: the Hibiya line to Ginza.
        let second = try Self.eki(["route", "add", "--to", "銀座", "--direction", "北千住方面", "--at", Self.morning, "--json"], state: state)
        #expect(second.status == 0, "\(second.stderr)")
        let route = try Self.object(second.stdout)
        #expect(Set(route.keys) == ["id", "serviceDate", "departure", "arrival", "minutes", "feasible", "segments", "transfers"])
        #expect(route["serviceDate"] as? String == "2026-11-24")
        #expect(route["departure"] as? String == "07:37" && route["arrival"] as? String == "08:40")
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.count == 2)
        #expect((segments[0]["board"] as? [String: Any])?["id"] as? String == "Minatomirai.Minatomirai.Bashamichi")
        #expect((segments[0]["alight"] as? [String: Any])?["id"] as? String == "Tokyu.Toyoko.NakaMeguro")
        #expect(segments[0]["train"] as? String == "Minatomirai.Minatomirai.060072.Weekday")
        #expect(segments[0]["category"] as? String == "express")
        #expect(segments[0]["parts"] as? [String] == ["Minatomirai.Minatomirai.060072.Weekday", "Tokyu.Toyoko.060072.Weekday"])
        #expect((segments[1]["board"] as? [String: Any])?["id"] as? String == "TokyoMetro.Hibiya.NakaMeguro")
        #expect(segments[1]["departure"] as? String == "08:19" && segments[1]["arrival"] as? String == "08:40")
        let stops = try #require(segments[1]["stops"] as? [[String: Any]])
        #expect(stops.first?["station"] as? String == "TokyoMetro.Hibiya.NakaMeguro")
        #expect(stops.last?["station"] as? String == "TokyoMetro.Hibiya.Ginza")
        #expect(segments[1]["stopsToRide"] as? Int == stops.count - 1)
        let transfers = try #require(route["transfers"] as? [[String: Any]])
        #expect(transfers.first?["minutes"] as? Int == 1 && transfers.first?["place"] as? String == "samePlatform")
        #expect(transfers.first?["impossible"] as? Bool == false && transfers.first?["tight"] as? Bool == false)

        // Shown again later in the morning: on the train, so many stops to go.
        let show = try Self.eki(["route", "--at", "2026-11-24T08:12", "--lang", "en"], state: state)
        #expect(show.status == 0)
        #expect(show.stdout.contains("Next: get off at Naka-meguro in "), "\(show.stdout)")
        #expect(show.stdout.contains("Change: 1 min · same platform"))
        // Off the train at 中目黒 08:18: the next train in a minute, and the change it needs (1 minute
        // across the platform).
        let change = try Self.eki(["route", "--at", "2026-11-24T08:18"], state: state)
        #expect(change.stdout.contains("次: 中目黒 08:19 発に乗車（あと1分・乗換1分）"), "\(change.stdout)")
        // After 03:00 the next morning it is gone, said once.
        let expired = try Self.eki(["route", "show", "--at", "2026-11-25T03:00"], state: state)
        #expect(expired.stdout == "2026-11-24 のルートは運行日の終わり（03:00）で期限切れになりました\n")
        #expect(try Self.eki(["route", "show", "--at", "2026-11-25T03:00"], state: state).stdout.hasPrefix("ルートはありません"))
    }

    @Test func alternativesAreNumberedAndASwapByNumberChecksTheNextTrain() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["route", "add", "07:37", "--from", "馬車道", "--to", "中目黒", "--at", Self.morning], state: state).status == 0)
        #expect(try Self.eki(["route", "add", "08:19", "--to", "銀座", "--at", Self.morning], state: state).status == 0)
        let alternatives = try Self.eki(["route", "alternatives", "1", "--at", Self.morning], state: state)
        #expect(alternatives.status == 0, "\(alternatives.stderr)")
        let lines = alternatives.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  -2  07:31 各 各駅停車 清瀬行 → 中目黒 08:24") }, "\(alternatives.stdout)")
        #expect(lines.contains { $0.hasPrefix("  +2  07:43 特 通勤特急 森林公園行 → 中目黒 08:23") })
        // The 07:43 arrives after the 08:19 leaves: the swap says so and proposes the train to take.
        let swap = try Self.eki(["route", "swap", "1", "+2", "--at", Self.morning, "--json"], state: state)
        #expect(swap.status == 0, "\(swap.stderr)")
        let answer = try Self.object(swap.stdout)
        let route = try #require(answer["route"] as? [String: Any])
        #expect(route["feasible"] as? Bool == false)
        #expect((route["transfers"] as? [[String: Any]])?.first?["minutes"] as? Int == -4)
        let proposal = try #require((answer["proposals"] as? [[String: Any]])?.first)
        #expect(proposal["segment"] as? Int == 2 && proposal["reason"] as? String == "missed")
        let train = try #require(proposal["train"] as? [String: Any])
        #expect((train["departureMinute"] as? Int ?? 0) >= 8 * 60 + 24)
        // Taking the proposal by its id makes the route work again.
        let id = try #require(train["train"] as? String)
        let fixed = try Self.eki(["route", "swap", "2", id, "--at", Self.morning, "--json"], state: state)
        #expect((try Self.object(fixed.stdout)["route"] as? [String: Any])?["feasible"] as? Bool == true)
    }

    @Test func theShareCardRendersWithJapaneseGlyphs() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        #expect(try Self.eki(["route", "add", "--from", "馬車道", "--to", "中目黒", "--at", Self.morning], state: state).status == 0)
        let svg = scratch.file("card.svg"), png = scratch.file("card.png")
        let share = try Self.eki(["route", "share", "--svg", svg.path, "--png", png.path, "--at", Self.morning], state: state)
        #expect(share.status == 0, "\(share.stderr)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains(">馬車道 → 中目黒</text>") && text.contains(">07:37</text>") && text.contains(">急</text>"))
        let picture = try PNGImage(data: Data(contentsOf: png))
        #expect(picture.width == 1440 && picture.height > 500)
        // Not blank: a white card this size compresses to a few kilobytes; text and lines take far more.
        #expect(picture.pixels.count > 40_000, "\(picture.pixels.count) bytes of image data")
        // Japanese glyphs need the font the card names; fontconfig must find it, not a fallback.
        let match = Process()
        match.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        match.arguments = ["--format=%{family}", "Noto Sans CJK JP"]
        let output = Pipe()
        match.standardOutput = output
        try match.run()
        let family = String(decoding: output.fileHandleForReading.readToEndOfFile(), as: UTF8.self)
        match.waitUntilExit()
        #expect(family.contains("Noto Sans CJK JP"), "fc-match found \(family): install fonts-noto-cjk")
    }

    /// A fresh process keeps the day's network in the cache folder and the next one reads it: the
    /// same answers built, read back, and after the file was damaged (built again).
    @Test func theDaysNetworkIsKeptForTheNextProcess() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite"), cache = scratch.file("cache")
        func answers() throws -> [String] {
            _ = try SharedData.imported()
            return try [["route", "fastest", "馬車道", "浅草", "--at", Self.morning],
                        ["route", "last", "馬車道", "池袋", "--date", "2026-11-24"]].map { arguments in
                let result = try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path, "--state", state.path],
                                                environment: ["EKI_CACHE": cache.path])
                #expect(result.status == 0, "\(result.stderr)")
                return result.stdout
            }
        }
        let built = try answers()
        #expect(built[0].hasPrefix("[1] 最速\nルート 2026-11-24（平日） 馬車道 07:3"), "\(built[0])")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("route-network-") }
        #expect(names.count == 1 && names[0].hasSuffix("-2026-11-24.bin"), "\(names)")
        let file = cache.appendingPathComponent(try #require(names.first))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size > 5_000_000)   // ~9 MB: every connection of a Tuesday
        #expect(try answers() == built)
        // Damaged: one departure time in the middle changed, then the file cut short.
        var bytes = try Data(contentsOf: file)
        bytes[size / 2] ^= 0x01
        try bytes.write(to: file)
        #expect(try answers() == built)
        try Data(bytes.prefix(1000)).write(to: file)
        #expect(try answers() == built)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == size)
        // A second database sharing the folder keeps a file of its own: neither replaces the other.
        let copy = scratch.file("copy.sqlite")
        try FileManager.default.copyItem(at: SharedData.databaseURL, to: copy)
        let other = try EkiProcess.run(["route", "fastest", "馬車道", "浅草", "--at", Self.morning, "--db", copy.path, "--state", state.path],
                                       environment: ["EKI_CACHE": cache.path])
        #expect(other.stdout == built[0])
        let both = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("route-network-") }
        #expect(both.count == 2 && both.contains(file.lastPathComponent), "\(both)")
    }

    @Test func fastestOffersOptionsAndOneBecomesTheRoute() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        let result = try Self.eki(["route", "fastest", "馬車道", "銀座", "--at", Self.morning, "--json"], state: state)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        let options = try #require(json["options"] as? [[String: Any]])
        #expect(options.map { $0["kind"] as? String } == ["fastest", "fewerTransfers", "later"])
        let fastest = try #require(options[0]["route"] as? [String: Any])
        #expect(fastest["arrival"] as? String == "08:20")   // 横浜 7 and 新橋 4 minutes to change (the reviewed table)
        let used = try Self.eki(["route", "fastest", "馬車道", "銀座", "--at", Self.morning, "--use", "2", "--json"], state: state)
        #expect(used.status == 0)
        let shown = try Self.object(try Self.eki(["route", "show", "--at", Self.morning, "--json"], state: state).stdout)
        let kept = try #require(shown["route"] as? [String: Any])
        #expect(kept["arrival"] as? String == (options[1]["route"] as? [String: Any])?["arrival"] as? String)
        #expect((kept["segments"] as? [Any])?.count == (options[1]["transfers"] as? Int).map { $0 + 1 })
        // The pattern is remembered: suggested near Bashamichi at noon, with noon's trains.
        let suggest = try Self.eki(["route", "suggest", "--near", "35.4506,139.6358", "--at", "2026-11-24T12:00", "--json"], state: state)
        let suggestion = try #require((try Self.object(suggest.stdout)["suggestions"] as? [[String: Any]])?.first)
        #expect(suggestion["uses"] as? Int == 1)
        let filled = try #require(suggestion["route"] as? [String: Any])
        #expect((filled["segments"] as? [[String: Any]])?.first?["departureMinute"] as? Int ?? 0 >= 12 * 60)
    }

    /// Issue 29: the rider's pace, kept with the bookmarks, changes the answer the expected way:
    /// 上野 → 海浜幕張 changes at 東京 to the 京葉線 (a 12-minute walk at the standard pace).
    @Test func aKeptPaceAndAnOverridePlanTheChanges() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        func arrival(_ extra: [String]) throws -> (pace: String?, arrival: String?) {
            let result = try Self.eki(["route", "fastest", "上野", "海浜幕張", "--at", "2026-12-01T08:00", "--json"] + extra, state: state)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.object(result.stdout)
            let first = (json["options"] as? [[String: Any]])?.first?["route"] as? [String: Any]
            return (json["pace"] as? String, first?["arrival"] as? String)
        }
        let standard = try arrival([])
        #expect(standard.pace == "standard")
        let kept = try Self.eki(["route", "pace", "ゆっくり"], state: state)
        #expect(kept.status == 0 && kept.stdout == "乗換のペース: ゆっくり\n", "\(kept.stdout)")
        let relaxed = try arrival([])
        let hurry = try arrival(["--pace", "hurry"])
        #expect(relaxed.pace == "relaxed" && hurry.pace == "hurry")
        let minutes = [hurry, standard, relaxed].map { $0.arrival ?? "" }   // HH:MM of one morning
        #expect(minutes[0] <= minutes[1] && minutes[1] <= minutes[2] && minutes[0] < minutes[2], "\(minutes)")
        // Back to standard: the preference is forgotten.
        #expect(try Self.eki(["route", "pace", "standard", "--json"], state: state).stdout == "{\"pace\":\"standard\"}\n")
        let wrong = try Self.eki(["route", "fastest", "上野", "海浜幕張", "--pace", "fast"], state: state)
        #expect(wrong.status == 64 && wrong.stderr.contains("--pace must be hurry, standard or relaxed"), "\(wrong.stderr)")
    }

    /// Every change of a station's complex with its minutes, kind and basis (issue 29).
    @Test func transfersListAStationsChanges() throws {
        _ = try SharedData.imported()
        let database = ["--db", SharedData.databaseURL.path]
        let result = try EkiProcess.run(["transfers", "東京", "--json"] + database)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // Every ordered pair of 東京's 13 stations, then 京浜東北線 ⇄ 山手線 across the platform for
        // the two pairs of directions that stand at one island, each way.
        #expect(list.count == 13 * 12 + 4)
        let across = list.filter { $0["kind"] as? String == "cross-platform" }
        #expect(Set(across.map { "\(($0["arriving"] as? [String: Any])?["id"] ?? "")>\(($0["departing"] as? [String: Any])?["id"] ?? "")" })
                == ["Northbound>InnerLoop", "Southbound>OuterLoop", "InnerLoop>Northbound", "OuterLoop>Southbound"])
        #expect(across.allSatisfy { $0["minutes"] as? Int == 1 })
        let walk = try #require(list.first { $0["from"] as? String == "JR-East.KeihinTohokuNegishi.Tokyo" && $0["to"] as? String == "JR-East.Yamanote.Tokyo"
                                             && $0["arriving"] == nil })
        #expect(walk["minutes"] as? Int == 3 && walk["kind"] as? String == "same-area")
        let keiyo = try #require(list.first { $0["from"] as? String == "JR-East.Utsunomiya.Tokyo" && $0["to"] as? String == "JR-East.Keiyo.Tokyo" })
        #expect(keiyo["minutes"] as? Int == 12 && keiyo["kind"] as? String == "long-walk" && keiyo["source"] as? String == "table")
        #expect((keiyo["basis"] as? String)?.contains("takumick.com") == true && keiyo["estimate"] as? Bool == false)
        // Without a station: every ordered pair of every complex, 東京's among them.
        let all = try #require(try JSONSerialization.jsonObject(with: Data(try EkiProcess.run(["transfers", "--json"] + database).stdout.utf8)) as? [[String: Any]])
        #expect(all.count > 2000 && all.filter { ($0["station"] as? [String: Any])?["ja"] as? String == "東京" }.count == 13 * 12 + 4)
        let text = try EkiProcess.run(["transfers", "中目黒"] + database)
        #expect(text.stdout == """
            中目黒
              日比谷線 → 東横線  2分  徒歩2分（隣のホーム）  規則
              日比谷線 → 東横線（中目黒方面→下り）  1分  同じホーム  推定
              東横線 → 日比谷線  2分  徒歩2分（隣のホーム）  規則
              東横線 → 日比谷線（上り→北千住方面）  1分  同じホーム  推定

            """, "\(text.stdout)")
    }

    @Test func mistakesAreOneLineMessages() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = scratch.file("state.sqlite")
        func error(_ arguments: [String]) throws -> (Int32, String) {
            let result = try Self.eki(arguments + ["--at", Self.morning], state: state)
            #expect(result.stdout.isEmpty)
            return (result.status, result.stderr)
        }
        #expect(try error(["route", "add", "--to", "中目黒"]) == (2, "eki: say where you board the first train with --from <station>\n"))
        #expect(try error(["route", "add", "Nope.1.Weekday", "--from", "馬車道", "--to", "中目黒"])
                == (2, "eki: no train \"Nope.1.Weekday\" (train ids look like Minatomirai.Minatomirai.011051.Weekday)\n"))
        #expect(try error(["route", "add", "--from", "馬車道", "--to", "ばしゃ道"]).1.hasPrefix("eki: no station matches \"ばしゃ道\""))
        #expect(try error(["route", "alternatives", "1"]) == (1, "eki: ルートはありません（eki route add <列車> --from <駅> --to <駅>）\n"))
        #expect(try Self.eki(["route", "add", "--from", "馬車道", "--to", "中目黒", "--at", Self.morning], state: state).status == 0)
        #expect(try error(["route", "swap", "3", "+1"]) == (2, "eki: no segment 3: the route has 1 (1–1)\n"))
        // A Saturday-and-holiday Toyoko train through Naka-meguro, on a Tuesday.
        #expect(try error(["route", "add", "Tokyu.Toyoko.773081.SaturdayHoliday", "--to", "横浜"])
                == (2, "eki: train Tokyu.Toyoko.773081.SaturdayHoliday does not run on 2026-11-24: its railway runs the Weekday timetable that day\n"))
        #expect(try error(["route", "fastest", "渋谷", "しぶや"]) == (2, "eki: 渋谷 and しぶや are the same station\n"))
        let earlier = try Self.eki(["route", "add", "--from", "横浜", "--to", "渋谷", "--at", "2026-11-23T09:00"], state: state)
        #expect(earlier.status == 2 && earlier.stderr == "eki: the active route is for 2026-11-24; `eki route clear` first to plan another day\n")
        // The next service day the old route has expired: a new one starts, and the rider is told.
        let next = try Self.eki(["route", "add", "--from", "横浜", "--to", "渋谷", "--at", "2026-11-25T09:00"], state: state)
        #expect(next.status == 0 && next.stdout.hasPrefix("ルート 2026-11-25（平日） 横浜 "))
        #expect(next.stderr == "eki: the route of 2026-11-24 had expired; this starts a new one\n")
        #expect(try Self.eki(["route", "clear"], state: state).stdout == "route cleared\n")
    }
}

/// Just enough of PNG to look at a picture without decoding it: its size and its image data.
struct PNGImage {
    var width: Int
    var height: Int
    /// The concatenated IDAT chunks (compressed pixels).
    var pixels: Data

    init(data: Data) throws {
        let bytes = [UInt8](data)
        try #require(bytes.count > 33 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func int(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        width = int(16)
        height = int(20)
        var at = 8
        var idat = Data()
        while at + 8 <= bytes.count {
            let length = int(at)
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "IDAT" { idat.append(contentsOf: bytes[(at + 8)..<min(bytes.count, at + 8 + length)]) }
            at += 12 + length
        }
        pixels = idat
    }
}
