import Hummingbird
import NIOCore

/// A request context that knows its connection: a ticket scan watches it, to stop when the
/// client has gone away.
public protocol ConnectionRequestContext: RemoteAddressRequestContext {
    var connection: (any Channel)? { get }
}

/// Every request's context: Hummingbird's basics plus the peer's address, which the ride API
/// needs to bound sessions per client (a URL or a body never says who is asking), and the
/// connection itself (`ConnectionRequestContext`).
public struct EkiRequestContext: RequestContext, ConnectionRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public let connection: (any Channel)?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        connection = source.channel
    }
}
