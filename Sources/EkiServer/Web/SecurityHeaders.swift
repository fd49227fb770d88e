import HTTPTypes
import Hummingbird

/// Headers on every answer, pages, API, assets and errors alike: the browser is told not to guess
/// content types, to run only the app's own scripts and styles (no inline script or style, no
/// other host), to keep addresses (station names, routes) out of Referer, and that no other site
/// may frame the app. A JSON answer loads nothing at all, so its policy allows nothing: the short
/// form OWASP gives for APIs, which also keeps the headers of a small, hot answer (a platform's
/// board) from growing by a tenth.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    /// `img-src data:`: route.js draws the share card from its SVG as a data: image. `connect-src`
    /// covers the service worker's and the scripts' fetches of our own API.
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// For application/json and application/problem+json.
    static var jsonContentSecurityPolicy: String { SecurityFields.jsonPolicy }

    static func fields(policy: String) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in SecurityFields.pairs(policy: policy) { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    private let app = Self.fields(policy: Self.contentSecurityPolicy)
    private let json = Self.fields(policy: Self.jsonContentSecurityPolicy)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let isJSON = response.headers[.contentType].map { $0.hasPrefix("application/json") || $0.hasPrefix("application/problem+json") } ?? false
        response.headers.append(contentsOf: isJSON ? json : app)
        return response
    }
}

/// The same headers as raw lines, for the answers written below Hummingbird (the connection
/// guard's 503 over a cap, the codec's 400 for a request it cannot parse).
enum SecurityFields {
    static let jsonPolicy = "default-src 'none'; frame-ancestors 'none'"

    static func pairs(policy: String) -> [(String, String)] {
        [("X-Content-Type-Options", "nosniff"), ("Content-Security-Policy", policy), ("Referrer-Policy", "no-referrer")]
    }

    /// `name: value\r\n` each, for a problem+json answer.
    static let jsonLines = pairs(policy: jsonPolicy).map { "\($0.0): \($0.1)\r\n" }.joined()
}
