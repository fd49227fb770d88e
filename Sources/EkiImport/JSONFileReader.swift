import EkiCore
import Foundation
import Synchronization

/// Reads and decodes a source folder's JSON files, turning every failure into a one-line `ImportError`
/// that names the file and the position, and remembering what it read for the snapshot's identity.
struct JSONFileReader {
    let folder: URL
    private var fileDigests: [String: UInt64] = [:]

    init(folder: URL) { self.folder = folder }

    mutating func decode<T: Decodable>(_ type: T.Type, from relativePath: String) throws -> T {
        let data = try read(relativePath)
        remember(relativePath, data: data)
        return try Self.decode(type, data: data, file: relativePath)
    }

    /// Like `decode`, but a missing file is a warning (the import goes on without it).
    mutating func decodeOptional<T: Decodable>(_ type: T.Type, from relativePath: String,
                                               warnings: inout [ImportWarning]) throws -> T? {
        let path = folder.appendingPathComponent(relativePath).path
        if SymbolicLinks.loops(path) {
            throw ImportError.unreadable(file: relativePath, reason: "a symbolic link that loops (it points back to itself)")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            warnings.append(.init(.missingFile, "\(relativePath) is missing; imported without it", ids: [relativePath]))
            return nil
        }
        return try decode(type, from: relativePath)
    }

    /// The `.json` files of a subfolder, as relative paths in name order.
    func listJSON(in subfolder: String) throws -> [String] {
        let url = folder.appendingPathComponent(subfolder)
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".json") }.sorted().map { subfolder + "/" + $0 }
        } catch {
            throw ImportError.unreadable(file: url.path, reason: "cannot list the folder")
        }
    }

    /// Decodes many files on all cores; results come back in the order of `files`.
    /// The first failure (in file order) is thrown.
    mutating func decodeConcurrently<T: Decodable & Sendable>(_ type: T.Type, files: [String]) throws -> [T] {
        let results = Mutex<[Int: Result<(T, UInt64), ImportError>]>([:])
        let folder = self.folder
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let result: Result<(T, UInt64), ImportError>
            do {
                let data = try JSONFileReader(folder: folder).read(file)
                result = .success((try Self.decode(type, data: data, file: file), Self.fnv1a(data)))
            } catch let error as ImportError {
                result = .failure(error)
            } catch {
                result = .failure(.unreadable(file: file, reason: String(describing: error)))
            }
            results.withLock { $0[index] = result }
        }
        var decoded: [T] = []
        decoded.reserveCapacity(files.count)
        let all = results.withLock { $0 }
        for (index, file) in files.enumerated() {
            switch all[index]! {
            case .success(let (value, digest)):
                decoded.append(value)
                fileDigests[file] = digest
            case .failure(let error):
                throw error
            }
        }
        return decoded
    }

    /// Identity of everything read: a digest over file names and contents.
    func digest() -> String {
        var combined: UInt64 = 0xcbf2_9ce4_8422_2325
        for (file, digest) in fileDigests.sorted(by: { $0.key < $1.key }) {
            combined = Self.fnv1a(Array(file.utf8), seed: combined)
            withUnsafeBytes(of: digest.littleEndian) { combined = Self.fnv1a(Array($0), seed: combined) }
        }
        return String(combined, radix: 16)
    }

    // MARK: - Reading

    private func read(_ relativePath: String) throws -> Data {
        let url = folder.appendingPathComponent(relativePath)
        do {
            return try Data(contentsOf: url)
        } catch {
            let reason = SymbolicLinks.loops(url.path) ? "a symbolic link that loops (it points back to itself)"
                : FileManager.default.fileExists(atPath: url.path) ? "permission denied or not a file" : "no such file"
            throw ImportError.unreadable(file: relativePath, reason: reason)
        }
    }

    private mutating func remember(_ file: String, data: Data) {
        fileDigests[file] = Self.fnv1a(data)
    }

    static func decode<T: Decodable>(_ type: T.Type, data: Data, file: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw ImportError.malformed(file: file, detail: syntaxError(in: data))
            }
            throw ImportError.malformed(file: file, detail: describe(error))
        } catch {
            throw ImportError.malformed(file: file, detail: String(describing: error))
        }
    }

    /// "at [12].tt[3].d: expected a string" — a path a person can follow into the file.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "top level" : (text.hasPrefix(".") ? String(text.dropFirst()) : text)
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "at \(path(context.codingPath)): expected \(describe(type))"
        case .valueNotFound(let type, let context):
            return "at \(path(context.codingPath)): expected \(describe(type)), found null"
        case .keyNotFound(let key, let context):
            return "at \(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            // Syntax errors carry the line and column in the underlying error's description.
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let detail = underlying ?? context.debugDescription
            return context.codingPath.isEmpty ? detail : "at \(path(context.codingPath)): \(detail)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// Where a syntax error is, as "line L, column C: reason". JSONDecoder does not say, so ask
    /// JSONSerialization (which reports a byte offset, or the end of the file) and count lines to it.
    static func syntaxError(in data: Data) -> String {
        var reason = "not valid JSON"
        var offset = data.count
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if let range = debug.range(of: "character "),
               let number = Int(debug[range.upperBound...].prefix { $0.isNumber }) {
                offset = min(number, data.count)
                reason = "invalid JSON"
            } else if debug.localizedCaseInsensitiveContains("end of file") || data.isEmpty {
                reason = "unexpected end of file (truncated?)"
            } else if !debug.isEmpty {
                reason = debug.hasSuffix(".") ? String(debug.dropLast()) : debug
            }
        }
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return "line \(line), column \(column): \(reason)"
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    static func fnv1a(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { raw in fnv1a(raw.bindMemory(to: UInt8.self)) }
    }
}
