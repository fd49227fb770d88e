@testable import EkiImport
import EkiStore
import EkiTestSupport
import Testing

/// The reviewed change times of Tokyo's big interchanges (interchanges.tsv): they read, they name
/// the real data's stations, each reviewed station is whole, and the changes issue 29 found
/// impossible get the minutes a rider needs.
@Suite struct InterchangeTableTests {
    static func table() throws -> InterchangeTable { try InterchangeTable.reviewed.get() }

    @Test func everyReviewedStationIsWholeInTheData() throws {
        let table = try Self.table()
        let reference = try SharedData.imported().timetable.reference
        var areasByComplex: [ComplexHandle: Set<String>] = [:], complexOfArea: [String: ComplexHandle] = [:]
        for (code, area) in table.areas {
            let station = try #require(reference.stations[id: code], "\(code) is not a station of the data")
            areasByComplex[station.complex, default: []].insert(area)
            // An area is one station's platforms: all its railways are of one complex.
            #expect(complexOfArea[area].map { $0 == station.complex } ?? true, "\(area) spans two stations")
            complexOfArea[area] = station.complex
        }
        #expect(areasByComplex.count >= 40, "\(areasByComplex.count) complexes reviewed")
        let walks = Set(table.walkPairs.map { "\($0.0)|\($0.1)" })
        for (complex, areas) in areasByComplex {
            // Every railway of a reviewed station has its area: none falls back to the rule unseen.
            let codes = reference.stationIds(in: complex)
            try #require(!codes.isEmpty)
            for code in codes { #expect(table.covers(code), "\(code) has no area, though its station is reviewed") }
            // Every two areas have a walk between them, and an area of several railways one inside it.
            for a in areas {
                for b in areas where a != b { #expect(walks.contains("\(a)|\(b)"), "no walk \(a) → \(b)") }
                let railways = codes.filter { table.areas[$0] == a }
                if railways.count > 1 { #expect(walks.contains("\(a)|\(a)"), "no change inside \(a) (\(railways))") }
            }
            // Never under 2 minutes between railways unless across one platform.
            for from in codes {
                for to in codes where to != from {
                    let change = try #require(table.change(from: from, to: to), "\(from) → \(to)")
                    #expect(change.minutes >= (change.kind == .crossPlatform ? 1 : 2), "\(from) → \(to): \(change)")
                }
            }
        }
        // A change across a platform joins two railways of one station, for directions their trains run in.
        let trainDirections = try Self.directionsOfTrains()
        for cross in table.crossPairs {
            let from = try #require(reference.stations[id: cross.from], "\(cross.from)")
            let to = try #require(reference.stations[id: cross.to], "\(cross.to)")
            #expect(from.complex == to.complex && from.id != to.id, "\(cross.from) → \(cross.to)")
            #expect(!cross.change.directions.isEmpty)
            for pair in cross.change.directions {
                #expect(trainDirections[reference.railwayId(of: from) ?? "", default: []].contains(pair.arriving), "\(cross.from): \(pair.arriving)")
                #expect(trainDirections[reference.railwayId(of: to) ?? "", default: []].contains(pair.departing), "\(cross.to): \(pair.departing)")
            }
        }
    }

    /// Railway → the direction codes its trains run in, read from the data's train files (not the importer).
    static func directionsOfTrains() throws -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for train in try SharedData.allTrains() {
            if let railway = train["r"] as? String, let direction = train["d"] as? String { found[railway, default: []].insert(direction) }
        }
        return found
    }

    /// Issue 29's findings: the changes that were "1 min, same platform" or a few minutes are not.
    @Test func theChangesRidersCouldNotMakeGetTheirWalk() throws {
        let table = try Self.table()
        func minutes(_ from: String, _ to: String) throws -> Int { try #require(table.change(from: from, to: to), "\(from) → \(to)").minutes }
        // 東京: 東海道線 (7–10) to 中央線快速 (the elevated 1–2): not a minute, not one platform.
        #expect(try minutes("JR-East.Tokaido.Tokyo", "JR-East.ChuoRapid.Tokyo") >= 5)
        #expect(table.change(from: "JR-East.Tokaido.Tokyo", to: "JR-East.ChuoRapid.Tokyo")?.kind != .crossPlatform)
        // 東京: 宇都宮線 to the 京葉線 far beneath the south end: well over ten minutes.
        #expect(try minutes("JR-East.Utsunomiya.Tokyo", "JR-East.Keiyo.Tokyo") >= 10)
        // 東京: 丸ノ内線 to 総武快速線, five floors down.
        #expect(try minutes("TokyoMetro.Marunouchi.Tokyo", "JR-East.SobuRapid.Tokyo") > 5)
        // 渋谷: 東横線 (5 floors under) to 銀座線 (3 floors up): more than the 4 minutes once accepted.
        #expect(try minutes("Tokyu.Toyoko.Shibuya", "TokyoMetro.Ginza.Shibuya") > 4)
        // What is across the platform stays quick, in its directions: 中目黒 東横線 for 渋谷 → 日比谷線
        // for 北千住, 赤坂見附 銀座線 ⇄ 丸ノ内線 each way; the other directions are the areas' walk.
        let nakameguro = try #require(table.cross(from: "Tokyu.Toyoko.NakaMeguro", to: "TokyoMetro.Hibiya.NakaMeguro"))
        #expect(nakameguro.minutes == 1 && nakameguro.kind == .crossPlatform
                && nakameguro.directions == [.init(arriving: "Inbound", departing: "TokyoMetro.KitaSenju")])
        let akasaka = try #require(table.cross(from: "TokyoMetro.Ginza.AkasakaMitsuke", to: "TokyoMetro.Marunouchi.AkasakaMitsuke"))
        #expect(akasaka.minutes == 1 && Set(akasaka.directions) == [.init(arriving: "TokyoMetro.Shibuya", departing: "TokyoMetro.Ogikubo"),
                                                                     .init(arriving: "TokyoMetro.Asakusa", departing: "TokyoMetro.Ikebukuro")])
        #expect(try minutes("TokyoMetro.Ginza.AkasakaMitsuke", "TokyoMetro.Marunouchi.AkasakaMitsuke") == 3)
        // 東京: 京浜東北線 north ⇄ 山手線 内回り (for 上野) across one island, not the opposite directions.
        let tokyo = try #require(table.cross(from: "JR-East.KeihinTohokuNegishi.Tokyo", to: "JR-East.Yamanote.Tokyo"))
        #expect(Set(tokyo.directions) == [.init(arriving: "Northbound", departing: "InnerLoop"), .init(arriving: "Southbound", departing: "OuterLoop")])
        // Every figure says what it rests on.
        for cross in table.crossPairs { #expect(!cross.change.basis.isEmpty) }
    }

    /// The import puts the table under every planner: the database's changes of every complex are
    /// every ordered pair of its stations, the table's figures (minutes, kind, basis) wherever it
    /// covers the pair, and the rule's elsewhere — never under 2 minutes between railways unless
    /// across one platform.
    @Test func theImportedChangesAreTheTablesAndTheRulesForEveryPair() throws {
        let table = try Self.table()
        let timetable = try SharedData.imported().timetable
        let reference = timetable.reference
        let changes = try timetable.complexChanges()
        let pairs = reference.complexes.values.map { $0.stations.count * ($0.stations.count - 1) }.reduce(0, +)
        var fromTable = 0, crossings = 0
        for change in changes {
            if let directions = change.directions {
                // Across the platform, for one pair of directions the table names.
                let cross = try #require(table.cross(from: change.from.id, to: change.to.id))
                #expect(cross.directions.contains(.init(arriving: directions.arriving.id, departing: directions.departing.id)))
                #expect(change.change.minutes == cross.minutes && change.change.kind == .crossPlatform && change.basis == cross.basis)
                crossings += 1
                continue
            }
            if let reviewed = table.change(from: change.from.id, to: change.to.id) {
                fromTable += 1
                #expect(change.change.minutes == reviewed.minutes && change.change.kind == reviewed.kind && change.basis == reviewed.basis,
                        "\(change.from.id) → \(change.to.id)")
            } else {
                #expect(change.change.source == .rule && change.basis.hasPrefix("rule:"), "\(change.from.id) → \(change.to.id)")
            }
            let across = change.change.kind == .crossPlatform || change.from.railway == change.to.railway
            #expect((change.change.minutes ?? 0) >= (across ? 1 : 2), "\(change.from.id) → \(change.to.id)")
        }
        #expect(fromTable > 1300, "\(fromTable) from the table")
        // Every pair once, then each of the table's cross rows once per pair of directions.
        let crossRows = table.crossPairs.map(\.change.directions.count).reduce(0, +)
        #expect(crossings == crossRows && crossRows == 56)
        #expect(changes.count == pairs + crossRows && pairs > 2000)
    }

    /// A row that cannot be read names its line and what is wrong; nothing half-read is kept.
    @Test func aBrokenRowNamesItsLine() {
        let cases: [(String, String)] = [
            ("area\tA.B.C\tX:1\nwalk\tX:1\tX:1\ttwo\tconcourse\tbasis", "line 2: minutes \"two\" is not a whole number from 1 to 60"),
            ("area\tA.B.C\tX:1\nwalk\tX:1\tX:1\t3\tescalator\tbasis", "line 2: kind \"escalator\" is not one of"),
            ("# comment\n\narea\tA.B.C\tX:1\narea\tA.B.C\tX:2", "line 4: A.B.C is already in area X:1"),
            ("area\tA.B.C\tX:1\nwalk\tX:1\tX:2\t3\tconcourse\tbasis", "line 2: a walk names the area X:2, which no station is in"),
            ("platform\tA.B.C\tX:1", "line 1: \"platform\" is not area, walk or cross"),
            ("cross\tA.B.C\tA.D.C\t0\tN>S\tbasis", "line 1: minutes \"0\" is not a whole number from 1 to 60"),
            ("cross\tA.B.C\tA.D.C\t1\tbasis", "line 1: a cross row is: cross, station code, station code, minutes, directions, basis"),
            ("cross\tA.B.C\tA.D.C\t1\tNorthbound\tbasis", "line 1: directions \"Northbound\" are not arriving>boarding pairs"),
            ("walk\tX:1\tX:1\t3\tconcourse", "line 1: a walk row is: walk, area, area, minutes, kind, basis"),
        ]
        for (text, message) in cases {
            #expect(throws: InterchangeTable.Malformed.self) { try InterchangeTable(parsing: text) }
            do {
                _ = try InterchangeTable(parsing: text)
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
        // Carriage returns and a missing final newline read as plain lines.
        let table = try? InterchangeTable(parsing: "area\tA.B.C\tX:1\r\narea\tA.D.C\tX:2\r\nwalk\tX:1\tX:2\t4\tgates\tb\r\ncross\tA.B.C\tA.D.C\t1\tN>S, S>N\tb")
        #expect(table?.change(from: "A.D.C", to: "A.B.C")?.minutes == 4)
        #expect(table?.change(from: "A.B.C", to: "A.D.C")?.kind == .gates)
        #expect(table?.cross(from: "A.B.C", to: "A.D.C")?.directions == [.init(arriving: "N", departing: "S"), .init(arriving: "S", departing: "N")])
    }
}
