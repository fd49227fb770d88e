import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// After the HTTP codec: tells `ConnectionGuard` (before it, on the raw bytes) where each request's
/// header and body end and where each response ends, and whether that response closes the
/// connection. Passes everything through unchanged.
final class RequestMarks: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closeAfterResponse = false
    private static let expect = HTTPField.Name("Expect")!

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            context.triggerUserOutboundEvent(ConnectionGuard.Mark.requestHead, promise: nil)
            // A client that asks before sending a large body (curl, over 1 KB) waits a second for
            // this otherwise (issue 33, 6).
            if request.headerFields[Self.expect]?.lowercased() == "100-continue" {
                context.triggerUserOutboundEvent(ConnectionGuard.Mark.continue, promise: nil)
            }
        case .end: context.triggerUserOutboundEvent(ConnectionGuard.Mark.requestEnd, promise: nil)
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            // Informational answers (100 Continue) come before the real one.
            guard response.status.kind != .informational else { break }
            closeAfterResponse = response.headerFields[.connection]?.lowercased().contains("close") ?? false
            context.write(data, promise: promise)
            return
        case .end:
            context.write(data, promise: promise)
            context.triggerUserOutboundEvent(ConnectionGuard.Mark.responseEnd(close: closeAfterResponse), promise: nil)
            closeAfterResponse = false
            return
        case .body:
            break
        }
        context.write(data, promise: promise)
    }
}
