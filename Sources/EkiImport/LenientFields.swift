/// Reading a JSON record's optional fields tolerantly: a field that is null, of the wrong type or
/// empty is noted as a problem ("[84].os[0]: expected a string, found null") and read as absent,
/// so one gap in real open data costs one field, never the import. Required fields are decoded
/// strictly and fail the import with the file and position (`JSONFileReader.describe`).
struct FieldProblems: Sendable, Equatable {
    private(set) var messages: [String] = []
    mutating func note(_ path: [any CodingKey], _ detail: String) {
        messages.append("\(Self.path(path)): \(detail)")
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    var isEmpty: Bool { messages.isEmpty }

    mutating func append(_ other: FieldProblems) { messages += other.messages }
}

/// How an optional field may be absent: `expected` fields are in every record of the format (a
/// title, a colour), so a record without one is worth a warning; `mayBeAbsent` ones are left out
/// when there is nothing to say (no through service, no train name).
/// `nullable` ones may also be written as an explicit null (the ODPT API's way of saying "none").
enum Presence { case expected, mayBeAbsent, nullable }

extension KeyedDecodingContainer {
    /// An optional field: nil when absent (a problem if `expected`), null, of the wrong type, or empty.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key, _ presence: Presence,
                               _ problems: inout FieldProblems) -> T? {
        guard contains(key) else {
            if presence == .expected { problems.note(codingPath + [key], "missing") }
            return nil
        }
        if (try? decodeNil(forKey: key)) == true {
            if presence != .nullable { problems.note(codingPath + [key], "null") }
            return nil
        }
        do {
            let value = try decode(T.self, forKey: key)
            if Self.isEmpty(value) {
                problems.note(codingPath + [key], "empty")
                return nil
            }
            return value
        } catch let DecodingError.typeMismatch(type, context) where context.codingPath.count > codingPath.count + 1 {
            // Deeper inside the field: say where (odpt:stationOrder[2].odpt:index).
            problems.note(context.codingPath, "expected \(Self.describe(type))")
            return nil
        } catch let DecodingError.keyNotFound(missing, context) {
            problems.note(context.codingPath + [missing], "missing")
            return nil
        } catch let DecodingError.valueNotFound(type, context) where context.codingPath.count > codingPath.count + 1 {
            problems.note(context.codingPath, "expected \(Self.describe(type)), found null")
            return nil
        } catch {
            problems.note(codingPath + [key], "expected \(Self.describe(T.self))")
            return nil
        }
    }

    /// An optional list of strings: null or non-string entries are left out, each a problem.
    func lenientStrings(_ key: Key, _ presence: Presence, _ problems: inout FieldProblems) -> [String]? {
        guard let values = lenient([LenientString].self, key, presence, &problems) else { return nil }
        var kept: [String] = []
        for (index, value) in values.enumerated() {
            if let text = value.text, !text.isEmpty {
                kept.append(text)
            } else {
                problems.note(codingPath + [key, IndexKey(index)], value.text == nil ? "expected a string, found \(value.found)" : "empty")
            }
        }
        return kept.isEmpty ? nil : kept
    }

    /// An optional list of strings that some writers give as a single string (ODPT's operators).
    func lenientList(_ key: Key, _ presence: Presence, _ problems: inout FieldProblems) -> [String] {
        if let single = try? decodeIfPresent(String.self, forKey: key) { return single.isEmpty ? [] : [single] }
        return lenientStrings(key, presence, &problems) ?? []
    }

    /// A required string: strictly decoded, and never empty.
    func required(_ key: Key) throws -> String {
        let value = try decode(String.self, forKey: key)
        guard !value.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "empty"))
        }
        return value
    }

    static func isEmpty(_ value: Any) -> Bool {
        switch value {
        case let text as String: text.isEmpty
        case let list as [Any]: list.isEmpty
        case let dictionary as [String: String]: dictionary.isEmpty
        default: false
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is [Double].Type: "a list of numbers"
        case is [String: String].Type: "an object of strings"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

/// One entry of a list that should hold strings, whatever it holds.
struct LenientString: Decodable {
    var text: String?
    var found: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { text = nil; found = "null" }
        else if let value = try? container.decode(String.self) { text = value; found = "a string" }
        else if (try? container.decode(Double.self)) != nil { text = nil; found = "a number" }
        else if (try? container.decode(Bool.self)) != nil { text = nil; found = "true or false" }
        else { text = nil; found = "a list or an object" }
    }
}

struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
