/// Placeholder, filled below.
public struct TripConnections: Encodable, Sendable {
    public func lines(lang: Ticket.Language) -> [String] { [] }
}
