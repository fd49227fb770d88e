import HTTPTypes
import Hummingbird

/// Headers on every answer, pages, API, assets and errors alike: the browser is told not to guess
/// content types, to run only the app's own scripts and styles (no inline script or style, no
/// other host), to keep addresses (station names, routes) out of Referer, and that no other site
/// may frame the app.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    /// `img-src data:`: route.js draws the share card from its SVG as a data: image. `connect-src`
    /// covers the service worker's and the scripts' fetches of our own API.
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    static var fields: HTTPFields {
        [.xContentTypeOptions: "nosniff", .contentSecurityPolicy: contentSecurityPolicy,
         HTTPField.Name("Referrer-Policy")!: "no-referrer"]
    }

    private let fields = Self.fields

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers.append(contentsOf: fields)
        return response
    }
}
