import Foundation
import Hummingbird

/// The API's contract: `Resources/openapi.json`, served as it is at /api/openapi.json, and read at
/// start so that the code cannot drift from it:
/// - every /api route must be an operation of the document with the same method and path, and
///   every operation must be served (`verify`), or the server does not start;
/// - the query parameters an endpoint takes are the document's, and so are their required-ness,
///   integer and number ranges, defaults, lengths and examples (`QueryParameters`);
/// - schemathesis (scripts/test.sh) checks the rest against the running server: patterns,
///   answers and their schemas, problem details, methods.
struct APIContract: Sendable {
    /// One query parameter as the document describes it.
    struct Parameter: Sendable {
        enum Kind: String, Sendable { case string, integer, number, boolean }
        var name: String
        var required: Bool
        var kind: Kind
        var minimum: Double?
        var maximum: Double?
        var minLength: Int?
        var maxLength: Int?
        /// The default, as it would be written in the query.
        var fallback: String?
        var example: String?
    }

    struct Operation: Sendable {
        var id: String
        var method: HTTPRequest.Method
        /// As the document writes it: /api/v1/train/{trainId}
        var path: String
        /// In the document's order.
        var query: [Parameter] { didSet { names = query.map(\.name) } }
        /// Their names, made once (every request is checked against them).
        private(set) var names: [String]

        init(id: String, method: HTTPRequest.Method, path: String, query: [Parameter]) {
            self.id = id
            self.method = method
            self.path = path
            self.query = query
            names = query.map(\.name)
        }

        func parameter(_ name: String) -> Parameter? { query.first { $0.name == name } }
    }

    let document: [UInt8]
    let operations: [Operation]

    init(document: [UInt8]) throws {
        self.document = document
        guard let root = try? JSONSerialization.jsonObject(with: Data(document)) as? [String: Any],
              let paths = root["paths"] as? [String: [String: Any]] else {
            throw WebFilesError("openapi.json is not an OpenAPI document (no paths)")
        }
        func resolve(_ node: Any?) -> [String: Any] {
            guard let node = node as? [String: Any] else { return [:] }
            guard let reference = node["$ref"] as? String else { return node }
            var current: Any = root
            for key in reference.dropFirst(2).split(separator: "/") { current = (current as? [String: Any])?[String(key)] ?? [:] }
            return resolve(current)
        }
        /// A default or an example as a query would write it (JSON true and 1 both arrive as NSNumber:
        /// the parameter's type tells them apart).
        func text(_ value: Any?, _ kind: Parameter.Kind) -> String? {
            switch (value, kind) {
            case (let string as String, _): string
            case (let number as NSNumber, .boolean): number.boolValue ? "true" : "false"
            case (let number as NSNumber, _): number.stringValue
            default: nil
            }
        }
        var operations: [Operation] = []
        for (path, methods) in paths {
            for (method, value) in methods {
                let operation = resolve(value)
                guard let id = operation["operationId"] as? String, let verb = HTTPRequest.Method(method.uppercased()) else {
                    throw WebFilesError("openapi.json: \(method.uppercased()) \(path) has no operationId")
                }
                let parameters = (operation["parameters"] as? [Any] ?? []).map(resolve).filter { $0["in"] as? String == "query" }
                let query = try parameters.map { parameter -> Parameter in
                    let schema = resolve(parameter["schema"])
                    guard let name = parameter["name"] as? String,
                          let kind = Parameter.Kind(rawValue: schema["type"] as? String ?? "") else {
                        throw WebFilesError("openapi.json: a query parameter of \(id) has no name or no simple type")
                    }
                    return Parameter(name: name, required: parameter["required"] as? Bool ?? false, kind: kind,
                                     minimum: (schema["minimum"] as? NSNumber)?.doubleValue, maximum: (schema["maximum"] as? NSNumber)?.doubleValue,
                                     minLength: schema["minLength"] as? Int, maxLength: schema["maxLength"] as? Int,
                                     fallback: text(schema["default"], kind), example: text(parameter["example"], kind))
                }
                operations.append(Operation(id: id, method: verb, path: path, query: query))
            }
        }
        self.operations = operations.sorted { ($0.path, $0.method.rawValue) < ($1.path, $1.method.rawValue) }
    }

    /// The operation an endpoint serves, by its operationId; the server does not start without it.
    func operation(_ id: String) throws -> Operation {
        guard let operation = operations.first(where: { $0.id == id }) else {
            throw WebFilesError("openapi.json has no operation \"\(id)\"")
        }
        return operation
    }

    /// The API routes (under /api/) must be exactly the document's operations: a route added or
    /// changed without the document, or an operation left unserved, stops the server at start.
    func verify(routes: [(path: RouterPath, method: HTTPRequest.Method)]) throws {
        // Hummingbird writes {trainId} as :trainId.
        let served = Set(routes.filter { $0.path.description.hasPrefix("/api/") && $0.method != .head }.map { route in
            "\(route.method.rawValue) " + route.path.description.replacing(/:(\w+)/) { "{\($0.output.1)}" }
        })
        let documented = Set(operations.map { "\($0.method.rawValue) \($0.path)" })
        if let missing = served.subtracting(documented).sorted().first {
            throw WebFilesError("the route \(missing) is not in openapi.json: describe it there first")
        }
        if let unserved = documented.subtracting(served).sorted().first {
            throw WebFilesError("openapi.json describes \(unserved), which no route serves")
        }
    }

    /// GET /api/openapi.json: the file as it is, with an ETag.
    func response(to request: Request) throws -> Response {
        _ = try QueryParameters(request, operation: try operation("openapi"))
        let etag = "\"\(CachedJSON.hex(CachedJSON.fnv1a(document)))\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=\(CachedJSON.maxAge)"]
        if let ifNoneMatch = request.headers[.ifNoneMatch], CachedJSON.matches(ifNoneMatch, etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document)))
    }
}
