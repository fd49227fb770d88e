import CTesseract
import EkiCore
import Foundation

/// What a scan found: the ticket, each field's confidence, and the words it was read from.
public struct ScanResult: Codable, Sendable {
    public var ticket: Ticket
    /// 0…1 per field; a field the scanner did not read is absent here and nil in the ticket.
    public var confidence: [TicketField: Double]
    public var words: [OCRWord]

    /// Fields below this are shown as unsure, for the rider to check.
    public static let sure = 0.8

    public func isUnsure(_ field: TicketField) -> Bool { (confidence[field] ?? 0) < Self.sure }
}

/// Image bytes → ticket: checks the input, pre-processes it, reads it with both Tesseract models and
/// parses the words. One scanner keeps its models loaded; it scans one image at a time.
public final class TicketScanner: Sendable {
    let recognizer: TextRecognizer
    let preprocessing = Preprocessing()
    let parser: TicketParser

    public init(dictionary: ShinkansenDictionary = .shared) throws(TicketScanError) {
        recognizer = try TextRecognizer()
        parser = TicketParser(dictionary: dictionary)
    }

    /// Scans `bytes` (a JPEG, PNG or WebP); `today` fixes the year when the image shows none.
    public func scan(_ bytes: [UInt8], name: String = "image", today: CivilDate) throws(TicketScanError) -> ScanResult {
        let input = try ImageInput(bytes: bytes, name: name)
        let prepared = try preprocessing.run(input, name: name)
        if let folder = ProcessInfo.processInfo.environment["EKI_TICKET_DEBUG"] {
            // What Tesseract is given, for looking at a scan that went wrong.
            pixWrite(folder + "/" + (name as NSString).lastPathComponent + ".prepared.png", prepared.picture.pix, Int32(IFF_PNG))
        }
        let words = recognizer.words(in: prepared.picture)
        let aspect = Double(prepared.picture.height) / Double(max(1, prepared.picture.width))
        return parser.parse(words, today: today, aspect: aspect, topColor: prepared.topColor)
    }
}
