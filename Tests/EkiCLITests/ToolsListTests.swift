import Foundation
import Testing

/// The commands `eki` hands to `eki-tools` are named in three places (Commands.tools, eki's
/// ToolCommand.listed, eki-tools' own subcommands). Both binaries' help must list the same commands
/// with the same lines: a command added to eki-tools and not to the list (or the other way round,
/// or with another abstract) fails here.
@Suite struct ToolsListTests {
    @Test func bothBinariesListTheSameCommands() throws {
        let tools = EkiProcess.binary.deletingLastPathComponent().appendingPathComponent("eki-tools")
        let eki = try EkiProcess.run(["--help"])
        let all = try EkiProcess.run(["--help"], binary: tools)
        #expect(eki.status == 0 && all.status == 0)
        #expect(eki.stdout == all.stdout)
        // And the list is the whole list: the tools' commands are in it.
        for command in ["import", "data", "serve", "track", "ticket"] {
            #expect(all.stdout.contains("\n  \(command) "), "\(command)")
        }
    }
}
