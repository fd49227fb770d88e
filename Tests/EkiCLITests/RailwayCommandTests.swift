import EkiTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `eki railway` as a rider runs it: names in any script, the JSON contract, the picture, the messages.
@Suite struct RailwayCommandTests {
    static func eki(_ arguments: [String]) throws -> EkiProcess.Result {
        _ = try SharedData.imported()
        return try EkiProcess.run(arguments + ["--db", SharedData.databaseURL.path])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonFollowsTheContract() throws {
        let result = try Self.eki(["railway", "Minatomirai.Minatomirai", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.object(result.stdout)
        #expect(Set(json.keys) == ["id", "title", "operator", "color", "loop", "stations", "directions", "trainTypes",
                                   "trainsPerCalendar", "throughService", "shape"])
        #expect(json["id"] as? String == "Minatomirai.Minatomirai")
        #expect(json["title"] as? [String: String] == ["ja": "みなとみらい線", "en": "Minatomirai Line"])
        #expect(json["operator"] as? [String: String] == ["ja": "横浜高速鉄道", "en": "Yokohama Minatomirai Railway"])
        #expect(json["color"] as? String == "#09357F")
        #expect(json["loop"] as? Bool == false)

        let stations = try #require(json["stations"] as? [[String: Any]])
        #expect(stations.map { ($0["title"] as? [String: String])?["en"] } ==
                ["Yokohama", "Shin-Takashima", "Minatomirai", "Bashamichi", "Nihon-Odori", "Motomachi-Chukagai"])
        let bashamichi = try #require(stations[3]["coord"] as? [Double])
        #expect(abs(bashamichi[0] - 35.4506) < 0.001 && abs(bashamichi[1] - 139.6358) < 0.002)

        let directions = try #require(json["directions"] as? [[String: Any]])
        #expect(directions.map { $0["id"] as? String } == ["Outbound", "Inbound"])
        #expect(directions.map { $0["terminal"] as? String } == ["Minatomirai.Minatomirai.MotomachiChukagai",
                                                                 "Minatomirai.Minatomirai.Yokohama"])
        #expect(directions.allSatisfy { $0["clockwise"] is NSNull })

        let types = try #require(json["trainTypes"] as? [[String: Any]])
        #expect(types.contains { $0["id"] as? String == "Minatomirai.Express" && $0["category"] as? String == "express" })
        let calendars = try #require(json["trainsPerCalendar"] as? [String: Int])
        #expect(Set(calendars.keys) == ["Weekday", "SaturdayHoliday"] && calendars.values.allSatisfy { $0 > 300 })
        let through = try #require(json["throughService"] as? [[String: Any]])
        #expect(through.map { $0["id"] as? String } == ["Tokyu.Toyoko"])
        let shape = try #require(json["shape"] as? [[[Double]]])
        #expect(!shape.isEmpty && shape.allSatisfy { $0.count > 1 && $0.allSatisfy { $0.count == 2 } })
    }

    @Test func loopJSONHasNoTerminals() throws {
        let json = try Self.object(try Self.eki(["railway", "JR-East.Yamanote", "--json"]).stdout)
        #expect(json["loop"] as? Bool == true)
        #expect((json["stations"] as? [Any])?.count == 30)
        let directions = try #require(json["directions"] as? [[String: Any]])
        #expect(directions.allSatisfy { $0["terminal"] is NSNull })
        #expect(directions.map { $0["clockwise"] as? Bool } == [true, false])
    }

    @Test func namesInAnyScriptFindTheRailway() throws {
        for query in ["東横線", "とうよこ", "toyoko", "Toyoko Line", "tokyu.toyoko"] {
            let json = try Self.object(try Self.eki(["railway", query, "--json"]).stdout)
            #expect(json["id"] as? String == "Tokyu.Toyoko", "\(query)")
        }
        let minatomirai = try Self.eki(["railway", "みなとみらい線", "--json"])
        #expect(try Self.object(minatomirai.stdout)["id"] as? String == "Minatomirai.Minatomirai")
        #expect(minatomirai.stderr.isEmpty)
    }

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

    @Test func noMatchIsExitTwoWithSuggestions() throws {
        let none = try Self.eki(["railway", "qqqqzz"])
        #expect(none.status == 2)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr == "eki: no railway matches \"qqqqzz\"\n")
        // A station's name suggests the railways through it.
        let station = try Self.eki(["railway", "shibuya"])
        #expect(station.status == 2)
        #expect(station.stderr.hasPrefix("eki: no railway matches \"shibuya\"; did you mean: "))
        #expect(station.stderr.contains("(JR-East.Yamanote)"))
        let typo = try Self.eki(["railway", "toyokko"])
        #expect(typo.stderr.contains("東横線 Toyoko Line (Tokyu.Toyoko)"))
        let long = try Self.eki(["railway", String(repeating: "toyoko", count: 20)])
        #expect(long.status == 2)
        #expect(long.stderr == "eki: the search text is too long (120 characters; at most 64)\n")
    }

    @Test func textShowsTitleDirectionsStationsTypesAndThroughService() throws {
        let result = try Self.eki(["railway", "Tokyu.Toyoko"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "■ 東横線  Toyoko Line  東急 Tokyu  #DA0442  Tokyu.Toyoko")
        #expect(lines[1] == "  下り  → 横浜")
        #expect(lines[2] == "  上り  → 渋谷")
        #expect(lines.contains("駅 21"))
        #expect(lines.contains("   1  渋谷") && lines.contains("  21  横浜"))
        let types = try #require(lines.first { $0.hasPrefix("種別  ") })
        #expect(types.hasPrefix("種別  各 各駅停車  急 急行"))
        #expect(lines.contains { $0.hasPrefix("本数  平日 ") })
        let through = try #require(lines.first { $0.hasPrefix("直通  ") })
        #expect(through.contains("みなとみらい線（横浜高速鉄道）") && through.contains("副都心線（東京メトロ）"))

        let english = try Self.eki(["railway", "Tokyu.Toyoko", "--lang", "en"]).stdout
        #expect(english.hasPrefix("■ Toyoko Line  東横線  Tokyu 東急  #DA0442  Tokyu.Toyoko\n  Outbound  → Yokohama\n"))
        #expect(english.contains("\n  21  Yokohama\n"))
        #expect(english.contains("Through to  ■Minatomirai Line (Yokohama Minatomirai Railway)"))
    }

    @Test func svgIsWellFormedNamesEveryStationAndRenders() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        for (railway, lang) in [("Tokyu.Toyoko", "ja"), ("JR-East.Yamanote", "ja"), ("TokyoMetro.Chiyoda", "en")] {
            let svg = scratch.file("\(railway).svg")
            let result = try Self.eki(["railway", railway, "--json", "--lang", lang, "--svg", svg.path])
            #expect(result.status == 0, "\(result.stderr)")
            let stations = try #require(try Self.object(result.stdout)["stations"] as? [[String: Any]])
            let names = Set(stations.compactMap { ($0["title"] as? [String: String])?[lang] })

            let picture = try SVGTexts(url: svg)
            #expect(picture.wellFormed, "\(railway): \(picture.error ?? "")")
            // Every name as drawn text, including those with < and > (Meiji-jingumae<Harajuku>).
            #expect(names.subtracting(picture.texts).isEmpty, "missing: \(names.subtracting(picture.texts))")
            #expect(picture.circles == names.count)
            if railway == "TokyoMetro.Chiyoda" { #expect(picture.texts.contains("Meiji-jingumae<Harajuku>")) }

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
        let result = try Self.eki(["railway", "Tokyu.Toyoko", "--svg", missing])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "eki: cannot write \(missing): No such file or directory\n")

        // A folder in the way: nothing replaces it, and no temporary file stays behind.
        let folder = scratch.file("taken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocked = try Self.eki(["railway", "Tokyu.Toyoko", "--svg", folder.path])
        #expect(blocked.status == 1)
        #expect(blocked.stderr == "eki: cannot write \(folder.path): Is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["taken"])

        // An existing picture is replaced whole.
        let existing = scratch.file("line.svg")
        try Data("old".utf8).write(to: existing)
        #expect(try Self.eki(["railway", "Tokyu.Toyoko", "--svg", existing.path]).status == 0)
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
