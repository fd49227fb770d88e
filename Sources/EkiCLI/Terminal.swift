import ArgumentParser
import Foundation

package enum Terminal {
    package static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    package static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    package static func byteCount(_ bytes: Int64) -> String {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        return formatter.string(fromByteCount: bytes)
    }

    package static func number(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}

/// Prints one line to standard error ("eki: what went wrong") and gives the exit code to throw,
/// so failures never show a usage dump or a stack trace.
package func failure(_ message: String, code: Int32 = 1) -> ExitCode {
    Terminal.error("eki: " + message)
    return ExitCode(code)
}
