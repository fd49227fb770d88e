@testable import EkiData
import EkiImport
import EkiTestSupport
import Foundation
import Testing

/// Whole fetches from the loopback server: a folder `eki import` takes, or the target exactly as before.
@Suite struct FetchTests {
    static let trains = """
        [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
          "tt": [{"s": "Op.A.A1", "d": "05:00"}, {"s": "Op.A.A2", "d": "05:03"}, {"s": "Op.A.A3", "a": "05:06"}]},
         {"id": "Op.A.2.Weekday", "r": "Op.A", "n": "2", "y": "Op.Local", "d": "Inbound",
          "tt": [{"s": "Op.A.A3", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A1", "a": "06:06"}]}]
        """
    static let bTrains = """
        [{"id": "Op.B.7.Weekday", "r": "Op.B", "n": "7", "y": "Op.Local", "d": "Outbound",
          "tt": [{"s": "Op.B.B1", "d": "07:00"}, {"s": "Op.B.B2", "a": "07:04"}]}]
        """

    /// A Mini Tokyo 3D-shaped folder served under /data/, with an optional fault on one path.
    final class MiniSource: @unchecked Sendable {
        let folder: MiniFolder
        let server: LoopbackServer
        let scratch = ScratchFolder()
        private let lock = NSLock()
        private var faults: [String: LoopbackServer.Reply] = [:]

        init() throws {
            let folder = try MiniFolder(trains: FetchTests.trains)
            try folder.scratch.write("train-timetables/op-b.json", FetchTests.bTrains)
            self.folder = folder
            let root = folder.url
            let faults = Faults()
            server = try LoopbackServer { request, _ in
                let relative = String(request.path.dropFirst("/data/".count))
                if let fault = faults.reply(for: relative) { return fault }
                guard request.path.hasPrefix("/data/"),
                      let body = try? Data(contentsOf: root.appendingPathComponent(relative)) else { return .status(404) }
                return .ok(body)
            }
            self.faultTable = faults
        }

        private let faultTable: Faults
        func fail(_ path: String, with reply: LoopbackServer.Reply?) { faultTable.set(path, reply) }

        var target: URL { scratch.file("sources/minitokyo3d") }
        var parent: URL { scratch.file("sources") }

        func fetcher(events: FetchLog = FetchLog(), timeout: Duration = .seconds(10)) -> Fetcher {
            Fetcher(source: .minitokyo3d, baseURL: server.baseURL.appendingPathComponent("data"),
                    downloader: DownloaderTests.downloader(timeout: timeout).logging(to: events), parallelDownloads: 3,
                    events: { events.append("\($0)") })
        }

        func fetch() async throws -> Fetcher.Result { try await fetcher().fetch(into: target) }

        /// The error a fetch throws, as the user reads it.
        func failure(timeout: Duration = .seconds(10)) async -> String? {
            do {
                _ = try await fetcher(timeout: timeout).fetch(into: target)
                return nil
            } catch {
                return "\(error)"
            }
        }

        func close() {
            server.stop()
            folder.remove()
            scratch.remove()
        }
    }

    /// Every file of a folder with its bytes, to compare a folder before and after.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [])
        while let url = enumerator?.nextObject() as? URL {
            if let data = try? Data(contentsOf: url) {
                files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = data
            }
        }
        return files
    }

    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aFetchedMiniTokyo3DFolderIsOneEkiImportTakes() async throws {
        let source = try MiniSource()
        defer { source.close() }
        let events = FetchLog()
        let result = try await source.fetcher(events: events).fetch(into: source.target)
        #expect(result.files == 9)
        #expect(result.replaced == false)
        #expect(Self.entries(source.parent) == ["minitokyo3d"])
        // Byte for byte what the server holds, plus the fetch record.
        var fetched = Self.snapshot(source.target)
        let record = try FetchRecord.read(from: source.target)
        fetched[".eki-fetch.json"] = nil
        #expect(fetched == Self.snapshot(source.folder.url))
        #expect(record.source == "minitokyo3d")
        #expect(record.files == 9)
        #expect(record.baseURL == source.server.baseURL.absoluteString + "data")

        #expect(MiniTokyo3DSource().applicable(source.target))
        let report = try Importer().run(folder: source.target, database: source.scratch.file("eki.sqlite"))
        #expect(report.counts.railways == 2)
        #expect(report.counts.trains == 3)
        #expect(report.counts.stopEvents == 8)

        #expect(events.all.contains("downloading(stage: \"reference files\", files: 7)"))
        #expect(events.all.contains("downloading(stage: \"train timetables\", files: 2)"))
        #expect(events.all.contains("finished(file: \"op-b.json\", bytes: \(Self.bTrains.utf8.count))"))
    }

    enum Fault: String, CaseIterable, Sendable {
        case serverError, truncated, stalled, html

        var reply: LoopbackServer.Reply {
            switch self {
            case .serverError: .status(500)
            case .truncated: .truncated(Data("[{\"id\": ".utf8), claimed: 400)
            case .stalled: .stall
            case .html: .ok(Data("<!doctype html><p>Not here</p>".utf8), contentType: "text/html")
            }
        }

        var message: String {
            switch self {
            case .serverError: "train-timetables/op-b.json: HTTP 500 Internal Server Error (after 3 attempts)"
            case .truncated: "train-timetables/op-b.json: truncated at 8 of 400 bytes (after 3 attempts)"
            case .stalled: "train-timetables/op-b.json: stalled for 0.6 s (after 3 attempts)"
            case .html: "train-timetables/op-b.json: not JSON at byte 0 (it starts like an HTML page: <!doctype html>…)"
            }
        }
    }

    @Test(arguments: Fault.allCases)
    func aFaultLeavesNoFolderWhereThereWasNone(_ fault: Fault) async throws {
        let source = try MiniSource()
        defer { source.close() }
        source.fail("train-timetables/op-b.json", with: fault.reply)
        #expect(await source.failure(timeout: fault == .stalled ? DownloaderTests.stallTimeout : .seconds(10)) == fault.message)
        #expect(!FileManager.default.fileExists(atPath: source.target.path))
        #expect(Self.entries(source.parent).isEmpty)
    }

    @Test func aFailedRefetchLeavesTheEarlierFetchAsItWasAndALaterOneReplacesIt() async throws {
        let source = try MiniSource()
        defer { source.close() }
        _ = try await source.fetch()
        let before = Self.snapshot(source.target)

        source.fail("railways.json", with: Fault.html.reply)
        #expect(await source.failure() == "railways.json: not JSON at byte 0 (it starts like an HTML page: <!doctype html>…)")
        #expect(Self.snapshot(source.target) == before)
        #expect(Self.entries(source.parent) == ["minitokyo3d"])

        source.fail("railways.json", with: nil)
        try source.folder.scratch.write("train-timetables/op-b.json", "[]")
        let result = try await source.fetch()
        #expect(result.replaced)
        #expect(try String(contentsOf: source.target.appendingPathComponent("train-timetables/op-b.json"), encoding: .utf8) == "[]")
        #expect(Self.entries(source.parent) == ["minitokyo3d"])
    }

    @Test func whatAKilledRunLeftIsUndoneBeforeTheNextOne() async throws {
        let source = try MiniSource()
        defer { source.close() }
        _ = try await source.fetch()
        let before = Self.snapshot(source.target)
        // Killed between the two renames of the swap: the old folder set aside, a staging folder half full.
        try FileManager.default.moveItem(at: source.target, to: source.parent.appendingPathComponent(".minitokyo3d.previous"))
        try source.scratch.write("sources/.minitokyo3d.fetching/railways.json.part", "[{\"id\": ")
        Fetcher.recoverInterrupted(target: source.target)
        #expect(Self.entries(source.parent) == ["minitokyo3d"])
        #expect(Self.snapshot(source.target) == before)
        // A staging leftover alone goes at the start of the next fetch, which then succeeds.
        try source.scratch.write("sources/.minitokyo3d.fetching/stations.json", "[")
        _ = try await source.fetch()
        #expect(Self.entries(source.parent) == ["minitokyo3d"])
    }

    @Test func aSecondFetchIntoTheSameFolderWaitsItsTurn() async throws {
        let source = try MiniSource()
        defer { source.close() }
        var running: FolderLock? = try FolderLock(source.parent)
        #expect(await source.failure() == "another eki data fetch is writing into \(source.parent.path); try again when it has finished")
        #expect(source.server.requests.isEmpty)
        withExtendedLifetime(running) {}
        running = nil
        #expect(await source.failure() == nil)
        #expect(Self.entries(source.parent) == ["minitokyo3d"])
    }

    @Test func aFolderThatFetchDidNotMakeIsNeverReplaced() async throws {
        let source = try MiniSource()
        defer { source.close() }
        try source.scratch.write("sources/minitokyo3d/notes.txt", "mine")
        #expect(await source.failure() == "\(source.target.path) holds files that eki data fetch did not put there; choose another --to or empty it")
        #expect(source.server.requests.isEmpty)
        #expect(Self.snapshot(source.target) == ["notes.txt": Data("mine".utf8)])
    }

    @Test func odptSendsTheKeyAndNeverShowsIt() async throws {
        let key = "s3cr3t-KEY-0123456789abcdef"
        // Like api.odpt.org, each dump address answers with a redirect to the dump file itself.
        let server = try LoopbackServer { request, _ in
            if request.path.hasPrefix("/api/v4/odpt:"), request.path.hasSuffix(".json") {
                return .redirect("/dumps/" + request.path.dropFirst("/api/v4/".count))
            }
            guard request.path.hasPrefix("/dumps/odpt:") else { return .status(404) }
            let type = request.path.dropFirst("/dumps/".count).dropLast(".json".count)
            return .ok(Data(#"[{"@type": "\#(type)", "owl:sameAs": "\#(type):Sample"}]"#.utf8))
        }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let events = FetchLog()
        let fetcher = Fetcher(source: .odpt, baseURL: server.baseURL.appendingPathComponent("api/v4"), consumerKey: key,
                              downloader: DownloaderTests.downloader().logging(to: events), events: { events.append("\($0)") })
        let target = scratch.file("odpt")
        let result = try await fetcher.fetch(into: target)
        #expect(result.files == 8)
        #expect(Self.entries(target) == [".eki-fetch.json", "odpt_Calendar.json", "odpt_Operator.json", "odpt_RailDirection.json",
                                         "odpt_Railway.json", "odpt_Station.json", "odpt_StationTimetable.json",
                                         "odpt_TrainTimetable.json", "odpt_TrainType.json"])
        #expect(try String(contentsOf: target.appendingPathComponent("odpt_Station.json"), encoding: .utf8)
                == #"[{"@type": "odpt:Station", "owl:sameAs": "odpt:Station:Sample"}]"#)
        let asked = server.requests.filter { $0.path.hasPrefix("/api/v4/") }
        #expect(asked.count == 8)
        #expect(asked.allSatisfy { $0.query["acl:consumerKey"] == key })
        #expect(server.requests.filter { $0.path.hasPrefix("/dumps/") }.count == 8)
        #expect(!events.all.isEmpty)
        #expect(events.all.allSatisfy { !$0.contains(key) })
        #expect(!String(decoding: try Data(contentsOf: target.appendingPathComponent(".eki-fetch.json")), as: UTF8.self).contains(key))
        #expect(fetcher.redacted("GET /odpt:Railway.json?acl:consumerKey=\(key)") == "GET /odpt:Railway.json?acl:consumerKey=<ODPT_CONSUMER_KEY>")
    }

    @Test func odptRejectedKeyIsAClearErrorWithoutTheKey() async throws {
        let key = "wrong-key-9876"
        let server = try LoopbackServer { request, _ in
            request.path == "/odpt:Station.json" ? .status(401, body: "invalid acl:consumerKey=\(key)") : .ok(Data("[]".utf8))
        }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let fetcher = Fetcher(source: .odpt, baseURL: server.baseURL, consumerKey: key, downloader: DownloaderTests.downloader())
        await #expect(throws: FetchError.download(DownloadError(file: "odpt_Station.json", reason: .status(401), attempts: 1))) {
            try await fetcher.fetch(into: scratch.file("odpt"))
        }
        #expect("\(FetchError.download(DownloadError(file: "odpt_Station.json", reason: .status(401), attempts: 1)))"
                == "odpt_Station.json: HTTP 401 Unauthorized")
        #expect(Self.entries(scratch.url).isEmpty)
    }

    @Test func odptWithoutAKeyStopsBeforeAnyDownload() async throws {
        let server = try LoopbackServer { _, _ in .ok(Data("[]".utf8)) }
        defer { server.stop() }
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        for key in [nil, "", "  "] {
            let fetcher = Fetcher(source: .odpt, baseURL: server.baseURL, consumerKey: key, downloader: DownloaderTests.downloader())
            await #expect(throws: FetchError.missingKey) { try await fetcher.fetch(into: scratch.file("odpt")) }
        }
        #expect(server.requests.isEmpty)
        #expect(Self.entries(scratch.url).isEmpty)
        #expect(FetchError.missingKey.description == "the odpt source needs a consumer key: set ODPT_CONSUMER_KEY (register at developer.odpt.org)")
    }
}

/// Per-path fault replies a test switches on and off while the server runs.
final class Faults: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [String: LoopbackServer.Reply] = [:]
    func set(_ path: String, _ reply: LoopbackServer.Reply?) { lock.withLock { replies[path] = reply } }
    func reply(for path: String) -> LoopbackServer.Reply? { lock.withLock { replies[path] } }
}

/// Every event of a fetch (stages and downloads) as text, for "never shows the key" checks.
final class FetchLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

extension Downloader {
    /// The same downloader, also writing its events to `log`.
    func logging(to log: FetchLog) -> Downloader {
        var copy = self
        let previous = progress
        copy.progress = { event in
            previous(event)
            log.append("\(event)")
        }
        return copy
    }
}
