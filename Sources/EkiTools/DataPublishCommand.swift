import ArgumentParser
import EkiCLI
import EkiData
import EkiStore
import Foundation

/// `eki data publish`: the database compressed, with a manifest, in a folder other machines update from.
struct DataPublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a built database for other machines to update from.",
        discussion: """
            Writes DIR/timetable-<version>.sqlite.zip and DIR/manifest.json (version, date, schema, \
            SHA-512, size, source and snapshot). The version is the UTC publication time as digits, \
            YYYYMMDDhhmmss, so a later publication is always newer. Serve DIR with `eki serve --publish DIR` \
            or any web server; other machines run `eki data update --from URL`. With --sign KEY the manifest \
            is signed (manifest-<version>.sig), and `eki data update --trust PUBKEY` installs only what that key signed.
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("The folder to publish into (created if needed).", valueName: "dir"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("A line describing the dataset (default: its source and snapshot).", valueName: "text"))
    var description: String?

    @Option(name: .long, help: ArgumentHelp(
        "Sign the manifest with this Ed25519 private key (PEM, from `openssl genpkey -algorithm ed25519`).", valueName: "key"))
    var sign: String?
}

extension DataPublishCommand {
    func run() async throws {
        let folder = URL(fileURLWithPath: out)
        let manifest = try await dataStep {
            let key = try sign.map { try DatasetSignature.privateKey(file: URL(fileURLWithPath: $0)) }
            return try DatasetPublisher().publish(database: database.url, to: folder, description: description, signingKey: key)
        }
        print("published \(manifest.summary) to \(folder.appendingPathComponent(manifest.file).path)")
        if sign != nil { print("signed: \(folder.appendingPathComponent(DatasetSignature.fileName(version: manifest.version)).path)") }
        print("\(Terminal.byteCount(manifest.size)) compressed from \(Terminal.byteCount(manifest.databaseSize)); schema \(manifest.schemaVersion); \(manifest.description)")
    }
}
