import Foundation
import Testing
@testable import EkiCore

private func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

@Suite struct JapaneseHolidayTests {
    @Test("spot checks", arguments: [
        ("2026-11-23", "勤労感謝の日", "Labor Thanksgiving Day"),
        ("2025-11-24", "勤労感謝の日 振替休日", "Substitute Holiday (Labor Thanksgiving Day)"),
        ("2026-09-22", "国民の休日", "Citizens' Holiday"),
        ("2026-05-06", "憲法記念日 振替休日", "Substitute Holiday (Constitution Memorial Day)"),
        ("2019-04-30", "国民の休日", "Citizens' Holiday"),
        ("2019-05-01", "天皇の即位の日", "Enthronement Day"),
        ("2019-05-02", "国民の休日", "Citizens' Holiday"),
        ("2019-10-22", "即位礼正殿の儀", "Enthronement Ceremony"),
        ("2020-07-24", "スポーツの日", "Sports Day"),
        ("2021-08-09", "山の日 振替休日", "Substitute Holiday (Mountain Day)"),
        ("1988-05-04", "国民の休日", "Citizens' Holiday"),
        ("1973-04-30", "天皇誕生日 振替休日", "Substitute Holiday (The Emperor's Birthday)"),
        ("1948-11-23", "勤労感謝の日", "Labor Thanksgiving Day"),
        ("2099-03-20", "春分の日", "Vernal Equinox Day"),
        ("2099-09-23", "秋分の日", "Autumnal Equinox Day"),
    ])
    func spotCheck(iso: String, ja: String, en: String) {
        let holiday = JapaneseHolidays.holiday(on: date(iso))
        #expect(holiday == Holiday(date: date(iso), nameJa: ja, nameEn: en))
    }

    @Test func ordinaryDaysAndHistory() {
        for iso in ["2026-11-24", "2019-12-23", "2019-02-23", "2020-10-12", "2020-07-20", "2021-08-11",
                    "1948-01-01", "1965-09-15",
                    "1985-05-04", "1973-02-12", "2026-09-24"] {
            #expect(JapaneseHolidays.holiday(on: date(iso)) == nil, "\(iso) should be an ordinary day")
        }
        #expect(JapaneseHolidays.holidays(in: 1947).isEmpty)
        #expect(JapaneseHolidays.holidays(in: 1948).map(\.date.iso) == ["1948-09-23", "1948-11-03", "1948-11-23"])
    }

    @Test func everyYearIsWellFormedThrough2099() {
        for year in 1949...2099 {
            let list = JapaneseHolidays.holidays(in: year)
            #expect(list.map(\.date) == list.map(\.date).sorted() && Set(list.map(\.date)).count == list.count)
            #expect(list.allSatisfy { $0.date.year == year && !$0.nameJa.isEmpty && !$0.nameEn.isEmpty })
            let spring = list.filter { $0.nameJa == "春分の日" }, autumn = list.filter { $0.nameJa == "秋分の日" }
            #expect(spring.count == 1 && (19...22).contains(spring[0].date.day) && spring[0].date.month == 3, "\(year)")
            #expect(autumn.count == 1 && (21...24).contains(autumn[0].date.day) && autumn[0].date.month == 9, "\(year)")
            // No substitute or citizens' holiday falls on a Sunday, and every day listed is found by lookup.
            #expect(list.allSatisfy { !($0.nameJa.hasSuffix("振替休日") || $0.nameJa == "国民の休日") || $0.date.weekday != .sunday })
            #expect(list.allSatisfy { JapaneseHolidays.holiday(on: $0.date) == $0 })
        }
        // Years beyond the cached range are computed on demand the same way.
        #expect(JapaneseHolidays.holidays(in: 2200).contains { $0.nameJa == "勤労感謝の日" && $0.date.iso == "2200-11-23" })
    }

    @Test func concurrentLookupsAgree() async {
        let results = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (2000...2040).reduce(0) { $0 + JapaneseHolidays.holidays(in: $1).count } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(Set(results).count == 1)
    }
}

@Suite struct CivilDateTests {
    @Test func rejectsImpossibleDates() {
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2026, month: 2, day: 30) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        for bad in ["2026-1-1", "2026-02-29", "2026-13-01", "2026-00-10", "26-01-01", "2026/01/01",
                    "2026-01-01T00:00", " 2026-01-01", "2026-0a-01", "+026-01-01", ""] {
            #expect(CivilDate(iso: bad) == nil, "\(bad)")
        }
        #expect(CivilDate(iso: "2024-02-29")?.iso == "2024-02-29")
    }

    @Test func weekdaysAndArithmetic() {
        #expect(date("2026-11-22").weekday == .sunday)
        #expect(date("1970-01-01").weekday == .thursday)
        #expect(date("2000-01-01").weekday == .saturday)
        #expect(date("1955-01-01").weekday == .saturday)
        #expect(date("1970-01-01").daysSinceEpoch == 0)
        #expect(date("2026-11-23").daysSinceEpoch == 20_780)
        #expect(date("1969-12-31").daysSinceEpoch == -1)
        #expect(date("2026-12-31").adding(days: 1) == date("2027-01-01"))
        #expect(date("2027-01-01").adding(days: -1) == date("2026-12-31"))
        #expect(date("2024-02-28").adding(days: 1) == date("2024-02-29"))
        #expect(date("2023-12-25").adding(days: 400) == date("2025-01-28"))
        #expect(date("1900-03-01").adding(days: -1) == date("1900-02-28"))
        // Round trip every day over a long span.
        var d = date("1899-12-25")
        for n in d.daysSinceEpoch...date("2101-01-05").daysSinceEpoch {
            #expect(CivilDate(daysSinceEpoch: n) == d && d.daysSinceEpoch == n)
            if d != CivilDate(daysSinceEpoch: n) { break }
            d = CivilDate(year: d.year, month: d.month, day: d.day + 1)
                ?? CivilDate(year: d.year, month: d.month + 1, day: 1)
                ?? CivilDate(year: d.year + 1, month: 1, day: 1)!
        }
    }

    @Test func orderingDescriptionAndCoding() throws {
        #expect(date("2025-12-31") < date("2026-01-01"))
        #expect(date("2026-01-31") < date("2026-02-01"))
        #expect("\(date("2026-11-23"))" == "2026-11-23")
        #expect(CivilDate(year: 987, month: 6, day: 5)?.iso == "0987-06-05")
        let json = try JSONEncoder().encode([date("2026-11-23")])
        #expect(String(decoding: json, as: UTF8.self) == #"["2026-11-23"]"#)
        #expect(try JSONDecoder().decode([CivilDate].self, from: json) == [date("2026-11-23")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CivilDate].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }

    /// Any year a date can hold gets an answer, never a trap: the equinox formula would name
    /// March 32 from about 4652 on, and far back it is meaningless. Outside its fit there is no
    /// equinox holiday; every date of every year stays a real one.
    @Test func everyRepresentableYearIsAnsweredWithoutFailing() {
        for year in [-9999, -1, 0, 1, 1000, 1899, 2151, 3000, 4651, 4652, 5000, 9999, 10_000, 123_456] {
            let holidays = JapaneseHolidays.holidays(in: year)
            #expect(holidays.allSatisfy { $0.date.year == year && !$0.nameJa.contains("分の日") }, "\(year)")
            _ = ScheduleDay(CivilDate(year: year, month: 3, day: 20)!)   // the holiday look-up a date makes
        }
        #expect(JapaneseHolidays.holidays(in: 4652).map(\.nameEn).contains("New Year's Day"))
        #expect(JapaneseHolidays.holiday(on: date("9999-12-31")) == nil)
        // The fitted years keep their equinoxes, up to the end of the 2100–2150 constants.
        #expect(JapaneseHolidays.holiday(on: date("2099-03-20"))?.nameJa == "春分の日")
        #expect(JapaneseHolidays.holidays(in: 2150).contains { $0.nameJa == "秋分の日" })
        #expect(JapaneseHolidays.supportedYears == 1949...2099)
    }
}
