import HTTPTypes
import NIOCore

/// Who a request comes from, for the per-client limits (ride sessions, the fastest routes' queue,
/// connections): the peer's address — or, when the peer is the one trusted proxy, the address that
/// proxy put last in X-Forwarded-For. Nobody else's X-Forwarded-For is believed: any client can
/// write one. An IPv6 address counts by its /64 (one home or phone gets a whole /64), an IPv4
/// address by itself.
enum ClientAddress {
    /// The key of a socket address: "v4 a.b.c.d", "v6 prefix/64", or "local" without one.
    static func key(_ address: SocketAddress?) -> String {
        guard let address else { return "local" }
        switch address {
        case .v4: return address.ipAddress ?? "local"
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":") + "::/64"
        case .unixDomainSocket: return "local"
        }
    }

    /// The network a client key belongs to, for caps over many addresses of one home or provider:
    /// an IPv6 /64's /48 ("2001:db8:1::/48"); any other key is its own.
    static func network(of key: String) -> String {
        guard key.hasSuffix("::/64") else { return key }
        let groups = key.dropLast(5).split(separator: ":", omittingEmptySubsequences: false)
        guard groups.count == 4 else { return key }
        return groups.prefix(3).joined(separator: ":") + "::/48"
    }

    /// The key of the client behind `peer`: X-Forwarded-For's last entry when `peer` is `trustedProxy`.
    static func key(peer: SocketAddress?, headers: HTTPFields, trustedProxy: String?) -> String {
        guard let trustedProxy, let peer, sameHost(peer, trustedProxy) else { return key(peer) }
        // The proxy appends the address it saw; entries before it are the client's own say.
        let forwarded = headers[values: .xForwardedFor].joined(separator: ",")
        guard let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty,
              let address = try? SocketAddress(ipAddress: last, port: 0) else { return key(peer) }
        return key(address)
    }

    /// Whether `peer` is `host` (an IP address as `--trusted-proxy` takes it).
    static func sameHost(_ peer: SocketAddress, _ host: String) -> Bool {
        guard let wanted = try? SocketAddress(ipAddress: host, port: 0) else { return false }
        switch wanted {
        case .v4: return key(peer) == wanted.ipAddress   // also as ::ffff:a.b.c.d on an IPv6 socket
        default: return peer.ipAddress != nil && peer.ipAddress == wanted.ipAddress
        }
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
