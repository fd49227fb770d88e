import ArgumentParser
import EkiCLI
import EkiData
import Foundation

/// `eki data trust [PUBKEY]`: the publisher key `eki data update` checks signatures with.
struct DataTrustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Set (or show) the publisher key that updates must be signed with.",
        discussion: """
            Keeps the publisher's Ed25519 public key beside the live database (<db>.trusted-key, \\
            readable and writable by you alone, replaced in one rename), so every `eki data update` \\
            installs only datasets that key signed (`eki data publish --sign`). Without PUBKEY, prints \\
            the key configured, as one base64 line that --trust and this command take back.
            """)

    @Argument(help: ArgumentHelp(
        "The public key: a PEM file (`openssl pkey -in publisher.pem -pubout`), or its base64 line.", valueName: "pubkey"))
    var key: String?

    @OptionGroup var database: DatabaseOptions
}

extension DataTrustCommand {
    func run() async throws {
        let live = LiveDatabase(url: database.url)
        guard let key else {
            let configured = try await dataStep { try live.trustedKey() }
            guard let configured else {
                throw failure("no publisher key is trusted for \(live.url.path); set one with `eki data trust PUBKEY`")
            }
            print(DatasetSignature.line(configured))
            return
        }
        let (trusted, replaced) = try await dataStep {
            let parsed = try DatasetSignature.publicKey(key)
            let earlier = try? live.trustedKey()   // one that cannot be read is replaced all the same
            do {
                try live.trust(parsed)
            } catch UpdateError.writeFailed(let file, let why) {
                throw failure("cannot write \(file): \(why); the trusted key is as it was")
            }
            return (parsed, earlier.flatMap { $0.rawRepresentation == parsed.rawRepresentation ? nil : $0 })
        }
        let was = replaced.map { "; it replaces \(DatasetSignature.line($0))" } ?? ""
        print("trusted for updates of \(live.url.path): \(DatasetSignature.line(trusted)) (kept in \(live.trustedKeyFile.path))\(was)")
    }
}
