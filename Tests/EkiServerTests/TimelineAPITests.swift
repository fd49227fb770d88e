import EkiCore
import Foundation
import Hummingbird
import Testing

/// The widget timeline over HTTP, with real data: each entry is the departures board at its
/// moment, and the board does not change between one entry and the next.
@Suite struct TimelineAPITests {
    static let bashamichi = "/api/v1/timeline?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound"

    static func entries(_ timeline: [String: Any]) -> [[String: Any]] {
        timeline["entries"] as? [[String: Any]] ?? []
    }

    static func departures(_ entry: [String: Any]?) -> [[String: Any]] {
        entry?["departures"] as? [[String: Any]] ?? []
    }

    /// Key-sorted JSON of a value, to compare two answers' parts exactly.
    static func canonical(_ value: Any?) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed]),
               as: UTF8.self)
    }

    @Test func theFirstEntriesAtBashamichiOnATuesdayMorning() async throws {
        let answer = try await APIClient.get(Self.bashamichi + "&at=2026-11-24T07:30")
        #expect(answer.status == .ok, "\(answer.text.prefix(300))")
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
        let timeline = answer.object
        #expect(timeline["station"] as? String == "Minatomirai.Minatomirai.Bashamichi")
        #expect(timeline["direction"] as? String == "Inbound")
        #expect((timeline["directionName"] as? [String: String])?["ja"] == "上り")
        #expect(timeline["serviceDate"] as? String == "2026-11-24")
        #expect(timeline["schedule"] as? String == "Weekday")
        #expect(timeline["generatedAt"] as? String == "2026-11-24T07:30")
        #expect(timeline["reloadAfter"] as? String == "2026-11-25T03:00")

        let entries = Self.entries(timeline)
        #expect(entries.first?["at"] as? String == "2026-11-24T07:30")
        let first = Self.departures(entries.first)
        #expect(first.count == 3)
        #expect(first.first?["time"] as? String == "07:31")
        #expect(first.first?["minutesUntil"] as? Int == 1)
        #expect((first.first?["destinationName"] as? [String: String])?["ja"] == "清瀬")
        // The 07:31 leaves the board at 07:32: the next entry starts with the 07:34, two minutes away.
        #expect(entries.count > 1)
        let second = entries.count > 1 ? entries[1] : nil
        #expect(second?["at"] as? String == "2026-11-24T07:32")
        #expect(Self.departures(second).first?["time"] as? String == "07:34")
        #expect(Self.departures(second).first?["minutesUntil"] as? Int == 2)
        // The board slides up by one: the second entry's first two trains are the first entry's last two.
        let trainIds = { (departures: [[String: Any]]) in departures.map { $0["trainId"] as? String } }
        #expect(trainIds(Array(Self.departures(second).prefix(2))) == trainIds(Array(first.dropFirst())))
    }

    @Test func entriesStrictlyIncreaseAndEachShowsTheLimit() async throws {
        let answer = try await APIClient.get(Self.bashamichi + "&at=2026-11-24T03:00&limit=2")
        let entries = Self.entries(answer.object)
        let moments = entries.compactMap { ($0["at"] as? String).flatMap(ServiceInstant.init(parsing:)) }
        #expect(moments.count == entries.count)
        #expect(entries.count > 100)
        #expect(zip(moments, moments.dropFirst()).allSatisfy { pair in
            (pair.0.serviceDate, pair.0.minute) < (pair.1.serviceDate, pair.1.minute)
        })
        #expect(moments.allSatisfy { $0.serviceDate.iso == "2026-11-24" })
        #expect(entries.allSatisfy { Self.departures($0).count == 2 })
        #expect(entries.allSatisfy { entry in Self.departures(entry).allSatisfy { ($0["minutesUntil"] as? Int ?? -1) >= 0 } })
        // Before 05:00 nothing has left yet: one entry covers 03:00 to the first train's minute after.
        #expect(entries.count > 1 ? entries[1]["at"] as? String == "2026-11-24T05:01" : false)
    }

    /// The honest check: for every minute of the service day, the departures answer at that minute
    /// lists the same trains as the entry a widget would be showing then — the one with the latest
    /// `at` not after it — and at an entry's own minute it is the very same JSON.
    @Test(arguments: [
        (Self.bashamichi, "2026-11-24T03:00", 3),
        ("/api/v1/timeline?station=\(APIClient.encode("新宿"))&railway=\(APIClient.encode("山手線"))&direction=InnerLoop", "2026-11-24T21:00", 10),
    ])
    func everyMinuteMatchesTheDeparturesAnswer(timelineURI: String, start: String, limit: Int) async throws {
        let timeline = try await APIClient.get(timelineURI + "&at=\(start)&limit=\(limit)")
        #expect(timeline.status == .ok, "\(timeline.text.prefix(300))")
        let entries = Self.entries(timeline.object)
        let station = try #require(timeline.object["station"] as? String)
        let direction = try #require(timeline.object["direction"] as? String)
        let first = try #require(ServiceInstant(parsing: start))
        let minutes = (first.minute.value..<(ServiceMinute.dayEnd + 1)).map {
            ServiceInstant(serviceDate: first.serviceDate, minute: ServiceMinute($0)).description
        }
        let boards = try await APIClient.get(minutes.map {
            "/api/v1/departures?station=\(station)&direction=\(direction)&at=\($0)&limit=\(limit)"
        })
        var shown = -1   // the entry a widget shows at this minute
        var checkedEntries = 0
        var mismatches: [String] = []   // one line per wrong minute, so that a failure reads short
        for (minute, board) in zip(minutes, boards) {
            guard board.status == .ok else { mismatches.append("\(minute): departures answered \(board.status)"); continue }
            if shown + 1 < entries.count, entries[shown + 1]["at"] as? String == minute {
                shown += 1
                checkedEntries += 1
                if try Self.canonical(entries[shown]["departures"]) != Self.canonical(board.object["departures"]) {
                    mismatches.append("\(minute): the entry's departures differ from the departures answer")
                }
            }
            guard shown >= 0 else { mismatches.append("\(minute): no entry covers it"); continue }
            let entryTrains = Self.departures(entries[shown]).map { $0["trainId"] as? String ?? "" }
            let boardTrains = Self.departures(board.object).map { $0["trainId"] as? String ?? "" }
            if entryTrains != boardTrains { mismatches.append("\(minute): the entry shows \(entryTrains), the board \(boardTrains)") }
            if entries[shown]["lastTrainGone"] as? Bool != board.object["lastTrainGone"] as? Bool {
                mismatches.append("\(minute): lastTrainGone differs")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) minutes wrong, first: \(mismatches.prefix(3))")
        #expect(checkedEntries == entries.count, "entries whose at is not a minute of the day, or out of order")
    }

    @Test func afterTheLastTrainTheLastEntryShowsTomorrowsFirstTrains() async throws {
        let answer = try await APIClient.get(Self.bashamichi + "&at=2026-11-25T00:00")
        let timeline = answer.object
        #expect(timeline["serviceDate"] as? String == "2026-11-24")
        #expect(timeline["reloadAfter"] as? String == "2026-11-25T03:00")
        let entries = Self.entries(timeline)
        // The last inbound train leaves Bashamichi at 00:22 (BoardAPITests); it is gone at 00:23.
        let last = entries.last
        #expect(last?["at"] as? String == "2026-11-25T00:23")
        #expect(last?["lastTrainGone"] as? Bool == true)
        let next = Self.departures(last)
        #expect(next.first?["time"] as? String == "05:00")
        #expect(next.first?["serviceDate"] as? String == "2026-11-25")
        #expect(next.first?["minutesUntil"] as? Int == 4 * 60 + 37)
        // The entry before still shows the 00:22, then the next morning's trains fill the board.
        let beforeLast = entries.count > 1 ? entries[entries.count - 2] : nil
        #expect(beforeLast?["lastTrainGone"] as? Bool == false)
        #expect(Self.departures(beforeLast).map { $0["serviceDate"] as? String } == ["2026-11-24", "2026-11-25", "2026-11-25"])
    }

    @Test func askedAfterTheLastTrainThereIsOneEntryUntilThree() async throws {
        let answer = try await APIClient.get(Self.bashamichi + "&at=2026-11-25T02:00&limit=1")
        let entries = Self.entries(answer.object)
        #expect(entries.count == 1)
        #expect(entries.first?["at"] as? String == "2026-11-25T02:00")
        #expect(entries.first?["lastTrainGone"] as? Bool == true)
        #expect(Self.departures(entries.first).first?["time"] as? String == "05:00")
        #expect(answer.object["reloadAfter"] as? String == "2026-11-25T03:00")
        // At 03:00 the new service day starts, with its own reloadAfter a day later.
        let three = try await APIClient.get(Self.bashamichi + "&at=2026-11-25T03:00&limit=1")
        #expect(three.object["serviceDate"] as? String == "2026-11-25")
        #expect(three.object["reloadAfter"] as? String == "2026-11-26T03:00")
    }

    @Test func withoutATimeItStartsNowAndANameCanGiveSeveral() async throws {
        let now = try await APIClient.get(Self.bashamichi + "&limit=1")
        #expect(now.object["generatedAt"] as? String == "2026-11-24T07:30")
        #expect(now.headers[.cacheControl] == "public, max-age=45")
        let shibuya = try await APIClient.get("/api/v1/timeline?station=\(APIClient.encode("渋谷"))&direction=Inbound&at=2026-11-24T12:00&limit=1")
        #expect(shibuya.status == .ok, "\(shibuya.text.prefix(300))")
        #expect(shibuya.array.count > 1)
        #expect(shibuya.array.allSatisfy { $0["direction"] as? String == "Inbound" && !Self.entries($0).isEmpty })
    }

    @Test func badInputIsAProblem() async throws {
        try await BadInputTests.expectProblem("/api/v1/timeline?direction=Inbound", .badRequest, "missing parameter station")
        try await BadInputTests.expectProblem("/api/v1/timeline?station=bashamichi", .badRequest, "missing parameter direction")
        try await BadInputTests.expectProblem(Self.bashamichi.replacingOccurrences(of: "Inbound", with: "Up"), .notFound,
                                              "no direction \"Up\" at Minatomirai.Minatomirai.Bashamichi")
        try await BadInputTests.expectProblem("/api/v1/timeline?station=Nowhere&direction=Inbound", .notFound, "no station matches \"Nowhere\"")
        for at in ["2026-11-24T25:00", "tomorrow", "2026-11-24"] {
            try await BadInputTests.expectProblem(Self.bashamichi + "&at=\(at)", .badRequest, "at expects Tokyo local time")
        }
        for limit in ["0", "11", "-1", "abc"] {
            try await BadInputTests.expectProblem(Self.bashamichi + "&limit=\(limit)", .badRequest, "limit must be a whole number from 1 to 10")
        }
        try await BadInputTests.expectProblem(Self.bashamichi + "&date=2026-11-24", .badRequest,
                                              "unknown parameter \"date\"; this endpoint takes: station, direction, railway, at, limit")
    }
}
