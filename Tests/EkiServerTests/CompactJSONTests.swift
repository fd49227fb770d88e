import EkiCore
import EkiJSON
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The hand-written JSON of departure boards must be exactly JSONEncoder's bytes, so the fast path
/// changes nothing a client or an ETag sees.
@Suite struct CompactJSONTests {
    /// The boards of every `n`th of `stations` (by id), each direction, at a morning, a late evening
    /// and after the last train (02:40: the next day's first trains); stations with no direction
    /// left out.
    static func realBoards(_ stations: [Reference.Station], every n: Int,
                           in timetable: Timetable) throws -> [(label: String, boards: [Board])] {
        var found: [(label: String, boards: [Board])] = []
        for station in stride(from: 0, to: stations.count, by: n).map({ stations[$0] }) {
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

    @Test func boardsMatchJSONEncoderByteForByte() throws {
        let timetable = try SharedData.imported().timetable
        let stations = timetable.reference.stations.values.filter { $0.departures > 0 }.sorted { $0.id < $1.id }
        #expect(stations.count > 2_500)
        let boards = try Self.realBoards(stations, every: 12, in: timetable)
        for (label, boards) in boards {
            let value = StationBoardJSON(boards, reference: timetable.reference)
            let fast = try JSONOutput.data(value, pretty: false)
            #expect(fast == (try JSONOutput.encoderData(value)), "\(label)")
        }
        #expect(boards.count > 600)
    }

    /// Timelines of a busy, a loop and a terminal station, each direction, from the day's start and late on a Saturday.
    static func realTimelines(in timetable: Timetable) throws -> [(label: String, timeline: TimelineJSON)] {
        var found: [(label: String, timeline: TimelineJSON)] = []
        for id in ["Tokyu.Toyoko.Shibuya", "JR-East.Yamanote.Osaki", "Minatomirai.Minatomirai.MotomachiChukagai"] {
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
        let timetable = try SharedData.imported().timetable
        for (label, value) in try Self.realTimelines(in: timetable) {
            #expect(try JSONOutput.data(value, pretty: false) == (try JSONOutput.encoderData(value)), "\(label)")
        }
    }

    @Test func arraysAndAwkwardStringsMatchToo() throws {
        let names = [NameJSON(.init(ja: "渋谷/\"東口\"", en: "Back\\slash\n\ttab\u{01}\u{1F}\u{7F}\u{2028}é")),
                     NameJSON(.init(ja: "", en: "🚃"))]
        #expect(try JSONOutput.data(names, pretty: false) == (try JSONOutput.encoderData(names)))
        let text = String(decoding: try JSONOutput.data(names, pretty: false), as: UTF8.self)
        #expect(text.hasPrefix(#"[{"en":"Back\\slash\n\ttab\u0001\u001f"#), "\(text)")
    }
}
