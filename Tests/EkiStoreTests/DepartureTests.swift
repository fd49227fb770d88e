import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Boards, schedules and train runs on the hand-written Tokyo (`TokyoFixture`). Every expected
/// value is worked out from the fixture's own lines: 海岸線's inbound locals leave 港町 every 15
/// minutes from 05:00 on weekdays (every 20 from 06:00 on Saturdays and holidays), reach 中央通 6
/// minutes later, and the weekday 24:30 is the last; the through 急行 leave 港町 at 07:00 and 08:00
/// and pass 中央通 5 minutes later. (The real data's boards: `RealDataStoreTests`.)
@Suite struct DepartureTests {
    static func board(_ station: String, _ direction: String, at text: String, limit: Int = 3) throws -> Board {
        let timetable = try TokyoFixture.timetable()
        let station = try #require(timetable.reference.stations[id: station])
        let direction = try #require(timetable.reference.directions[id: direction])
        return try timetable.nextDepartures(station: station, direction: direction,
                                            at: try #require(ServiceInstant(parsing: text)), limit: limit)
    }

    @Test func chuodoriInboundWeekdayMorning() throws {
        // From 07:30 on a Tuesday: the 07:30 and 07:45 locals from 港町 (at 中央通 6 minutes on, 07:36
        // and 07:51; numbered K + the minute they leave 港町, 450 and 465), then the 08:00 express
        // (08:05), which runs on to 所沢野 — before the 08:00 local's 08:06.
        let board = try Self.board(TokyoFixture.chuodori, "Inbound", at: "2026-12-01T07:30")
        #expect(board.schedule == "Weekday")
        #expect(board.rows.map(\.departure.time.clock) == ["07:36", "07:51", "08:05"])
        #expect(board.rows.map(\.departure.ids.id) == ["Umi.Kaigan.K450.Weekday", "Umi.Kaigan.K465.Weekday",
                                                        "Umi.Kaigan.A0801.Weekday"])
        #expect(board.rows.map(\.destination.ja) == ["渋谷坂", "渋谷坂", "所沢野"])
        #expect(board.rows.map(\.departure.category) == [.local, .local, .express])
        #expect(board.rows.map(\.minutesUntil) == [6, 21, 35])
    }

    @Test func afterMidnightOnTuesdayShowsMondaysLateTrains() throws {
        // Tuesday 00:11 is Monday's service (a weekday): Monday's 24:30 from 港町 passes 中央通 at
        // 24:36, its last; then Tuesday's first, the 05:00 and 05:15 (05:06, 05:21).
        let board = try Self.board(TokyoFixture.chuodori, "Inbound", at: "2026-11-17T00:11")
        #expect(board.serviceDate.iso == "2026-11-16")
        #expect(board.rows.map(\.departure.time.serviceClock) == ["24:36", "05:06", "05:21"])
        #expect(board.rows.map(\.serviceDate.iso) == ["2026-11-16", "2026-11-17", "2026-11-17"])
        #expect(board.rows.map(\.minutesUntil) == [25, 295, 310])
        #expect(board.rows[0].departure.ids.id == "Umi.Kaigan.K1470.Weekday")
        #expect(!board.lastTrainGone)
    }

    @Test func afterTheLastTrainTheBoardSaysSoAndShowsTheFirstTrains() throws {
        // 01:10 on Wednesday: Tuesday's 24:36 has gone; Wednesday's first are the locals leaving 港町
        // at 05:00 and 05:15 (train numbers K + the service-day minute: 300, 315).
        let board = try Self.board(TokyoFixture.chuodori, "Inbound", at: "2026-11-18T01:10", limit: 2)
        #expect(board.lastTrainGone)
        #expect(board.rows.map(\.departure.ids.id) == ["Umi.Kaigan.K300.Weekday", "Umi.Kaigan.K315.Weekday"])
        #expect(board.rows.map(\.departure.time.clock) == ["05:06", "05:21"])
        #expect(board.rows.first?.serviceDate.iso == "2026-11-18")
    }

    @Test func holidayMondayRunsTheHolidayTimetable() throws {
        // 2026-11-23 (Mon) is 勤労感謝の日: SaturdayHoliday, whose first inbound leaves 港町 at 06:00 (HK360).
        let board = try Self.board(TokyoFixture.chuodori, "Inbound", at: "2026-11-23T04:00", limit: 1)
        #expect(board.schedule == "SaturdayHoliday")
        #expect(board.day.reasonEn == "holiday: Labor Thanksgiving Day")
        #expect(board.rows.first?.departure.ids.id == "Umi.Kaigan.HK360.SaturdayHoliday")
        #expect(board.rows.first?.departure.time.clock == "06:06")
    }

    @Test func schedulesPickTheCalendarsEachRailwayHas() throws {
        // Every fixture railway runs Weekday and SaturdayHoliday only: Saturdays, Sundays and
        // holidays (a substitute holiday, the New Year) take SaturdayHoliday. (A railway with
        // Saturday and Holiday calendars of its own: the real data's 荒川線, in RealDataStoreTests.)
        let reference = try TokyoFixture.timetable().reference
        func service(_ railway: String, _ date: String) throws -> String? {
            reference.service(ofRailwayId: railway, on: ScheduleDay(try #require(CivilDate(iso: date))))
        }
        for railway in ["Umi.Kaigan", "Metro.Fuku", "Kita.Kita", "JR.Kanjo", "Metro.Gin"] {
            #expect(try service(railway, "2026-11-21") == "SaturdayHoliday", "\(railway)")   // Saturday
            #expect(try service(railway, "2026-11-22") == "SaturdayHoliday", "\(railway)")   // Sunday
            #expect(try service(railway, "2025-11-24") == "SaturdayHoliday", "\(railway)")   // 振替休日
            #expect(try service(railway, "2026-01-02") == "SaturdayHoliday", "\(railway)")   // New Year, a Friday
            #expect(try service(railway, "2026-11-24") == "Weekday", "\(railway)")           // a Tuesday
        }
        #expect(try service("No.Such", "2026-11-24") == nil)
    }

    @Test func aLoopTrainStopsAfterOneLap() throws {
        // The fixture's 環状線 trains go once round unlinked; linked here lap to lap as the real
        // Yamanote's are (the 05:00 outer loop J300 goes on as the 05:10, J310), a train is still one lap.
        let timetable = try TokyoFixture.timetable { data in
            let first = data.trains.firstIndex { $0.id == "JR.Kanjo.J300.Weekday" }!
            let second = data.trains.firstIndex { $0.id == "JR.Kanjo.J310.Weekday" }!
            data.trains[first].next = ["JR.Kanjo.J310.Weekday"]
            data.trains[second].previous = ["JR.Kanjo.J300.Weekday"]
            data.trains[second].origins = []
        }
        let part = try #require(try timetable.trainPart("JR.Kanjo.J300.Weekday"))
        #expect(try timetable.trainIds(part.next) == ["JR.Kanjo.J310.Weekday"])
        let run = try #require(try timetable.trainRun(part.handle))
        #expect(run.map(\.ids.id) == ["JR.Kanjo.J300.Weekday"])
        let shibuyazaka = try #require(timetable.reference.stations[id: TokyoFixture.kanjoShibuyazaka]).handle
        #expect(run[0].stops.first?.station == shibuyazaka)
        #expect(run[0].stops.last?.station == shibuyazaka)
        #expect(run[0].stops.last?.arrival?.clock == "05:25")
        // Nor is the lap before followed back from the second.
        #expect(try timetable.trainRun("JR.Kanjo.J310.Weekday")?.map(\.ids.id) == ["JR.Kanjo.J310.Weekday"])
    }

    @Test func splittingTrainListsEachBranchOnce() throws {
        // The 07:00 through express split at 渋谷坂 (as the real Azusa 3 / Fuji Excursion 3 does at
        // Otsuki): its 海岸線 part goes on both as the 副線 part and as a 銀線 part to 表参.
        let gin = "Metro.Gin.A0701.Weekday"
        let timetable = try TokyoFixture.timetable { data in
            let kaigan = data.trains.firstIndex { $0.id == TokyoFixture.throughParts[0] }!
            data.trains[kaigan].next.append(gin)
            data.trains.append(.init(
                id: gin, railwayId: "Metro.Gin", serviceId: "Weekday", number: "A0701", typeId: "Metro.Local",
                directionId: "Eastbound", origins: [], destinations: [TokyoFixture.omotesan], names: [], vehicle: nil,
                stops: [.init(station: TokyoFixture.ginShibuyazaka, arrival: nil, departure: 7 * 60 + 13),
                        .init(station: TokyoFixture.omotesan, arrival: 7 * 60 + 16, departure: nil)],
                next: [], previous: [TokyoFixture.throughParts[0]]))
        }
        // The first branch whole (on through 北線 to 所沢野), then the second.
        let run = try #require(try timetable.trainRun(TokyoFixture.throughParts[0]))
        #expect(run.map(\.ids.id) == TokyoFixture.throughParts + [gin])
        #expect(run.map(\.ids.id).count == Set(run.map(\.ids.id)).count)
        // Asked from the 銀線 branch: back to 港町 (the first previous part) and on to 表参; forward
        // only from the part asked, so not along the other branch.
        let fromBranch = try #require(try timetable.trainRun(gin))
        #expect(fromBranch.map(\.ids.id) == [TokyoFixture.throughParts[0], gin])
    }

    @Test func loopBoardsNameTheStationsAheadOrWhereTheRunEnds() throws {
        // The 環状線's major stations are its two biggest complexes, 渋谷坂 (four railways) and 新宿原
        // (two). The inner loop from 渋谷坂 runs 東京前 → 上野森 → 新宿原 → 渋谷坂: a whole lap
        // ahead, so the board names a station ahead, not an end; 新宿原 is past the far side of
        // the loop (the outer loop's sign names it), so the next stop, 東京前, names this way.
        let board = try Self.board(TokyoFixture.kanjoShibuyazaka, "InnerLoop", at: "2026-12-01T10:00", limit: 1)
        let row = try #require(board.rows.first)
        #expect(row.departure.time.clock == "10:05")   // the 10:00's inner-loop twin leaves 5 minutes later
        #expect(row.departure.destinations.isEmpty)
        #expect(row.destination.ja == "東京前方面")
        // From 上野森 the outer loop's train ends at 渋谷坂 two stops on, less than a lap ahead:
        // signed for where it ends. The 10:00 from 渋谷坂 is at 上野森 12 minutes later.
        let ueno = try Self.board(TokyoFixture.uenomori, "OuterLoop", at: "2026-12-01T10:10", limit: 1)
        #expect(ueno.rows.first?.departure.time.clock == "10:12")
        let reference = try TokyoFixture.timetable().reference
        #expect(ueno.rows.first.map { reference.stationIds($0.departure.destinations) } == [TokyoFixture.kanjoShibuyazaka])
        #expect(ueno.rows.first?.destination.ja == "渋谷坂")
    }

    @Test func nameLookupFindsEveryRailwayOfAComplex() throws {
        let timetable = try TokyoFixture.timetable()
        // 渋谷坂 is one complex of four railways; 新宿原 of two.
        #expect(Set(timetable.stations(matching: "渋谷坂").compactMap { timetable.reference.railwayId(of: $0) })
                == ["Umi.Kaigan", "Metro.Fuku", "JR.Kanjo", "Metro.Gin"])
        #expect(Set(timetable.stations(matching: "shibuyazaka").map(\.id)) == Set(timetable.stations(matching: "渋谷坂").map(\.id)))
        #expect(timetable.stations(matching: "新宿原").map(\.id).sorted() == [TokyoFixture.kanjoShinjukuhara, TokyoFixture.fukuShinjukuhara].sorted())
        #expect(timetable.stations(matching: "Minatomachi").map(\.id) == [TokyoFixture.minatomachi])
        #expect(timetable.stations(matching: TokyoFixture.omotesan).map(\.id) == [TokyoFixture.omotesan])
        #expect(timetable.stations(matching: "zzzz").isEmpty)
    }
}
