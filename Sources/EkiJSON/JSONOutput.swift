import Foundation

/// The one JSON style of every Eki output, CLI and HTTP alike: sorted keys so outputs diff and
/// cache cleanly, slashes unescaped, pretty-printed for people or compact for the wire.
public enum JSONOutput {
    public static func data<T: Encodable>(_ value: T, pretty: Bool = true) throws -> Data {
        if let compact = value as? any CompactJSON {
            var out = JSONWriter(pretty: pretty)
            compact.write(to: &out)
            return out.data
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// A value known to write itself: no JSONEncoder, and no run-time search for its conformance.
    public static func data<T: CompactJSON>(_ value: T, pretty: Bool = true) -> Data {
        var out = JSONWriter(pretty: pretty)
        value.write(to: &out)
        return out.data
    }

    public static func string<T: CompactJSON>(_ value: T, pretty: Bool = true) -> String {
        var out = JSONWriter(pretty: pretty)
        value.write(to: &out)
        return out.text
    }

    /// Always through JSONEncoder, even for `CompactJSON` values (the reference the fast path is checked against).
    public static func encoderData<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    public static func string<T: Encodable>(_ value: T, pretty: Bool = true) throws -> String {
        String(decoding: try data(value, pretty: pretty), as: UTF8.self)
    }
}
