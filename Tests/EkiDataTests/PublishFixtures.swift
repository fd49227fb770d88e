import EkiData
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation

/// Small real databases for publish/update tests, imported from a two-railway Mini Tokyo 3D folder
/// (`MiniFolder`): each one has a single A-line train leaving 甲一 at `departure`, so two of them
/// differ in a way a board shows. A few hundred kilobytes each: quick to zip, hash and swap.
enum PublishFixtures {
    static func database(at url: URL, departure: String) throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "\(departure)"}, {"s": "Op.A.A2", "d": "\(after(departure, 3))"}, {"s": "Op.A.A3", "a": "\(after(departure, 6))"}]}]
            """)
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try Importer().run(folder: folder.url, database: url)
    }

    /// "HH:MM" plus some minutes (within the day).
    static func after(_ time: String, _ minutes: Int) -> String {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let total = parts[0] * 60 + parts[1] + minutes
        return String(format: "%02d:%02d", total / 60, total % 60)
    }

    /// The first weekday departure from 甲一 (A-line outbound) in a database, "HH:MM", read through the store.
    static func firstDeparture(_ url: URL) throws -> String? {
        try Timetable(url: url).departures(station: "Op.A.A1", direction: "Outbound", service: "Weekday").first?.time.serviceClock
    }

    /// A publication folder with a dataset published from a fresh mini database, signed by
    /// `signedBy` (the fixtures' publisher unless said otherwise; nil: not signed).
    static func published(in scratch: ScratchFolder, departure: String, at date: Date, as name: String = "published",
                          signedBy key: Ed25519.PrivateKey? = publisher) throws -> (folder: URL, manifest: DatasetManifest) {
        let database = scratch.file("\(name)-source.sqlite")
        try self.database(at: database, departure: departure)
        let folder = scratch.file(name)
        let manifest = try DatasetPublisher(now: { date }).publish(database: database, to: folder, signingKey: key)
        return (folder, manifest)
    }

    /// The publisher of the fixtures' datasets: one fixed key, so a failure can be repeated.
    static let publisher = try! Ed25519.PrivateKey(rawRepresentation: Data(repeating: 0x33, count: 32))

    /// Signs a publication's manifest.json again with `key` (after a test edited it).
    static func sign(_ folder: URL, with key: Ed25519.PrivateKey = publisher) throws {
        let manifest = try Data(contentsOf: folder.appendingPathComponent(DatasetManifest.fileName))
        guard let version = ((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["version"] as? NSNumber)?.int64Value else {
            throw FixtureError.unexpected("no version in \(folder.path)")
        }
        try DatasetSignature.sign(manifest, with: key).write(to: folder.appendingPathComponent(DatasetSignature.fileName(version: version)))
    }

    /// Every file in a folder (hidden ones too) with its bytes, to prove a failure changed nothing.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// A live folder as after one update: `timetable.sqlite` (06:00 → 07:10 published as version 1),
    /// its previous copy (imported here, first train 06:00), the installed manifest, the
    /// publisher's key trusted once (`eki data trust`) and version 1 remembered as the newest.
    static func liveAfterOneUpdate(in scratch: ScratchFolder) async throws -> (live: LiveDatabase, installed: DatasetManifest) {
        let live = LiveDatabase(url: scratch.file("live/timetable.sqlite"))
        try database(at: live.url, departure: "06:00")
        try live.trust(publisher.publicKey)
        let (folder, manifest) = try published(in: scratch, departure: "07:10", at: monday, as: "v1")
        let outcome = try await DatasetUpdater(transport: .standard).update(from: UpdateSource(folder.path), live: live)
        guard outcome == .installed(manifest, replaced: nil) else { throw FixtureError.unexpected("\(outcome)") }
        return (live, manifest)
    }

    /// The one-line message a failing call throws, nil when it does not fail.
    static func failure(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    enum FixtureError: Error { case unexpected(String) }

    static let monday = ISO8601DateFormatter().date(from: "2026-11-23T08:45:00Z")!

    /// The names in a live folder after an update with the key trusted beside it.
    static let liveFiles = ["timetable.sqlite", "timetable.sqlite.manifest.json", "timetable.sqlite.newest-version",
                            "timetable.sqlite.previous", "timetable.sqlite.trusted-key"]
}
