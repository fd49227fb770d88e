import EkiCore
import EkiStore
import EkiTestSupport
@testable import EkiTicket
import Foundation
import Testing

/// The trip a ticket describes: its phases and words, edits, the store, and the departures after arrival.
@Suite struct TripTests {
    static func tokyo(_ text: String) -> Date {
        let instant = ServiceInstant(parsing: text)!
        let seconds = instant.calendarDate.daysSinceEpoch * 86_400 + (instant.minute.value % 1440) * 60 - 9 * 3600
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func nozomi() throws -> Trip {
        var trip = Trip(ticket: Ticket(source: .manual))
        let edit = TicketEdit()
        for (field, value) in [("train", "のぞみ 225号"), ("date", "2025-03-18"), ("from", "Tokyo"), ("to", "しんおおさか"),
                               ("departure", "10:30"), ("arrival", "12:57"), ("car", "8"), ("seat", "12e")] {
            trip = try edit.apply(field, value, to: trip)
        }
        return trip
    }

    @Test func countdownThenOnBoardThenEnded() throws {
        let trip = try Self.nozomi()
        let ja = TripWords(lang: .ja), en = TripWords(lang: .en)
        #expect(ja.now(trip, at: Self.tokyo("2025-03-18T10:07")) == "のぞみ225号 10:30発まで23分 · 8号車 12E")
        #expect(en.now(trip, at: Self.tokyo("2025-03-18T10:07")) == "Nozomi 225 leaves 10:30 in 23 min · Car 8 12E")
        #expect(ja.now(trip, at: Self.tokyo("2025-03-18T11:16")) == "新大阪 12:57着まで1時間41分")
        guard case .onBoard(let minutes?, let progress?) = trip.phase(at: Self.tokyo("2025-03-18T11:16")) else {
            Issue.record("not on board"); return
        }
        #expect(minutes == 101)
        #expect(abs(progress - 46.0 / 147.0) < 0.001)
        #expect(trip.phase(at: Self.tokyo("2025-03-18T13:10")) == .arrived(minutes: 13))
        #expect(trip.phase(at: Self.tokyo("2025-03-18T13:28")) == .ended)
        #expect(ja.now(trip, at: Self.tokyo("2025-03-16T10:30")) == "のぞみ225号 10:30発まで2日 · 8号車 12E")
    }

    @Test func editsAreCheckedAndSure() throws {
        let trip = try Self.nozomi()
        #expect(trip.ticket.from?.name == "東京" && trip.ticket.to?.nameEn == "Shin-Osaka")
        #expect(trip.ticket.seat == "12E" && trip.ticket.reserved == true)
        #expect(TicketField.allCases.allSatisfy { !trip.isUnsure($0) })
        let edit = TicketEdit()
        #expect(throws: TicketEdit.Failure.self) { try edit.apply("car", "42", to: trip) }
        #expect(throws: TicketEdit.Failure.self) { try edit.apply("from", "渋谷", to: trip) }
        #expect(throws: TicketEdit.Failure.self) { try edit.apply("platform", "14", to: trip) }
        #expect(try edit.apply("car", "", to: trip).ticket.car == nil)
    }

    @Test func storeKeepsOneTripAndLookingNeverDeletesIt() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let store = TripStore(state: try UserState(url: scratch.file("state.sqlite")))
        let trip = try Self.nozomi()
        try store.save(trip)
        #expect(try store.active(at: Self.tokyo("2025-03-18T09:00")).trip == trip)
        // After arrival it is over, and said so; asking about that moment keeps the ticket.
        let after = try store.active(at: Self.tokyo("2025-03-18T14:00"))
        #expect(after.trip == nil && after.ended == trip)
        #expect(try store.active(at: Self.tokyo("2025-03-18T09:00")).trip == trip)
        #expect(try store.current() == trip)
        #expect(try store.clear() && store.current() == nil)
    }

    @Test func editsFollowWhatTheScannerReads() throws {
        let trip = try Self.nozomi(), edit = TicketEdit()
        // Rows 1–25 and seats A–E, as the scanner reads them.
        #expect(throws: TicketEdit.Failure.self) { try edit.apply("seat", "0A", to: trip) }
        #expect(throws: TicketEdit.Failure.self) { try edit.apply("seat", "99E", to: trip) }
        #expect(throws: TicketEdit.Failure.self) { try edit.apply("seat", "3F", to: trip) }
        #expect(try edit.apply("seat", "25e", to: trip).ticket.seat == "25E")
        #expect(try edit.apply("seat", "3番B席", to: trip).ticket.seat == "3B")
        // Classes in any case, or as printed in Japanese.
        for (typed, seatClass) in [("Green", Ticket.SeatClass.green), ("GRANCLASS", .granClass), ("Gran Class", .granClass),
                                   ("グリーン車", .green), ("普通車", .ordinary)] {
            #expect(try edit.apply("seatClass", typed, to: trip).ticket.seatClass == seatClass, "\(typed)")
        }
        // Stations as printed, with the printers' full-width space, or as a city zone.
        #expect(try edit.apply("from", "東　京", to: trip).ticket.from?.name == "東京")
        #expect(try edit.apply("to", "軽 井 沢", to: trip).ticket.to?.name == "軽井沢")
        #expect(try edit.apply("from", "横浜市内", to: trip).ticket.from?.name == "新横浜")
    }

    /// Issue 31, "dates told": a ticket whose date has passed, or is more than a year ahead, says so
    /// in words (both languages) and in `dateStatus`; the trip is kept and shown, never dropped. Each
    /// moment is given (`at:`), so nothing here depends on the day the test runs.
    @Test func aDateThatHasPassedOrIsAYearAheadIsTold() throws {
        var trip = try TicketEdit().apply("date", "2026-01-05", to: try Self.nozomi())   // a Monday
        let now = Self.tokyo("2026-03-10T09:00")
        let ja = TripWords(lang: .ja), en = TripWords(lang: .en)
        #expect(trip.dateStatus(at: now) == .past)
        #expect(ja.now(trip, at: now) == "この切符は2026年1月5日（月）のものです（過ぎています）")
        #expect(en.now(trip, at: now) == "This ticket is for Mon 5 Jan 2026, which has passed")
        let json = try Self.json(TripJSON(trip: trip, now: now))
        #expect(json["dateStatus"] as? String == "past" && json["phase"] as? String == "ended")
        #expect((json["ticket"] as? [String: Any])?["date"] as? String == "2026-01-05")
        #expect(json["text"] as? String == "この切符は2026年1月5日（月）のものです（過ぎています）")
        #expect(json["textEn"] as? String == "This ticket is for Mon 5 Jan 2026, which has passed")
        // The same day after the trip is over: ended, but its date has not passed.
        #expect(trip.dateStatus(at: Self.tokyo("2026-01-05T20:00")) == .ok)
        #expect(ja.now(trip, at: Self.tokyo("2026-01-05T20:00")) == "旅程は終了しました")
        // More than a year ahead: a year misread. The same day a year on is still a date to keep.
        trip = try TicketEdit().apply("date", "2027-03-11", to: trip)
        #expect(trip.dateStatus(at: now) == .future)
        #expect(ja.now(trip, at: now) == "この切符は2027年3月11日（木）のもので、1年以上先です")
        #expect(en.now(trip, at: now) == "This ticket is for Thu 11 Mar 2027, more than a year ahead")
        #expect(try TicketEdit().apply("date", "2027-03-10", to: trip).dateStatus(at: now) == .ok)
        #expect(try TicketEdit().apply("date", "2026-03-10", to: trip).dateStatus(at: now) == .ok)
        #expect(try TicketEdit().apply("date", "", to: trip).dateStatus(at: now) == .missing)
        // A train leaving 23:40 arrives after midnight: on board the day after is not a past ticket.
        var late = try TicketEdit().apply("departure", "23:40", to: trip)
        late = try TicketEdit().apply("arrival", "00:20", to: late)
        late = try TicketEdit().apply("date", "2026-01-05", to: late)
        #expect(late.dateStatus(at: Self.tokyo("2026-01-06T00:05")) == .ok)
        #expect(late.dateStatus(at: Self.tokyo("2026-01-06T01:00")) == .past)
        // A day alone, as a scan has it; 29 February's year on is 28 February.
        let leap = CivilDate(iso: "2028-02-29")!
        #expect(Trip.dateStatus("2028-02-28", today: leap) == .past && Trip.dateStatus("2029-02-28", today: leap) == .ok)
        #expect(Trip.dateStatus("2029-03-01", today: leap) == .future && Trip.dateStatus(nil, today: leap) == .missing)
    }

    /// Issue 31, "every gap flagged": a field a scanned ticket shows but the scan could not read is
    /// unsure (listed, `?`); not on a ticket typed in, nor a field the rider emptied, nor the car and
    /// seat of a non-reserved ticket.
    @Test func aFieldTheScanCouldNotReadIsUnsure() throws {
        var ticket = try Self.nozomi().ticket
        ticket.source = .ekinet
        ticket.to = nil; ticket.car = nil; ticket.seatClass = .ordinary
        let scanned = Trip(ticket: ticket, confidence: [.date: 0.95, .train: 0.95, .from: 0.95, .departure: 0.6, .arrival: 0.95,
                                                        .seat: 0.95, .seatClass: 0.95, .reserved: 0.95])
        #expect(scanned.unsureFields == [.to, .departure, .car], "\(scanned.unsureFields)")
        #expect(scanned.isGap(.to) && scanned.isGap(.car) && !scanned.isGap(.departure) && !scanned.isGap(.reserved))
        let json = try Self.json(TripJSON(trip: scanned, now: Self.tokyo("2025-03-18T09:00")))
        #expect(json["unsure"] as? [String] == ["to", "departure", "car"])
        #expect(json["dateStatus"] as? String == "ok")
        // Typed in: an empty field is the rider's answer, not a gap.
        var typed = scanned
        typed.ticket.source = .manual
        #expect(typed.unsureFields == [.departure])
        // Emptied by the rider on the scanned ticket: "there is none".
        #expect(try TicketEdit().apply("car", "-", to: scanned).unsureFields == [.to, .departure])
        // A non-reserved ticket (自由席) has no car or seat to read.
        var free = scanned
        free.ticket.reserved = false; free.ticket.seat = nil
        #expect(free.unsureFields == [.to, .departure])
        // The scan's answer carries the date's status against the day it was read for.
        let result = ScanResult(ticket: ticket, confidence: scanned.confidence, words: [])
        #expect(try Self.json(ScanJSON(result, today: CivilDate(iso: "2025-03-19")!))["dateStatus"] as? String == "past")
        #expect(try Self.json(ScanJSON(result, today: CivilDate(iso: "2025-03-18")!))["dateStatus"] as? String == "ok")
        #expect(try Self.json(ScanJSON(result, today: CivilDate(iso: "2024-03-17")!))["dateStatus"] as? String == "future")
        #expect(Set(try Self.json(ScanJSON(result, today: CivilDate(iso: "2025-03-18")!)).keys) == ["ticket", "confidence", "unsure", "dateStatus", "legs", "words"])
    }

    static func json(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }

    /// The hand-written Tokyo with 渋谷坂 named 東京 (every railway's 渋谷坂: 海岸線, 副線, 環状線
    /// and 銀線 meet there), so a Shinkansen ticket to 東京 arrives in it.
    static func fixtureWithTokyo() throws -> Timetable {
        try TokyoFixture.timetable { data in
            for index in data.stations.indices where data.stations[index].name.ja == "渋谷坂" {
                data.stations[index].name = .init(ja: "東京", en: "Tokyo")
            }
        }
    }

    /// のぞみ arriving 東京 12:57 on Tuesday 2026-11-24, 8 minutes to walk: ready at 13:05. From
    /// the fixture's 東京 the 銀線 leaves every 5 minutes from 05:30 (13:05 is one), the 環状線 every
    /// 10 both ways, the 副線 northbound every 15 from 05:20 (and its 準急 at 13:07), the 海岸線
    /// outbound every 15 from 05:10; eight rows at most.
    @Test func departuresAfterArrivalAtTokyo() throws {
        let timetable = try Self.fixtureWithTokyo()
        var trip = try Self.nozomi()
        trip = try TicketEdit().apply("to", "東京", to: trip)
        trip = try TicketEdit().apply("date", "2026-11-24", to: trip)   // a Tuesday
        let connections = try #require(try TripConnections.find(trip, timetable: timetable, walk: 8))
        #expect(connections.station.ja == "東京")
        #expect(connections.readyAt == "13:05")
        let rows = connections.departures.map { "\($0.time) \($0.railway.ja) \($0.destination.ja) +\($0.minutesAfterArrival)" }
        // The 環状線 signs its loop by what lies ahead: inner round by 東京前 first, outer by 新宿原.
        #expect(rows == ["13:05 環状線 東京前方面 +8", "13:05 副線 池袋台 +8", "13:05 銀線 表参 +8", "13:07 副線 池袋台 +10",
                         "13:10 環状線 新宿原方面 +13", "13:10 銀線 表参 +13", "13:10 海岸線 港町 +13", "13:15 環状線 東京前方面 +18"])
        // Every departure is from a 東京 station, at or after arrival plus the walk, soonest first.
        for departure in connections.departures {
            #expect(departure.minutesAfterArrival >= 8)
            #expect(departure.time >= "13:05")
            #expect(timetable.reference.stations[id: departure.station]?.name.ja == "東京")
        }
        #expect(connections.departures.map(\.minutesAfterArrival) == connections.departures.map(\.minutesAfterArrival).sorted())
        let keys = connections.departures.map { "\($0.time) \($0.destination.ja)" }
        #expect(Set(keys).count == keys.count, "\(keys)")
        // 新大阪 is not in this database: nothing to show rather than something wrong.
        #expect(try TripConnections.find(try Self.nozomi(), timetable: timetable) == nil)
    }
}
