import EkiCLI
import EkiCore
import EkiJSON
import EkiTicket
import Foundation

/// The trip in the terminal: the ticket's fields as on the ticket, unsure ones marked "?", a field
/// the scan could not read shown as "?" (a gap; a field left empty on a typed ticket is "—"), a date
/// that has passed or is over a year ahead told with how to fix it, and what to do now.
enum TicketFacsimile {
    /// The ticket as kept at `now`: its date told first when it has passed or is over a year ahead.
    static func ticket(_ trip: Trip, lang: Ticket.Language, at now: Date) -> String {
        let status = trip.dateStatus(at: now)
        let note = TripWords(lang: lang).dateNote(status, date: trip.ticket.date)
        return ([note].compactMap { $0 } + [text(trip, lang: lang, dateStatus: status)]).joined(separator: "\n")
    }

    static func text(_ trip: Trip, lang: Ticket.Language, dateStatus: Trip.DateStatus = .ok) -> String {
        let t = trip.ticket
        let words = TripWords(lang: lang)
        func mark(_ field: TicketField) -> String { trip.isUnsure(field) ? "?" : "" }
        func value(_ field: TicketField, _ text: String?) -> String {
            guard let text else { return trip.isGap(field) ? "?" : "—" }
            return text + mark(field)
        }
        let ja = lang == .ja
        var lines: [String] = []
        lines.append(value(.from, t.from.map { ja ? $0.name : $0.nameEn }) + " → " + value(.to, t.to.map { ja ? $0.name : $0.nameEn }))
        lines.append((ja ? "日付 " : "date ") + value(.date, t.date)
                     + (ja ? "  発 " : "  dep ") + value(.departure, t.departure) + (ja ? "  着 " : "  arr ") + value(.arrival, t.arrival))
        lines.append(value(.train, t.train.map { _ in words.train(t) })
                     + (ja ? "  " + value(.car, t.car.map { "\($0)号車" }) + "  " + value(.seat, t.seat.map { "\($0)席" })
                           : "  car " + value(.car, t.car.map(String.init)) + "  seat " + value(.seat, t.seat)))
        let classes: [Ticket.SeatClass: (String, String)] = [.ordinary: ("普通車", "ordinary"), .green: ("グリーン車", "Green Car"), .granClass: ("グランクラス", "GranClass")]
        lines.append(value(.seatClass, t.seatClass.map { ja ? classes[$0]!.0 : classes[$0]!.1 })
                     + (t.reserved == false ? (ja ? "  自由席" : "  non-reserved") : ""))
        let unsure = trip.unsureFields
        if !unsure.isEmpty {
            lines.append((ja ? "? 要確認: " : "? check: ") + unsure.map(\.rawValue).joined(separator: ", ")
                         + (ja ? "（eki ticket set 項目 値）" : " (eki ticket set FIELD VALUE)"))
        }
        if dateStatus == .past || dateStatus == .future { lines.append(words.dateFix) }
        return lines.joined(separator: "\n")
    }

    /// The trip now, then the ticket, then what follows at the arrival station.
    static func now(_ trip: Trip, at now: Date, lang: Ticket.Language, connections: TripConnections?) -> String {
        let words = TripWords(lang: lang)
        var lines = [words.now(trip, at: now)]
        if case .onBoard(_, let progress?) = trip.phase(at: now) {
            lines.append(words.station(trip.ticket.from) + " " + words.progressBar(progress) + " " + words.station(trip.ticket.to))
        }
        lines.append("")
        lines.append(text(trip, lang: lang, dateStatus: trip.dateStatus(at: now)))
        if let connections { lines.append(""); lines.append(contentsOf: connections.lines(lang: lang)) }
        return lines.joined(separator: "\n")
    }
}

