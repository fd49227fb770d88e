import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import GRDB
import Testing

/// Boards, the service day, schedules, through service and loop lines on the hand-written Tokyo in
/// memory (`TokyoFixture`): the logic, without `../shared`. Every expected value follows from the
/// fixture's own lines (港町 inbound locals every 15 minutes from 05:00 on weekdays, …).
@Suite struct FixtureBoardTests {
    static func board(_ station: String, _ direction: String, at text: String, limit: Int = 3) throws -> Board {
        let timetable = try TokyoFixture.timetable()
        let station = try #require(timetable.reference.stations[id: station])
        let direction = try #require(timetable.reference.directions[id: direction])
        return try timetable.nextDepartures(station: station, direction: direction,
                                            at: try #require(ServiceInstant(parsing: text)), limit: limit)
    }

    @Test func firstWeekdayInboundTrainFromMinatomachiIsTheFiveOClockLocal() throws {
        let board = try Self.board(TokyoFixture.minatomachi, "Inbound", at: "2026-12-01T04:00")
        #expect(board.schedule == "Weekday")
        #expect(board.rows.map(\.departure.time.clock) == ["05:00", "05:15", "05:30"])
        #expect(board.rows[0].destination.ja == "渋谷坂")
        #expect(board.rows[0].departure.category == .local)
        #expect(board.rows.map(\.minutesUntil) == [60, 75, 90])
    }

    @Test func theThroughExpressNamesWhereItEndsTwoRailwaysOn() throws {
        let board = try Self.board(TokyoFixture.minatomachi, "Inbound", at: "2026-12-01T06:58", limit: 2)
        #expect(board.rows.map(\.departure.time.clock) == ["07:00", "07:00"])
        let express = try #require(board.rows.first { $0.departure.category == .express })
        #expect(express.departure.ids.id == TokyoFixture.throughParts[0])
        #expect(express.destination.ja == "所沢野")
        #expect(express.destination.en == "Tokorozawano")
    }

    @Test func pastMidnightTheBoardIsStillYesterdaysServiceDay() throws {
        // Wednesday 00:20 is Tuesday's service day: the 24:30 is Tuesday's last train, then Wednesday's 05:00.
        let board = try Self.board(TokyoFixture.minatomachi, "Inbound", at: "2026-12-02T00:20")
        #expect(board.serviceDate.iso == "2026-12-01")
        #expect(board.rows.map(\.departure.time.serviceClock) == ["24:30", "05:00", "05:15"])
        #expect(board.rows.map(\.serviceDate.iso) == ["2026-12-01", "2026-12-02", "2026-12-02"])
        #expect(board.rows.map(\.minutesUntil) == [10, 280, 295])
        #expect(!board.lastTrainGone)
        #expect(board.rows.map(\.isNextDay) == [false, true, true])
    }

    @Test func afterTheLastTrainTheBoardSaysSoAndShowsTheFirstTrains() throws {
        let board = try Self.board(TokyoFixture.minatomachi, "Inbound", at: "2026-12-02T00:40", limit: 2)
        #expect(board.lastTrainGone)
        #expect(!board.noTrainsThisDay)
        #expect(board.rows.map(\.departure.time.clock) == ["05:00", "05:15"])
        #expect(board.rows.map(\.serviceDate.iso) == ["2026-12-02", "2026-12-02"])
    }

    @Test func aHolidayMondayRunsTheSaturdayHolidayTimetable() throws {
        // 2026-11-23 (Mon) is 勤労感謝の日 by Japan's rules: the fixture's SaturdayHoliday, first train 06:00.
        let board = try Self.board(TokyoFixture.minatomachi, "Inbound", at: "2026-11-23T04:00", limit: 2)
        #expect(board.schedule == "SaturdayHoliday")
        #expect(board.day.reasonEn == "holiday: Labor Thanksgiving Day")
        #expect(board.rows.map(\.departure.time.clock) == ["06:00", "06:20"])
        #expect(board.rows[0].departure.ids.id == "Umi.Kaigan.HK360.SaturdayHoliday")
    }

    @Test func aLoopTrainGoesTowardTheMajorStationsAhead() throws {
        let board = try Self.board(TokyoFixture.kanjoShibuyazaka, "OuterLoop", at: "2026-12-01T12:01", limit: 1)
        let row = try #require(board.rows.first)
        #expect(row.departure.time.clock == "12:10")
        #expect(row.departure.destinations.isEmpty)
        #expect(row.destination.ja.hasSuffix("方面"))
        #expect(row.destination.ja.hasPrefix("新宿原"))
    }

    @Test func theThroughTrainIsFollowedAcrossThreeRailways() throws {
        let timetable = try TokyoFixture.timetable()
        // Asked from its middle part, the run still starts at 港町 and ends at 所沢野.
        let run = try #require(try timetable.trainRun(TokyoFixture.throughParts[1]))
        let reference = timetable.reference
        #expect(run.map(\.ids.id) == TokyoFixture.throughParts)
        #expect(run.map { reference.railways.id(of: $0.railway) } == ["Umi.Kaigan", "Metro.Fuku", "Kita.Kita"])
        #expect(run.first?.stops.first.map { reference.stations.id(of: $0.station) } == TokyoFixture.minatomachi)
        #expect(run.last?.stops.last.map { reference.stations.id(of: $0.station) } == TokyoFixture.tokorozawano)
        #expect(run.last?.stops.last?.arrival?.clock == "07:40")
        #expect(run[1].previous == [run[0].handle])
        #expect(run[1].next == [run[2].handle])
    }

    @Test func aComplexOfThreePlatformGroupsChangesByItsGroups() throws {
        let timetable = try TokyoFixture.timetable()
        let found = timetable.stations(matching: "渋谷坂").map(\.id).sorted()
        #expect(found == [TokyoFixture.kanjoShibuyazaka, TokyoFixture.fukuShibuyazaka, TokyoFixture.ginShibuyazaka,
                          TokyoFixture.kaiganShibuyazaka].sorted())
        let stations = timetable.reference.stations
        let kaigan = try #require(stations[id: TokyoFixture.kaiganShibuyazaka])
        let fuku = try #require(stations[id: TokyoFixture.fukuShibuyazaka])
        let kanjo = try #require(stations[id: TokyoFixture.kanjoShibuyazaka])
        let gin = try #require(stations[id: TokyoFixture.ginShibuyazaka])
        #expect(kaigan.complex == gin.complex)
        #expect(kaigan.platformGroup == fuku.platformGroup)
        #expect(Set([kaigan.platformGroup, kanjo.platformGroup, gin.platformGroup]).count == 3)
        // The rule (docs/TRANSFERS.md): 2 minutes to another railway of the same group, 5 through
        // another operator's gates to another group.
        #expect(timetable.reference.change(from: kaigan, to: fuku).minutes == 2)
        #expect(timetable.reference.change(from: kaigan, to: kanjo).minutes == 5)
        // No figure in the data: the rule's minutes, told as a 目安.
        #expect(timetable.reference.change(from: kaigan, to: kanjo).words.ja == "徒歩5分（改札を出て乗換・目安）")
        #expect(timetable.reference.change(from: kaigan, to: kanjo).words.en == "5 min walk (to another operator's platforms; estimated)")
    }

    /// A platform group of four railways or more is several islands, not one (大崎's six lines, 千葉's
    /// five): the rule gives 3 minutes there, 2 in a smaller group. Here 渋谷坂's four railways made
    /// one group.
    @Test func aGroupOfFourRailwaysIsAMinuteLonger() throws {
        let timetable = try TokyoFixture.timetable { data in
            data.complexes[0] = [[TokyoFixture.kaiganShibuyazaka, TokyoFixture.fukuShibuyazaka, TokyoFixture.kanjoShibuyazaka,
                                  TokyoFixture.ginShibuyazaka]]
        }
        let reference = timetable.reference
        let kaigan = try #require(reference.stations[id: TokyoFixture.kaiganShibuyazaka])
        let fuku = try #require(reference.stations[id: TokyoFixture.fukuShibuyazaka])
        let gin = try #require(reference.stations[id: TokyoFixture.ginShibuyazaka])
        #expect(kaigan.platformGroup == gin.platformGroup)
        for (from, to) in [(kaigan, fuku), (fuku, gin), (gin, kaigan)] {
            let change = reference.change(from: from, to: to)
            #expect(change.minutes == 3 && change.kind == .sameArea && change.estimated, "\(from.id) → \(to.id)")
        }
        #expect(reference.ruleBasis(from: kaigan, to: fuku)
                == "rule: another railway of the same platform group, 2 min (3 in a group of 4 railways or more): 3 min")
        // The same railway's stop is still a minute.
        #expect(reference.change(from: kaigan, to: kaigan).minutes == 1)
    }

    @Test func theFiveCategoriesAreAllThere() throws {
        let timetable = try TokyoFixture.timetable()
        #expect(Set(timetable.reference.trainTypes.values.map(\.category)) == Set(TrainCategory.allCases))
    }
}

/// How many statements an answer costs, counted by GRDB's trace on a fixture database of the test's own.
@Suite struct FixtureStatementCountTests {
    @Test func aTrainPartCostsTheSameStatementsWhateverItsStops() throws {
        let counted = try TokyoFixture.Counted()
        // 北線's 2-stop local and 環状線's 5-stop loop train, and a through part with links both ways.
        var parts: [String: TrainPart] = [:]
        let timetable = counted.timetable
        let (shortTrain, longTrain, linkedTrain) = (try #require(try timetable.resolveTrain("Kita.Kita.N340.Weekday")),
                                                    try #require(try timetable.resolveTrain("JR.Kanjo.J300.Weekday")),
                                                    try #require(try timetable.resolveTrain(TokyoFixture.throughParts[1])))
        let short = try counted.count { parts["short"] = try timetable.trainPart(shortTrain) }
        let long = try counted.count { parts["long"] = try timetable.trainPart(longTrain) }
        let linked = try counted.count { parts["linked"] = try timetable.trainPart(linkedTrain) }
        #expect(parts["short"]?.stops.count == 2)
        #expect(parts["long"]?.stops.count == 5)
        #expect(try parts["linked"].map { try counted.timetable.trainIds($0.next) } == [TokyoFixture.throughParts[2]])
        #expect(short.count == long.count)
        #expect(long.count == linked.count)
        #expect(long.count == 4, "\(long)")   // the part, its terminals, its links, its names
    }

    @Test func stationDetailReadsEachDirectionsDayOnce() throws {
        let counted = try TokyoFixture.Counted()
        let timetable = counted.timetable
        let station = try #require(timetable.reference.stations[id: TokyoFixture.chuodori])
        _ = try timetable.directions(at: station)
        var detail: StationDetail?
        let statements = try counted.count {
            detail = try timetable.stationDetail(station, at: try #require(ServiceInstant(parsing: "2026-12-01T12:00")))
        }
        #expect(detail?.sides.count == 2)
        #expect(detail?.sides.map(\.direction.id) == ["Outbound", "Inbound"])
        #expect(detail?.sides.map { $0.next.first?.departure.time.clock } == ["12:03", "12:06"])
        // One read of the day's departures per direction, and nothing else from the departure table.
        #expect(statements.filter { $0.contains("FROM departure d") }.count == 2)
    }
}
