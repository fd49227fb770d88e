import EkiJSON
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// An RFC 9457 problem detail: every error the API answers with, as one line a person can act on.
/// Things named that do not exist (station, direction, railway, train, endpoint) are 404; values
/// that cannot be read (bad time, date, number, encoding, unknown parameter) are 400.
public struct Problem: Error, HTTPResponseError, Encodable, Equatable {
    public var status: HTTPResponse.Status
    public var detail: String
    /// The methods a 405's path does answer, sent as its Allow header.
    public var allow: String?
    /// Seconds to wait before asking again, sent as Retry-After (a 503 that will pass).
    public var retryAfter: Int?

    public init(_ status: HTTPResponse.Status, _ detail: String, allow: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.detail = detail
        self.allow = allow
        self.retryAfter = retryAfter
    }

    public static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, detail) }

    /// The database file cannot be read now (changed on disk while served, `LiveResponder`): it will pass.
    static var databaseUnreadable: Problem {
        Problem(.serviceUnavailable, "the timetable database cannot be read right now (it was changed on disk while served); try again shortly",
                retryAfter: 5)
    }
    public static func notFound(_ detail: String) -> Problem { Problem(.notFound, detail) }

    enum CodingKeys: String, CodingKey { case status, title, detail }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.code, forKey: .status)
        try container.encode(status.reasonPhrase, forKey: .title)
        try container.encode(detail, forKey: .detail)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONOutput.data(self, pretty: false)
        var headers: HTTPFields = [.contentType: "application/problem+json", .cacheControl: "no-store"]
        if let allow { headers[.allow] = allow }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        // A body too large is not read to its end: the connection closes after this answer.
        if status == .contentTooLarge { headers[.connection] = "close" }
        let response = Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
        // A HEAD gets the headers a GET would, and never a body.
        return request.method == .head ? response.createHeadResponse() : response
    }
}

/// Turns every failure into an answer: problem JSON for the API and for clients that ask for JSON;
/// for a browser (Accept: text/html) anywhere but /api/ and /data/, the error page in its language
/// with search. The API's own problems, the rider's mistakes the store reports, a path no route
/// serves (404) or serves with other methods (405 with Allow); anything else is a 500 that is
/// logged, never shown.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Longer request targets are refused before any parsing (a link or a bookmark is far shorter).
    static var maximumURILength: Int { 2048 }

    let methods: MethodTable
    /// For the error pages; nil answers problem JSON to everyone.
    var site: PageScope.Site?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            guard request.uri.string.utf8.count <= Self.maximumURILength else {
                throw Problem(.uriTooLong, "the request URI is longer than \(Self.maximumURILength) bytes")
            }
            return try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, request: request, methods: methods)
            // Only a failure of ours is an error line; a 405 (a method a path does not serve) or a
            // 503 (busy, data being replaced) is the client's or the moment's, and one line per
            // request would let anyone flood the log.
            if problem.status == .internalServerError {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            } else {
                context.logger.debug("bad request", metadata: ["status": "\(problem.status.code)", "detail": "\(problem.detail)"])
            }
            if let site, Self.wantsPage(request) { return Self.page(for: problem, request: request, site: site) }
            return try problem.response(from: request, context: context)
        }
    }

    static func problem(for error: any Error, request: Request, methods: MethodTable) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as ResolveError:
            if case .unreadableStation = error { return .badRequest(error.description) }
            return .notFound(error.description)
        case let error as SearchError:
            return .badRequest(error.description)
        case let error where StoreError.isUnreadableDatabase(error):
            return .databaseUnreadable
        case let failure as RouteNetworks.Failure:
            // notReady and busy are handled by RouteNetworkWait; this is what remains. A day outside
            // the served window is a well-formed request this server will not answer: 422.
            if case .outsideWindow = failure { return Problem(.unprocessableContent, failure.description) }
            return Problem(.serviceUnavailable, failure.description, retryAfter: RouteNetworkWait<EkiRequestContext>.retryAfter)
        case let error as HTTPError where error.status == .notFound:
            // The router found no route for this method: another method may serve the path.
            if let allow = methods.allow(for: request.uri.path) {
                return Problem(.methodNotAllowed, "\(request.method.rawValue.prefix(20)) is not allowed here; this path answers \(allow)", allow: allow)
            }
            return .notFound("no endpoint \(request.method.rawValue.prefix(20)) \(request.uri.path.prefix(200)); the API is described at /api/openapi.json")
        case let error as HTTPError:
            return Problem(error.status, error.body ?? error.status.reasonPhrase)
        default:
            return Problem(.internalServerError, "the server could not answer this request")
        }
    }

    /// A browser asking for a page (not the API, not a published file).
    static func wantsPage(_ request: Request) -> Bool {
        let path = request.uri.path
        guard !path.hasPrefix("/api/"), !path.hasPrefix("/data/"), path != "/api", let accept = request.headers[.accept] else { return false }
        return accept.contains("text/html")
    }

    /// The problem as the error page: its status and Allow, a heading in the page's language.
    static func page(for problem: Problem, request: Request, site: PageScope.Site) -> Response {
        let scope = PageScope(lang: WebPages.language(request, default: site.language), site: site)
        let error: PageError = switch problem.status {
        case .notFound: PageError(.notFound, ja: "ページが見つかりません", en: "There is no such page", detail: nil)
        case .methodNotAllowed: PageError(.methodNotAllowed, ja: "このページでは使えない操作です", en: "This page cannot do that", detail: problem.detail)
        case .uriTooLong: PageError(.uriTooLong, ja: "URL が長すぎます", en: "That address is too long", detail: problem.detail)
        case .serviceUnavailable where problem.retryAfter != nil:
            // Not ready yet (a day's routes being prepared, a database being swapped): it will
            // pass, and the page says so and loads itself again when the server asked to be asked.
            PageError(.serviceUnavailable, ja: "準備中です。まもなく自動で表示します", en: "Getting this ready; the page will load by itself in a moment",
                      detail: nil)
        case let status where status.code >= 500:
            PageError(status, ja: "サーバーが答えられませんでした", en: "The server could not answer this request", detail: nil)
        default: PageError(problem.status, ja: "URL を読めません", en: "That address cannot be read", detail: problem.detail)
        }
        var view = ErrorView(error, query: problem.status == .uriTooLong ? "" : ErrorView.subject(request), scope: scope)
        if problem.status == .serviceUnavailable { view.frame.refreshSeconds = problem.retryAfter }
        var response = scope.html(view, status: problem.status)
        if let allow = problem.allow { response.headers[.allow] = allow }
        if let retryAfter = problem.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return request.method == .head ? response.createHeadResponse() : response
    }
}
