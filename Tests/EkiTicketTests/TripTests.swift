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

    @Test func departuresAfterArrivalAtTokyo() throws {
        let (timetable, _) = try SharedData.imported()
        var trip = try Self.nozomi()
        trip = try TicketEdit().apply("to", "東京", to: trip)
        trip = try TicketEdit().apply("date", "2026-11-24", to: trip)   // a Tuesday
        let connections = try #require(try TripConnections.find(trip, timetable: timetable, walk: 8))
        #expect(connections.station.ja == "東京")
        #expect(connections.readyAt == "13:05")
        #expect(!connections.departures.isEmpty)
        // Every departure is a real one from a 東京 station, at or after arrival plus the walk, soonest first.
        for departure in connections.departures {
            #expect(departure.minutesAfterArrival >= 8)
            #expect(departure.time >= "13:05")
            #expect(timetable.reference.stations[id: departure.station]?.name.ja == "東京")
        }
        #expect(connections.departures.map(\.minutesAfterArrival) == connections.departures.map(\.minutesAfterArrival).sorted())
        // A train on two railways' boards (総武快速線 and 横須賀線 run through 東京) is listed once.
        let keys = connections.departures.map { "\($0.time) \($0.destination.ja)" }
        #expect(Set(keys).count == keys.count, "\(keys)")
        // 新大阪 is not in the Tokyo database: nothing to show rather than something wrong.
        #expect(try TripConnections.find(try Self.nozomi(), timetable: timetable) == nil)
    }
}
