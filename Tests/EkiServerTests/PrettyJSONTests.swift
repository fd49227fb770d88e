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

    @Test func boardsMatchJSONEncoderByteForByte() throws {
        let timetable = try SharedData.imported().timetable
        // Every 9th station, stations without departures included (their boards are empty);
        // morning, late evening, after the last train (the next day's first trains).
        let stations = timetable.reference.stations.values.sorted { $0.id < $1.id }
        var checked = 0, empty = 0, nextDay = 0
        for (label, boards) in try CompactJSONTests.realBoards(stations, every: 9, in: timetable) {
            let value = StationBoardJSON(boards, reference: timetable.reference)
            try Self.expectSame(value, label)
            // The same board as the CLI prints it.
            #expect(JSONOutput.string(value) == String(decoding: try JSONOutput.encoderData(value, pretty: true), as: UTF8.self))
            checked += 1
            if boards.allSatisfy(\.rows.isEmpty) { empty += 1 }
            if boards.contains(where: { $0.rows.contains(where: \.isNextDay) }) { nextDay += 1 }
        }
        #expect(checked > 800)
        #expect(nextDay > 100)
        #expect(empty > 0)
    }

    /// A name that covers several stations prints an array of boards; none prints `[]` as Foundation does.
    @Test func arraysOfBoardsAndEmptyArrays() throws {
        let timetable = try SharedData.imported().timetable
        let instant = try #require(ServiceInstant(parsing: "2026-11-24T08:00"))
        let shibuya = timetable.reference.stations.values.filter { $0.name.ja == "渋谷" }.sorted { $0.id < $1.id }
        #expect(shibuya.count >= 4)
        let boards = try shibuya.map { station in
            StationBoardJSON(try timetable.directions(at: station).map {
                try timetable.nextDepartures(station: station, direction: $0, at: instant, limit: 3)
            }, reference: timetable.reference)
        }
        try Self.expectSame(boards, "渋谷's boards")
        try Self.expectSame([StationBoardJSON](), "no boards")
        #expect(JSONOutput.string([StationBoardJSON]()) == "[\n\n]")
    }

    @Test func timelinesAndAGTFSFeedMatchToo() throws {
        let timetable = try SharedData.imported().timetable
        for (label, value) in try CompactJSONTests.realTimelines(in: timetable) { try Self.expectSame(value, label) }
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
