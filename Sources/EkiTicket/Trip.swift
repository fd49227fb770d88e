import EkiCore
import Foundation

/// The rider's Shinkansen trip: the ticket as read (and corrected), with each field's confidence, and
/// what it means at a given moment — before departure, on board, arrived.
public struct Trip: Codable, Sendable, Equatable {
    public var ticket: Ticket
    /// Per field, 0…1; a field the rider typed or confirmed is 1.
    public var confidence: [TicketField: Double]

    public init(ticket: Ticket, confidence: [TicketField: Double] = [:]) {
        self.ticket = ticket
        self.confidence = confidence
    }

    /// How long a trip stays after its arrival (getting off, finding the next train), then it ends.
    public static let afterArrival: TimeInterval = 30 * 60

    /// A field to check against the ticket: read with a confidence under `ScanResult.sure`, or a gap.
    public func isUnsure(_ field: TicketField) -> Bool {
        ticket.has(field) ? (confidence[field] ?? 0) < ScanResult.sure : isGap(field)
    }

    /// A field the ticket shows but the scan could not read (null): one of the scored fields of a
    /// scanned ticket. Never a gap: anything on a ticket the rider typed in (a field left empty there
    /// is the rider's answer — a non-reserved ticket has no car or seat — not something read badly,
    /// and "check it against the ticket" would send the rider to a ticket nobody read); a field the
    /// rider emptied on purpose (confidence 1 with no value); and the car and seat of a ticket read
    /// as non-reserved (自由席), which has none.
    public func isGap(_ field: TicketField) -> Bool {
        guard !ticket.has(field), ticket.source != .manual, TicketField.scored.contains(field), confidence[field] != 1 else { return false }
        return !(ticket.reserved == false && (field == .car || field == .seat))
    }

    /// The fields to check, in the ticket's order: unsure readings and gaps.
    public var unsureFields: [TicketField] { TicketField.allCases.filter(isUnsure) }

    /// Whether the ticket's date can be the rider's trip: a date that has passed, or one more than a
    /// year ahead (JR sells a month ahead: a year ahead is a year misread), is told, never hidden.
    public enum DateStatus: String, Codable, Sendable {
        case ok, past, future
        /// No date (not read, not typed).
        case missing
    }

    /// The date's status at `now` (Tokyo): past once its day is over in Tokyo and the ride is not
    /// still going (a train leaving at 23:40 arrives after midnight), future past a year from today.
    public func dateStatus(at now: Date) -> DateStatus {
        let status = Self.dateStatus(ticket.date, today: ServiceInstant(now).calendarDate)
        if status == .past {
            switch phase(at: now) {
            case .onBoard, .arrived: return .ok
            default: return .past
            }
        }
        return status
    }

    /// The status of a date on its own against `today` (a scan knows the day, not the moment).
    public static func dateStatus(_ date: String?, today: CivilDate) -> DateStatus {
        guard let date = date.flatMap(CivilDate.init(iso:)) else { return .missing }
        if date < today { return .past }
        return date > oneYearAfter(today) ? .future : .ok
    }

    /// The same day a year on (29 February: the 28th).
    static func oneYearAfter(_ day: CivilDate) -> CivilDate {
        CivilDate(year: day.year + 1, month: day.month, day: day.day) ?? CivilDate(year: day.year + 1, month: day.month, day: day.day - 1)!
    }

    /// Departure as an absolute time (Tokyo), when the date and time are known.
    public var departureTime: Date? { Self.time(ticket.date, ticket.departure) }

    /// Arrival as an absolute time; an arrival clock earlier than the departure's is the next day.
    public var arrivalTime: Date? {
        guard let arrival = Self.time(ticket.date, ticket.arrival) else { return nil }
        if let departure = departureTime, arrival < departure { return arrival.addingTimeInterval(86_400) }
        return arrival
    }

    static func time(_ date: String?, _ clock: String?) -> Date? {
        guard let date = date.flatMap(CivilDate.init(iso:)), let clock, clock.count == 5,
              let h = Int(clock.prefix(2)), let m = Int(clock.suffix(2)), h < 24, m < 60 else { return nil }
        let seconds = (date.daysSinceEpoch * 86_400) + h * 3600 + m * 60 - TokyoTime.zone.secondsFromGMT()
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Where the rider is in the trip at `now`.
    public enum Phase: Sendable, Equatable {
        /// Date or departure unknown: nothing to count down to.
        case incomplete
        case beforeDeparture(minutes: Int)
        /// On board: minutes to arrival (nil when the arrival is unknown) and the share of the ride done.
        case onBoard(minutes: Int?, progress: Double?)
        /// Arrived, minutes ago.
        case arrived(minutes: Int)
        /// Past `afterArrival`: the trip is over.
        case ended
    }

    public func phase(at now: Date) -> Phase {
        guard let departure = departureTime else { return .incomplete }
        if now < departure { return .beforeDeparture(minutes: Self.minutes(departure.timeIntervalSince(now))) }
        guard let arrival = arrivalTime else {
            // No arrival: keep the trip for a day rather than guess a length.
            return now.timeIntervalSince(departure) > 86_400 ? .ended : .onBoard(minutes: nil, progress: nil)
        }
        if now < arrival {
            let progress = now.timeIntervalSince(departure) / max(60, arrival.timeIntervalSince(departure))
            return .onBoard(minutes: Self.minutes(arrival.timeIntervalSince(now)), progress: progress)
        }
        if now.timeIntervalSince(arrival) > Self.afterArrival { return .ended }
        return .arrived(minutes: Int(now.timeIntervalSince(arrival) / 60))
    }

    /// Whole minutes still to go, rounded up: "leaves in 1 min" until it has left.
    static func minutes(_ seconds: TimeInterval) -> Int { Int((seconds / 60).rounded(.up)) }
}
