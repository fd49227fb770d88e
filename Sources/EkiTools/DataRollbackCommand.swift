import ArgumentParser
import EkiCLI
import EkiData
import EkiStore
import Foundation

/// `eki data rollback`: put the previous live database back.
struct DataRollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Put back the database that the last update replaced.",
        discussion: """
            Renames the previous database over the live one in one step and keeps the one it replaces \
            as the previous, so rolling back twice goes forward again. A running `eki serve` follows. \
            The newest version installed stays remembered: a later `eki data update` refuses a dataset \
            older than it (--allow-downgrade), so nothing pushes out the one rolled back from.
            """)

    @OptionGroup var database: DatabaseOptions
}

extension DataRollbackCommand {
    func run() async throws {
        let live = LiveDatabase(url: database.url)
        let now = try await dataStep { try live.rollback() }
        print("rolled back \(live.url.path): now live \(now.summary)")
    }
}
