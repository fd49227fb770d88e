import EkiCore
@testable import EkiTracking
import Testing

/// Projecting positions onto hand-built lines: distance, chainage, bearing, loops, hairpins, and
/// the grid index giving the same answer as looking at every segment.
@Suite struct ProjectionTests {
    @Test func aPointBesideAStraightLineProjectsSquarely() throws {
        let line = HandLines.straight("East")
        let projection = try #require(line.project(PlanePoint(HandLines.geo(1234, 80)), within: 500).first)
        #expect(abs(projection.distance - 80) < 1)
        #expect(abs(projection.along - 1234) < 2)
        #expect(abs(projection.bearing - 90) < 0.5)   // due east
        #expect(line.project(PlanePoint(HandLines.geo(1234, 800)), within: 500).isEmpty)
    }

    @Test func beyondTheEndProjectsOntoTheEnd() throws {
        let line = HandLines.straight("East", length: 3000)
        let projection = try #require(line.project(PlanePoint(HandLines.geo(3300, 0)), within: 1000).first)
        #expect(abs(projection.along - 3000) < 1)
        #expect(abs(projection.distance - 300) < 2)
    }

    @Test func stationsArePlacedAlongTheLineAndOrderGivesTheAscendingWay() {
        let east = HandLines.straight("East", length: 3000)
        #expect(east.stations.map(\.id) == ["East.S0", "East.S1", "East.S2", "East.S3"])
        #expect(east.ascendingForward)
        #expect(east.sign(of: "Up") == 1 && east.sign(of: "Down") == -1)
        // Stations listed from the east end: ascending runs against the drawing.
        let west = HandLines.line("West", points: [(0, 0), (3000, 0)],
                                  stations: [("W.A", 3000, 0), ("W.B", 1500, 0), ("W.C", 0, 0)])
        #expect(!west.ascendingForward)
        #expect(west.sign(of: "Up") == -1)
        #expect(west.stations.map(\.id) == ["W.C", "W.B", "W.A"])   // sorted along the line
        #expect(west.sign(of: "Sideways") == nil)
    }

    @Test func aHairpinGivesOneProjectionPerPass() {
        // Out 2 km east, then back west 300 m further north.
        let line = HandLines.line("Hairpin", points: [(0, 0), (2000, 0), (2000, 300), (0, 300)],
                                  stations: [("H.A", 0, 0), ("H.B", 0, 300)])
        let projections = line.project(PlanePoint(HandLines.geo(1000, 120)), within: 400)
        #expect(projections.count == 2)
        #expect(abs(projections[0].distance - 120) < 1 && abs(projections[0].along - 1000) < 2)
        #expect(abs(projections[1].distance - 180) < 1 && abs(projections[1].along - 3300) < 2)
        #expect(abs(projections[1].bearing - 270) < 0.5)   // the way back runs west
    }

    @Test func aLoopMeasuresStepsTheShortWayRound() {
        // A 4 km square loop.
        let loop = HandLines.line("Loop", points: [(0, 0), (1000, 0), (1000, 1000), (0, 1000), (0, 0)],
                                  stations: [("L.A", 0, 0), ("L.B", 1000, 0), ("L.C", 1000, 1000), ("L.D", 0, 1000), ("L.A", 0, 0)],
                                  loop: true)
        #expect(abs(loop.length - 4000) < 2)
        #expect(loop.stations.count == 4)   // the closing station once
        #expect(abs(loop.signedStep(from: 3900, to: 100) - 200) < 0.001)
        #expect(abs(loop.signedStep(from: 100, to: 3900) + 200) < 0.001)
        let around = loop.neighbours(of: 3950, sign: 1)
        #expect(around.next?.id == "L.A")
        #expect(around.previous?.id == "L.D")
    }

    @Test func theGridFindsWhatAFullScanFinds() {
        let lines = [
            HandLines.straight("A"),
            HandLines.line("B", points: [(0, -2000), (3000, 500), (6000, 400)], stations: [("B.1", 0, -2000), ("B.2", 6000, 400)]),
            HandLines.line("C", points: [(2500, -3000), (2600, 3000)], stations: [("C.1", 2500, -3000), ("C.2", 2600, 3000)]),
        ]
        let network = HandLines.network(lines)
        var checked = 0
        for i in 0..<200 {
            let point = PlanePoint(HandLines.geo(Double((i * 733) % 7000) - 500, Double((i * 1_297) % 6000) - 3000))
            let radius = 150 + Double(i % 5) * 200
            let viaGrid = Dictionary(uniqueKeysWithValues: network.project(point, within: radius).map { ($0.line, $0.projections[0]) })
            for (l, line) in lines.enumerated() {
                let scanned = line.project(point, within: radius).first
                #expect(viaGrid[l]?.distance == scanned?.distance)
                if scanned != nil { checked += 1 }
            }
        }
        #expect(checked > 40)   // the points do reach the lines
    }

    /// Stations are placed by `nearest`, one pass over the line; it must agree with the nearest
    /// of every pass (`project` with no radius) on straight lines, hairpins and loops alike.
    @Test func theNearestPointIsTheFirstProjectionWithoutARadius() {
        let lines = [
            HandLines.straight("A"),
            HandLines.line("Hairpin", points: [(0, 0), (2000, 0), (2000, 300), (0, 300)], stations: [("H.A", 0, 0), ("H.B", 0, 300)]),
            HandLines.line("Loop", points: [(0, 0), (1000, 0), (1000, 1000), (0, 1000), (0, 0)],
                           stations: [("L.A", 0, 0), ("L.C", 1000, 1000)], loop: true),
            HandLines.line("Zigzag", points: (0...40).map { (Double($0) * 250, $0 % 2 == 0 ? 0 : 180) },
                           stations: [("Z.1", 0, 0), ("Z.2", 10_000, 0)]),
        ]
        for (i, line) in lines.enumerated() {
            for k in 0..<150 {
                let point = PlanePoint(HandLines.geo(Double((k * 733 + i * 101) % 12_000) - 1000, Double((k * 1_297) % 4000) - 2000))
                let nearest = line.nearest(point)
                let first = line.project(point, within: .infinity).first
                #expect(nearest?.distance == first?.distance, "\(line.railway) #\(k)")
                #expect(nearest?.along == first?.along, "\(line.railway) #\(k)")
            }
        }
    }
}
