import Hummingbird

/// Every route is read-only. HEAD is answered for each GET route (the router's
/// `autoGenerateHeadEndpoints`: the GET answer's status and headers, no body); the other common
/// methods on those paths answer 405 with `Allow: GET, HEAD` (RFC 9110 §15.5.6) instead of a 404
/// that would say the path does not exist. A method the server does not know at all is a 501
/// (see `ProblemMiddleware`).
enum MethodNotAllowed {
    static let allow = "GET, HEAD"
    static let refused: [HTTPRequest.Method] = [.post, .put, .patch, .delete, .options, .trace]

    /// Call after every GET route is added: the paths are read from the router's own list.
    static func register<Context: RequestContext>(on router: Router<Context>) {
        let paths = router.routes.filter { $0.method == .get }.map(\.path)
        for path in paths {
            for method in refused {
                router.on(path, method: method) { request, _ -> Response in
                    throw Problem(.methodNotAllowed, "\(request.method) is not allowed here; this path answers \(allow)", allow: allow)
                }
            }
        }
    }
}
