#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import EkiCLI

/// The commands of `eki-tools` run there: the same arguments, the same process (`execv`), so
/// `eki serve` is still the process a supervisor started and `eki import` prints what it always did.
enum ToolsBinary {
    static let name = "eki-tools"

    /// Returns only when the command is `eki`'s own; `eki help serve` goes over too.
    static func handOver(_ arguments: [String]) {
        let words = arguments.dropFirst()
        guard let first = words.first else { return }
        let command = first == "help" ? words.dropFirst().first : first
        guard let command, Commands.tools.contains(where: { $0.name == command }) else { return }
        let path = besideThisBinary()
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv(path, &argv)
        let reason = String(cString: strerror(errno))
        let message = "eki: \(command) is a command of \(name), which could not be started at \(path) (\(reason)): copy \(name) beside eki\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(1)
    }

    /// `eki-tools` in the folder of the running binary (a symbolic link to `eki` is followed).
    static func besideThisBinary() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return name }
        let own = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = own.lastIndex(of: "/") else { return name }
        return String(own[...slash]) + name
    }
}

/// A line in `eki --help` for each command of `eki-tools`; never run (`ToolsBinary` hands them over
/// before parsing), so their options are `eki-tools`' own, listed by `eki <command> --help`.
enum ToolCommand {
    static let listed: [any ParsableCommand.Type] = [Import.self, Data.self, Serve.self, Track.self, Ticket.self]

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "import", abstract: Commands.toolAbstract("import"))
    }
    struct Data: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "data", abstract: Commands.toolAbstract("data"))
    }
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "serve", abstract: Commands.toolAbstract("serve"))
    }
    struct Track: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "track", abstract: Commands.toolAbstract("track"))
    }
    struct Ticket: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "ticket", abstract: Commands.toolAbstract("ticket"))
    }
}
