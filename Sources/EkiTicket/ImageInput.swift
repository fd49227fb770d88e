import CTesseract
import Foundation

/// The bytes a rider hands over, checked before any decoding: a JPEG, PNG or WebP of at most 12 MB
/// and 50 megapixels, its size read from the header (a 756 KB PNG can claim 16000×16000 pixels and
/// take gigabytes to decode), a JPEG of at most 100 scans (a 1.6 MB JPEG of 20,000 scans took
/// minutes to decode), a PNG whole to its last chunk (libpng prints its own complaint about a
/// truncated file before Leptonica can refuse it) with at most 4 compressed metadata chunks and
/// image data that inflates to no more than its rows need. What decoding costs is then bounded by
/// what the header declares, not by what the bytes repeat.
public struct ImageInput: Sendable {
    public enum Format: String, Sendable { case jpeg, png, webp }

    /// 12 MB, the most a phone photo needs (a 12-megapixel JPEG is 2–6 MB).
    public static let maximumBytes = 12 * 1024 * 1024
    /// 50 megapixels: a 48-megapixel phone photo fits; decoded, it is 200 MB of RGBA.
    public static let maximumPixels = 50_000_000
    /// 100 scans (SOS markers). A progressive JPEG is decoded scan by scan and each scan goes over
    /// every block of the image again: a 7000×7000 file repeating one 75-byte scan 20,000 times is
    /// 1.6 MB and cost ~150 s of one core (issue 33; ~8.6 ms a scan at reduction 4 on this machine).
    /// Phones, cameras and libjpeg write 1 scan (baseline) to 10 (progressive colour); libjpeg's own
    /// progressive script tops out at 60 for a 10-component image. TurboJPEG refuses past 500 for the
    /// same reason; 100 keeps the worst file allowed at 50 megapixels near a second of decoding.
    public static let maximumScans = 100
    /// 4 compressed metadata chunks (zTXt, compressed iTXt, iCCP) in a PNG. libpng inflates each one,
    /// up to 8 MB apiece and up to a thousand of them, whatever the image's size: a 771 KB PNG of 100
    /// zTXt chunks cost 3.9 s and 780 MB here. A real image has a colour profile and an XMP packet.
    public static let maximumCompressedChunks = 4
    /// Image data a PNG may inflate to past what its rows need (an encoder's empty last block).
    static let imageDataSlack = 65_536

    public let bytes: [UInt8]
    public let format: Format
    public let width: Int
    public let height: Int
    /// A PNG's image data not yet inflated to be measured (`withImageDataChecked`): where it lies,
    /// and the bytes its rows need.
    private var uncheckedImageData: (pieces: [Range<Int>], raw: Int)?

    /// Checks size and kind; `name` says where the bytes came from in the error. `inflating: false`
    /// leaves a PNG's image data to `withImageDataChecked` (~0.3 s for 50 megapixels): the server
    /// measures it on the scanner's thread once the image has its place in the queue, so that
    /// uploads turned away cost it next to nothing.
    public init(bytes: [UInt8], name: String = "image", inflating: Bool = true) throws(TicketScanError) {
        guard !bytes.isEmpty else { throw .empty(name) }
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(name, bytes: bytes.count) }
        guard let format = Self.sniff(bytes) else { throw .notAnImage(name) }
        guard let size = ImageHeader.size(bytes, format) else { throw .undecodable(name) }
        guard size.width > 0, size.height > 0 else { throw .undecodable(name) }
        guard size.width * size.height <= Self.maximumPixels else { throw .tooManyPixels(name, width: size.width, height: size.height) }
        switch format {
        case .jpeg:
            let scans = ImageHeader.jpegScans(bytes)
            guard scans <= Self.maximumScans else { throw .tooManyScans(name, scans: scans) }
        case .png:
            guard let chunks = ImageHeader.pngChunks(bytes), let raw = ImageHeader.pngRawBytes(bytes) else { throw .undecodable(name) }
            guard chunks.compressed <= Self.maximumCompressedChunks else { throw .tooManyChunks(name, chunks: chunks.compressed) }
            uncheckedImageData = (chunks.imageData, raw)
        case .webp:
            break
        }
        self.bytes = bytes
        self.format = format
        (width, height) = size
        if inflating {
            try measureImageData(name: name)
            uncheckedImageData = nil
        }
    }

    /// The image, its PNG image data measured: libpng inflates every byte of it, past the last row
    /// too (with a warning) — a 1 MB PNG of 64×64 pixels whose data inflates to 1 GiB cost 2.2 s
    /// here. Inflated once to a scratch buffer, and refused past what the rows need.
    public func withImageDataChecked(name: String = "image") throws(TicketScanError) -> ImageInput {
        guard uncheckedImageData != nil else { return self }
        try measureImageData(name: name)
        var checked = self
        checked.uncheckedImageData = nil
        return checked
    }

    private func measureImageData(name: String) throws(TicketScanError) {
        guard let data = uncheckedImageData else { return }
        let limit = data.raw + Self.imageDataSlack
        guard ImageHeader.inflatedBytes(bytes, data.pieces, limit: limit) <= limit else {
            throw .overfull(name, width: width, height: height)
        }
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
    /// A JPEG of more scans than `ImageInput.maximumScans`: each one is a pass over the whole image.
    case tooManyScans(String, scans: Int)
    /// A PNG of more compressed metadata chunks than `ImageInput.maximumCompressedChunks`.
    case tooManyChunks(String, chunks: Int)
    /// A PNG whose image data inflates to more than its declared pixels need.
    case overfull(String, width: Int, height: Int)
    case ocrUnavailable(String)
    /// The scan was stopped before it finished: nobody waits for it any more (its client went away).
    case abandoned(String)
    /// A reading took more CPU than `TextRecognizer.readingLimit` seconds and was stopped.
    case tooSlow(String, seconds: Double)

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
        case .tooManyScans(let name, let scans):
            "\(name) is a JPEG saved in \(scans) passes (scans); a ticket image may have at most \(ImageInput.maximumScans) (a photo or screenshot has about 10): save it again as an ordinary JPEG or PNG"
        case .tooManyChunks(let name, let chunks):
            "\(name) is a PNG with \(chunks) compressed text or colour-profile chunks; a ticket image may have at most \(ImageInput.maximumCompressedChunks): save it again as an ordinary PNG or JPEG"
        case .overfull(let name, let width, let height):
            "\(name) is a PNG whose image data unpacks to more than its \(width)×\(height) pixels need: save it again as an ordinary PNG or JPEG"
        case .abandoned(let name): "the scan of \(name) was stopped: nobody is waiting for it any more"
        case .tooSlow(let name, let seconds):
            "the scan of \(name) was stopped after \(Int(seconds)) s of reading (a ticket reads in about a second): save it again as an ordinary JPEG or PNG, or crop it to the ticket"
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
    static func pngIsWhole(_ b: [UInt8]) -> Bool { pngChunks(b) != nil }

    /// The chunks libpng inflates besides the image (zTXt, iCCP, and iTXt whose compression flag is
    /// set), counted on a walk over every chunk to IEND; nil when a chunk is cut short or its
    /// checksum is wrong.
    static func pngChunks(_ b: [UInt8]) -> (chunks: Int, compressed: Int, imageData: [Range<Int>])? {
        var at = 8, chunks = 0, compressed = 0
        var imageData: [Range<Int>] = []
        while let length = u32be(b, at) {
            let end = at + 12 + length
            guard length < 0x8000_0000, end <= b.count else { return nil }
            guard let stored = u32be(b, end - 4), CRC32.checksum(b[(at + 4) ..< (end - 4)]) == UInt32(stored) else { return nil }
            chunks += 1
            // The chunk's type as four ASCII letters in one number: no string made per chunk (a
            // 12 MB file can hold a million empty ones).
            switch u32be(b, at + 4) {
            case 0x4945_4E44: return (chunks, compressed, imageData)   // IEND
            case 0x4944_4154: imageData.append((at + 8) ..< (end - 4))  // IDAT
            case 0x7A54_5874, 0x6943_4350: compressed += 1             // zTXt, iCCP
            case 0x6954_5874:                                           // iTXt
                // Keyword, NUL, then the compression flag.
                let data = b[(at + 8) ..< (end - 4)]
                if let nul = data.firstIndex(of: 0), nul + 1 < data.endIndex, data[nul + 1] != 0 { compressed += 1 }
            default: break
            }
            at = end
        }
        return nil
    }

    /// The most a PNG's image data inflates to: a filter byte and the packed pixels of every row, in
    /// each of Adam7's seven passes when interlaced. nil for a colour type or depth libpng refuses.
    static func pngRawBytes(_ b: [UInt8]) -> Int? {
        guard b.count >= 29, let width = u32be(b, 16), let height = u32be(b, 20) else { return nil }
        let depth = Int(b[24]), interlaced = b[28] == 1
        guard [1, 2, 4, 8, 16].contains(depth) else { return nil }
        let channels: Int
        switch b[25] {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        func rows(_ w: Int, _ h: Int) -> Int { w > 0 && h > 0 ? h * (1 + (w * channels * depth + 7) / 8) : 0 }
        guard interlaced else { return rows(width, height) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { sum, p in sum + rows((width - p.0 + p.2 - 1) / p.2, (height - p.1 + p.3 - 1) / p.3) }
    }

    /// What the zlib stream in `pieces` of `b` inflates to, counted to `limit` (past it: limit + 1).
    /// Without zlib, 0: nothing can decode the PNG then either.
    static func inflatedBytes(_ b: [UInt8], _ pieces: [Range<Int>], limit: Int) -> Int {
        b.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress, !pieces.isEmpty else { return 0 }
            let starts: [UnsafePointer<UInt8>?] = pieces.map { base + $0.lowerBound }
            let sizes = pieces.map(\.count)
            let made = ekiInflatedBytes(starts, sizes, Int32(pieces.count), limit)
            return max(0, made)
        }
    }

    /// The scans (SOS markers, 0xFFDA) a decoder reads before the end of the image, found as libjpeg
    /// finds them: a segment is skipped by its length; entropy-coded data, and any stray bytes between
    /// segments, are passed over to the next 0xFF that starts a marker — 0xFF00 is a data byte
    /// 0xFF, 0xFFD0–D7 a restart marker inside a scan, repeated 0xFFs fill. An SOS inside another
    /// segment (the EXIF thumbnail in APP1) is skipped with it; what follows EOI (a motion photo's
    /// video, a multi-picture file's second image) is never decoded and not counted.
    static func jpegScans(_ b: [UInt8]) -> Int {
        b.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            let count = buffer.count
            var scans = 0
            var i = 2
            while i < count {
                // memchr: entropy-coded data is most of the file, and this runs in debug builds too.
                guard let found = memchr(base + i, 0xFF, count - i) else { break }
                var k = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                while k < count, buffer[k] == 0xFF { k += 1 }
                guard k < count else { break }
                let marker = buffer[k]
                i = k + 1
                switch marker {
                case 0x00, 0x01, 0xD0 ... 0xD8: continue   // stuffed 0xFF, TEM, RSTn, SOI: no length follows
                case 0xD9: return scans                    // EOI: the decoder stops here
                default: break
                }
                guard k + 2 < count else { break }
                if marker == 0xDA { scans += 1 }
                // libjpeg reads exactly the declared length or gives up: skip it. A length under 2
                // skips nothing, and the search for the next marker goes on from here.
                let length = Int(buffer[k + 1]) << 8 | Int(buffer[k + 2])
                if length >= 2 { i = k + 1 + length }
            }
            return scans
        }
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
