import EkiCore
import EkiTestSupport
@testable import EkiTicket
import Foundation
import Testing

/// Real OCR on a fixed set of rendered tickets (scripts/ticket_render.py, seed 17: one of each kind and
/// language, clean and hard photos), every field checked against the ground truth; and bad input.
@Suite(.serialized) struct ScanTests {
    struct Rendered: Sendable {
        let folder: URL
        let samples: [TicketEvaluation.Sample]
    }

    /// Rendered once per test run into a temporary folder (Pillow and fonts-noto-cjk: scripts/setup.sh --test).
    static let rendered: Result<Rendered, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eki-tickets-\(getpid())")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/ticket_render.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path, "--count", "10", "--seed", "17"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return Rendered(folder: folder, samples: try TicketEvaluation.samples(in: folder))
    }

    static let scanner = Result { try TicketScanner() }

    @Test func screenshotsAndPhotosReadExactly() throws {
        let rendered = try Self.rendered.get()
        let scanner = try Self.scanner.get()
        #expect(rendered.samples.count == 10)
        var exact = 0, fields = 0
        for sample in rendered.samples {
            let bytes = [UInt8](try Data(contentsOf: sample.image))
            let result = try scanner.scan(bytes, name: sample.image.lastPathComponent, today: sample.today)
            let wrong = TicketEvaluation.wrongFields(result, sample.truth)
            fields += TicketField.scored.count
            exact += TicketField.scored.count - wrong.count
            if sample.kind != "hard photo" {
                #expect(wrong.isEmpty, "\(sample.image.lastPathComponent): \(wrong.map { "\($0.rawValue)=\(result.ticket.value($0) ?? "nil")" })")
                #expect(result.ticket.source.rawValue == sample.truth.source.rawValue)
                #expect(result.ticket.language == sample.truth.language)
            }
            // Whatever was read wrong must not claim to be sure.
            for field in wrong where result.ticket.has(field) {
                #expect(result.confidence[field, default: 0] < ScanResult.sure, "\(sample.image.lastPathComponent) \(field) sure but wrong")
            }
            #expect(!result.words.filter { $0.model == .jpn }.isEmpty && !result.words.filter { $0.model == .eng }.isEmpty)
        }
        #expect(Double(exact) / Double(fields) >= 0.9)
    }

    @Test func badInputIsRefusedInOneLine() throws {
        let scanner = try Self.scanner.get()
        let today = CivilDate(iso: "2025-03-01")!
        #expect(throws: TicketScanError.empty("x")) { try scanner.scan([], name: "x", today: today) }
        #expect(throws: TicketScanError.notAnImage("x")) { try scanner.scan(Array("%PDF-1.4 hello".utf8), name: "x", today: today) }
        #expect(throws: TicketScanError.tooLarge("x", bytes: 13_000_000)) { try scanner.scan([UInt8](repeating: 0xFF, count: 13_000_000), name: "x", today: today) }
        // A PNG signature with nothing after it: an image that does not decode.
        #expect(throws: TicketScanError.undecodable("x")) { try scanner.scan([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], name: "x", today: today) }
        #expect(!TicketScanError.tooLarge("x", bytes: 13_000_000).description.contains("\n"))
    }

    @Test func exifOrientationIsRead() throws {
        // A minimal JPEG header: SOI, APP1 Exif with a big-endian TIFF IFD holding Orientation = 6.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]
        let app1 = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = app1.count + 2
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1 + [0xFF, 0xD9]
        #expect(ExifOrientation.orientation(jpeg) == 6)
        #expect(ExifOrientation.clockwiseQuarterTurns(jpeg: jpeg) == 1)
        #expect(ExifOrientation.orientation([0xFF, 0xD8, 0xFF, 0xD9]) == 1)
    }
}
