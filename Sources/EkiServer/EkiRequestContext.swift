import Hummingbird
import NIOCore

/// Every request's context: Hummingbird's basics plus the peer's address, which the ride API
/// needs to bound sessions per client (a URL or a body never says who is asking).
public struct EkiRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
