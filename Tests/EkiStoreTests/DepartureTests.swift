import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Boards from the real data; every expected value was read by hand from the shared JSON.
@Suite struct DepartureTests {
    static func board(_ station: String, _ direction: String, at text: String, limit: Int = 3) throws -> Board {
        let (timetable, _) = try SharedData.imported()
        let station = try #require(timetable.reference.stations[id: station])
        let direction = try #require(timetable.reference.directions[id: direction])
        return try timetable.nextDepartures(station: station, direction: direction,
                                            at: try #require(ServiceInstant(parsing: text)), limit: limit)
    }

    @Test func bashamichiInboundWeekdayMorning() throws {
        let board = try Self.board("Minatomirai.Minatomirai.Bashamichi", "Inbound", at: "2026-11-24T07:30")
        #expect(board.schedule == "Weekday")
        #expect(board.rows.map(\.departure.time.clock) == ["07:31", "07:34", "07:37"])
        #expect(board.rows.map(\.departure.trainId) == ["Minatomirai.Minatomirai.006072.Weekday",
                                                        "Minatomirai.Minatomirai.019072.Weekday",
                                                        "Minatomirai.Minatomirai.060072.Weekday"])
        #expect(board.rows[0].destination.ja == "清瀬")
        #expect(board.rows[2].departure.category == .express)
        #expect(board.rows.map(\.minutesUntil) == [1, 4, 7])
    }

    @Test func afterMidnightOnTuesdayShowsMondaysLateTrains() throws {
        // Tuesday 00:11 is Monday's service (a weekday): the 00:17 and 00:22 are Monday's last trains,
        // then Tuesday's first train at 05:00.
        let board = try Self.board("Minatomirai.Minatomirai.Bashamichi", "Inbound", at: "2026-11-17T00:11", limit: 3)
        #expect(board.serviceDate.iso == "2026-11-16")
        #expect(board.rows.map(\.departure.time.serviceClock) == ["24:17", "24:22", "05:00"])
        #expect(board.rows.map(\.serviceDate.iso) == ["2026-11-16", "2026-11-16", "2026-11-17"])
        #expect(board.rows.map(\.minutesUntil) == [6, 11, 289])
        #expect(!board.lastTrainGone)
    }

    @Test func afterTheLastTrainTheBoardSaysSoAndShowsTheFirstTrains() throws {
        let board = try Self.board("Minatomirai.Minatomirai.Bashamichi", "Inbound", at: "2026-11-18T01:10", limit: 2)
        #expect(board.lastTrainGone)
        #expect(board.rows.map(\.departure.trainId) == ["Minatomirai.Minatomirai.013042.Weekday",
                                                        "Minatomirai.Minatomirai.012052.Weekday"])
        #expect(board.rows.first?.serviceDate.iso == "2026-11-18")
    }

    @Test func holidayMondayRunsTheHolidayTimetable() throws {
        // 2026-11-23 (Mon) is 勤労感謝の日: Minatomirai runs SaturdayHoliday.
        let board = try Self.board("Minatomirai.Minatomirai.Bashamichi", "Inbound", at: "2026-11-23T04:00", limit: 1)
        #expect(board.schedule == "SaturdayHoliday")
        #expect(board.day.reasonEn == "holiday: Labor Thanksgiving Day")
        #expect(board.rows.first?.departure.trainId == "Minatomirai.Minatomirai.013042.SaturdayHoliday")
    }

    @Test func schedulesPickTheCalendarsEachRailwayHas() throws {
        let (timetable, _) = try SharedData.imported()
        let reference = timetable.reference
        func service(_ railway: String, _ date: String) throws -> String? {
            reference.service(ofRailwayId: railway, on: ScheduleDay(try #require(CivilDate(iso: date))))
        }
        // A Saturday on a railway with only Weekday and SaturdayHoliday.
        #expect(try service("Minatomirai.Minatomirai", "2026-11-21") == "SaturdayHoliday")
        // Toei Arakawa publishes Weekday, Saturday and Holiday.
        #expect(try service("Toei.Arakawa", "2026-11-21") == "Saturday")
        #expect(try service("Toei.Arakawa", "2026-11-22") == "Holiday")
        #expect(try service("Toei.Arakawa", "2025-11-24") == "Holiday")   // 振替休日
        #expect(try service("Toei.Arakawa", "2026-01-02") == "Holiday")   // New Year, a Friday
        #expect(try service("Toei.Arakawa", "2026-11-24") == "Weekday")
    }

    @Test func trainFromMotomachiChukagaiIsFollowedToKiyose() throws {
        let (timetable, _) = try SharedData.imported()
        let run = try #require(try timetable.trainRun("Tokyu.Toyoko.026054.Weekday"))
        #expect(run.map(\.id) == ["Minatomirai.Minatomirai.026054.Weekday", "Tokyu.Toyoko.026054.Weekday",
                                  "TokyoMetro.Fukutoshin.B526K2.Weekday", "Seibu.SeibuYurakucho.6701.Weekday",
                                  "Seibu.Ikebukuro.6701.Weekday"])
        #expect(run.first?.stops.first?.station == "Minatomirai.Minatomirai.MotomachiChukagai")
        #expect(run.last?.stops.last?.station == "Seibu.Ikebukuro.Kiyose")
        #expect(run.last?.stops.last?.arrival?.clock == "07:39")
    }

    @Test func yamanoteTrainStopsAfterOneLap() throws {
        let (timetable, _) = try SharedData.imported()
        let part = try #require(try timetable.trainPart("JR-East.Yamanote.400G.Weekday"))
        #expect(part.next == ["JR-East.Yamanote.500G.Weekday"])
        let run = try #require(try timetable.trainRun("JR-East.Yamanote.400G.Weekday"))
        #expect(run.map(\.id) == ["JR-East.Yamanote.400G.Weekday"])
        #expect(run[0].stops.first?.station == "JR-East.Yamanote.Osaki")
        #expect(run[0].stops.last?.station == "JR-East.Yamanote.Osaki")
    }

    @Test func splittingTrainListsEachBranchOnce() throws {
        // Azusa 3 / Fuji Excursion 3 splits at Otsuki: the Chuo part continues as .2 and as a Fujikyu part.
        let (timetable, _) = try SharedData.imported()
        let run = try #require(try timetable.trainRun("JR-East.Chuo.5003M.Weekday.1"))
        let ids = run.map(\.id)
        #expect(ids.count == Set(ids).count)
        #expect(ids.contains("JR-East.Chuo.5003M.Weekday.2"))
        #expect(ids.contains("Fujikyu.Fujikyu.2103M.Weekday"))
        #expect(Array(ids.prefix(4)) == ["JR-East.SobuRapid.5003M.Weekday", "JR-East.ChuoSobuLocal.5003M.Weekday",
                                   "JR-East.ChuoRapid.5003M.Weekday", "JR-East.Chuo.5003M.Weekday.1"])
    }

    @Test func yamanoteBoardsNameTheStationsAhead() throws {
        let board = try Self.board("JR-East.Yamanote.Osaki", "InnerLoop", at: "2026-11-24T10:00", limit: 1)
        // Inner loop from Osaki runs Shinagawa → Tokyo; the next major stations are Shinagawa and Hamamatsucho.
        #expect(board.rows.first?.destination.ja.hasSuffix("方面") == true)
        #expect(board.rows.first?.destination.ja.hasPrefix("品川") == true)
    }

    @Test func nameLookupFindsEveryRailwayOfAComplex() throws {
        let (timetable, _) = try SharedData.imported()
        let shibuya = Set(timetable.stations(matching: "渋谷").compactMap { timetable.reference.railwayId(of: $0) })
        #expect(shibuya.isSuperset(of: ["JR-East.Yamanote", "Tokyu.Toyoko", "TokyoMetro.Ginza", "Keio.Inokashira"]))
        #expect(Set(timetable.stations(matching: "shibuya").map(\.id)) == Set(timetable.stations(matching: "しぶや").map(\.id)))
        #expect(timetable.stations(matching: "ばしゃみち").map(\.id) == ["Minatomirai.Minatomirai.Bashamichi"])
        #expect(timetable.stations(matching: "zzzz").isEmpty)
    }
}
