import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `eki` binary as a user would, capturing exit status and both output streams.
struct EkiProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `eki` built beside this test bundle (`EKI_TEST_BINARY` names another, e.g. an older
    /// build, to see a test fail before a fix).
    static let binary: URL = {
        if let other = ProcessInfo.processInfo.environment["EKI_TEST_BINARY"], !other.isEmpty { return URL(fileURLWithPath: other) }
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("eki"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("eki"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("eki"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    static func run(_ arguments: [String], environment: [String: String] = [:], binary: URL = binary) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["EKI_DB"] = nil
        // Nor the developer's default database (XDG_DATA_HOME/eki/timetable.sqlite): a command run
        // without --db finds none, whatever this machine has imported (an older schema's file made
        // `eki calendar` fail here instead of giving Japan's holidays).
        env["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("eki-tests-data-\(getpid())").path
        env["TZ"] = "UTC"  // Eki must answer in Tokyo time whatever the machine's zone.
        // Boards viewed in tests go to a throwaway state file, never the developer's own history.
        env["EKI_STATE"] = FileManager.default.temporaryDirectory.appendingPathComponent("eki-tests-state-\(getpid()).sqlite").path
        // Route networks kept between processes go to a throwaway folder too.
        env["EKI_CACHE"] = FileManager.default.temporaryDirectory.appendingPathComponent("eki-tests-cache-\(getpid())").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe never blocks the child.
        let errData = Box()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.data = err.fileHandleForReading.readToEndOfFile()
            done.signal()
        }
        let outData = out.fileHandleForReading.readToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.data, as: UTF8.self))
    }

    /// A command's `--help` as one line (the argument parser wraps at the terminal's width, so a
    /// sentence a test looks for may break anywhere), and its exit status.
    static func help(_ command: [String]) throws -> (status: Int32, text: String) {
        let result = try run(command + ["--help"])
        return (result.status, result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }
}

/// Written by one reader thread before the semaphore is signalled, read after.
final class Box: @unchecked Sendable {
    var data = Data()
}

extension FileHandle {
    /// What is there to read now (empty at end of file), retried when a signal interrupts the
    /// read: a child process of another test exiting (SIGCHLD) does, and Foundation's
    /// `availableData` and `readDataToEndOfFile()` then trap on EINTR.
    func readChunk() -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(fileDescriptor, &buffer, buffer.count)
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Everything up to end of file, as `readDataToEndOfFile()` but without its trap on EINTR.
    func readToEndOfFile() -> Data {
        var data = Data()
        while true {
            let chunk = readChunk()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }
}
