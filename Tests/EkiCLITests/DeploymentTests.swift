import EkiTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// What the README says to deploy is enough: the `eki` and `eki-tools` binaries and the
/// `Eki_EkiServer.resources` folder beside them, copied anywhere, serve the pages, their assets and
/// the API; the binaries alone refuse to start and say what is missing.
@Suite struct DeploymentTests {
    static let bundle = "Eki_EkiServer.resources"

    /// A fresh folder holding copies of the built binary and, when asked, its resource bundle.
    static func copiedRelease(withBundle: Bool, withTools: Bool = true) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eki-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let built = EkiProcess.binary.deletingLastPathComponent()
        // Copied by cp, not in this process: a file this process has open for writing can be
        // inherited by a process another test starts at that moment, and then running the copy
        // fails with "text file busy".
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        let binaries = [EkiProcess.binary.path] + (withTools ? [built.appendingPathComponent("eki-tools").path] : [])
        copy.arguments = ["-R"] + binaries + (withBundle ? [built.appendingPathComponent(bundle).path] : []) + [folder.path + "/"]
        try copy.run()
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
        return folder
    }

    /// GET `url`, its status and body.
    static func get(_ url: URL) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func aCopiedReleaseFolderServesThePages() async throws {
        let database = try TokyoFixtureFile.url()
        let folder = try Self.copiedRelease(withBundle: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Process()
        server.executableURL = folder.appendingPathComponent("eki")
        server.arguments = ["serve", "--port", "0", "--db", database.path]
        server.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        // "eki serving DB on http://127.0.0.1:PORT", once the socket is bound.
        var printed = ""
        while !printed.contains("\n"), server.isRunning {
            let chunk = out.fileHandleForReading.readChunk()
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let address = try #require(printed.firstMatch(of: /on (http:\/\/[^\s]+)/)?.output.1, "eki serve printed: \(printed)")
        let base = try #require(URL(string: String(address)))

        let home = try await Self.get(base.appendingPathComponent("/"))
        #expect(home.status == 200 && home.body.contains("<html lang=\"ja\">"))
        let station = try await Self.get(try #require(URL(string: "\(address)/station/\(TokyoFixture.chuodori)?at=2026-11-24T07:30")))
        #expect(station.status == 200 && station.body.contains("<span class=\"stop here\">中央通</span>"))
        let assets = station.body.matches(of: /(?:href|src)="(\/assets\/[^"]+)"/).map { String($0.output.1) }
        #expect(assets.count >= 4)
        for asset in assets {
            let answer = try await Self.get(try #require(URL(string: address + asset)))
            #expect(answer.status == 200 && !answer.body.isEmpty, "\(asset)")
        }
        let worker = try await Self.get(base.appendingPathComponent("sw.js"))
        #expect(worker.status == 200 && worker.body.hasPrefix("self.ekiManifest = "))
        let contract = try await Self.get(base.appendingPathComponent("api/openapi.json"))
        #expect(contract.status == 200 && contract.body.contains("\"openapi\": \"3.1.0\""))
    }

    @Test func theBinaryAloneSaysWhatIsMissing() throws {
        let database = try TokyoFixtureFile.url()
        let folder = try Self.copiedRelease(withBundle: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Process()
        server.executableURL = folder.appendingPathComponent("eki")
        server.arguments = ["serve", "--port", "0", "--db", database.path]
        let err = Pipe()
        server.standardError = err
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        let message = String(decoding: err.fileHandleForReading.readToEndOfFile(), as: UTF8.self)
        server.waitUntilExit()
        #expect(server.terminationStatus != 0)
        #expect(message.contains("the web files are missing: copy Eki_EkiServer.resources"), "\(message)")
        #expect(message.split(separator: "\n").count == 1, "one line: \(message)")
    }

    /// `eki` answers boards alone; `eki serve` without `eki-tools` beside it is one line and exit 1.
    @Test func ekiWithoutToolsAnswersBoardsAndSaysWhatIsMissing() throws {
        let database = try TokyoFixtureFile.url()
        let folder = try Self.copiedRelease(withBundle: true, withTools: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = folder.appendingPathComponent("eki")
            process.arguments = arguments
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = String(decoding: out.fileHandleForReading.readToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, stdout, stderr)
        }
        // 海岸線's 07:30 local from 港町 passes 中央通 6 minutes later.
        let board = try run(["next", "中央通", "--direction", "Inbound", "--at", "2026-11-24T07:30", "--db", database.path])
        #expect(board.status == 0 && board.stdout == "中央通 07:36 各 渋谷坂 6分\n", "\(board.stdout)\(board.stderr)")
        let serve = try run(["serve", "--port", "0", "--db", database.path])
        #expect(serve.status == 1)
        #expect(serve.stderr == "eki: serve is a command of eki-tools, which could not be started at \(folder.path)/eki-tools (No such file or directory): copy eki-tools beside eki\n")
        // Its help still lists every command, the tools' among them.
        let help = try run(["--help"])
        for command in ["departures", "route", "import", "data", "serve", "track", "ticket"] {
            #expect(help.stdout.contains("\n  \(command) "), "\(command)")
        }
    }
}
