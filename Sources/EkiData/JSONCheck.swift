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

    /// Reads the file in chunks: constant memory whatever its size.
    public static func validate(_ file: URL, as shape: JSONShape) throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: file)
        } catch {
            throw Problem(description: "cannot be read back: \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        var scanner = JSONSyntaxScanner()
        var start = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                if start.count < 64 { start.append(chunk.prefix(64 - start.count)) }
                scanner.feed(chunk)
            }
        } catch {
            throw Problem(description: "cannot be read back: \(error.localizedDescription)")
        }
        try judge(scanner.finish(), expected: shape, start: start)
    }

    public static func validate(_ data: Data, as shape: JSONShape) throws {
        var scanner = JSONSyntaxScanner()
        scanner.feed(data)
        try judge(scanner.finish(), expected: shape, start: data.prefix(64))
    }

    private static func judge(_ verdict: JSONSyntaxScanner.Verdict, expected: JSONShape, start: Data) throws {
        let problem: String
        switch verdict {
        case .valid(let shape) where shape == expected:
            return
        case .valid(let shape):
            let found = shape.map { $0 == .array ? "an array" : "an object" } ?? "a single value"
            problem = "JSON, but \(found) where \(expected == .array ? "an array" : "an object") was expected"
        case .empty:
            problem = "empty, not JSON"
        case .endsEarly(let offset):
            problem = "not JSON: it ends early, at byte \(offset)"
        case .unexpected(let offset):
            problem = "not JSON at byte \(offset)" + htmlHint(start)
        }
        throw Problem(description: problem)
    }

    /// Servers answer errors with web pages; say so, it explains most "not JSON at byte 0".
    private static func htmlHint(_ start: Data) -> String {
        let text = String(decoding: start, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("<") else { return "" }
        let tag = text.prefix(while: { $0 != ">" }).prefix(24)
        return " (it starts like an HTML page: \(tag)>…)"
    }
}
