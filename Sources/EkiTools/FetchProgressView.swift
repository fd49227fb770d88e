import EkiCLI
import EkiData
import Foundation

/// What `eki data fetch` shows on standard error: on a terminal, one bar per stage redrawn in place
/// (files, bytes, a retry in progress); elsewhere (logs, pipes) only one summary line per stage.
/// Download callbacks come from many threads at once, hence the lock.
final class FetchProgressView: @unchecked Sendable {
    private let live: Bool
    private let redact: @Sendable (String) -> String
    private let lock = NSLock()
    private var stageName = ""
    private var stageFiles = 0
    private var finishedFiles = 0
    private var finishedBytes: Int64 = 0
    private var inFlight: [String: Int64] = [:]
    private var note = ""
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private var drawn = false

    init(live: Bool, redact: @escaping @Sendable (String) -> String) {
        self.live = live
        self.redact = redact
    }

    func download(_ event: DownloadEvent) {
        lock.withLock {
            switch event {
            case .started(let file):
                inFlight[file] = 0
            case .received(let file, let bytes, _):
                inFlight[file] = bytes
                note = ""
            case .retrying(let file, let attempt, let of, let after, let reason):
                inFlight[file] = nil
                note = "retrying \(file) (\(attempt)/\(of)) in \(Self.seconds(after)): \(reason)"
                draw(force: true)
                return
            case .finished(let file, let bytes):
                inFlight[file] = nil
                finishedFiles += 1
                finishedBytes += bytes
            }
            draw(force: false)
        }
    }

    func stage(_ event: FetchEvent) {
        lock.withLock {
            switch event {
            case .downloading(let stage, let files):
                (stageName, stageFiles, finishedFiles, finishedBytes, inFlight, note) = (stage, files, 0, 0, [:], "")
                draw(force: true)
            case .downloaded(let stage, let files, let bytes, let retries, let seconds):
                let retried = retries == 0 ? "" : ", \(retries) \(retries == 1 ? "retry" : "retries")"
                line("Downloaded \(Terminal.number(files)) \(stage) (\(Terminal.byteCount(bytes))) in \(String(format: "%.1f", seconds)) s\(retried)")
            case .verified(let files, _):
                line("Verified \(Terminal.number(files)) files: every one parses")
            case .installed(let folder, let replaced):
                line("Moved into place: \(folder.path)\(replaced ? " (replacing the previous fetch)" : "")")
            }
        }
    }

    /// A failure is coming: end the bar's line so the message starts on its own.
    func abandon() {
        lock.withLock {
            if drawn { write("\n") }
            drawn = false
        }
    }

    private func draw(force: Bool) {
        guard live, stageFiles > 0 else { return }
        let now = ContinuousClock.now
        guard force || now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = now
        let width = 24
        let filled = min(width, finishedFiles * width / stageFiles)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let bytes = finishedBytes + inFlight.values.reduce(0, +)
        var text = "\(stageName.prefix(1).uppercased() + stageName.dropFirst())  \(bar)  \(finishedFiles)/\(stageFiles)  \(bytes == 0 ? "0 KB" : Terminal.byteCount(bytes))"
        if !note.isEmpty { text += "  " + note }
        write("\r\u{1B}[2K" + text)
        drawn = true
    }

    private func line(_ text: String) {
        write((drawn ? "\r\u{1B}[2K" : "") + text + "\n")
        drawn = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(redact(text).utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value < 1 ? "\(Int((value * 1000).rounded())) ms" : String(format: "%.0f s", value)
    }
}
