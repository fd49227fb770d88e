import ArgumentParser

// Placeholder: being written (issue 8).
struct DataPublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "publish", abstract: "Not yet available.")
    func run() async throws { throw failure("eki data publish is not available yet") }
}
