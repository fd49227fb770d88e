import EkiCore
import EkiJSON
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// `eki departures --json` writes its pretty JSON without JSONEncoder: it must be exactly
/// JSONEncoder's `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` bytes, so scripts that
/// read or diff the output see no change.
@Suite struct PrettyJSONTests {
    static func expectSame<T: CompactJSON>(_ value: T, _ comment: String) throws {
        let written = JSONOutput.data(value, pretty: true)
        let encoded = try JSONOutput.encoderData(value, pretty: true)
        #expect(written == encoded, "\(comment)\n\(String(decoding: written, as: UTF8.self).prefix(400))")
    }

    /// The hand-written Tokyo with 銀線 running on weekdays only: on a Saturday night its boards
    /// are empty (no train that day or the next), besides every other kind of board.
    static func ginOnWeekdaysOnly() throws -> Timetable {
        try TokyoFixture.timetable { data in
            data.trains.removeAll { $0.railwayId == "Metro.Gin" && $0.serviceId == "SaturdayHoliday" }
        }
    }

    @Test func boardsMatchJSONEncoderByteForByte() throws {
        let timetable = try Self.ginOnWeekdaysOnly()
        // Every station; morning, late evening, after the last train (the next day's first trains).
        let stations = timetable.reference.stations.values.sorted { $0.id < $1.id }
        var checked = 0, empty: [String] = [], nextDay: [String] = []
        for (label, boards) in try CompactJSONTests.boards(stations, in: timetable) {
            let value = StationBoardJSON(boards, reference: timetable.reference)
            try Self.expectSame(value, label)
            // The same board as the CLI prints it.
            #expect(JSONOutput.string(value) == String(decoding: try JSONOutput.encoderData(value, pretty: true), as: UTF8.self))
            checked += 1
            if boards.allSatisfy(\.rows.isEmpty) { empty.append(label) }
            if boards.contains(where: { $0.rows.contains(where: \.isNextDay) }) { nextDay.append(label) }
        }
        // 14 stations at 3 moments, all with trains leaving them.
        #expect(checked == 14 * 3)
        // Next-day rows: at 02:40 every board but 銀線's two (12); at 23:50 on the holiday every
        // board, as no direction has 8 trains left before the day ends (14); at 07:30 the boards
        // only the through 急行 leave from, where they run on from one railway to the next — the
        // 海岸線's 渋谷坂 and the 副線's 池袋台: after the 07:00's, today's 08:00 and then
        // tomorrow's (2).
        #expect(nextDay.count == 12 + 14 + 2, "\(nextDay)")
        #expect(nextDay.filter { $0.hasSuffix("07:30") }
                == ["\(TokyoFixture.fukuIkebukurodai) at 2026-11-24T07:30", "\(TokyoFixture.kaiganShibuyazaka) at 2026-11-24T07:30"])
        // 銀線's two stations on Saturday 2026-11-28 after its last train: neither that day nor
        // Sunday runs a 銀線 train.
        #expect(empty == ["\(TokyoFixture.ginShibuyazaka) at 2026-11-29T02:40", "\(TokyoFixture.omotesan) at 2026-11-29T02:40"].sorted())
    }

    /// A name that covers several stations prints an array of boards; none prints `[]` as Foundation does.
    @Test func arraysOfBoardsAndEmptyArrays() throws {
        let timetable = try TokyoFixture.timetable()
        let instant = try #require(ServiceInstant(parsing: "2026-11-24T08:00"))
        // 渋谷坂: on 海岸線, 副線, 環状線 and 銀線.
        let shibuyazaka = timetable.reference.stations.values.filter { $0.name.ja == "渋谷坂" }.sorted { $0.id < $1.id }
        #expect(shibuyazaka.count == 4)
        let boards = try shibuyazaka.map { station in
            StationBoardJSON(try timetable.directions(at: station).map {
                try timetable.nextDepartures(station: station, direction: $0, at: instant, limit: 3)
            }, reference: timetable.reference)
        }
        try Self.expectSame(boards, "渋谷坂's boards")
        try Self.expectSame([StationBoardJSON](), "no boards")
        #expect(JSONOutput.string([StationBoardJSON]()) == "[\n\n]")
    }

    @Test func timelinesAndAGTFSFeedMatchToo() throws {
        let timetable = try TokyoFixture.timetable()
        for (label, value) in try CompactJSONTests.timelines(in: timetable) { try Self.expectSame(value, label) }
        // A GTFS feed: train numbers, headsigns, line short names as badges, no categories.
        let feed = try GTFSFixtureDatabase.imported().timetable
        var checked = 0
        for station in feed.reference.stations.values.sorted(by: { $0.id < $1.id }) {
            for text in ["2026-01-07T06:50", "2026-01-07T23:30", "2026-01-10T09:55"] {
                let instant = try #require(ServiceInstant(parsing: text))
                let boards = try feed.directions(at: station).map {
                    try feed.nextDepartures(station: station, direction: $0, at: instant, limit: 8)
                }
                guard !boards.isEmpty else { continue }
                try Self.expectSame(StationBoardJSON(boards, reference: feed.reference), "\(station.id) at \(text)")
                checked += 1
            }
        }
        #expect(checked > 4)
    }

    @Test func awkwardStringsAndNesting() throws {
        let names = [NameJSON(.init(ja: "渋谷/\"東口\"", en: "Back\\slash\n\ttab\u{01}\u{1F}\u{7F}\u{2028}é")),
                     NameJSON(.init(ja: "", en: "🚃"))]
        try Self.expectSame(names, "awkward names")
        try Self.expectSame([[NameJSON]](), "empty")
        try Self.expectSame([[NameJSON](), names], "nested")
        let text = JSONOutput.string(names)
        #expect(text.hasPrefix("[\n  {\n    \"en\" : \"Back\\\\slash\\n\\ttab\\u0001\\u001f"), "\(text)")
    }
}
