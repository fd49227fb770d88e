import EkiTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `eki railway` as a rider runs it: names in any script, the JSON contract, the picture, the
/// messages — on the hand-written Tokyo (`TokyoFixture`) written to a file. (A name two real
/// railways share, a real line's drawn shape and names with < and >: `RealDataCLITests`.)
@Suite struct RailwayCommandTests {
    static func eki(_ arguments: [String]) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", try TokyoFixtureFile.url().path])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonFollowsTheContract() throws {
        let result = try Self.eki(["railway", "Umi.Kaigan", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        #expect(Set(json.keys) == ["id", "title", "operator", "color", "loop", "stations", "directions", "trainTypes",
                                   "trainsPerCalendar", "throughService", "shape"])
        #expect(json["id"] as? String == "Umi.Kaigan")
        #expect(json["title"] as? [String: String] == ["ja": "海岸線", "en": "Kaigan Line"])
        #expect(json["operator"] as? [String: String] == ["ja": "海鉄", "en": "Umi Railway"])
        #expect(json["color"] as? String == "#0070c0")
        #expect(json["loop"] as? Bool == false)

        let stations = try #require(json["stations"] as? [[String: Any]])
        #expect(stations.map { ($0["title"] as? [String: String])?["en"] } == ["Minatomachi", "Chuodori", "Shibuyazaka"])
        #expect(stations[1]["coord"] as? [Double] == [35.56, 139.67])   // 中央通 as the fixture places it

        // Ascending (上り Inbound) to the last station, descending (下り Outbound) to the first.
        let directions = try #require(json["directions"] as? [[String: Any]])
        #expect(directions.map { $0["id"] as? String } == ["Inbound", "Outbound"])
        #expect(directions.map { $0["terminal"] as? String } == [TokyoFixture.kaiganShibuyazaka, TokyoFixture.minatomachi])
        #expect(directions.allSatisfy { $0["clockwise"] is NSNull })

        let types = try #require(json["trainTypes"] as? [[String: Any]])
        #expect(types.map { $0["id"] as? String } == ["Umi.Local", "Umi.Express"])
        #expect(types.contains { $0["id"] as? String == "Umi.Express" && $0["category"] as? String == "express" })
        // Weekday: 77 inbound locals (05:00–23:45 every 15 minutes and the 24:30), 76 outbound, 2
        // expresses; SaturdayHoliday: 54 each way (06:00–23:40 every 20 minutes).
        #expect(json["trainsPerCalendar"] as? [String: Int] == ["Weekday": 155, "SaturdayHoliday": 108])
        let through = try #require(json["throughService"] as? [[String: Any]])
        #expect(through.map { $0["id"] as? String } == ["Metro.Fuku"])
        #expect(through.map { $0["trains"] as? Int } == [2])
        // The fixture draws no shape: none is made up.
        #expect((json["shape"] as? [Any])?.isEmpty == true)
    }

    @Test func loopJSONHasNoTerminals() throws {
        // 環状線 渋谷坂 → 新宿原 (north) → 上野森 (east) → 東京前 (south) → 渋谷坂: 外回り is clockwise.
        let json = try Self.object(try Self.eki(["railway", "JR.Kanjo", "--json"]).stdout)
        #expect(json["loop"] as? Bool == true)
        #expect((json["stations"] as? [Any])?.count == 4)
        let directions = try #require(json["directions"] as? [[String: Any]])
        #expect(directions.map { $0["id"] as? String } == ["OuterLoop", "InnerLoop"])
        #expect(directions.allSatisfy { $0["terminal"] is NSNull })
        #expect(directions.map { $0["clockwise"] as? Bool } == [true, false])
    }

    @Test func namesInAnyScriptFindTheRailway() throws {
        for query in ["海岸線", "かいがん", "kaigan", "Kaigan Line", "umi.kaigan"] {
            let json = try Self.object(try Self.eki(["railway", query, "--json"]).stdout)
            #expect(json["id"] as? String == "Umi.Kaigan", "\(query)")
        }
        let kanjo = try Self.eki(["railway", "かんじょうせん", "--json"])
        #expect(try Self.object(kanjo.stdout)["id"] as? String == "JR.Kanjo")
        #expect(kanjo.stderr.isEmpty)
    }

    @Test func noMatchIsExitTwoWithSuggestions() throws {
        let none = try Self.eki(["railway", "qqqqzz"])
        #expect(none.status == 2)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr == "eki: no railway matches \"qqqqzz\"\n")
        // A station's name suggests the railways through it: 渋谷坂's four.
        let station = try Self.eki(["railway", "shibuyazaka"])
        #expect(station.status == 2)
        #expect(station.stderr.hasPrefix("eki: no railway matches \"shibuyazaka\"; did you mean: "))
        for railway in ["(JR.Kanjo)", "(Metro.Fuku)", "(Metro.Gin)", "(Umi.Kaigan)"] {
            #expect(station.stderr.contains(railway), "\(station.stderr)")
        }
        let typo = try Self.eki(["railway", "kaiganx"])
        #expect(typo.stderr.contains("海岸線 Kaigan Line (Umi.Kaigan)"), "\(typo.stderr)")
        let long = try Self.eki(["railway", String(repeating: "kaigan", count: 20)])
        #expect(long.status == 2)
        #expect(long.stderr == "eki: the search text is too long (120 characters; at most 64)\n")
    }

    @Test func textShowsTitleDirectionsStationsTypesAndThroughService() throws {
        let result = try Self.eki(["railway", "Metro.Fuku"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "■ 副線  Fuku Line  メトロ Metro  #9c5e31  Metro.Fuku")
        #expect(lines[1] == "  北行  → 池袋台")
        #expect(lines[2] == "  南行  → 渋谷坂")
        #expect(lines.contains("駅 3"))
        #expect(lines.contains("  1  渋谷坂") && lines.contains("  3  池袋台"))
        #expect(lines.contains("種別  各 各停  準 準急  急 急行"))
        // Weekday: 74 locals each way (05:20–23:35 every 15 minutes), 12 準急 (09:07–20:07), 2 急行;
        // SaturdayHoliday: 53 each way (06:20–23:40 every 20 minutes) and the 12 準急.
        #expect(lines.contains("本数  平日 162  土休日 118"), "\(result.stdout)")
        let through = try #require(lines.first { $0.hasPrefix("直通  ") })
        #expect(through.contains("海岸線（海鉄）") && through.contains("北線（北鉄）"))

        let english = try Self.eki(["railway", "Metro.Fuku", "--lang", "en"]).stdout
        #expect(english.hasPrefix("■ Fuku Line  副線  Metro メトロ  #9c5e31  Metro.Fuku\n  Northbound  → Ikebukurodai\n"))
        #expect(english.contains("\n  3  Ikebukurodai\n"))
        #expect(english.contains("■Kaigan Line (Umi Railway)") && english.contains("Through to  "))
    }

    @Test func svgIsWellFormedNamesEveryStationAndRenders() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        for (railway, lang) in [("Umi.Kaigan", "ja"), ("JR.Kanjo", "ja"), ("Metro.Fuku", "en")] {
            let svg = scratch.file("\(railway).svg")
            let result = try Self.eki(["railway", railway, "--json", "--lang", lang, "--svg", svg.path])
            #expect(result.status == 0, "\(result.stderr)")
            let stations = try #require(try Self.object(result.stdout)["stations"] as? [[String: Any]])
            let names = Set(stations.compactMap { ($0["title"] as? [String: String])?[lang] })
            #expect(names.count == (railway == "JR.Kanjo" ? 4 : 3))

            let picture = try SVGTexts(url: svg)
            #expect(picture.wellFormed, "\(railway): \(picture.error ?? "")")
            #expect(names.subtracting(picture.texts).isEmpty, "missing: \(names.subtracting(picture.texts))")
            #expect(picture.circles == names.count)

            let png = scratch.file("\(railway).png")
            let render = try Self.run(try Self.rsvgConvert(), ["-o", png.path, svg.path])
            #expect(render.status == 0, "\(render.stderr)")
            let bytes = try Data(contentsOf: png)
            #expect(bytes.count > 10_000 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func anUnwritablePictureFailsWholeAndLeavesNothing() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let missing = scratch.file("no-such-folder/line.svg").path
        let result = try Self.eki(["railway", "Umi.Kaigan", "--svg", missing])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "eki: cannot write \(missing): No such file or directory\n")

        // A folder in the way: nothing replaces it, and no temporary file stays behind.
        let folder = scratch.file("taken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocked = try Self.eki(["railway", "Umi.Kaigan", "--svg", folder.path])
        #expect(blocked.status == 1)
        #expect(blocked.stderr == "eki: cannot write \(folder.path): Is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["taken"])

        // An existing picture is replaced whole.
        let existing = scratch.file("line.svg")
        try Data("old".utf8).write(to: existing)
        #expect(try Self.eki(["railway", "Umi.Kaigan", "--svg", existing.path]).status == 0)
        #expect(try String(contentsOf: existing, encoding: .utf8).hasPrefix("<?xml"))
    }

    /// rsvg-convert from PATH: CI installs librsvg2-bin, so its absence is a failure, not a skip.
    static func rsvgConvert() throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let found = folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent("rsvg-convert") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "rsvg-convert is not on PATH: apt-get install librsvg2-bin")
    }

    static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The text nodes and circles of an SVG file, read by Foundation's XML parser.
final class SVGTexts: NSObject, XMLParserDelegate {
    private(set) var texts: Set<String> = []
    private(set) var circles = 0
    private(set) var wellFormed = false
    private(set) var error: String?
    private var current: String?

    init(url: URL) throws {
        super.init()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = self
        wellFormed = parser.parse()
        error = parser.parserError.map { "\($0)" }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "text" { current = "" }
        if name == "circle" { circles += 1 }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text = current { texts.insert(text) }
        current = nil
    }
}
