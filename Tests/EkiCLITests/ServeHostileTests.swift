import EkiCore
import EkiTestSupport
import Foundation
import Testing

/// Issue 20 against a real `eki serve`: the requests that crashed it, starved it or locked riders
/// out, a corpus of hostile requests, and connections that dawdle. After all of it the process is
/// still there and answering. (Short timeouts so that this takes seconds.) On the hand-written Tokyo
/// (`TokyoFixtureFile`; `MiniFolder` imported where a test changes the file): what the server
/// refuses does not depend on the data. The real network's build queue is in RealDataCLITests.
@Suite struct ServeHostileTests {
    static func server(_ extra: [String] = []) throws -> ServerProcess {
        // An older build (EKI_TEST_BINARY, to see these fail before the fix) has none of the limits' options.
        let limits = ProcessInfo.processInfo.environment["EKI_TEST_BINARY"] == nil
            ? ["--header-timeout", "1", "--idle-timeout", "1", "--body-timeout", "2", "--request-timeout", "30"] + extra : []
        return try ServerProcess(["--db", TokyoFixtureFile.url().path, "--log-level", "debug"] + limits)
    }

    /// 港町 → 表参, as a fastest route's query asks for them.
    static let fastestQuery = "from=%E6%B8%AF%E7%94%BA&to=%E8%A1%A8%E5%8F%82"

    /// A request on its own connection; the raw response text.
    static func exchange(_ port: Int, _ request: String, timeout: Double = 20) throws -> String {
        let connection = try RawConnection(port: port, timeout: timeout)
        connection.send(request)
        return connection.readResponse()
    }

    static func post(_ path: String, _ body: String, type: String = "application/json") -> String {
        "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    static func get(_ target: String) -> String { "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" }

    static let alive = get("/api/v1/calendar/2026")

    /// The requests of issue 20 that took the server down, then a corpus of hostile requests: each
    /// is answered 2xx or 4xx (or the connection is closed), none is a 500, and the process lives.
    @Test func crashProbesAndAHostileCorpusLeaveTheServerUp() throws {
        // A published folder, so that the Range requests below reach a file (without --publish
        // they were only ever 404: review of issue 20, 11).
        let published = ScratchFolder()
        defer { published.remove() }
        try published.write("manifest.json", String(repeating: "{}\n", count: 500))
        let server = try Self.server(["--publish", published.url.path])
        defer { server.stop() }
        let port = server.port
        let probes = [
            // Issue 20, 1: "Double value cannot be converted to Int", the process gone.
            Self.post("/api/v1/ride/fix", #"{"session":"aaaaaaaaaaaaaaaa","fixes":[{"t":-1e19,"lat":35.45,"lon":139.63}]}"#),
            Self.post("/api/v1/ride/fix", #"{"session":"aaaaaaaaaaaaaaab","fixes":[{"t":9.3e21,"lat":35.45,"lon":139.63}]}"#),
            Self.post("/api/v1/ride/fix", #"{"session":"aaaaaaaaaaaaaaac","fixes":[{"t":1796085000,"lat":true,"lon":139.63}]}"#),
        ]
        for probe in probes {
            let response = try Self.exchange(port, probe)
            #expect(RawConnection.status(response) == 400, "\(probe.suffix(60)) → \(response.prefix(200))")
            #expect(server.isRunning)
        }

        let huge = String(repeating: "a", count: 100_000)
        let corpus: [String] = [
            "GARBAGE\r\n\r\n",
            "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
            "GET /api/v1/search?q=a HTTP/1.1\r\nHost: x\r\nX-Big: \(huge)\r\n\r\n",
            "GET /api/v1/search?q=a HTTP/1.1\r\nHost: x\r\nX-Nul: a\u{0}b\r\nConnection: close\r\n\r\n",
            "QUERY /api/v1/search?q=a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "FROBNICATE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            "POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            "POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n",
            Self.get("/api/v1/departures?station=%00"),
            Self.get("/api/v1/departures?station=%FF%FE"),
            Self.get("/../../etc/passwd"),
            Self.get("/api/v1/search?q=" + String(repeating: "x", count: 3000)),
            Self.get("/api/v1/nearby?lat=1e309&lon=-1e309"),
            Self.get("/api/v1/nearby?lat=nan&lon=139&radius=9223372036854775808"),
            Self.get("/api/v1/departures?station=minatomachi&limit=-9223372036854775809"),
            Self.get("/api/v1/calendar/9223372036854775807"),
            Self.get("/api/v1/route/fastest?from=a&to=b&at=-0001-01-01T00:00"),
            Self.get("/api/v1/route/suggest?patterns=9223372036854775807*a~b~c"),
            "GET /data/manifest.json HTTP/1.1\r\nHost: x\r\nRange: bytes=-99999999999999999999\r\nConnection: close\r\n\r\n",
            Self.post("/api/v1/ride/fix", #"{"session":"aaaaaaaaaaaaaaaa","fixes":[{"t":1796085000,"lat":35.45,"lon":139.63}]}"#, type: "text/plain"),
            Self.post("/api/v1/ride/fix", #"{"session":"aaaaaaaaaaaaaaaa","fixes":[{"t":1e400,"lat":35.45,"lon":139.63}]}"#),
            Self.post("/api/v1/ride/fix", "[" + String(repeating: "[", count: 20_000)),
            Self.post("/api/v1/ride/pin", #"{"session":"aaaaaaaaaaaaaaaa","railway":{},"direction":[]}"#),
        ]
        for request in corpus {
            let response = try Self.exchange(port, request)
            let status = RawConnection.status(response)
            // A parse error may simply close the connection; what comes back is never a 5xx but 501.
            #expect(status.map { ($0 >= 200 && $0 < 500) || $0 == 501 } ?? true, "\(request.prefix(80)) → \(response.prefix(200))")
            #expect(server.isRunning, "\(request.prefix(80))")
        }
        #expect(RawConnection.status(try Self.exchange(port, Self.alive)) == 200)
        let ranged = try Self.exchange(port, "GET /data/manifest.json HTTP/1.1\r\nHost: x\r\nRange: bytes=-99999999999999999999\r\nConnection: close\r\n\r\n")
        #expect(RawConnection.status(ranged) == 206 && ranged.lowercased().contains("content-range: bytes 0-1499/1500"), "\(ranged.prefix(300))")
        // Unknown methods and bad requests are a client's doing: nothing at error level.
        // A log line is "TIME LEVEL LABEL: message".
        let errors = server.log.split(separator: "\n").filter { ["error", "critical"].contains($0.split(separator: " ").dropFirst().first ?? "") }
        #expect(errors.isEmpty, "\(errors.prefix(3))")
    }

    /// Connections that send nothing, half a header, or nothing more after a response, are closed
    /// after the timeouts (1 s here) instead of being kept for ever.
    @Test func idleAndSlowConnectionsAreClosed() throws {
        let server = try Self.server()
        defer { server.stop() }
        let silent = try RawConnection(port: server.port, timeout: 15)
        let halfHeader = try RawConnection(port: server.port, timeout: 15)
        halfHeader.send("GET /api/v1/search?q=a HTTP/1.1\r\nHost: x\r\n")
        let keptAlive = try RawConnection(port: server.port, timeout: 15)
        keptAlive.send("GET /api/v1/calendar/2026 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawConnection.status(keptAlive.readResponse()) == 200)
        let slowBody = try RawConnection(port: server.port, timeout: 15)
        slowBody.send("POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"session\"")
        // Each ends with the server closing it (nil would be our own 15 s giving up first).
        #expect(silent.readToClose() == Data())
        #expect(halfHeader.readToClose() == Data())
        #expect(keptAlive.readToClose() != nil)
        #expect(slowBody.readToClose() != nil)
        for reason in ["header timeout", "idle timeout", "body timeout"] {
            // The log line may still be on its way through the pipe.
            waitUntil { server.log.contains("connection closed: \(reason)") }
            #expect(server.log.contains("connection closed: \(reason)"), "\(reason)")
        }
        #expect(RawConnection.status(try Self.exchange(server.port, Self.alive)) == 200)
    }

    /// Past the cap a new connection is told 503 at once and closed; a freed place is taken again.
    @Test func connectionsPastTheCapAreRefusedCleanly() throws {
        let server = try Self.server(["--max-connections", "3", "--header-timeout", "30", "--idle-timeout", "30"])
        defer { server.stop() }
        // Three connections, each answered once (so the server has taken them all), kept open.
        let held = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for connection in held {
            connection.send("GET /api/v1/calendar/2026 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(RawConnection.status(connection.readResponse()) == 200)
        }
        let refused = try Self.exchange(server.port, Self.alive)
        #expect(RawConnection.status(refused) == 503)
        #expect(refused.lowercased().contains("retry-after: 5") && refused.lowercased().contains("connection: close"))
        #expect(refused.contains("too many open connections"))
        // With the security headers of every other answer (issue 33).
        #expect(refused.lowercased().contains("x-content-type-options: nosniff")
                && refused.lowercased().contains("content-security-policy: default-src 'none'; frame-ancestors 'none'")
                && refused.lowercased().contains("referrer-policy: no-referrer"), "\(refused)")
        _ = held.map { close($0.fd) }
        // The closes are noticed in the server's own time: asked again until a place is free.
        var status: Int?
        try waitUntil {
            status = RawConnection.status(try Self.exchange(server.port, Self.alive))
            return status == 200
        }
        #expect(status == 200)
    }

    /// A 413 closes the connection (it used to stay open, the body unread, for more).
    @Test func aBodyTooLargeIsAnsweredAndTheConnectionClosed() throws {
        let server = try Self.server()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n")
        connection.send(Data(repeating: UInt8(ascii: " "), count: 70_000))
        let response = try #require(connection.readToClose())
        let text = String(decoding: response, as: UTF8.self)
        #expect(RawConnection.status(text) == 413)
        #expect(text.lowercased().contains("connection: close"))
    }

    /// Review of issue 20, 10: a 415 to a POST announcing 10 MB kept the connection open, waiting
    /// for the body nobody wants, until the body timeout (30 s here, so our 10 s gives up first).
    @Test func anAnswerBeforeTheBodyClosesTheConnection() throws {
        let server = try Self.server(["--body-timeout", "30"])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, timeout: 10)
        connection.send("POST /api/v1/ride/fix HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10000000\r\n\r\n")
        connection.send(Data(repeating: UInt8(ascii: " "), count: 70_000))
        let response = try #require(connection.readToClose())
        #expect(RawConnection.status(String(decoding: response, as: UTF8.self)) == 415)
    }

    /// Issue 20, 4: 500 made-up sessions locked every rider out for ten minutes. Now one address
    /// pushes out only its own oldest sessions, and everyone keeps getting answers.
    @Test func madeUpSessionsCannotLockRidersOut() throws {
        let server = try Self.server()
        defer { server.stop() }
        var statuses: [Int: Int] = [:]
        for index in 0..<520 {
            let session = String(format: "hoard%011d", index)
            let body = #"{"session":"\#(session)","fixes":[{"t":1796085000,"lat":35.4505,"lon":139.6337}]}"#
            let status = RawConnection.status(try Self.exchange(server.port, Self.post("/api/v1/ride/fix", body))) ?? 0
            statuses[status, default: 0] += 1
        }
        #expect(statuses == [200: 520])
        // A session fed faster than a phone gives fixes, or backwards, is told so.
        let fast = #"{"session":"rider00000000001","fixes":[{"t":1796085000,"lat":35.4505,"lon":139.6337},{"t":1796085000.00001,"lat":35.4505,"lon":139.6337}]}"#
        let response = try Self.exchange(server.port, Self.post("/api/v1/ride/fix", fast))
        #expect(RawConnection.status(response) == 422)
        #expect(response.contains("fixes must be at least 0.5 s apart"))
    }

    /// Issue 20, 2: four clients asking fastest routes for new dates built a network each on the
    /// request path. Now one builder takes a small queue and the rest are told 503 with Retry-After
    /// (the fixture's network builds in a moment, so whether any is told so here depends on timing:
    /// RealDataCLITests shows it on the real network); dates outside the served window are a 422,
    /// and boards keep being answered meanwhile.
    @Test func fastestRoutesForManyNewDatesAreQueuedNotBuiltOnTheRequestPath() async throws {
        let server = try Self.server(["--route-days-ahead", "30"])
        defer { server.stop() }
        let statuses = Self.fastestRoutesForEightNewDates(port: server.port, query: Self.fastestQuery)
        #expect(statuses.count == 8 && statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
        let board = try Self.exchange(server.port, Self.get("/api/v1/departures?station=\(TokyoFixture.minatomachi)&direction=Inbound"))
        #expect(RawConnection.status(board) == 200)
        let today = Self.tokyoToday()
        let retry = try Self.exchange(server.port, Self.get("/api/v1/route/fastest?\(Self.fastestQuery)&at=\(Self.iso(today.addingTimeInterval(40 * 86_400)))T07:30"))
        // A day outside the served window: well-formed, but not answered here (422).
        #expect(RawConnection.status(retry) == 422)
        #expect(retry.contains("fastest routes are served for dates from"))
    }

    /// Eight clients at once asking fastest routes (`query`) for the eight days after today, each on
    /// its own thread (blocking sockets would otherwise take turns on the two threads of the task
    /// pool); the statuses they were answered.
    static func fastestRoutesForEightNewDates(port: Int, query: String) -> [Int] {
        let today = tokyoToday()
        let results = LogBox()
        let threads = (1...8).map { day in
            Thread {
                let at = "\(iso(today.addingTimeInterval(Double(day) * 86_400)))T07:30"
                let target = "/api/v1/route/fastest?\(query)&at=\(at)"
                let status = (try? exchange(port, get(target), timeout: 60)).flatMap(RawConnection.status) ?? 0
                results.append(Data("\(status) ".utf8))
            }
        }
        threads.forEach { $0.start() }
        waitUntil { results.text.split(separator: " ").count >= 8 }   // each thread reports, answered or not
        return results.text.split(separator: " ").compactMap { Int($0) }
    }

    /// Issue 20, 8: a database overwritten in place gave 500s while the log said the old one was
    /// still served. Now: 503 with a clear problem, and the log says what happened.
    /// An import killed midway (kill -9) leaves its new database beside the live one; the server
    /// clears it when it starts rather than keeping it until the next import (issue 33). A live
    /// process's work file is left alone.
    @Test func aServerClearsWhatKilledImportsLeftWhenItStarts() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let source = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A3", "a": "06:06"}]}]
            """)
        defer { source.remove() }
        let live = scratch.file("live.sqlite")
        #expect(try EkiProcess.run(["import", source.url.path, "--db", live.path]).status == 0)
        // Process ids above the kernel's pid_max (4194304) are no process's.
        let dead = scratch.file(".live.sqlite.importing.99999999-abc123"), running = scratch.file(".live.sqlite.importing.\(getpid())-abc123")
        for file in [dead, running] { #expect(FileManager.default.createFile(atPath: file.path, contents: Data("half".utf8))) }
        let server = try ServerProcess(["--db", live.path])   // returns once it printed its URL: after the clean-up
        defer { server.stop() }
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
    }

    @Test func aDatabaseOverwrittenInPlaceIs503AndLoggedTruthfully() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let source = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]}]
            """)
        defer { source.remove() }
        let live = scratch.file("live.sqlite")
        #expect(try EkiProcess.run(["import", source.url.path, "--db", live.path]).status == 0)
        let server = try ServerProcess(["--db", live.path])
        defer { server.stop() }
        let bytes = try Data(contentsOf: live)
        let handle = try FileHandle(forWritingTo: live)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes.prefix(bytes.count / 3))
        try handle.close()
        // Asked until the server's watcher (once a second) has looked at the file; never a 500 meanwhile.
        var answered: [Int] = []
        try waitUntil {
            answered.append(RawConnection.status(try Self.exchange(server.port, Self.get("/api/v1/departures?station=Op.A.A1&at=2026-11-24T05:00"))) ?? 0)
            return server.log.contains("was changed in place")
        }
        #expect(server.log.contains("was changed in place"))
        #expect(!server.log.contains("still serving the previous one"))
        let after = try Self.exchange(server.port, Self.get("/api/v1/departures?station=Op.A.A1&at=2026-11-24T05:01"))
        #expect(RawConnection.status(after) == 503)
        #expect(after.contains("the timetable database cannot be read right now"))
        #expect(!answered.contains(500), "\(answered)")
        #expect(server.isRunning)
    }

    /// Today as the server under test sees it: the machine's clock, or EKI_NOW when a calendar
    /// check runs the suite with the clock set ahead.
    static func tokyoToday() -> Date {
        RiderClock.now()
    }

    static func iso(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Asia/Tokyo")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
