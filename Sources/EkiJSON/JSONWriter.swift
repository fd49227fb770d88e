import Foundation

/// JSON written straight into bytes, for the answers the server makes most (departure boards):
/// Foundation's JSONEncoder took a third of the server's CPU on uncached requests. The output is
/// byte for byte what `JSONOutput.data(_, pretty: false)` makes — keys sorted, slashes unescaped —
/// which CompactJSONTests check on real boards.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    public var data: Data { Data(bytes) }

    public mutating func openObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func closeObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func openArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func closeArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// `"key":` — keys are the writer's own ASCII names, written as they are.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
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

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }
}

/// A value that writes its own compact JSON (the same bytes JSONEncoder would make).
public protocol CompactJSON: Encodable {
    func write(to out: inout JSONWriter)
}

extension Array: CompactJSON where Element: CompactJSON {
    public func write(to out: inout JSONWriter) {
        out.array(self) { out, element in element.write(to: &out) }
    }
}
