import EkiCore
import EkiJSON
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The hand-written JSON of departure boards must be exactly JSONEncoder's bytes, so the fast path
/// changes nothing a client or an ETag sees.
@Suite struct CompactJSONTests {
    /// The boards of each of `stations`, each direction, at a morning, a late evening and after the
    /// last train (02:40: the next day's first trains); stations with no direction left out.
    static func boards(_ stations: [Reference.Station], in timetable: Timetable) throws -> [(label: String, boards: [Board])] {
        var found: [(label: String, boards: [Board])] = []
        for station in stations {
            for text in ["2026-11-24T07:30", "2026-11-23T23:50", "2026-11-29T02:40"] {
                let instant = try #require(ServiceInstant(parsing: text))
                let boards = try timetable.directions(at: station).map {
                    try timetable.nextDepartures(station: station, direction: $0, at: instant, limit: 8)
                }
                if !boards.isEmpty { found.append(("\(station.id) at \(text)", boards)) }
            }
        }
        return found
    }

    /// Every station of the hand-written Tokyo: a through train's destination on another railway,
    /// a loop's boards without destinations, 24:30 (next-day rows at 23:50), the holiday's schedule.
    @Test func boardsMatchJSONEncoderByteForByte() throws {
        let timetable = try TokyoFixture.timetable()
        let stations = timetable.reference.stations.values.sorted { $0.id < $1.id }
        let boards = try Self.boards(stations, in: timetable)
        for (label, boards) in boards {
            let value = StationBoardJSON(boards, reference: timetable.reference)
            let fast = try JSONOutput.data(value, pretty: false)
            #expect(fast == (try JSONOutput.encoderData(value)), "\(label)")
        }
        // 14 stations (海岸線 3, 副線 3, 北線 2, 環状線 4 — 渋谷坂 listed twice, 銀線 2), every one
        // with trains leaving it, each at the three moments.
        #expect(stations.count == 14)
        #expect(boards.count == 14 * 3)
    }

    /// Timelines of a busy, a loop and a terminal station, each direction, from the day's start and
    /// late on a Saturday: 渋谷坂 on 副線 (locals, semi-expresses and the through trains), 新宿原 on
    /// the 環状線 and 港町, the 海岸線's end.
    static func timelines(in timetable: Timetable) throws -> [(label: String, timeline: TimelineJSON)] {
        var found: [(label: String, timeline: TimelineJSON)] = []
        for id in [TokyoFixture.fukuShibuyazaka, TokyoFixture.kanjoShinjukuhara, TokyoFixture.minatomachi] {
            let station = try #require(timetable.reference.stations[id: id])
            for direction in try timetable.directions(at: station) {
                for text in ["2026-11-24T03:00", "2026-11-28T23:40"] {
                    let timeline = try timetable.timeline(station: station, direction: direction,
                                                          at: try #require(ServiceInstant(parsing: text)), limit: 3)
                    found.append(("\(id) \(text)", TimelineJSON(timeline, reference: timetable.reference)))
                }
            }
        }
        return found
    }

    @Test func timelinesMatchJSONEncoder() throws {
        let timetable = try TokyoFixture.timetable()
        let timelines = try Self.timelines(in: timetable)
        for (label, value) in timelines {
            #expect(try JSONOutput.data(value, pretty: false) == (try JSONOutput.encoderData(value)), "\(label)")
        }
        // 副線's 渋谷坂: Northbound only (Southbound trains end there); 新宿原 on the loop: both
        // ways round; 港町: Inbound only. Four directions, two moments each.
        #expect(timelines.count == 4 * 2)
    }

    @Test func arraysAndAwkwardStringsMatchToo() throws {
        let names = [NameJSON(.init(ja: "渋谷/\"東口\"", en: "Back\\slash\n\ttab\u{01}\u{1F}\u{7F}\u{2028}é")),
                     NameJSON(.init(ja: "", en: "🚃"))]
        #expect(try JSONOutput.data(names, pretty: false) == (try JSONOutput.encoderData(names)))
        let text = String(decoding: try JSONOutput.data(names, pretty: false), as: UTF8.self)
        #expect(text.hasPrefix(#"[{"en":"Back\\slash\n\ttab\u0001\u001f"#), "\(text)")
    }
}
