import EkiImport
import Foundation

/// Fetches a whole source into a data folder, all or nothing.
///
/// Files download into a staging folder beside the target (same file system), each one checked to
/// parse before it is kept; then the folder as a whole is checked; only then does it take the target's
/// place by rename. Any failure removes the staging folder and leaves the target exactly as it was.
/// A dropped or stalled file resumes within the run (HTTP Range); a new run starts clean.
public struct Fetcher: Sendable {
    public var source: FetchSource
    public var baseURL: URL
    public var consumerKey: String?
    public var downloader: Downloader
    public var parallelDownloads: Int
    public var events: @Sendable (FetchEvent) -> Void

    public init(source: FetchSource, baseURL: URL? = nil, consumerKey: String? = nil,
                downloader: Downloader = Downloader(), parallelDownloads: Int = 4,
                events: @escaping @Sendable (FetchEvent) -> Void = { _ in }) {
        self.source = source
        self.baseURL = baseURL ?? SourceCatalogue.defaultBaseURL(source)
        self.consumerKey = consumerKey
        self.downloader = downloader
        self.parallelDownloads = max(1, parallelDownloads)
        self.events = events
    }

    /// What a successful fetch produced.
    public struct Result: Sendable, Equatable {
        public var folder: URL
        public var files: Int
        public var bytes: Int64
        /// An earlier fetch was in the folder and has been replaced.
        public var replaced: Bool
    }

    public func fetch(into target: URL) async throws -> Result {
        let key = try checkedKey()
        let swap = try FolderSwap(target: target, marker: FetchRecord.fileName)
        let lock = try FolderLock(target.standardizedFileURL.deletingLastPathComponent())
        defer { withExtendedLifetime(lock) {} }
        swap.recover()
        try swap.checkTarget()
        let staging = swap.staging
        do {
            try swap.prepareStaging()
            let (files, bytes) = try await downloadAll(into: staging, key: key)
            try verifyFolder(staging, files: files)
            try FetchRecord(source: source.rawValue, baseURL: Self.withoutQuery(baseURL), fetchedAt: Date(),
                            files: files.count, bytes: bytes).write(into: staging)
            events(.verified(files: files.count, bytes: bytes))
            let replaced = try swap.install()
            events(.installed(folder: target, replaced: replaced))
            return Result(folder: target, files: files.count, bytes: bytes, replaced: replaced)
        } catch {
            swap.discardStaging()
            if let error = error as? FetchError { throw error }
            if let error = error as? DownloadError { throw FetchError.download(error) }
            throw error
        }
    }

    /// Cleans up after a fetch into `target` that was killed (Ctrl-C): removes its staging folder and
    /// puts back an old folder that was set aside. Safe to call from a signal handler's queue.
    public static func recoverInterrupted(target: URL) {
        guard let swap = try? FolderSwap(target: target, marker: FetchRecord.fileName) else {
            try? FileManager.default.removeItem(at: FolderSwap.staging(for: target))
            return
        }
        swap.recover()
    }

    /// The key with every trace of it replaced, for any text that might have picked it up.
    public func redacted(_ text: String) -> String {
        guard let consumerKey, !consumerKey.isEmpty else { return text }
        var result = text.replacingOccurrences(of: consumerKey, with: "<\(SourceCatalogue.odptKeyVariable)>")
        if let encoded = consumerKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != consumerKey {
            result = result.replacingOccurrences(of: encoded, with: "<\(SourceCatalogue.odptKeyVariable)>")
        }
        return result
    }

    private func checkedKey() throws -> String? {
        guard source == .odpt else { return nil }
        guard let consumerKey, !consumerKey.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FetchError.missingKey
        }
        return consumerKey
    }

    /// Downloads every stage; returns the files kept (relative paths) and their total size.
    private func downloadAll(into staging: URL, key: String?) async throws -> ([String], Int64) {
        switch source {
        case .minitokyo3d:
            let reference = MiniTokyo3DFileList.referenceItems(base: baseURL)
            let referenceBytes = try await download(reference, stage: "reference files", into: staging)
            let railways = try MiniTokyo3DFileList.railwayIds(
                in: staging.appendingPathComponent(MiniTokyo3DFileList.railwaysFile))
            let timetables = MiniTokyo3DFileList.timetableItems(base: baseURL, railways: railways)
            try FileManager.default.createDirectory(
                at: staging.appendingPathComponent(MiniTokyo3DFileList.timetableFolder), withIntermediateDirectories: true)
            let timetableBytes = try await download(timetables, stage: "train timetables", into: staging)
            return ((reference + timetables).map(\.path), referenceBytes + timetableBytes)
        case .odpt:
            let items = ODPTFileList.items(base: baseURL, consumerKey: key ?? "")
            let bytes = try await download(items, stage: "ODPT data dumps", into: staging)
            return (items.map(\.path), bytes)
        }
    }

    /// One stage: its files, a few at a time; the first failure cancels the rest.
    private func download(_ items: [FetchItem], stage: String, into staging: URL) async throws -> Int64 {
        events(.downloading(stage: stage, files: items.count))
        let clock = ContinuousClock()
        let started = clock.now
        let retries = RetryCounter()
        var downloader = self.downloader
        let forward = downloader.progress
        downloader.progress = { event in
            if case .retrying = event { retries.add() }
            forward(event)
        }
        let worker = downloader
        var total: Int64 = 0
        try await withThrowingTaskGroup(of: Int64.self) { group in
            var pending = items.makeIterator()
            func start(_ item: FetchItem) {
                group.addTask {
                    let file = staging.appendingPathComponent(item.path)
                    do {
                        try await worker.download(item.url, to: file) { try JSONCheck.validate($0, as: item.shape) }
                    } catch let error as DownloadError {
                        // Name the file by its place in the folder (train-timetables/…), not just its name.
                        throw DownloadError(file: item.path, reason: error.reason, attempts: error.attempts)
                    }
                    return Self.size(of: file)
                }
            }
            for _ in 0..<parallelDownloads {
                guard let item = pending.next() else { break }
                start(item)
            }
            while let bytes = try await group.next() {
                total += bytes
                if let item = pending.next() { start(item) }
            }
        }
        let elapsed = clock.now - started
        events(.downloaded(stage: stage, files: items.count, bytes: total, retries: retries.count,
                           seconds: elapsed.seconds))
        return total
    }

    /// The folder as a whole: every planned file is there, and `eki import` will recognise it.
    private func verifyFolder(_ staging: URL, files: [String]) throws {
        let fileManager = FileManager.default
        for file in files where !fileManager.fileExists(atPath: staging.appendingPathComponent(file).path) {
            throw FetchError.incomplete("\(file) is missing after download")
        }
        if source == .minitokyo3d, !MiniTokyo3DSource().applicable(staging) {
            throw FetchError.incomplete("the fetched folder is not a Mini Tokyo 3D data folder")
        }
    }

    static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.query = nil
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}

/// Counts retries across a stage's parallel downloads.
private final class RetryCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

/// The stages of a fetch, for a progress bar or a log line each.
public enum FetchEvent: Sendable, Equatable {
    case downloading(stage: String, files: Int)
    case downloaded(stage: String, files: Int, bytes: Int64, retries: Int, seconds: Double)
    case verified(files: Int, bytes: Int64)
    case installed(folder: URL, replaced: Bool)
}

/// Why a fetch failed; in every case the target folder was left as it was.
public enum FetchError: Error, CustomStringConvertible, Equatable {
    case missingKey
    case download(DownloadError)
    case incomplete(String)
    case target(String)

    public var description: String {
        switch self {
        case .missingKey:
            "the odpt source needs a consumer key: set \(SourceCatalogue.odptKeyVariable) (register at developer.odpt.org)"
        case .download(let error): error.description
        case .incomplete(let why): why
        case .target(let why): why
        }
    }
}
