import EkiRouting
import Hummingbird

/// Lets a fastest-route request (API or page) wait a bounded time for its day's network, built in
/// the background by `RouteNetworks`: the handler throws `notReady` instead of building; this
/// waits for the build and runs the handler again (GET only, so nothing was consumed). Past
/// `wait`, or when the builder's queue is full, the answer is 503 with Retry-After; a date the
/// server does not serve is a 422 (`ProblemMiddleware`).
/// The request runs as its client (`RouteNetworks.requester`), for the fair share of the queue.
struct RouteNetworkWait<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let networks: RouteNetworks
    let wait: Duration
    var trustedProxy: String?
    /// Seconds a client is told to wait before trying again (a build takes well under that).
    static var retryAfter: Int { 2 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let deadline = ContinuousClock.now + wait
        let client = ClientAddress.key(peer: context.remoteAddress, headers: request.headers, trustedProxy: trustedProxy)
        while true {
            do {
                return try await RouteNetworks.$requester.withValue(client) { try await next(request, context) }
            } catch RouteNetworks.Failure.notReady(let date) {
                let left = deadline - .now
                guard left > .zero, await networks.waitUntilBuilt(date, timeout: left) else {
                    throw Problem(.serviceUnavailable, "the route network of \(date) is still being built; try again in \(Self.retryAfter) s",
                                  retryAfter: Self.retryAfter)
                }
            } catch RouteNetworks.Failure.busy {
                throw Problem(.serviceUnavailable, "fastest routes for other dates are being worked out; try again in \(Self.retryAfter) s",
                              retryAfter: Self.retryAfter)
            }
        }
    }
}
