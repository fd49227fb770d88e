import CTesseract
import EkiCore
import Foundation

/// What a scan found: the ticket, each field's confidence, and the words it was read from.
public struct ScanResult: Codable, Sendable {
    public var ticket: Ticket
    /// 0…1 per field; a field the scanner did not read is absent here and nil in the ticket.
    public var confidence: [TicketField: Double]
    /// Every word both models read, boxed in the original image's pixels (upright as shown).
    public var words: [OCRWord]
    /// The legs the image shows (a booking's 往路 and 復路); the ticket is the first not yet past.
    public var legs: Int
    /// From the image read to the original: its size and what was done to it.
    public var image: ImageTransform?

    public init(ticket: Ticket, confidence: [TicketField: Double], words: [OCRWord], legs: Int = 1, image: ImageTransform? = nil) {
        self.ticket = ticket; self.confidence = confidence; self.words = words; self.legs = legs; self.image = image
    }

    /// Fields below this are shown as unsure, for the rider to check.
    public static let sure = 0.8

    public func isUnsure(_ field: TicketField) -> Bool { (confidence[field] ?? 0) < Self.sure }

    /// The fields the rider must check: those read below `sure`, and every scored field not read at all
    /// (a gap is never passed over in silence: a ticket without its stations asks for them) — except
    /// the car and seat of a non-reserved ticket (自由席), which has none.
    public var unsure: [TicketField] {
        TicketField.allCases.filter { field in
            if ticket.has(field) { return isUnsure(field) }
            if ticket.reserved == false, field == .car || field == .seat { return false }
            return TicketField.scored.contains(field)
        }
    }

    /// The fields a ticket must show for a trip: a day, a train, where and when.
    static let core: [TicketField] = [.date, .train, .from, .to, .departure, .arrival]

    /// How many of the core fields were read.
    public var coreFieldsRead: Int { Self.core.filter(ticket.has).count }

    /// Whether the image showed a ticket at all: at least three of date, train, stations and times.
    /// Anything less (a 1×1 image, a photo of something else) is no trip to keep.
    public var isTicket: Bool { coreFieldsRead >= 3 }

    enum CodingKeys: String, CodingKey { case ticket, confidence, unsure, words, legs, image }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ticket, forKey: .ticket)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(unsure.map(\.rawValue), forKey: .unsure)
        try c.encode(legs, forKey: .legs)
        try c.encodeIfPresent(image, forKey: .image)
        try c.encode(words, forKey: .words)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ticket = try c.decode(Ticket.self, forKey: .ticket)
        confidence = try c.decode([TicketField: Double].self, forKey: .confidence)
        words = try c.decode([OCRWord].self, forKey: .words)
        legs = try c.decodeIfPresent(Int.self, forKey: .legs) ?? 1
        image = try c.decodeIfPresent(ImageTransform.self, forKey: .image)
    }
}

/// Image bytes → ticket: checks the input, pre-processes it, reads it with both Tesseract models and
/// parses the words. One scanner keeps its models loaded; it scans one image at a time.
public final class TicketScanner: Sendable {
    let recognizer: TextRecognizer
    let preprocessing = Preprocessing()
    let parser: TicketParser
    /// CPU seconds one model may read one turn of the image (`TextRecognizer.readingLimit`; a test
    /// gives a small one to see a scan stopped).
    let readingLimit: Double

    public init(dictionary: ShinkansenDictionary = .shared, readingLimit: Double = TextRecognizer.readingLimit) throws(TicketScanError) {
        recognizer = try TextRecognizer()
        parser = TicketParser(dictionary: dictionary)
        self.readingLimit = readingLimit
    }

    /// Scans `bytes` (a JPEG, PNG or WebP); `today` fixes the year when the image shows none.
    /// `abandoned` is asked before decoding, before each reading and after each word read: true
    /// stops the scan there (`.abandoned`), as when the server's client has gone away.
    public func scan(_ bytes: [UInt8], name: String = "image", today: CivilDate,
                     abandoned: @escaping @Sendable () -> Bool = { false }) throws(TicketScanError) -> ScanResult {
        try scanReadingWords(bytes, name: name, today: today, abandoned: abandoned).result
    }

    /// Scans an image already checked (the server checks it before it takes a place in the queue).
    public func scan(_ input: ImageInput, name: String = "image", today: CivilDate,
                     abandoned: @escaping @Sendable () -> Bool = { false }) throws(TicketScanError) -> ScanResult {
        try scanReadingWords(input, name: name, today: today, abandoned: abandoned).result
    }

    /// The scan, and the words as read, in the coordinates of the image Tesseract was given (what the
    /// parser works on: `eki ticket evaluate` times parsing on them).
    public func scanReadingWords(_ bytes: [UInt8], name: String, today: CivilDate,
                                 abandoned: @escaping @Sendable () -> Bool = { false }) throws(TicketScanError) -> (result: ScanResult, read: [OCRWord]) {
        try scanReadingWords(try ImageInput(bytes: bytes, name: name), name: name, today: today, abandoned: abandoned)
    }

    func scanReadingWords(_ input: ImageInput, name: String, today: CivilDate,
                          abandoned: @escaping @Sendable () -> Bool) throws(TicketScanError) -> (result: ScanResult, read: [OCRWord]) {
        let input = try input.withImageDataChecked(name: name)
        guard !abandoned() else { throw .abandoned(name) }
        let upright = try preprocessing.upright(input, name: name)
        var best: (result: ScanResult, read: [OCRWord])?
        // Upright first; when that shows no ticket, a photo may be sideways or upside down with no
        // EXIF tag to say so: the other three quarter turns, until one reads a ticket.
        for turns in [0, 1, 3, 2] {
            // Each reading is both models over the image (~0.3–1 s): nobody waiting, no next one.
            guard !abandoned() else { throw .abandoned(name) }
            let prepared = preprocessing.prepare(upright, quarterTurns: turns)
            if turns == 0, let folder = ProcessInfo.processInfo.environment["EKI_TICKET_DEBUG"] {
                // What Tesseract is given, for looking at a scan that went wrong.
                pixWrite(folder + "/" + (name as NSString).lastPathComponent + ".prepared.png", prepared.picture.pix, Int32(IFF_PNG))
            }
            let (words, overTime) = recognizer.words(in: prepared.picture, limit: readingLimit, abandoned: abandoned)
            // Stopped for taking too long: an image no ticket is (a real one reads in about a second).
            guard !overTime else { throw .tooSlow(name, seconds: readingLimit) }
            var result = parser.parse(words, today: today, screen: prepared.isScreen || Double(prepared.picture.height) > 1.6 * Double(prepared.picture.width),
                                      topColor: prepared.topColor)
            result.words = words.map(prepared.transform.original)
            result.image = prepared.transform
            if best == nil || Self.better(result, than: best!.result) { best = (result, words) }
            // A screenshot (flat colours, not a camera's JPEG) is upright whatever it shows: turned, its
            // lines only glue columns together (two legs' cars on one line) into sure and wrong readings.
            if best!.result.isTicket || (prepared.isScreen && input.format != .jpeg) { break }
        }
        // A reading cut short reads less: never a result.
        guard !abandoned() else { throw .abandoned(name) }
        return best!
    }

    /// More core fields read, then surer ones.
    static func better(_ a: ScanResult, than b: ScanResult) -> Bool {
        if a.coreFieldsRead != b.coreFieldsRead { return a.coreFieldsRead > b.coreFieldsRead }
        return a.confidence.values.reduce(0, +) > b.confidence.values.reduce(0, +)
    }
}
