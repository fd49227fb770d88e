import Hummingbird
import Synchronization

/// Which methods each path answers, learnt from the router once every route is added: a request
/// the router has no route for is a 405 with `Allow` when its path is served by other methods —
/// whatever the method, QUERY, TRACE or one never heard of (RFC 9110 §15.5.6) — and a 404 only
/// when no method serves the path. GET paths answer HEAD too (the router's
/// `autoGenerateHeadEndpoints`).
final class MethodTable: Sendable {
    private let paths = Mutex<[(path: RouterPath, allow: String)]>([])

    /// Call after the last route is added.
    func learn(_ routes: [(path: RouterPath, method: HTTPRequest.Method)]) {
        var methods: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in routes {
            methods[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]
        paths.withLock { paths in
            paths = methods.values.map { path, methods in
                var all = methods
                if all.contains(.get) { all.insert(.head) }
                let allow = order.filter(all.contains).map(\.rawValue) + all.subtracting(order).map(\.rawValue).sorted()
                return (path, allow.joined(separator: ", "))
            }
        }
    }

    /// The Allow header for a request path, nil when no route has it. Path segments are compared
    /// as the router does: a literal equals, a `{parameter}` takes any one segment.
    func allow(for path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return paths.withLock { paths in
            paths.first { route in
                route.path.components.count == segments.count && zip(route.path.components, segments).allSatisfy { $0 ~= $1 }
            }?.allow
        }
    }
}
