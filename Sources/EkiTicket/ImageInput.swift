/// The bytes a rider hands over, checked before any decoding: a JPEG, PNG or WebP of at most 12 MB
/// and 50 megapixels, its size read from the header (a 756 KB PNG can claim 16000×16000 pixels and
/// take gigabytes to decode), a PNG whole to its last chunk (libpng prints its own complaint about a
/// truncated file before Leptonica can refuse it).
public struct ImageInput: Sendable {
    public enum Format: String, Sendable { case jpeg, png, webp }

    /// 12 MB, the most a phone photo needs (a 12-megapixel JPEG is 2–6 MB).
    public static let maximumBytes = 12 * 1024 * 1024
    /// 50 megapixels: a 48-megapixel phone photo fits; decoded, it is 200 MB of RGBA.
    public static let maximumPixels = 50_000_000

    public let bytes: [UInt8]
    public let format: Format
    public let width: Int
    public let height: Int

    /// Checks size and kind; `name` says where the bytes came from in the error.
    public init(bytes: [UInt8], name: String = "image") throws(TicketScanError) {
        guard !bytes.isEmpty else { throw .empty(name) }
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(name, bytes: bytes.count) }
        guard let format = Self.sniff(bytes) else { throw .notAnImage(name) }
        guard let size = ImageHeader.size(bytes, format) else { throw .undecodable(name) }
        guard size.width > 0, size.height > 0 else { throw .undecodable(name) }
        guard size.width * size.height <= Self.maximumPixels else { throw .tooManyPixels(name, width: size.width, height: size.height) }
        if format == .png, !ImageHeader.pngIsWhole(bytes) { throw .undecodable(name) }
        self.bytes = bytes
        self.format = format
        (width, height) = size
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
    case tooManyPixels(String, width: Int, height: Int)
    case notAnImage(String)
    case undecodable(String)
    case ocrUnavailable(String)

    public var description: String {
        switch self {
        case .empty(let name): "\(name) is empty"
        case .tooLarge(let name, let bytes):
            // Rounded up to a tenth: 12,582,913 bytes is "12.1 MB", never "12 MB" beside a 12 MB limit.
            "\(name) is \(Self.megabytes(bytes)) MB; a ticket image may be at most \(ImageInput.maximumBytes / 1_048_576) MB"
        case .tooManyPixels(let name, let width, let height):
            "\(name) is \(width)×\(height) pixels; a ticket image may have at most \(ImageInput.maximumPixels / 1_000_000) megapixels"
        case .notAnImage(let name): "\(name) is not a JPEG, PNG or WebP image"
        case .undecodable(let name): "\(name) looks like an image but cannot be decoded (truncated or damaged)"
        case .ocrUnavailable(let why): "text recognition is not available: \(why) (scripts/setup.sh installs tesseract-ocr-jpn and tesseract-ocr-eng)"
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 1_048_575) / 1_048_576
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Width and height from an image's header, without decoding it.
enum ImageHeader {
    static func size(_ b: [UInt8], _ format: ImageInput.Format) -> (width: Int, height: Int)? {
        switch format {
        case .png: png(b)
        case .jpeg: jpeg(b)
        case .webp: webp(b)
        }
    }

    private static func u32be(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 4 <= b.count else { return nil }
        return Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    private static func u16be(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 2 <= b.count else { return nil }
        return Int(b[at]) << 8 | Int(b[at + 1])
    }

    private static func u16le(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 2 <= b.count else { return nil }
        return Int(b[at]) | Int(b[at + 1]) << 8
    }

    private static func u24le(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 3 <= b.count else { return nil }
        return Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16
    }

    /// The first chunk is IHDR: width and height, 4 bytes each, big-endian.
    static func png(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 24, b[12 ..< 16].elementsEqual(Array("IHDR".utf8)),
              let w = u32be(b, 16), let h = u32be(b, 20) else { return nil }
        return (w, h)
    }

    /// Every chunk present to IEND with its checksum right: a cut or damaged file is refused here.
    static func pngIsWhole(_ b: [UInt8]) -> Bool {
        var at = 8
        while let length = u32be(b, at) {
            let end = at + 12 + length
            guard length < 0x8000_0000, end <= b.count else { return false }
            guard let stored = u32be(b, end - 4), CRC32.checksum(b[(at + 4) ..< (end - 4)]) == UInt32(stored) else { return false }
            if b[(at + 4) ..< (at + 8)].elementsEqual(Array("IEND".utf8)) { return true }
            at = end
        }
        return false
    }

    /// The first start-of-frame marker (SOF0–SOF15 less DHT, JPG and DAC) holds height then width.
    static func jpeg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }           // fill byte
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            guard let length = u16be(b, i + 2), length >= 2 else { return nil }
            if (0xC0 ... 0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let h = u16be(b, i + 5), let w = u16be(b, i + 7) else { return nil }
                return (w, h)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data before any frame header
            i += 2 + length
        }
        return nil
    }

    /// VP8 (lossy), VP8L (lossless) or VP8X (extended) as the first chunk after "WEBP".
    static func webp(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 30 else { return nil }
        let chunk = String(decoding: b[12 ..< 16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A, let w = u16le(b, 26), let h = u16le(b, 28) else { return nil }
            return (w & 0x3FFF, h & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { return nil }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let w = u24le(b, 24), let h = u24le(b, 27) else { return nil }
            return (w + 1, h + 1)
        default:
            return nil
        }
    }
}

/// CRC-32 as PNG checks its chunks (ISO 3309, the zlib polynomial).
enum CRC32 {
    static let table: [UInt32] = (0 ..< 256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0 ..< 8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}
