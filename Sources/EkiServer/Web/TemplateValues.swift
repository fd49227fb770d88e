import Foundation
import Mustache

/// What a template reads, made from a view model in one pass: `Fields` per struct (by property
/// name), `List`s, `Text` for strings and numbers, `Flag`s; a property that is nil becomes
/// `Nothing`, which reads as "nothing" — without it Mustache would go on to look for the same name
/// in the values around it (a row's missing `type` must not show the page's).
///
/// Why not hand Mustache the view model, or dictionaries and strings: it finds values through
/// reflection (`Mirror`, which demangles type names on every lookup) and asks each value whether
/// it is one of its protocols with `as?`, which on Linux bridges every String, Array and
/// Dictionary to its Foundation class to answer no. The busiest timetable page rendered five to
/// nine times slower than the string building it replaced; with these plain types the casts are
/// answered from the runtime's conformance cache (docs/PERFORMANCE.md).
enum TemplateValues {
    static func make(_ value: some Encodable) throws -> any Sendable {
        switch value {
        case let text as String: return Text(text)
        case let flag as Bool: return Flag(value: flag)
        case let number as Int: return Text(String(number))
        default:
            let encoder = ValueEncoder()
            try value.encode(to: encoder)
            return encoder.result
        }
    }

    /// A struct's properties by name.
    struct Fields: MustacheParent, Sendable {
        var values: [String: any Sendable]
        func child(named name: String) -> Any? { values[name] }
    }

    /// An array's items, for sections that repeat; `empty(list)` for sections about having any.
    struct List: MustacheSequence, MustacheTransformable, Sendable {
        var items: [any Sendable]
        func makeIterator() -> IndexingIterator<[any Sendable]> { items.makeIterator() }
        func transform(_ name: String) -> Any? {
            switch name {
            case "empty": items.isEmpty
            case "count": Text(String(items.count))
            default: nil
            }
        }
    }

    /// A string, shown escaped by `{{…}}` (as it is by `{{{…}}}`).
    struct Text: MustacheCustomRenderable, Sendable {
        var value: String
        init(_ value: String) { self.value = value }
        var renderText: String { value }
        var isNull: Bool { false }
    }

    /// A Bool: a section shows when it is true, an inverted section when it is false.
    struct Flag: MustacheCustomRenderable, Sendable {
        var value: Bool
        var renderText: String { value ? "true" : "false" }
        var isNull: Bool { !value }
    }

    /// A nil property: shows nothing, and ends the search for its name.
    struct Nothing: MustacheCustomRepresentation, Sendable {
        var representation: Any? { nil }
    }
}

/// Collects one value; containers fill it.
private final class ValueEncoder: Encoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// A struct's fields, an array's items, or a single value.
    var fields: [String: any Sendable]?
    var items: [any Sendable]?
    var single: any Sendable = TemplateValues.Nothing()
    /// Nested containers' encoders (only hand-written encode(to:) makes them), by key or position.
    var nestedFields: [String: ValueEncoder] = [:]
    var nestedItems: [Int: ValueEncoder] = [:]

    var result: any Sendable {
        if var fields {
            for (key, nested) in nestedFields { fields[key] = nested.result }
            return TemplateValues.Fields(values: fields)
        }
        if var items {
            for (index, nested) in nestedItems { items[index] = nested.result }
            return TemplateValues.List(items: items)
        }
        return single
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if fields == nil { fields = [:] }
        return KeyedEncodingContainer(Fields<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if items == nil { items = [] }
        return Items(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { encoder.fields?[key.stringValue] = TemplateValues.Nothing() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.fields?[key.stringValue] = try TemplateValues.make(value)
        }
        // What synthesized code calls for an optional property: nil is written, not left out.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            encoder.fields?[key.stringValue] = try value.map(TemplateValues.make) ?? TemplateValues.Nothing()
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        private mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
            encoder.fields?[key.stringValue] = try value.map(TemplateValues.make) ?? TemplateValues.Nothing()
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            nested(key).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { nested(key).unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }

        private func nested(_ key: Key) -> ValueEncoder {
            let child = ValueEncoder()
            encoder.nestedFields[key.stringValue] = child
            return child
        }
    }

    struct Items: UnkeyedEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.items?.count ?? 0 }

        mutating func encodeNil() throws { encoder.items?.append(TemplateValues.Nothing()) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.items?.append(try TemplateValues.make(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            nested().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { nested() }

        private func nested() -> ValueEncoder {
            let child = ValueEncoder()
            encoder.nestedItems[encoder.items?.count ?? 0] = child
            encoder.items?.append(TemplateValues.Nothing())
            return child
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.single = TemplateValues.Nothing() }
        mutating func encode(_ value: String) throws { encoder.single = TemplateValues.Text(value) }
        mutating func encode(_ value: Bool) throws { encoder.single = TemplateValues.Flag(value: value) }
        mutating func encode(_ value: Int) throws { encoder.single = TemplateValues.Text(String(value)) }
        mutating func encode(_ value: Double) throws { encoder.single = TemplateValues.Text(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.single = try TemplateValues.make(value) }
    }
}
