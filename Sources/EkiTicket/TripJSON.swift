import Foundation

/// The trip as `eki ticket --json` answers it (and the API will): the ticket, each field's confidence,
/// the unsure fields, the phase at `now` with minutes and progress, the words in both languages, and
/// what follows at the arrival station. `{"ticket": null}` when there is no trip.
public struct TripJSON: Encodable, Sendable {
    public var trip: Trip?
    public var now: Date
    public var connections: TripConnections?

    public init(trip: Trip?, now: Date, connections: TripConnections? = nil) {
        self.trip = trip; self.now = now; self.connections = connections
    }

    enum CodingKeys: String, CodingKey { case ticket, confidence, unsure, phase, minutes, progress, text, textEn, connections }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        guard let trip else { try c.encodeNil(forKey: .ticket); return }
        try c.encode(trip.ticket, forKey: .ticket)
        try c.encode(trip.confidence, forKey: .confidence)
        try c.encode(TicketField.allCases.filter { trip.isUnsure($0) }.map(\.rawValue), forKey: .unsure)
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
