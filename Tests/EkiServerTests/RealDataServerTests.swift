import EkiCore
import EkiJSON
import EkiStore
import EkiTestSupport
@testable import EkiTracking
import EkiTrackingLab
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// The server proved on the real thing (../shared, imported once per test process): what only the
/// real data can show — JSON written by hand for thousands of real boards, a real ride tracked on
/// real railway shapes, real names drawn with < and >, a real station's page in its real words,
/// the reviewed table of changes, and the heaviest real page within its budget. The server's logic
/// is tested on the hand-written Tokyo (`TokyoFixture`) in the suites beside this one; every test
/// here is skipped, and says so, where the real data is not there.
@Suite struct RealDataServerTests {
    static func timetable() throws -> Timetable { try APIClient.realData() }

    // MARK: - JSON written by hand

    /// Every 12th real station with trains (boards) and a busy, a loop and a terminal station
    /// (timelines): the hand-written compact and pretty JSON are JSONEncoder's bytes on what the
    /// real data holds (its names, headsigns, calendars), not only on the fixture's.
    @Test func realBoardsAndTimelinesAreJSONEncodersBytes() throws {
        let timetable = try Self.timetable()
        let stations = timetable.reference.stations.values.filter { $0.departures > 0 }.sorted { $0.id < $1.id }
        #expect(stations.count > 2_500)
        let boards = try CompactJSONTests.boards(stride(from: 0, to: stations.count, by: 12).map { stations[$0] }, in: timetable)
        for (label, boards) in boards {
            let value = StationBoardJSON(boards, reference: timetable.reference)
            #expect(try JSONOutput.data(value, pretty: false) == (try JSONOutput.encoderData(value)), "\(label)")
            try PrettyJSONTests.expectSame(value, label)
        }
        #expect(boards.count > 600)
        var timelines = 0
        for id in ["Tokyu.Toyoko.Shibuya", "JR-East.Yamanote.Osaki", "Minatomirai.Minatomirai.MotomachiChukagai"] {
            let station = try #require(timetable.reference.stations[id: id])
            for direction in try timetable.directions(at: station) {
                for text in ["2026-11-24T03:00", "2026-11-28T23:40"] {
                    let value = TimelineJSON(try timetable.timeline(station: station, direction: direction,
                                                                    at: try #require(ServiceInstant(parsing: text)), limit: 3),
                                             reference: timetable.reference)
                    #expect(try JSONOutput.data(value, pretty: false) == (try JSONOutput.encoderData(value)), "\(id) \(text)")
                    try PrettyJSONTests.expectSame(value, "\(id) \(text)")
                    timelines += 1
                }
            }
        }
        // 渋谷 on the Toyoko Line and 大崎 on the Yamanote Line both ways, 元町・中華街 one way.
        #expect(timelines == 10)
    }
}
