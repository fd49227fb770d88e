import Foundation

/// What a fetched file must be at its top level.
public enum JSONShape: String, Sendable, Equatable {
    case array, object
}

/// Checks that a downloaded file is JSON of the expected shape, with a message that says where it is
/// not: "not JSON at byte 0 (it starts like an HTML page: <!DOCTYPE html>…)".
public enum JSONCheck {
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public static func validate(_ file: URL, as shape: JSONShape) throws {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw Problem(description: "cannot be read back: \(error.localizedDescription)")
        }
        try validate(data, as: shape)
    }

    public static func validate(_ data: Data, as shape: JSONShape) throws {
        guard data.contains(where: { !isSpace($0) }) else {
            throw Problem(description: "empty (\(data.count) bytes), not JSON")
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw Problem(description: notJSON(data, error: error))
        }
        switch (shape, value) {
        case (.array, is [Any]), (.object, is [String: Any]):
            return
        default:
            throw Problem(description: "JSON, but \(kind(of: value)) where \(shape == .array ? "an array" : "an object") was expected")
        }
    }

    private static func notJSON(_ data: Data, error: any Error) -> String {
        let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        let verdict: String
        if let range = debug.range(of: #"character (\d+)"#, options: .regularExpression),
           let offset = Int(debug[range].dropFirst("character ".count)) {
            verdict = "not JSON at byte \(offset)"
        } else if debug.localizedCaseInsensitiveContains("end of file") {
            verdict = "not JSON: it ends early, at byte \(data.count)"
        } else {
            verdict = "not JSON"
        }
        let start = String(decoding: data.prefix(64), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if start.hasPrefix("<") {
            let tag = start.prefix(while: { $0 != ">" }).prefix(24)
            return verdict + " (it starts like an HTML page: \(tag)>…)"
        }
        return verdict
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case is String: "a string"
        case is NSNumber: "a number"
        default: "null"
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
