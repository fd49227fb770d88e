import EkiCore
import Foundation
import Testing

@Suite struct ServiceDayTests {
    @Test func serviceDayStartsAtThree() throws {
        let tuesday = try #require(CivilDate(iso: "2026-11-17"))
        let before = ServiceInstant(date: tuesday, hour: 2, minute: 59)
        #expect(before.serviceDate.iso == "2026-11-16")
        #expect(before.minute.value == 1619)
        let after = ServiceInstant(date: tuesday, hour: 3, minute: 0)
        #expect(after.serviceDate.iso == "2026-11-17")
        #expect(after.minute.value == 180)
    }

    @Test func tenPastOneOnTuesdayIsMondayMinute1510() throws {
        let instant = try #require(ServiceInstant(parsing: "2026-11-17T01:10"))
        #expect(instant.serviceDate.iso == "2026-11-16")
        #expect(instant.serviceDate.weekday == .monday)
        #expect(instant.minute.value == 1510)
        #expect(instant.description == "2026-11-17T01:10")
    }

    @Test func absoluteTimesAreReadOnTokyosClock() throws {
        // 2026-11-16T16:10:00Z is 01:10 on Tuesday in Tokyo, whatever TZ this machine has.
        let date = Date(timeIntervalSince1970: 1_794_845_400)
        let instant = ServiceInstant(date)
        #expect(instant.serviceDate.iso == "2026-11-16")
        #expect(instant.minute.value == 1510)
    }

    @Test(arguments: ["2026-02-30T10:00", "2026-11-17T24:10", "2026-11-17T10:60", "2026-11-17", "tomorrow", "2026-11-17T7:30", ""])
    func malformedMomentsAreRejected(_ text: String) {
        #expect(ServiceInstant(parsing: text) == nil)
    }

    @Test func scheduleDaysSayWhy() throws {
        let labor = ScheduleDay(try #require(CivilDate(iso: "2026-11-23")))
        #expect(labor.kind == .holiday)
        #expect(labor.reasonJa == "祝日: 勤労感謝の日")
        #expect(ScheduleDay(try #require(CivilDate(iso: "2025-11-24"))).kind == .holiday)   // 振替休日 Monday
        let januaryTwo = ScheduleDay(try #require(CivilDate(iso: "2026-01-02")))            // a Friday
        #expect(januaryTwo.kind == .holiday)
        #expect(januaryTwo.holiday == nil)
        #expect(ScheduleDay(try #require(CivilDate(iso: "2026-12-30"))).kind == .holiday)
        #expect(ScheduleDay(try #require(CivilDate(iso: "2026-11-21"))).kind == .saturday)
        #expect(ScheduleDay(try #require(CivilDate(iso: "2026-11-22"))).kind == .holiday)    // Sunday
        #expect(ScheduleDay(try #require(CivilDate(iso: "2026-11-24"))).kind == .weekday)
        #expect(ScheduleDay(try #require(CivilDate(iso: "2026-11-21"))).preferredServiceKinds == ["saturday", "saturdayHoliday"])
    }
}
