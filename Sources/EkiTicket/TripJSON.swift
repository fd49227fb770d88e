import EkiCore
import Foundation

/// The trip as `eki ticket --json` answers it (and the API will): the ticket, each field's confidence,
/// the unsure fields (gaps included: `Trip.isUnsure`), the phase at `now` with minutes and progress,
/// whether the date has passed or is over a year ahead (`dateStatus`), the words in both languages,
/// and what follows at the arrival station. `{"ticket": null}` when there is no trip.
public struct TripJSON: Encodable, Sendable {
    public var trip: Trip?
    public var now: Date
    public var connections: TripConnections?

    public init(trip: Trip?, now: Date, connections: TripConnections? = nil) {
        self.trip = trip; self.now = now; self.connections = connections
    }

    enum CodingKeys: String, CodingKey { case ticket, confidence, unsure, dateStatus, phase, minutes, progress, text, textEn, connections }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        guard let trip else { try c.encodeNil(forKey: .ticket); return }
        try c.encode(trip.ticket, forKey: .ticket)
        try c.encode(trip.confidence, forKey: .confidence)
        try c.encode(trip.unsureFields.map(\.rawValue), forKey: .unsure)
        try c.encode(trip.dateStatus(at: now), forKey: .dateStatus)
        switch trip.phase(at: now) {
        case .incomplete: try c.encode("incomplete", forKey: .phase)
        case .beforeDeparture(let minutes): try c.encode("beforeDeparture", forKey: .phase); try c.encode(minutes, forKey: .minutes)
        case .onBoard(let minutes, let progress):
            try c.encode("onBoard", forKey: .phase)
            try c.encodeIfPresent(minutes, forKey: .minutes)
            try c.encodeIfPresent(progress.map { ($0 * 1000).rounded() / 1000 }, forKey: .progress)
        case .arrived(let minutes): try c.encode("arrived", forKey: .phase); try c.encode(minutes, forKey: .minutes)
        case .ended: try c.encode("ended", forKey: .phase)
        }
        try c.encode(TripWords(lang: .ja).now(trip, at: now), forKey: .text)
        try c.encode(TripWords(lang: .en).now(trip, at: now), forKey: .textEn)
        try c.encodeIfPresent(connections, forKey: .connections)
    }
}

/// A scan as `eki ticket scan --json` prints it and `POST /api/v1/ticket/scan` answers it: the
/// scan's own keys, and `dateStatus` — whether the date read has passed, is more than a year ahead of
/// `today`, is fine, or is missing — so that no client keeps a past ticket without saying so.
public struct ScanJSON: Encodable, Sendable {
    public var result: ScanResult
    public var today: CivilDate

    public init(_ result: ScanResult, today: CivilDate) { self.result = result; self.today = today }

    enum CodingKeys: String, CodingKey { case dateStatus }

    public func encode(to encoder: Encoder) throws {
        try result.encode(to: encoder)
        // The same object: a keyed container asked for again at this level is the one just written.
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Trip.dateStatus(result.ticket.date, today: today), forKey: .dateStatus)
    }
}
