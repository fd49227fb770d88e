import Foundation

/// `.eki-fetch.json` in a fetched folder: where and when it came from. It marks the folder as one
/// `eki data fetch` made (and may therefore replace); it never holds a key. Hidden, so importers
/// that list a folder's `.json` files do not take it for data.
public struct FetchRecord: Codable, Sendable, Equatable {
    public static let fileName = ".eki-fetch.json"

    public var source: String
    public var baseURL: String
    public var fetchedAt: Date
    public var files: Int
    public var bytes: Int64

    public init(source: String, baseURL: String, fetchedAt: Date, files: Int, bytes: Int64) {
        self.source = source
        self.baseURL = baseURL
        self.fetchedAt = fetchedAt
        self.files = files
        self.bytes = bytes
    }

    public static func read(from folder: URL) throws -> FetchRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(FetchRecord.self, from: Data(contentsOf: folder.appendingPathComponent(fileName)))
    }

    func write(into folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName))
        } catch {
            throw FetchError.target("cannot write \(Self.fileName): \(error.localizedDescription)")
        }
    }
}
