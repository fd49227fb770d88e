import CTesseract
import Foundation

/// Tesseract, linked through its C API, with both models loaded: Japanese reads the kanji and kana,
/// English reads Latin letters and digits better. Every image goes through both, at the same time on
/// two threads, and both sets of words come back with boxes and confidences.
///
/// Linked rather than run as the `tesseract` binary: the pre-processed image stays in memory (no
/// temporary files), the models load once per process (the server keeps them), and the two models
/// run in parallel inside one process. Figures in docs/PERFORMANCE.md.
public final class TextRecognizer: @unchecked Sendable {
    // Tesseract's handles are not thread-safe: `lock` lets one image at a time use this pair.
    private let engines: [(OCRWord.Model, OpaquePointer)]
    private let lock = NSLock()

    /// Loads both models from the system's tessdata (or `$TESSDATA_PREFIX`).
    public init() throws(TicketScanError) {
        // Leptonica's notes ("scaling factor >= 0.7; do regular scaling") are not for the rider.
        setMsgSeverity(Int32(L_SEVERITY_NONE))
        var loaded: [(OCRWord.Model, OpaquePointer)] = []
        guard ekiTesseractAvailable() != 0 else {
            throw .ocrUnavailable("Tesseract is not installed (libtesseract5 and libleptonica: scripts/setup.sh)")
        }
        for model in [OCRWord.Model.jpn, .eng] {
            guard let handle = TessBaseAPICreate() else { throw .ocrUnavailable("Tesseract could not start") }
            guard TessBaseAPIInit2(handle, nil, model.rawValue, OEM_DEFAULT) == 0 else {
                TessBaseAPIDelete(handle)
                for (_, other) in loaded { TessBaseAPIDelete(other) }
                throw .ocrUnavailable("the Tesseract model '\(model.rawValue)' is not installed")
            }
            TessBaseAPISetPageSegMode(handle, PSM_AUTO)
            // Tesseract's own notes ("Empty page!!") go nowhere: a scan answers in its result.
            _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
            loaded.append((model, handle))
        }
        engines = loaded
    }

    deinit {
        for (_, handle) in engines {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
    }

    /// The CPU time one model may spend on one reading before it is stopped (issue 33: a crafted
    /// image must not hold the scanner for minutes). A screenshot takes ~0.3 s, a 12-megapixel
    /// photo ~1 s; CPU time, not the clock's, so a busy machine does not cut a real ticket short.
    public static let readingLimit = 5.0

    /// Both models' words on `picture`, Japanese first, and whether a reading was stopped for taking
    /// longer than `limit` seconds of CPU. `abandoned` is asked after each word read (Tesseract's
    /// cancel callback): true ends the reading there, with the words read so far.
    func words(in picture: Picture, limit: Double = readingLimit,
               abandoned: @escaping @Sendable () -> Bool = { false }) -> (words: [OCRWord], overTime: Bool) {
        lock.lock()
        defer { lock.unlock() }
        // Each engine gets its own copy: Leptonica's reference counts are not atomic.
        let copies = engines.map { _ in Picture(pixCopy(nil, picture.pix)) }
        let results = Results(count: engines.count)
        DispatchQueue.concurrentPerform(iterations: engines.count) { index in
            guard let copy = copies[index] else { return }
            results.set(index, Self.read(engines[index].1, model: engines[index].0, copy, limit: limit, abandoned: abandoned))
        }
        return (results.all, results.overTime)
    }

    private static func read(_ handle: OpaquePointer, model: OCRWord.Model, _ picture: Picture, limit: Double,
                             abandoned: @escaping @Sendable () -> Bool) -> (words: [OCRWord], overTime: Bool) {
        TessBaseAPISetImage2(handle, picture.pix)
        TessBaseAPISetSourceResolution(handle, 300)
        let question = Question(abandoned, limit: limit)
        let monitor = TessMonitorCreate()
        defer { if let monitor { TessMonitorDelete(monitor) } }
        if let monitor {
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(question).toOpaque())
            TessMonitorSetCancelFunc(monitor) { this, _ in
                guard let this else { return false }
                return Unmanaged<Question>.fromOpaque(this).takeUnretainedValue().ask()
            }
        }
        let recognized = withExtendedLifetime(question) { TessBaseAPIRecognize(handle, monitor) }
        guard recognized == 0, let iterator = TessBaseAPIGetIterator(handle) else { return ([], question.overTime) }
        defer { TessResultIteratorDelete(iterator); TessBaseAPIClear(handle) }
        var words: [OCRWord] = []
        var line = 0
        repeat {
            if TessPageIteratorIsAtBeginningOf(TessResultIteratorGetPageIteratorConst(iterator), RIL_TEXTLINE) != 0, !words.isEmpty { line += 1 }
            guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: cText)
            TessDeleteText(cText)
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty,
                  TessPageIteratorBoundingBox(TessResultIteratorGetPageIteratorConst(iterator), RIL_WORD,
                                              &left, &top, &right, &bottom) != 0 else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
            words.append(OCRWord(text, x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top),
                                 confidence: max(0, min(1, confidence)), model: model, line: line))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return (words, question.overTime)
    }

    /// The caller's "is anybody still waiting?" and the reading's CPU time so far, for Tesseract's
    /// C callback to ask (on the reading's own thread, whose CPU clock it reads).
    private final class Question: @unchecked Sendable {
        let waiting: @Sendable () -> Bool
        let limit: Double
        let start = Question.threadCPU()
        /// Set (on the reading's thread) when the limit stopped it.
        private(set) var overTime = false
        init(_ abandoned: @escaping @Sendable () -> Bool, limit: Double) { waiting = abandoned; self.limit = limit }

        func ask() -> Bool {
            if Question.threadCPU() - start > limit { overTime = true; return true }
            return waiting()
        }

        static func threadCPU() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    }

    /// Per-thread results gathered under a lock.
    private final class Results: @unchecked Sendable {
        private var slots: [[OCRWord]]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: [], count: count) }
        private var stopped = false
        func set(_ index: Int, _ read: (words: [OCRWord], overTime: Bool)) {
            lock.lock(); slots[index] = read.words; stopped = stopped || read.overTime; lock.unlock()
        }
        var all: [OCRWord] { lock.lock(); defer { lock.unlock() }; return slots.flatMap { $0 } }
        var overTime: Bool { lock.lock(); defer { lock.unlock() }; return stopped }
    }
}
