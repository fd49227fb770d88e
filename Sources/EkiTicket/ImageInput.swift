/// The bytes a rider hands over, checked before any decoding: a JPEG, PNG or WebP of at most 12 MB.
public struct ImageInput: Sendable {
    public enum Format: String, Sendable { case jpeg, png, webp }

    /// 12 MB, the most a phone photo needs (a 12-megapixel JPEG is 2–6 MB).
    public static let maximumBytes = 12 * 1024 * 1024

    public let bytes: [UInt8]
    public let format: Format

    /// Checks size and kind; `name` says where the bytes came from in the error.
    public init(bytes: [UInt8], name: String = "image") throws(TicketScanError) {
        guard !bytes.isEmpty else { throw .empty(name) }
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(name, bytes: bytes.count) }
        guard let format = Self.sniff(bytes) else { throw .notAnImage(name) }
        self.bytes = bytes
        self.format = format
    }

    /// The format from the file's first bytes, whatever its name says.
    static func sniff(_ b: [UInt8]) -> Format? {
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .jpeg }
        if b.count >= 8, b[0 ..< 8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if b.count >= 12, b[0 ..< 4].elementsEqual(Array("RIFF".utf8)), b[8 ..< 12].elementsEqual(Array("WEBP".utf8)) { return .webp }
        return nil
    }
}

/// Why an image could not be scanned, in words for the rider (one line).
public enum TicketScanError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty(String)
    case tooLarge(String, bytes: Int)
    case notAnImage(String)
    case undecodable(String)
    case ocrUnavailable(String)

    public var description: String {
        switch self {
        case .empty(let name): "\(name) is empty"
        case .tooLarge(let name, let bytes):
            "\(name) is \(bytes / 1_048_576) MB; a ticket image may be at most \(ImageInput.maximumBytes / 1_048_576) MB"
        case .notAnImage(let name): "\(name) is not a JPEG, PNG or WebP image"
        case .undecodable(let name): "\(name) looks like an image but cannot be decoded (truncated or damaged)"
        case .ocrUnavailable(let why): "text recognition is not available: \(why) (scripts/setup.sh installs tesseract-ocr-jpn and tesseract-ocr-eng)"
        }
    }
}
