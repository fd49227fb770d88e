import Foundation

/// The one JSON style of every Eki output, CLI and HTTP alike: sorted keys so outputs diff and
/// cache cleanly, slashes unescaped, pretty-printed for people or compact for the wire.
public enum JSONOutput {
    public static func data<T: Encodable>(_ value: T, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    public static func string<T: Encodable>(_ value: T, pretty: Bool = true) throws -> String {
        String(decoding: try data(value, pretty: pretty), as: UTF8.self)
    }
}
