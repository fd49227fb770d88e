import EkiCore
import EkiRouting
import EkiStore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging

/// Where the server listens.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Timeouts, connection cap, and the fastest routes' window and wait.
    public var limits: ServerLimits

    public init(host: String = "127.0.0.1", port: Int = 8080, limits: ServerLimits = ServerLimits()) {
        self.host = host
        self.port = port
        self.limits = limits
    }
}

/// The composition root: the router over the live timetable, served by Hummingbird. It follows the
/// database file when an update renames a new one over it (`LiveResponder`). `published`: a folder
/// made by `eki data publish`, served under /data/. `onRunning` gets the URL once the socket is bound
/// (the real port when `port` is 0). `notice`: a newer dataset published, when a check found one.
public func buildApplication(timetable: Timetable, configuration: ServerConfiguration, logger: Logger,
                             published: URL? = nil, notice: UpdateNotice? = nil,
                             onRunning: @escaping @Sendable (String) -> Void = { _ in }) throws -> some ApplicationProtocol {
    let limits = configuration.limits
    return Application(
        responder: try LiveResponder(timetable: timetable, logger: logger) { timetable in
            try buildRouter(timetable: timetable, published: published, limits: limits, notice: notice).buildResponder()
        },
        // Every connection is timed and counted (ConnectionGuard); past the cap it gets a 503. Far
        // past it (a flood faster than refusals close), the listening socket stops accepting, so
        // the process keeps file descriptors for the connections it serves.
        server: .guardedHTTP1(limits: limits),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "eki",
                             availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections + limits.refusalSlack, logger: logger)),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            onRunning("http://\(host):\(port)")
        },
        logger: logger)
}

/// Every route — the JSON API and the web pages — behind the middleware that puts the security
/// headers on every answer and turns errors into problem JSON (or, for a browser, the error page).
/// `clock` is the "now" of API requests without `at` (tests pin it); `cacheBytes` bounds the
/// encoded answers kept; `published` is served under /data/ when given; `notice` is what
/// /api/v1/info says of a newer dataset.
public func buildRouter(timetable: Timetable, clock: @escaping @Sendable () -> Date = RiderClock.now,
                        cacheBytes: Int = 16 << 20, published: URL? = nil,
                        limits: ServerLimits = ServerLimits(), notice: UpdateNotice? = nil) throws -> Router<EkiRequestContext> {
    let info = try timetable.info()
    let site = try PageScope.Site(timetable: timetable)
    let methods = MethodTable()
    let router = Router(context: EkiRequestContext.self, options: .autoGenerateHeadEndpoints)
    // Middleware first: routes added later are wrapped by it, and so is the not-found responder.
    router.add(middleware: SecurityHeaders())
    router.add(middleware: ProblemMiddleware(methods: methods, site: site))
    router.add(middleware: LogRequestsMiddleware(.debug))
    // Fastest routes: each service day's network built once in the background, for the API and
    // the pages alike; requests wait a bounded time for it (inside ProblemMiddleware, which turns
    // what is left into a 503 or a 400).
    let networks = RouteNetworks(timetable: timetable, window: .init(days: limits.routeDays) { timetable.now(clock()).serviceDate },
                                 waitInline: nil, folder: limits.routeNetworkFolder)
    router.add(middleware: RouteNetworkWait(networks: networks, wait: limits.routeWait, trustedProxy: limits.trustedProxy))
    let api = TimetableAPI(timetable: timetable,
                           cache: CachedJSON(snapshotDigest: info.snapshotDigest, importedAt: info.importedAt, cacheBytes: cacheBytes,
                                             mayKeep: ServedFile.intact(timetable.url?.path)),
                           clock: clock, networks: networks, contract: site.web.api)
    try api.addRoutes(to: router)
    try api.addInfoRoute(to: router, notice: notice)
    RideAPI(timetable: timetable, trustedProxy: limits.trustedProxy).addRoutes(to: router)
    try TicketAPI(scans: .shared, clock: clock, contract: site.web.api, trustedProxy: limits.trustedProxy).addRoutes(to: router)
    router.get("/api/openapi.json") { request, _ in try site.web.api.response(to: request) }
    WebPages.register(on: router, timetable: timetable, networks: networks, site: site)
    if let published { PublishedFiles(folder: published).register(on: router) }
    let routes = router.routes.map { (path: $0.path, method: $0.method) }
    try site.web.api.verify(routes: routes)
    methods.learn(routes)
    return router
}
