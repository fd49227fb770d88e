import Logging
import NIOCore
import Synchronization

/// Bounds what one connection can take: how long it may dawdle at each step of a request, and
/// whether there is room for it at all. It sits first in the pipeline, on the raw bytes, so it sees
/// a request start before any header is parsed; `RequestMarks` (after the HTTP codec) tells it where
/// requests and responses begin and end.
///
/// - header: from the connection's opening, or from the first byte of a later request, to the end
///   of that request's header (a client that sends half a header, or nothing, is cut off);
/// - idle: a kept-alive connection with no request under way;
/// - body: from the end of the header to the end of the body;
/// - request: from the header to the response's first byte, then between two pieces of the
///   response the client takes: a stall, not a total, so a large download at any steady pace
///   finishes, and a client that stops reading is cut off.
///
/// A connection past `maxConnections`, or past `maxConnectionsPerAddress` from one client address
/// (`ClientAddress`: an IPv6 /64 counts as one; the trusted proxy has no cap of its own) — past
/// `maxConnectionsPerAddressWhenBusy` once three quarters of the places are taken — is answered 503
/// with Retry-After and closed: a few addresses holding sockets open cannot take them all.
/// A response that says `Connection: close` (a 413 does), or that comes before its request's body
/// was read (a 415), closes the connection once it is sent, without reading the rest of a body
/// nobody wants. Every close here is logged at debug: a flood must not fill the log.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What the handler after the HTTP codec reports, as outbound user events.
    enum Mark {
        case requestHead
        /// The request asks `Expect: 100-continue`: the interim answer goes out before its body.
        case `continue`
        case requestEnd
        case responseEnd(close: Bool)
    }

    private enum Timer: String {
        case header, idle, body, request, linger
    }

    private let limits: ServerLimits
    private let open: OpenConnections
    private let logger: Logger
    private var refusing: String?
    /// The client address counted against its own cap, if any, and its IPv6 /48 (counted too).
    private var address: String?
    private var network: String?
    private var closing = false
    private var counted = false
    /// Requests whose header has come and whose response has not ended.
    private var inFlight = 0
    private var readingBody = false
    private var timers: [Timer: Scheduled<Void>] = [:]

    init(limits: ServerLimits, open: OpenConnections, logger: Logger) {
        self.limits = limits
        self.open = open
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        // Per address first: a connection refused for its address's cap does not count toward
        // the total, so one address's refused sockets never push other addresses over it.
        if let peer = context.remoteAddress, !(limits.trustedProxy.map { ClientAddress.sameHost(peer, $0) } ?? false) {
            let key = ClientAddress.key(peer)
            address = key
            let own = open.add(key)
            let busy = open.count.load(ordering: .relaxed) * 4 >= limits.maxConnections * 3
            let cap = busy ? min(limits.maxConnectionsPerAddress, limits.maxConnectionsPerAddressWhenBusy) : limits.maxConnectionsPerAddress
            // An IPv6 /48 (one home's /56 holds 256 /64s) counts together too, at four addresses' worth.
            let group = ClientAddress.network(of: key)
            var together = 0
            if group != key {
                network = group
                together = open.add(group)
            }
            if own > cap {
                refusing = "your address has too many open connections"
                logger.debug("connection refused: \(own - 1) open from \(key), at most \(cap)\(busy ? " while busy" : "")")
            } else if together > cap * ServerLimits.addressesPerNetwork {
                refusing = "your network has too many open connections"
                logger.debug("connection refused: \(together - 1) open from \(group), at most \(cap * ServerLimits.addressesPerNetwork)")
            }
        }
        if refusing == nil {
            counted = true
            let count = open.count.wrappingAdd(1, ordering: .relaxed).newValue
            if count > limits.maxConnections {
                refusing = "the server has too many open connections"
                logger.debug("connection refused: \(count - 1) open, at most \(limits.maxConnections)")
            }
        }
        start(.header, after: limits.headerTimeout, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        for timer in timers.values { timer.cancel() }
        timers = [:]
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
        for timer in timers.values { timer.cancel() }
        timers = [:]
    }

    private func release() {
        if counted {
            counted = false
            open.count.wrappingSubtract(1, ordering: .relaxed)
        }
        if let address {
            self.address = nil
            open.remove(address)
        }
        if let network {
            self.network = nil
            open.remove(network)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Closing: what still arrives (the rest of a refused body) is read and dropped.
        if closing { return }
        if let refusing {
            refuse(context, because: refusing)
            return
        }
        // The first bytes of a request on a kept-alive connection: the header clock starts.
        if inFlight == 0, timers[.idle] != nil {
            stop(.idle)
            start(.header, after: limits.headerTimeout, context: context)
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let mark = event as? Mark else {
            return context.triggerUserOutboundEvent(event, promise: promise)
        }
        promise?.succeed()
        switch mark {
        case .requestHead:
            inFlight += 1
            readingBody = true
            stop(.header)
            stop(.idle)
            start(.body, after: limits.bodyTimeout, context: context)
            if timers[.request] == nil { start(.request, after: limits.requestTimeout, context: context) }
        case .continue:
            var buffer = context.channel.allocator.buffer(capacity: 25)
            buffer.writeString("HTTP/1.1 100 Continue\r\n\r\n")
            context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        case .requestEnd:
            readingBody = false
            stop(.body)
        case .responseEnd(let close):
            inFlight = max(0, inFlight - 1)
            stop(.request)
            if close || readingBody {
                // Answered before its body was read (a 413, a 415, a 404 to a POST): the rest of
                // the body is nobody's, so the connection closes rather than wait for it.
                closeAfterResponse(context)
            } else if inFlight > 0 {
                // A pipelined request was already waiting: its own clock starts now.
                start(.request, after: limits.requestTimeout, context: context)
            } else if !readingBody {
                start(.idle, after: limits.idleTimeout, context: context)
            }
        }
    }

    /// Each piece of a response handed to the socket is progress: the stall clock starts again.
    /// (A client that stops reading fills the socket's buffer, and writes stop completing.)
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard inFlight > 0 else {
            // The codec's own 400 for a request it cannot parse (no request ever started) gets the
            // security headers every other answer has (issue 33, 6).
            let buffer = unwrapOutboundIn(data)
            if buffer.readableBytesView.starts(with: Self.badRequestLine.utf8) {
                var with = context.channel.allocator.buffer(capacity: buffer.readableBytes + 200)
                with.writeString(Self.badRequestLine + SecurityFields.jsonLines)
                with.writeImmutableBuffer(buffer.getSlice(at: buffer.readerIndex + Self.badRequestLine.utf8.count,
                                                          length: buffer.readableBytes - Self.badRequestLine.utf8.count)!)
                return context.write(wrapOutboundOut(with), promise: promise)
            }
            return context.write(data, promise: promise)
        }
        let written = promise ?? context.eventLoop.makePromise()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        written.futureResult.whenSuccess {
            let (handler, context) = loopBound.value
            if handler.timers[.request] != nil { handler.start(.request, after: handler.limits.requestTimeout, context: context) }
        }
        context.write(data, promise: written)
    }

    private static let badRequestLine = "HTTP/1.1 400 Bad Request\r\n"

    // MARK: - Closing

    /// Sends FIN once the response is out, drops what the client still sends, and closes for good
    /// when the client closes or after a second: closing at once with unread bytes would reset the
    /// connection, and the client might lose the response it is owed.
    private func closeAfterResponse(_ context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        for timer in timers.values { timer.cancel() }
        timers = [:]
        context.flush()
        context.close(mode: .output, promise: nil)
        start(.linger, after: .seconds(1), context: context)
    }

    /// Over a connection cap: a 503 written by hand (the HTTP codec never sees this request).
    private func refuse(_ context: ChannelHandlerContext, because reason: String) {
        let body = #"{"status":503,"title":"Service Unavailable","detail":"\#(reason); try again shortly"}"#
        // The security headers every other answer has (a problem's: the JSON policy).
        let security = SecurityFields.jsonLines
        let head = "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/problem+json\r\ncache-control: no-store\r\n"
            + security + "retry-after: 5\r\nconnection: close\r\ncontent-length: \(body.utf8.count)\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.utf8.count)
        buffer.writeString(head + body)
        context.write(wrapOutboundOut(buffer), promise: nil)
        closeAfterResponse(context)
    }

    // MARK: - Timers

    private func start(_ timer: Timer, after duration: Duration, context: ChannelHandlerContext) {
        timers[timer]?.cancel()
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timers[timer] = context.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            let (handler, context) = loopBound.value
            handler.expired(timer, context: context)
        }
    }

    private func stop(_ timer: Timer) {
        timers.removeValue(forKey: timer)?.cancel()
    }

    private func expired(_ timer: Timer, context: ChannelHandlerContext) {
        timers[timer] = nil
        if timer != .linger {
            logger.debug("connection closed: \(timer.rawValue) timeout", metadata: ["peer": "\(context.remoteAddress?.ipAddress ?? "?")"])
        }
        context.close(promise: nil)
    }
}

/// The server's open connections, counted by every `ConnectionGuard`: in all and per client address.
final class OpenConnections: Sendable {
    let count = Atomic<Int>(0)
    private let perAddress = Mutex<[String: Int]>([:])

    /// One more from `address`; how many are open from it now.
    func add(_ address: String) -> Int {
        perAddress.withLock { counts in
            counts[address, default: 0] += 1
            return counts[address]!
        }
    }

    func remove(_ address: String) {
        perAddress.withLock { counts in
            let left = (counts[address] ?? 1) - 1
            counts[address] = left > 0 ? left : nil
        }
    }
}
