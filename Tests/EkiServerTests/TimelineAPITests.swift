import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import Testing

/// The widget timeline over HTTP, on the hand-written Tokyo (`TokyoFixture`): each entry is the
/// departures board at its moment, and the board does not change between one entry and the next.
/// 中央通 Inbound on a weekday, worked out from the fixture: 76 locals from 05:06 every 15 minutes
/// to 23:51 (港町 05:00 … 23:45, 6 minutes on), the 24:30 from 港町 at 24:36 (00:36) and the
/// two through expresses at 07:05 and 08:05, 79 departures, no two in one minute.
@Suite struct TimelineAPITests {
    static let chuodori = "/api/v1/timeline?station=Umi.Kaigan.Chuodori&direction=Inbound"

    /// The fixture with the 銀線's directions named as the 海岸線's (east Outbound, west Inbound), in
    /// a database of its own: 渋谷坂 then has trains going Outbound on two railways, as a real name
    /// (関内: JR and the Blue Line) stands for two stations with a direction of the same id.
    static func ginOutbound() throws -> Timetable {
        try TokyoFixture.timetable(changing: { data in
            let gin = data.railways.firstIndex { $0.id == "Metro.Gin" }!
            (data.railways[gin].ascending, data.railways[gin].descending) = ("Outbound", "Inbound")
            for index in data.trains.indices where data.trains[index].railwayId == "Metro.Gin" {
                data.trains[index].directionId = data.trains[index].directionId == "Eastbound" ? "Outbound" : "Inbound"
            }
        })
    }

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

    /// 07:30: the 07:36, the 07:51 and the 08:00 express from 港町 at 08:05.
    @Test func theFirstEntriesAtChuodoriOnATuesdayMorning() async throws {
        let answer = try await APIClient.get(Self.chuodori + "&at=2026-11-24T07:30", on: APIClient.fixture())
        #expect(answer.status == .ok, "\(answer.text.prefix(300))")
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
        let timeline = answer.object
        #expect(timeline["station"] as? String == "Umi.Kaigan.Chuodori")
        #expect(timeline["direction"] as? String == "Inbound")
        #expect((timeline["directionName"] as? [String: String])?["ja"] == "上り")
        #expect(timeline["serviceDate"] as? String == "2026-11-24")
        #expect(timeline["schedule"] as? String == "Weekday")
        #expect(timeline["generatedAt"] as? String == "2026-11-24T07:30")
        #expect(timeline["reloadAfter"] as? String == "2026-11-25T03:00")

        let entries = Self.entries(timeline)
        #expect(entries.first?["at"] as? String == "2026-11-24T07:30")
        let first = Self.departures(entries.first)
        #expect(first.map { $0["time"] as? String } == ["07:36", "07:51", "08:05"])
        #expect(first.first?["minutesUntil"] as? Int == 6)
        #expect((first.first?["destinationName"] as? [String: String])?["ja"] == "渋谷坂")
        #expect((first.last?["destinationName"] as? [String: String])?["ja"] == "所沢野")
        // The 07:36 leaves the board at 07:37: the next entry starts with the 07:51, 14 minutes away.
        #expect(entries.count > 1)
        let second = entries.count > 1 ? entries[1] : nil
        #expect(second?["at"] as? String == "2026-11-24T07:37")
        #expect(Self.departures(second).first?["time"] as? String == "07:51")
        #expect(Self.departures(second).first?["minutesUntil"] as? Int == 14)
        // The board slides up by one: the second entry's first two trains are the first entry's last two.
        let trainIds = { (departures: [[String: Any]]) in departures.map { $0["trainId"] as? String } }
        #expect(trainIds(Array(Self.departures(second).prefix(2))) == trainIds(Array(first.dropFirst())))
    }

    @Test func entriesStrictlyIncreaseAndEachShowsTheLimit() async throws {
        let answer = try await APIClient.get(Self.chuodori + "&at=2026-11-24T03:00&limit=2", on: APIClient.fixture())
        let entries = Self.entries(answer.object)
        let moments = entries.compactMap { ($0["at"] as? String).flatMap(ServiceInstant.init(parsing:)) }
        #expect(moments.count == entries.count)
        // One from 03:00, then one a minute after each of the 79 departures.
        #expect(entries.count == 1 + 79)
        #expect(zip(moments, moments.dropFirst()).allSatisfy { pair in
            (pair.0.serviceDate, pair.0.minute) < (pair.1.serviceDate, pair.1.minute)
        })
        #expect(moments.allSatisfy { $0.serviceDate.iso == "2026-11-24" })
        #expect(entries.allSatisfy { Self.departures($0).count == 2 })
        #expect(entries.allSatisfy { entry in Self.departures(entry).allSatisfy { ($0["minutesUntil"] as? Int ?? -1) >= 0 } })
        // Before 05:06 nothing has left yet: one entry covers 03:00 to the first train's minute after.
        #expect(entries.count > 1 ? entries[1]["at"] as? String == "2026-11-24T05:07" : false)
        #expect(Self.departures(entries.first).map { $0["time"] as? String } == ["05:06", "05:21"])
    }

    /// The honest check: for every minute of the service day, the departures answer at that minute
    /// lists the same trains as the entry a widget would be showing then — the one with the latest
    /// `at` not after it — and at an entry's own minute it is the very same JSON.
    /// 中央通 Inbound all day, and the 環状線's inner laps at 新宿原 (a loop: no destination) from
    /// 21:00 past midnight.
    @Test(arguments: [
        (Self.chuodori, "2026-11-24T03:00", 3),
        ("/api/v1/timeline?station=\(APIClient.encode("新宿原"))&railway=\(APIClient.encode("環状線"))&direction=InnerLoop", "2026-11-24T21:00", 10),
    ])
    func everyMinuteMatchesTheDeparturesAnswer(timelineURI: String, start: String, limit: Int) async throws {
        let fixture = try APIClient.fixture()
        let timeline = try await APIClient.get(timelineURI + "&at=\(start)&limit=\(limit)", on: fixture)
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
        }, on: fixture)
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
        let answer = try await APIClient.get(Self.chuodori + "&at=2026-11-25T00:00", on: APIClient.fixture())
        let timeline = answer.object
        #expect(timeline["serviceDate"] as? String == "2026-11-24")
        #expect(timeline["reloadAfter"] as? String == "2026-11-25T03:00")
        let entries = Self.entries(timeline)
        // The last inbound train (24:30 from 港町) leaves 中央通 at 00:36 (BoardAPITests); it is
        // gone at 00:37.
        #expect(entries.count == 2)
        let last = entries.last
        #expect(last?["at"] as? String == "2026-11-25T00:37")
        #expect(last?["lastTrainGone"] as? Bool == true)
        let next = Self.departures(last)
        #expect(next.first?["time"] as? String == "05:06")
        #expect(next.first?["serviceDate"] as? String == "2026-11-25")
        #expect(next.first?["minutesUntil"] as? Int == 4 * 60 + 29)
        // The entry before (from 00:00) still shows the 00:36, then the next morning's trains fill the board.
        let beforeLast = entries.count > 1 ? entries[entries.count - 2] : nil
        #expect(beforeLast?["at"] as? String == "2026-11-25T00:00")
        #expect(Self.departures(beforeLast).map { $0["time"] as? String } == ["00:36", "05:06", "05:21"])
        #expect(beforeLast?["lastTrainGone"] as? Bool == false)
        #expect(Self.departures(beforeLast).map { $0["serviceDate"] as? String } == ["2026-11-24", "2026-11-25", "2026-11-25"])
    }

    @Test func askedAfterTheLastTrainThereIsOneEntryUntilThree() async throws {
        let fixture = try APIClient.fixture()
        let answer = try await APIClient.get(Self.chuodori + "&at=2026-11-25T02:00&limit=1", on: fixture)
        let entries = Self.entries(answer.object)
        #expect(entries.count == 1)
        #expect(entries.first?["at"] as? String == "2026-11-25T02:00")
        #expect(entries.first?["lastTrainGone"] as? Bool == true)
        #expect(Self.departures(entries.first).first?["time"] as? String == "05:06")
        #expect(answer.object["reloadAfter"] as? String == "2026-11-25T03:00")
        // At 03:00 the new service day starts, with its own reloadAfter a day later.
        let three = try await APIClient.get(Self.chuodori + "&at=2026-11-25T03:00&limit=1", on: fixture)
        #expect(three.object["serviceDate"] as? String == "2026-11-25")
        #expect(three.object["reloadAfter"] as? String == "2026-11-26T03:00")
    }

    @Test func withoutATimeItStartsNowAndANameCanGiveSeveral() async throws {
        let now = try await APIClient.get(Self.chuodori + "&limit=1", on: APIClient.fixture())
        #expect(now.object["generatedAt"] as? String == "2026-11-24T07:30")
        #expect(now.headers[.cacheControl] == "public, max-age=45")
        #expect(Self.departures(Self.entries(now.object).first).first?["time"] as? String == "07:36")
        // 渋谷坂 with trains going Outbound on the 海岸線 (to 港町, 12:10) and the 銀線 (to 表参, 12:00).
        let uri = "/api/v1/timeline?station=\(APIClient.encode("渋谷坂"))&direction=Outbound&at=2026-11-24T12:00&limit=1"
        let shibuyazaka = try await APIClient.get(uri, on: Self.ginOutbound())
        #expect(shibuyazaka.status == .ok, "\(shibuyazaka.text.prefix(300))")
        #expect(Set(shibuyazaka.array.compactMap { $0["station"] as? String }) == ["Umi.Kaigan.Shibuyazaka", "Metro.Gin.Shibuyazaka"])
        #expect(shibuyazaka.array.allSatisfy { $0["direction"] as? String == "Outbound" && !Self.entries($0).isEmpty })
        let firstTimes = shibuyazaka.array.map { Self.departures(Self.entries($0).first).first?["time"] as? String }
        #expect(Set(firstTimes) == ["12:10", "12:00"])
        // On the fixture itself only the 海岸線's 渋谷坂 has trains going Outbound: one timeline.
        let one = try await APIClient.get(uri, on: APIClient.fixture())
        #expect(one.object["station"] as? String == "Umi.Kaigan.Shibuyazaka")
    }

    @Test func badInputIsAProblem() async throws {
        try await BadInputTests.expectProblem("/api/v1/timeline?direction=Inbound", .badRequest, "missing parameter station")
        try await BadInputTests.expectProblem("/api/v1/timeline?station=chuodori", .badRequest, "missing parameter direction")
        try await BadInputTests.expectProblem(Self.chuodori.replacingOccurrences(of: "Inbound", with: "Up"), .notFound,
                                              "no direction \"Up\" at Umi.Kaigan.Chuodori")
        try await BadInputTests.expectProblem("/api/v1/timeline?station=Nowhere&direction=Inbound", .notFound, "no station matches \"Nowhere\"")
        for at in ["2026-11-24T25:00", "tomorrow", "2026-11-24"] {
            try await BadInputTests.expectProblem(Self.chuodori + "&at=\(at)", .badRequest, "at expects Tokyo local time")
        }
        for limit in ["0", "11", "-1", "abc"] {
            try await BadInputTests.expectProblem(Self.chuodori + "&limit=\(limit)", .badRequest, "limit must be a whole number from 1 to 10")
        }
        try await BadInputTests.expectProblem(Self.chuodori + "&date=2026-11-24", .badRequest,
                                              "unknown parameter \"date\"; this endpoint takes: station, direction, railway, at, limit")
    }
}
