import ArgumentParser

// Placeholder: being written (issue 8).
struct DataRollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rollback", abstract: "Not yet available.")
    func run() async throws { throw failure("eki data rollback is not available yet") }
}
