@testable import EkiTicket
import Foundation
import Testing

/// Issue 33 item 1: what an image may cost to decode is bounded before any decoding. A JPEG of
/// more scans than any camera writes (each scan is a pass over the whole image), a PNG of many
/// compressed metadata chunks, or one whose image data inflates past its pixels, is refused from
/// its bytes; real JPEGs and PNGs pass.
@Suite struct DecodingBoundsTests {
    /// JPEG pieces written by hand: enough for the marker walk, not for a decoder.
    enum JPEGBytes {
        static let soi: [UInt8] = [0xFF, 0xD8]
        static let eoi: [UInt8] = [0xFF, 0xD9]

        static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }

        /// A frame header (SOF2, progressive, by default) of three components, 4:2:0.
        static func frame(_ marker: UInt8 = 0xC2, width: Int, height: Int) -> [UInt8] {
            segment(marker, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                             3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        }

        static let quantization = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        /// AC table 0: one code of length 1, for EOB.
        static let huffman = segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])

        /// A scan of the first component's AC band 1–63 and its entropy-coded bytes.
        static func scan(_ data: [UInt8]) -> [UInt8] { segment(0xDA, [1, 1, 0x00, 1, 63, 0x00]) + data }

        /// Entropy-coded bytes with what a scan holds: stuffed 0xFF00, a restart marker, fill bytes
        /// before one; 0xDA among them, which is no marker there.
        static let entropy: [UInt8] = [0x12, 0xFF, 0x00, 0xDA, 0x34, 0xFF, 0xD0, 0xDA, 0x56, 0xFF, 0xFF, 0xD1, 0x78]
            + [UInt8](repeating: 0x5A, count: 35)

        /// The bomb: a 7000×7000 progressive frame, then one table and scan repeated `scans`
        /// times (80 bytes each), then EOI.
        static func bomb(scans: Int, width: Int = 7000, height: Int = 7000) -> [UInt8] {
            var bytes = soi + quantization + frame(width: width, height: height)
            let repeated = huffman + scan(entropy)
            bytes.reserveCapacity(bytes.count + scans * repeated.count + 2)
            for _ in 0 ..< scans { bytes += repeated }
            return bytes + eoi
        }
    }

    @Test func aJPEGOfTwentyThousandScansIsRefusedBeforeDecodingAndQuickly() throws {
        let bomb = JPEGBytes.bomb(scans: 20_000)
        #expect(bomb.count > 1_500_000 && bomb.count < 1_700_000)
        // 7000×7000 is within the 50 megapixels: the scans are what is refused.
        #expect(ImageHeader.size(bomb, .jpeg)! == (7000, 7000))
        let start = ContinuousClock.now
        #expect(throws: TicketScanError.tooManyScans("bomb.jpg", scans: 20_000)) { try ImageInput(bytes: bomb, name: "bomb.jpg") }
        let took = ContinuousClock.now - start
        // libjpeg spent ~150 s of CPU on such a file; the marker walk takes milliseconds, even in a
        // debug build on a busy machine.
        #expect(took < .milliseconds(500), "the check took \(took)")
        let line = TicketScanError.tooManyScans("bomb.jpg", scans: 20_000).description
        #expect(line == "bomb.jpg is a JPEG saved in 20000 passes (scans); a ticket image may have at most 100 (a photo or screenshot has about 10): save it again as an ordinary JPEG or PNG")
        #expect(!line.contains("\n"))
    }

    @Test func aHundredScansPassAndAHundredAndOneDoNot() throws {
        #expect(ImageInput.maximumScans == 100)
        #expect(try ImageInput(bytes: JPEGBytes.bomb(scans: 100), name: "x").width == 7000)
        #expect(throws: TicketScanError.tooManyScans("x", scans: 101)) { try ImageInput(bytes: JPEGBytes.bomb(scans: 101), name: "x") }
        // Over 50 megapixels is refused for its size first, whatever its scans.
        #expect(throws: TicketScanError.tooManyPixels("x", width: 8000, height: 8000)) {
            try ImageInput(bytes: JPEGBytes.bomb(scans: 20_000, width: 8000, height: 8000), name: "x")
        }
    }

    @Test func scansAreCountedWhereLibjpegFindsThem() {
        let head = JPEGBytes.soi + JPEGBytes.quantization + JPEGBytes.frame(width: 640, height: 480)
        // Stuffed bytes, restart markers and fill bytes inside a scan's data start no segment.
        #expect(ImageHeader.jpegScans(head + JPEGBytes.scan(JPEGBytes.entropy) + JPEGBytes.eoi) == 1)
        // Fill bytes before a real SOS: it counts.
        #expect(ImageHeader.jpegScans(head + JPEGBytes.scan(JPEGBytes.entropy) + [0xFF, 0xFF] + JPEGBytes.scan([1]) + JPEGBytes.eoi) == 2)
        // A thumbnail in APP1 (a whole JPEG, its own scan included) is skipped with its segment.
        let thumbnail = JPEGBytes.soi + JPEGBytes.frame(0xC0, width: 160, height: 120) + JPEGBytes.scan([1, 2, 3]) + JPEGBytes.eoi
        let exif = JPEGBytes.segment(0xE1, Array("Exif".utf8) + [0, 0] + thumbnail)
        #expect(ImageHeader.jpegScans(JPEGBytes.soi + exif + Array(head.dropFirst(2)) + JPEGBytes.scan([1]) + JPEGBytes.eoi) == 1)
        // What follows EOI (a motion photo's video, a second picture) is never decoded: not counted.
        let withTrailer = head + JPEGBytes.scan([1]) + JPEGBytes.eoi + JPEGBytes.bomb(scans: 500)
        #expect(ImageHeader.jpegScans(withTrailer) == 1)
        #expect(throws: Never.self) { try ImageInput(bytes: withTrailer) }
        // Cut short inside a scan: what is there counts.
        #expect(ImageHeader.jpegScans(head + JPEGBytes.scan([1]) + JPEGBytes.scan([1, 0xFF])) == 2)
        // Stray bytes between segments are passed over to the next marker, as libjpeg does.
        #expect(ImageHeader.jpegScans(head + [0x00, 0x11, 0x22] + JPEGBytes.scan([1]) + JPEGBytes.eoi) == 1)
    }

    /// Bytes a Python snippet writes to its standard output (Pillow: scripts/setup.sh --test).
    static func python(_ script: String, _ arguments: [String] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    /// Pillow's JPEGs (libjpeg-turbo, as in phones' and browsers' encoders) of noise, so that their
    /// data is full of stuffed 0xFF bytes, some with restart markers: progressive colour has 10
    /// scans, progressive gray 6, baseline 1 — and every one passes.
    @Test func realJPEGsPassWithTheirScansCounted() throws {
        let script = """
            import io, os, sys
            from PIL import Image
            mode, progressive, restart = sys.argv[1], sys.argv[2] == "1", int(sys.argv[3])
            size = (1200, 900)
            image = Image.frombytes(mode, size, os.urandom(size[0] * size[1] * len(mode)))
            out = io.BytesIO()
            options = {"restart_marker_rows": restart} if restart else {}
            image.save(out, "JPEG", quality=90, progressive=progressive, **options)
            sys.stdout.buffer.write(out.getvalue())
            """
        for (mode, progressive, restart, scans) in [("RGB", true, 0, 10), ("L", true, 0, 6), ("RGB", false, 0, 1), ("RGB", true, 2, 10)] {
            let bytes = try Self.python(script, [mode, progressive ? "1" : "0", String(restart)])
            let label = "\(mode) progressive=\(progressive) restart=\(restart)"
            #expect(bytes.count > 100_000, "\(label)")
            #expect(ImageHeader.jpegScans(bytes) == scans, "\(label)")
            let input = try ImageInput(bytes: bytes, name: "real.jpg")
            #expect(input.width == 1200 && input.height == 900, "\(label)")
        }
    }

    /// A PNG written by Python: `width`×`height` white RGB rows, `extra` zero bytes more in the
    /// image data (past the last row), `ztxt` zTXt chunks of 1 MB of text each, interlaced or not.
    static func png(width: Int = 64, height: Int = 64, extra: Int = 0, ztxt: Int = 0, interlaced: Bool = false) throws -> [UInt8] {
        try python("""
            import sys, zlib, struct
            w, h, extra, ztxt, interlaced = (int(a) for a in sys.argv[1:6])
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
            def rows(pw, ph):
                return b"".join(b"\\x00" + b"\\xff" * (pw * 3) for _ in range(ph)) if pw > 0 and ph > 0 else b""
            if interlaced:
                passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
                raw = b"".join(rows((w - x + dx - 1) // dx, (h - y + dy - 1) // dy) for x, y, dx, dy in passes)
            else:
                raw = rows(w, h)
            c = zlib.compressobj(9)
            data = c.compress(raw)
            for _ in range(extra // (1 << 20)):
                data += c.compress(b"\\x00" * (1 << 20))
            data += c.flush()
            text = b"".join(chunk(b"zTXt", b"Comment\\x00\\x00" + zlib.compress(b"a" * (1 << 20), 9)) for _ in range(ztxt))
            sys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, interlaced))
                                    + text + chunk(b"IDAT", data) + chunk(b"IEND", b""))
            """, [String(width), String(height), String(extra), String(ztxt), interlaced ? "1" : "0"])
    }

    @Test func aPNGWhoseDataInflatesPastItsPixelsIsRefused() throws {
        // 64×64 RGB needs 12,352 bytes; this one's data inflates to 256 MB more (libpng would
        // inflate all of it: 2.2 s per GiB here).
        let overfull = try Self.png(extra: 256 << 20)
        #expect(overfull.count < 400_000)
        let start = ContinuousClock.now
        #expect(throws: TicketScanError.overfull("x.png", width: 64, height: 64)) { try ImageInput(bytes: overfull, name: "x.png") }
        // Counting stops just past what the pixels need: a fraction of what libpng would spend.
        #expect(ContinuousClock.now - start < .milliseconds(500))
        // The server leaves the measuring to the scanner's thread: the header's checks pass, the
        // measure does not.
        let unmeasured = try ImageInput(bytes: overfull, name: "x.png", inflating: false)
        #expect(throws: TicketScanError.overfull("x.png", width: 64, height: 64)) { try unmeasured.withImageDataChecked(name: "x.png") }
        #expect(TicketScanError.overfull("x.png", width: 64, height: 64).description
            == "x.png is a PNG whose image data unpacks to more than its 64×64 pixels need: save it again as an ordinary PNG or JPEG")
        // Exactly what the pixels need passes, interlaced (Adam7's seven passes) or not; odd sizes too.
        for (width, height) in [(64, 64), (1, 1), (13, 7), (1000, 3)] {
            #expect(ImageHeader.pngRawBytes(try Self.png(width: width, height: height)) == height * (1 + width * 3))
            #expect(throws: Never.self) { try ImageInput(bytes: try Self.png(width: width, height: height)) }
            #expect(throws: Never.self) { try ImageInput(bytes: try Self.png(width: width, height: height, interlaced: true)) }
        }
    }

    /// Pillow's PNGs of noise in every colour type and depth a screenshot tool writes (bilevel,
    /// palette, gray, gray and alpha, 16-bit gray, RGB, RGBA), their image data in many IDAT chunks:
    /// each inflates to exactly what its rows need, and passes.
    @Test func realPNGsPassInEveryColourType() throws {
        let script = """
            import io, os, sys
            from PIL import Image
            mode = sys.argv[1]
            size = (999, 701)
            base = Image.frombytes("RGBA", size, os.urandom(size[0] * size[1] * 4))
            image = base.convert("I").point(lambda v: v * 200).convert("I;16") if mode == "I;16" else base.convert(mode)
            out = io.BytesIO()
            image.save(out, "PNG")
            sys.stdout.buffer.write(out.getvalue())
            """
        for mode in ["1", "P", "L", "LA", "I;16", "RGB", "RGBA"] {
            let bytes = try Self.python(script, [mode])
            let chunks = try #require(ImageHeader.pngChunks(bytes), "\(mode)")
            #expect(chunks.imageData.count > 1, "\(mode): one IDAT only")
            let raw = try #require(ImageHeader.pngRawBytes(bytes), "\(mode)")
            #expect(ImageHeader.inflatedBytes(bytes, chunks.imageData, limit: raw * 2) == raw, "\(mode)")
            #expect(throws: Never.self, "\(mode)") { try ImageInput(bytes: bytes, name: "real.png") }
        }
    }

    @Test func aPNGOfManyCompressedChunksIsRefused() throws {
        #expect(throws: Never.self) { try ImageInput(bytes: try Self.png(ztxt: ImageInput.maximumCompressedChunks)) }
        let many = try Self.png(ztxt: 10)
        #expect(throws: TicketScanError.tooManyChunks("x.png", chunks: 10)) { try ImageInput(bytes: many, name: "x.png") }
        #expect(ImageHeader.pngChunks(many)?.compressed == 10)
        #expect(!TicketScanError.tooManyChunks("x.png", chunks: 10).description.contains("\n"))
    }
}
