import ArgumentParser
import EkiCLI
import EkiData

/// `eki data`: get timetable data and keep the live database up to date.
struct DataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: Commands.toolAbstract("data"),
        subcommands: [DataFetchCommand.self, DataPublishCommand.self, DataTrustCommand.self, DataUpdateCommand.self, DataRollbackCommand.self])

    /// The subcommands whose usage errors are one line (`EkiTools.runWithOneLineUsageErrors`).
    static let oneLineUsageErrors: Set<String> = ["trust", "update", "rollback"]
}

/// Runs one step of a data command: its library errors become the one-line `eki:` failure, and an
/// `ExitCode` already reported passes through.
func dataStep<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as UpdateError {
        throw failure(error.description)
    } catch let error as ExitCode {
        throw error
    } catch {
        throw failure("\(error)")
    }
}
