import EkiCore
import Foundation
import Hummingbird

/// A request's query, read strictly: each parameter at most once, only the ones the endpoint
/// takes, percent-encoding that decodes to UTF-8, no control characters. A typo (`limt=5`) is a
/// 400 naming the parameters there are, not a silently ignored value. For an API operation the
/// names, required-ness, types, ranges and defaults are the OpenAPI document's (`APIContract`):
/// what it says is what is checked, and a value given empty is a value (`limit=` is not a number).
struct QueryParameters {
    private var values: [String: String] = [:]
    /// The document's parameters, for an API operation; none for pages.
    private var documented: [APIContract.Parameter] = []

    init(_ request: Request, operation: APIContract.Operation) throws {
        try self.init(request, allowed: operation.names)
        documented = operation.query
        for parameter in documented { try check(parameter) }
    }

    init(_ request: Request, allowed: [String]) throws {
        guard let query = request.uri.query else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0], what: "a parameter name")
            guard allowed.contains(name) else {
                throw Problem.badRequest("unknown parameter \"\(name.prefix(40))\"; this endpoint takes: \(allowed.joined(separator: ", "))")
            }
            guard values[name] == nil else { throw Problem.badRequest("parameter \(name) is given more than once") }
            values[name] = try Self.decode(parts.count > 1 ? parts[1] : "", what: "parameter \(name)")
        }
    }

    /// What the document says of one parameter, checked the same way for every operation.
    private func check(_ parameter: APIContract.Parameter) throws {
        let name = parameter.name
        guard let text = values[name] else {
            guard !parameter.required else { throw Self.missing(parameter) }
            return
        }
        if let minLength = parameter.minLength, text.unicodeScalars.count < minLength {
            throw text.isEmpty && parameter.required ? Self.missing(parameter) : Problem.badRequest("\(name) must not be empty")
        }
        switch parameter.kind {
        case .string:
            break
        case .integer:
            guard let value = Int(text), Double(value) >= parameter.minimum ?? -.infinity, Double(value) <= parameter.maximum ?? .infinity else {
                throw Problem.badRequest("\(name) must be a whole number from \(Self.number(parameter.minimum)) to \(Self.number(parameter.maximum)), got \(Self.quoted(text))")
            }
        case .number:
            guard let value = Double(text), value.isFinite, value >= parameter.minimum ?? -.infinity, value <= parameter.maximum ?? .infinity else {
                throw Problem.badRequest("\(name) must be a number from \(Self.number(parameter.minimum)) to \(Self.number(parameter.maximum)), got \(Self.quoted(text))")
            }
        case .boolean:
            guard text == "true" || text == "false" else { throw Problem.badRequest("\(name) must be true or false, got \(Self.quoted(text))") }
        }
    }

    private static func missing(_ parameter: APIContract.Parameter) -> Problem {
        .badRequest("missing parameter \(parameter.name)" + (parameter.example.map { " (e.g. \(parameter.name)=\($0))" } ?? ""))
    }

    private static func number(_ bound: Double?) -> String {
        guard let bound else { return "any" }
        return bound.rounded() == bound ? String(Int(bound)) : String(bound)
    }

    /// Form encoding as browsers send it: + is a space, %XX a byte, and the bytes must make UTF-8.
    /// By hand over the bytes: this runs for every parameter of every request.
    static func decode(_ raw: Substring, what: String) throws -> String {
        // Most values (ids, times, numbers) are printable ASCII with nothing to decode: as they are.
        if raw.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) {
            return String(raw)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw Problem.badRequest("\(what) has malformed percent-encoding")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Problem.badRequest("\(what) has malformed percent-encoding (not UTF-8)")
        }
        // The control characters (category Cc) are exactly U+0000–U+001F and U+007F–U+009F.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw Problem.badRequest("\(what) contains control characters")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The value as given (possibly empty), nil when absent.
    func raw(_ name: String) -> String? { values[name] }

    /// The value, nil when absent or empty (an empty form field means "not given").
    func optional(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    func required(_ name: String, example: String) throws -> String {
        guard let value = optional(name) else { throw Problem.badRequest("missing parameter \(name) (e.g. \(name)=\(example))") }
        return value
    }

    /// A documented parameter's value (checked at init), else its documented default.
    func required(_ name: String) throws -> String {
        let parameter = try documentedParameter(name)
        guard let value = optional(name) else { throw Self.missing(parameter) }
        return value
    }

    /// A whole number within the document's range, or its default.
    func int(_ name: String) throws -> Int {
        let parameter = try documentedParameter(name)
        guard let value = Int(values[name] ?? parameter.fallback ?? "") else {
            throw Problem(.internalServerError, "openapi.json gives \(name) no default")
        }
        return value
    }

    func double(_ name: String) throws -> Double? {
        _ = try documentedParameter(name)
        return values[name].flatMap(Double.init)
    }

    func bool(_ name: String) throws -> Bool {
        let parameter = try documentedParameter(name)
        return (values[name] ?? parameter.fallback) == "true"
    }

    /// Reading a parameter the document does not describe is the server's mistake, found by any test.
    private func documentedParameter(_ name: String) throws -> APIContract.Parameter {
        guard let parameter = documented.first(where: { $0.name == name }) else {
            throw Problem(.internalServerError, "parameter \(name) is not in openapi.json")
        }
        return parameter
    }

    /// `at`: a Tokyo wall-clock minute, or now when absent (then the answer depends on the clock).
    /// `timeZone` is the timetable's own (`Timetable.timeZone`): now is read on its clock.
    func instant(_ name: String = "at", now: Date, timeZone: TimeZone = TokyoTime.zone) throws -> Moment {
        guard let text = raw(name) else { return Moment(instant: ServiceInstant(now, timeZone: timeZone), isNow: true) }
        guard let instant = ServiceInstant(parsing: text) else {
            throw Problem.badRequest("\(name) expects Tokyo local time as YYYY-MM-DDTHH:MM (e.g. 2026-11-24T07:30), got \(Self.quoted(text))")
        }
        guard instant.calendarDate.isSupported else { throw Self.outOfRange(name, text) }
        return Moment(instant: instant, isNow: false)
    }

    /// `date`: a service day, or today's when absent.
    func date(_ name: String = "date", now: Date, timeZone: TimeZone = TokyoTime.zone) throws -> (date: CivilDate, isNow: Bool) {
        guard let text = raw(name) else { return (ServiceInstant(now, timeZone: timeZone).serviceDate, true) }
        guard let date = CivilDate(iso: text) else {
            throw Problem.badRequest("\(name) expects a date as YYYY-MM-DD (e.g. 2026-11-24), got \(Self.quoted(text))")
        }
        guard date.isSupported else { throw Self.outOfRange(name, text) }
        return (date, false)
    }

    /// A readable date outside the years the holiday calendar is known for (as /calendar/{year}).
    static func outOfRange(_ name: String, _ text: String) -> Problem {
        .badRequest("\(name) must be \(CivilDate.supportedRange) (the years the holiday calendar covers), got \(quoted(text))")
    }

    /// What the client sent, echoed short: a problem detail stays one readable line.
    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
    }
}

/// The moment an answer is for, and whether it was the server's clock (uncacheable beyond the minute).
struct Moment {
    var instant: ServiceInstant
    var isNow: Bool

    /// A whole service day, from its first minute: what a timetable or a schedule is for.
    init(day: CivilDate, isNow: Bool) {
        self.init(instant: ServiceInstant(serviceDate: day, minute: ServiceMinute(ServiceMinute.dayStart)), isNow: isNow)
    }

    init(instant: ServiceInstant, isNow: Bool) {
        self.instant = instant
        self.isNow = isNow
    }
}
