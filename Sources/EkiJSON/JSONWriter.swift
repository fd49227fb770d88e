import Foundation

/// JSON written straight into bytes, for the answers made most (departure boards): Foundation's
/// JSONEncoder took a third of the server's CPU on uncached requests, and its generic machinery
/// (types instantiated at run time) a few per cent of a fresh `eki departures --json`. The output
/// is byte for byte JSONEncoder's with `[.sortedKeys, .withoutEscapingSlashes]`, compact, or with
/// `.prettyPrinted` as well — Foundation's pretty form: two spaces a level, `"key" : value`, an
/// empty container written open and closed on lines of its own (`[` `` `  ]`) — which
/// CompactJSONTests and PrettyJSONTests check on real boards.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    public let pretty: Bool
    private var needsComma = false
    /// A key was just written: its value follows on the same line, with no separator.
    private var afterKey = false
    private var depth = 0

    public init(capacity: Int = 1024, pretty: Bool = false) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    public var data: Data { Data(bytes) }
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func openObject() { open(UInt8(ascii: "{")) }
    public mutating func closeObject() { close(UInt8(ascii: "}")) }
    public mutating func openArray() { open(UInt8(ascii: "[")) }
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// `"key":` (pretty: `"key" : `) — keys are the writer's own ASCII names, written as they are.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        if pretty {
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }
        afterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Names and ids almost never need escaping: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            needsComma = true
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func array<Element>(_ values: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        openArray()
        for value in values { write(&self, value) }
        closeArray()
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        depth += 1
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent()
        }
        bytes.append(bracket)
        needsComma = true
    }

    /// Before a value or a key: the comma after the one before it and, pretty, the line and indent.
    private mutating func separate() {
        if afterKey { afterKey = false; return }
        if needsComma {
            bytes.append(UInt8(ascii: ","))
            if pretty { bytes.append(UInt8(ascii: "\n")) }
        }
        needsComma = false
        if pretty { indent() }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}

/// A value that writes its own JSON (the same bytes JSONEncoder would make, compact or pretty).
public protocol CompactJSON: Encodable {
    func write(to out: inout JSONWriter)
}

extension Array: CompactJSON where Element: CompactJSON {
    public func write(to out: inout JSONWriter) {
        out.array(self) { out, element in element.write(to: &out) }
    }
}
