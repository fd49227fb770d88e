import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with `ConnectionGuard` in front of the HTTP codec and
/// `RequestMarks` behind it: every connection of `eki serve` goes through both.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ServerLimits
    let open: OpenConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let guarding = channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: limits, open: open, logger: logger), position: .first)
        }
        return guarding.flatMap { base.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the connection limits and timeouts of `limits`.
    static func guardedHTTP1(limits: ServerLimits) -> HTTPServerBuilder {
        let open = OpenConnections()
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [RequestMarks()])),
                                limits: limits, open: open)
        }
    }
}
