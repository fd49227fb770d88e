@testable import EkiServer
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import HTTPTypes
import Testing

/// The connection guard on an embedded channel, its clock driven by hand: the per-address cap
/// (review of issue 20, 3: one address holding half-header sockets took every place), the
/// trusted proxy's X-Forwarded-For (1), and a stall limit instead of a total one on responses (4).
@Suite struct ConnectionGuardTests {
    static func limits(perAddress: Int = 2, request: Duration = .seconds(1), proxy: String? = nil) -> ServerLimits {
        var limits = ServerLimits()
        limits.maxConnectionsPerAddress = perAddress
        limits.requestTimeout = request
        limits.headerTimeout = .seconds(100)
        limits.bodyTimeout = .seconds(100)
        limits.trustedProxy = proxy
        return limits
    }

    /// A connection from `address` that sends the start of a request; what it is answered.
    static func connect(_ address: String, _ open: OpenConnections, _ limits: ServerLimits) throws -> (EmbeddedChannel, String) {
        let channel = EmbeddedChannel(handler: ConnectionGuard(limits: limits, open: open, logger: Logger(label: "test")))
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40_000)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
        var answer = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { answer += String(buffer: buffer) }
        return (channel, answer)
    }

    @Test func oneAddressCannotTakeEveryConnection() throws {
        let open = OpenConnections()
        let limits = Self.limits()
        var held: [EmbeddedChannel] = []
        for _ in 0..<2 {
            let (channel, answer) = try Self.connect("10.0.0.1", open, limits)
            #expect(answer.isEmpty)
            held.append(channel)
        }
        let (refusedChannel, refused) = try Self.connect("10.0.0.1", open, limits)
        _ = try? refusedChannel.finish()
        #expect(refused.hasPrefix("HTTP/1.1 503"))
        #expect(refused.contains("your address has too many open connections"))
        // Another address still gets in; so does the first once one of its connections closes.
        #expect(try Self.connect("10.0.0.2", open, limits).1.isEmpty)
        _ = try held[0].finish()
        #expect(try Self.connect("10.0.0.1", open, limits).1.isEmpty)
    }

    /// Once the server is three quarters full, an address may hold only a few: the last places
    /// are left to others (issue 33, 4: 9 addresses × 64 slow connections against 512 left 5 of 36
    /// ordinary requests answered).
    @Test func aFewAddressesCannotTakeTheLastPlaces() throws {
        let open = OpenConnections()
        var limits = Self.limits(perAddress: 8)
        limits.maxConnections = 8
        limits.maxConnectionsPerAddressWhenBusy = 2
        var held: [EmbeddedChannel] = []
        for _ in 0..<6 {   // 6 of 8: three quarters
            let (channel, answer) = try Self.connect("10.0.0.1", open, limits)
            #expect(answer.isEmpty)
            held.append(channel)
        }
        let (refusedChannel, refused) = try Self.connect("10.0.0.1", open, limits)
        _ = try? refusedChannel.finish()
        #expect(refused.hasPrefix("HTTP/1.1 503"))
        // Two others still get in, one each.
        #expect(try Self.connect("10.0.0.2", open, limits).1.isEmpty)
        #expect(try Self.connect("10.0.0.3", open, limits).1.isEmpty)
        _ = held
    }

    @Test func anIPv6ClientCountsByItsSlash64AndTheTrustedProxyHasNoCap() throws {
        let open = OpenConnections()
        let limits = Self.limits(proxy: "10.9.9.9")
        _ = try Self.connect("2001:db8:1:2::1", open, limits)
        _ = try Self.connect("2001:db8:1:2:ffff::9", open, limits)
        #expect(try Self.connect("2001:db8:1:2:abcd::5", open, limits).1.hasPrefix("HTTP/1.1 503"))
        #expect(try Self.connect("2001:db8:1:3::1", open, limits).1.isEmpty)
        for _ in 0..<5 { #expect(try Self.connect("10.9.9.9", open, limits).1.isEmpty) }
    }

    /// Many /64s of one IPv6 /48 count together too (issue 33, 4: a home's /56 holds 256 /64s, each
    /// one an address to the per-address cap): 2 a /64 here, so 8 (4 addresses' worth) a /48.
    @Test func manySlash64sOfOneSlash48CountTogether() throws {
        let open = OpenConnections()
        let limits = Self.limits(perAddress: 2)
        var held: [EmbeddedChannel] = []
        for subnet in 0..<4 {
            for host in 1...2 {
                let (channel, answer) = try Self.connect("2001:db8:1:\(subnet)::\(host)", open, limits)
                #expect(answer.isEmpty, "2001:db8:1:\(subnet)::\(host)")
                held.append(channel)
            }
        }
        let (refusedChannel, refused) = try Self.connect("2001:db8:1:9::1", open, limits)
        _ = try? refusedChannel.finish()
        #expect(refused.hasPrefix("HTTP/1.1 503"), "a ninth from the /48: \(refused)")
        // Another /48, and IPv4, are not held back.
        #expect(try Self.connect("2001:db8:2:1::1", open, limits).1.isEmpty)
        #expect(try Self.connect("10.0.0.7", open, limits).1.isEmpty)
        // One closed, one more from the /48 gets in.
        _ = try held.removeLast().finish()
        #expect(try Self.connect("2001:db8:1:9::1", open, limits).1.isEmpty)
    }

    /// A response read at a steady pace lasts as long as it takes; one the client stops taking is
    /// cut off after the limit (1 s here) without progress.
    @Test func aResponseIsCutOffWhenItStallsNotWhenItIsLong() throws {
        let (channel, _) = try Self.connect("10.0.0.1", OpenConnections(), Self.limits())
        try channel.triggerUserOutboundEvent(ConnectionGuard.Mark.requestHead).wait()
        try channel.triggerUserOutboundEvent(ConnectionGuard.Mark.requestEnd).wait()
        for _ in 0..<10 {
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(600))
            try channel.writeAndFlush(ByteBuffer(string: String(repeating: "x", count: 1000))).wait()
        }
        // Six seconds in all, never a second without progress: still open.
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1100))
        #expect(!channel.isActive)
    }

    /// The HTTP codec's own 400 for a request it cannot parse carries the security headers every
    /// other answer has (issue 33, 6: 20 of 45 hostile shapes got a bare 400).
    @Test func theCodecsOwn400CarriesTheSecurityHeaders() throws {
        let (channel, _) = try Self.connect("10.0.0.1", OpenConnections(), Self.limits())
        try channel.writeAndFlush(ByteBuffer(string: "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")).wait()
        var answer = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { answer += String(buffer: buffer) }
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\nX-Content-Type-Options: nosniff\r\n"))
        #expect(answer.contains("Content-Security-Policy: default-src 'none'"))
        #expect(answer.hasSuffix("Connection: close\r\nContent-Length: 0\r\n\r\n"))
    }

    /// A request that asks `Expect: 100-continue` is told to go on at once (issue 33, 6: clients
    /// paused a second before every large upload).
    @Test func expectContinueIsAnsweredBeforeTheBody() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: Self.limits(), open: OpenConnections(), logger: Logger(label: "test")))
        try channel.pipeline.syncOperations.addHandler(RequestMarks())
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.1", port: 40_000)).wait()
        var asking = HTTPRequest(method: .post, scheme: nil, authority: "x", path: "/api/v1/ride/fix")
        asking.headerFields[HTTPField.Name("Expect")!] = "100-continue"
        try channel.writeInbound(HTTPRequestPart.head(asking))
        var answer = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { answer += String(buffer: buffer) }
        #expect(answer == "HTTP/1.1 100 Continue\r\n\r\n")
        // Without the header, nothing is said before the answer.
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/")))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    }

    @Test func xForwardedForIsBelievedFromTheTrustedProxyOnly() throws {
        let headers: HTTPFields = [.xForwardedFor: "203.0.113.7, 198.51.100.4"]
        let proxy = try SocketAddress(ipAddress: "127.0.0.1", port: 5000)
        let stranger = try SocketAddress(ipAddress: "192.0.2.1", port: 5000)
        #expect(ClientAddress.key(peer: proxy, headers: headers, trustedProxy: "127.0.0.1") == "198.51.100.4")
        #expect(ClientAddress.key(peer: proxy, headers: headers, trustedProxy: nil) == "127.0.0.1")
        #expect(ClientAddress.key(peer: stranger, headers: headers, trustedProxy: "127.0.0.1") == "192.0.2.1")
        // The proxy seen on an IPv6 socket as ::ffff:127.0.0.1 is the same proxy.
        let mapped = try SocketAddress(ipAddress: "::ffff:127.0.0.1", port: 5000)
        #expect(ClientAddress.key(peer: mapped, headers: headers, trustedProxy: "127.0.0.1") == "198.51.100.4")
        // Garbage forwarded: the proxy's own address.
        #expect(ClientAddress.key(peer: proxy, headers: [.xForwardedFor: "not an address"], trustedProxy: "127.0.0.1") == "127.0.0.1")
        // IPv6 clients behind it count by their /64.
        let v6: HTTPFields = [.xForwardedFor: "2001:db8:aa:bb:1:2:3:4"]
        #expect(ClientAddress.key(peer: proxy, headers: v6, trustedProxy: "127.0.0.1") == "2001:db8:aa:bb::/64")
    }
}
