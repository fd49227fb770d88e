@testable import EkiImport
import Testing

/// The reviewed change table's reader (interchanges.tsv's format): a row that cannot be read names
/// its line. The table itself, read against the real data's stations and imported under every
/// planner, is checked in RealDataImportTests.ReviewedInterchanges.
@Suite struct InterchangeTableTests {
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
