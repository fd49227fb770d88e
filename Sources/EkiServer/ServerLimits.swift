import Foundation
import NIOCore

/// What one client may take from the server: time on a connection, connections, expensive work,
/// ride sessions. Defaults suit a server on the open network; `eki serve` options change them.
public struct ServerLimits: Sendable {
    /// From a connection's opening (or the first byte of a request on a kept-alive one) to the end
    /// of the request's header.
    public var headerTimeout: Duration = .seconds(10)
    /// A kept-alive connection with no request under way is closed after this long.
    public var idleTimeout: Duration = .seconds(30)
    /// From the end of a request's header to the end of its body.
    public var bodyTimeout: Duration = .seconds(30)
    /// From the request's header to its response's first byte, then between two pieces of the
    /// response taken by the client: a stall limit, so a slow steady download is not cut off.
    public var requestTimeout: Duration = .seconds(60)
    /// Open connections at most; one more gets a 503 and is closed.
    public var maxConnections = 512
    /// Open connections from one client address (an IPv6 /64) at most; the trusted proxy has none.
    public var maxConnectionsPerAddress = 64
    /// Once three quarters of `maxConnections` are open, one address may hold only this many: a
    /// few addresses holding sockets open cannot take the last places from everyone else (issue 33,
    /// 4: 9 addresses × 64 slow connections left 5 of 36 ordinary requests answered). A browser
    /// opens 6 to a host.
    public var maxConnectionsPerAddressWhenBusy = 16
    /// An IPv6 /48 together may hold this many addresses' worth (256 open, 64 when busy): a home's
    /// /56 holds 256 /64s, each one an "address" to the per-address cap (issue 33, 4).
    public static let addressesPerNetwork = 4
    /// Connections beyond the cap that are still accepted (to be told 503); past those the
    /// listening socket waits.
    public var refusalSlack = 64

    /// Service days fastest routes are served for, in days around today (yesterday to a month ahead).
    public var routeDays: ClosedRange<Int> = -1...30
    /// How long a fastest-route request waits for its day's network before a 503.
    public var routeWait: Duration = .seconds(3)
    /// Where the day's route networks are kept between starts (`RouteNetwork.cached`), so the first
    /// fastest route after a restart needs no build; nil: built at each start.
    public var routeNetworkFolder: URL?

    /// The one reverse proxy (an IP address) whose X-Forwarded-For is believed: behind it every
    /// rider shares its address, so the per-client limits count the address it forwards for.
    /// Nobody else's X-Forwarded-For is read (any client can write one).
    public var trustedProxy: String?

    public init() {}

    /// Whether `text` is an IPv4 or IPv6 address, as `trustedProxy` takes it.
    public static func isIPAddress(_ text: String) -> Bool {
        (try? SocketAddress(ipAddress: text, port: 0)) != nil
    }
}
