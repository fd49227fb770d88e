import EkiTestSupport
import Foundation
import Testing

/// Issue 33, 5 at the command line: `eki data update` installs only what the publisher signed
/// (the key set once with `eki data trust`) unless told `--allow-unsigned`, and refuses a version
/// older than the newest installed here — after an update and after a rollback — unless told
/// `--allow-downgrade`. Every refusal is one line with a non-zero exit, and nothing changes.
@Suite struct SignedUpdateCLITests {
    /// RFC 8032's first test key, as `openssl genpkey -algorithm ed25519` writes keys, and its public half.
    static let privatePEM = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n-----END PRIVATE KEY-----\n"
    static let trusted = "MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="
    static let other = "MCowBQYDK2VwAyEAxNOBzh8PtPwVql5fS+0ZG6JV7vhEFgo7gFWOTXA4N4M="

    /// Publications of one mini database: `signed` holds three versions, oldest to newest, each
    /// copied aside as it was published (`signed-1`, `signed-2`, `signed-3`); `unsigned` one more.
    struct Publications {
        let scratch = ScratchFolder()
        let live: URL

        init() throws {
            live = scratch.file("live/timetable.sqlite")
            try scratch.write("publisher.pem", SignedUpdateCLITests.privatePEM)
            let source = try MiniFolder(trains: """
                [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
                  "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]}]
                """)
            defer { source.remove() }
            let built = scratch.file("built.sqlite")
            let imported = try EkiProcess.run(["import", source.url.path, "--db", built.path])
            guard imported.status == 0 else { throw Failure(imported.stderr) }
            // Into one folder, so each publication is a newer version even within one second.
            for copy in 1...3 {
                let published = try EkiProcess.run(["data", "publish", "--db", built.path, "--out", scratch.file("signed").path,
                                                    "--sign", scratch.file("publisher.pem").path])
                guard published.status == 0 else { throw Failure(published.stderr) }
                try FileManager.default.copyItem(at: scratch.file("signed"), to: scratch.file("signed-\(copy)"))
            }
            let unsigned = try EkiProcess.run(["data", "publish", "--db", built.path, "--out", scratch.file("unsigned").path])
            guard unsigned.status == 0 else { throw Failure(unsigned.stderr) }
        }

        func path(_ name: String) -> String { scratch.file(name).path }

        /// The version a publication offers.
        func version(_ name: String) throws -> Int64 {
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("\(name)/manifest.json"))) as? [String: Any]
            return try #require((manifest?["version"] as? NSNumber)?.int64Value)
        }

        func update(_ name: String, _ extra: [String] = []) throws -> EkiProcess.Result {
            try EkiProcess.run(["data", "update", "--from", path(name), "--db", live.path] + extra)
        }

        /// Every file in the live folder with its bytes.
        func snapshot() throws -> [String: Data] {
            let folder = live.deletingLastPathComponent()
            var files: [String: Data] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
            }
            return files
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }

    /// One line on standard error, and nothing on standard output.
    static func expectOneLine(_ result: EkiProcess.Result, status: Int32 = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result.stdout)", sourceLocation: sourceLocation)
    }

    @Test func withNoKeyTheUpdateSaysWhatToDoAndInstallsNothing() throws {
        let publications = try Publications()
        defer { publications.scratch.remove() }
        let live = publications.live
        for name in ["unsigned", "signed"] {
            let refused = try publications.update(name)
            Self.expectOneLine(refused)
            #expect(refused.stderr == "eki: no publisher key is trusted for \(live.path): run `eki data trust PUBKEY` once with the publisher's public key (or pass --trust PUBKEY), or --allow-unsigned to install an unsigned dataset; nothing installed\n")
            #expect(!FileManager.default.fileExists(atPath: live.deletingLastPathComponent().path))   // not even the folder
        }
        let shown = try EkiProcess.run(["data", "trust", "--db", live.path])
        Self.expectOneLine(shown)
        #expect(shown.stderr == "eki: no publisher key is trusted for \(live.path); set one with `eki data trust PUBKEY`\n")

        let allowed = try publications.update("unsigned", ["--allow-unsigned"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.hasPrefix("updated \(live.path) to version \(try publications.version("unsigned"))"))
        #expect(allowed.stderr.hasPrefix("eki: warning: no publisher key is trusted: version "))
        #expect(allowed.stderr.hasSuffix("is installed without a signature check (--allow-unsigned)\n"))
    }

    @Test func theKeyIsTrustedOnceThenEveryUpdateNeedsItsSignature() throws {
        let publications = try Publications()
        defer { publications.scratch.remove() }
        let live = publications.live
        let set = try EkiProcess.run(["data", "trust", Self.trusted, "--db", live.path])
        #expect(set.status == 0, "\(set.stderr)")
        let keyFile = live.path + ".trusted-key"
        #expect(set.stdout == "trusted for updates of \(live.path): \(Self.trusted) (kept in \(keyFile))\n")
        #expect((try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let shown = try EkiProcess.run(["data", "trust", "--db", live.path])
        #expect(shown.status == 0 && shown.stdout == Self.trusted + "\n", "\(shown.stderr)")

        let unsigned = try publications.update("unsigned")
        Self.expectOneLine(unsigned)
        #expect(unsigned.stderr == "eki: \(publications.path("unsigned")) is not signed, and the trusted publisher key asks for a signature (--allow-unsigned installs it anyway); nothing installed\n")
        #expect(!FileManager.default.fileExists(atPath: live.path))
        // --trust overrides the configured key, for this update only.
        let overridden = try publications.update("signed-1", ["--trust", Self.other])
        Self.expectOneLine(overridden)
        #expect(overridden.stderr.contains("is not signed by the trusted key"))
        // A wrong signature is not let in by --allow-unsigned.
        let stillWrong = try publications.update("signed-1", ["--trust", Self.other, "--allow-unsigned"])
        Self.expectOneLine(stillWrong)
        #expect(stillWrong.stderr.contains("is not signed by the trusted key"))
        #expect(!FileManager.default.fileExists(atPath: live.path))

        let installed = try publications.update("signed-1")
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr.isEmpty)
        #expect(installed.stdout.hasPrefix("updated \(live.path) to version \(try publications.version("signed-1"))"))
        // Replacing the key says which one it replaces.
        let replaced = try EkiProcess.run(["data", "trust", Self.other, "--db", live.path])
        #expect(replaced.stdout.hasSuffix("; it replaces \(Self.trusted)\n"), "\(replaced.stdout)")
    }

    /// `--check` (issue 32, 20): whether a newer dataset is published, its manifest and signature
    /// read as an update reads them; nothing downloaded, installed or left in the live folder.
    @Test func checkSaysWhetherANewerDatasetIsPublishedAndChangesNothing() throws {
        let publications = try Publications()
        defer { publications.scratch.remove() }
        let live = publications.live
        #expect(try EkiProcess.run(["data", "trust", Self.trusted, "--db", live.path]).status == 0)
        let (v1, v2) = (try publications.version("signed-1"), try publications.version("signed-2"))
        let first = try publications.update("signed-1", ["--check"])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("a newer dataset is published: \(publications.path("signed-1")) offers version \(v1) ("), "\(first.stdout)")
        // The command it names is the one to run: the same source and database.
        #expect(first.stdout.hasSuffix("; no database is live yet. `eki data update --from \(publications.path("signed-1")) --db \(live.path)` installs it\n"),
                "\(first.stdout)")
        #expect(!FileManager.default.fileExists(atPath: live.path))
        // The very database a publication was made from, imported here and live: nothing newer.
        let twin = publications.scratch.file("twin/timetable.sqlite")
        try FileManager.default.createDirectory(at: twin.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: publications.scratch.file("built.sqlite"), to: twin)
        #expect(try EkiProcess.run(["data", "trust", Self.trusted, "--db", twin.path]).status == 0)
        let same = try EkiProcess.run(["data", "update", "--from", publications.path("signed-1"), "--db", twin.path, "--check"])
        #expect(same.status == 0 && same.stdout == "up to date: \(publications.path("signed-1")) offers version \(v1), nothing newer than the live database\n",
                "\(same.stdout)\(same.stderr)")

        #expect(try publications.update("signed-1").status == 0)
        let before = try publications.snapshot()
        let installed = try publications.update("signed-1", ["--check"])
        #expect(installed.status == 0 && installed.stdout == "up to date: version \(v1) is live, \(publications.path("signed-1")) offers version \(v1)\n",
                "\(installed.stdout)\(installed.stderr)")
        // signed-2 is the same database published again: a newer version, nothing newer to ride on.
        let again = try publications.update("signed-2", ["--check"])
        #expect(again.status == 0 && again.stdout == "up to date: version \(v1) is live, \(publications.path("signed-2")) offers version \(v2)\n",
                "\(again.stdout)\(again.stderr)")
        // Another timetable (a second train), published signed: that one is newer.
        let source = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]},
             {"id": "Op.A.3.Weekday", "r": "Op.A", "n": "3", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "07:00"}, {"s": "Op.A.A2", "d": "07:03"}, {"s": "Op.A.A3", "a": "07:06"}]}]
            """)
        defer { source.remove() }
        let rebuilt = publications.scratch.file("rebuilt.sqlite")
        #expect(try EkiProcess.run(["import", source.url.path, "--db", rebuilt.path]).status == 0)
        // Into the publications' folder, so its version is newer even within the same second.
        #expect(try EkiProcess.run(["data", "publish", "--db", rebuilt.path, "--out", publications.path("signed"),
                                    "--sign", publications.path("publisher.pem")]).status == 0)
        try FileManager.default.copyItem(at: publications.scratch.file("signed"), to: publications.scratch.file("signed-4"))
        let v4 = try publications.version("signed-4")
        let newer = try publications.update("signed-4", ["--check"])
        #expect(newer.status == 0, "\(newer.stderr)")
        #expect(newer.stdout.hasPrefix("a newer dataset is published: \(publications.path("signed-4")) offers version \(v4) ("), "\(newer.stdout)")
        #expect(newer.stdout.contains("; version \(v1) is live. `eki data update --from"), "\(newer.stdout)")
        // Unsigned, as the update would refuse it: one line, and still nothing changed.
        let unsigned = try publications.update("unsigned", ["--check"])
        Self.expectOneLine(unsigned)
        #expect(unsigned.stderr.contains("is not signed"), "\(unsigned.stderr)")
        #expect(try publications.snapshot() == before)
    }

    @Test func olderVersionsAreRefusedAfterAnUpdateAndAfterARollback() throws {
        let publications = try Publications()
        defer { publications.scratch.remove() }
        let live = publications.live.path
        #expect(try EkiProcess.run(["data", "trust", Self.trusted, "--db", live]).status == 0)
        let (v1, v2, v3) = (try publications.version("signed-1"), try publications.version("signed-2"), try publications.version("signed-3"))
        #expect(v1 < v2 && v2 < v3)
        #expect(try publications.update("signed-1").status == 0)
        #expect(try publications.update("signed-3").status == 0)
        // After an update: v2 is older than v3.
        var before = try publications.snapshot()
        let afterUpdate = try publications.update("signed-2")
        Self.expectOneLine(afterUpdate)
        #expect(afterUpdate.stderr == "eki: \(publications.path("signed-2")) offers version \(v2), older than version \(v3) already installed here (--allow-downgrade installs it anyway); nothing installed\n")
        #expect(try publications.snapshot() == before)

        // After a rollback (v1 live, v3 kept): v2 is newer than what is live, and would push v3
        // out of the previous place. Refused all the same.
        let rolledBack = try EkiProcess.run(["data", "rollback", "--db", live])
        #expect(rolledBack.status == 0, "\(rolledBack.stderr)")
        #expect(rolledBack.stdout.contains("now live version \(v1)"))
        before = try publications.snapshot()
        let afterRollback = try publications.update("signed-2")
        Self.expectOneLine(afterRollback)
        #expect(afterRollback.stderr.contains("offers version \(v2), older than version \(v3) already installed here"))
        #expect(try publications.snapshot() == before)

        let allowed = try publications.update("signed-2", ["--allow-downgrade"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.hasPrefix("updated \(live) to version \(v2)"))
        // Still remembered: v1 is refused naming v3.
        let again = try publications.update("signed-1")
        Self.expectOneLine(again)
        #expect(again.stderr.contains("offers version \(v1), older than version \(v3) already installed here"))
    }

    @Test func malformedKeysAndUnknownOptionsAreOneLine() throws {
        let publications = try Publications()
        defer { publications.scratch.remove() }
        let live = publications.live.path
        let cases: [([String], String)] = [
            (["data", "trust", "not-a-key", "--db", live], "eki: not-a-key is not a usable key: neither a key file nor a base64 key\n"),
            (["data", "trust", "AAAA", "--db", live], "eki: AAAA is not a usable key: not an Ed25519 public key (`openssl pkey -in KEY -pubout` writes one)\n"),
            (["data", "trust", "", "--db", live], "eki: an empty key is not a usable key: give a PEM file or its base64 line\n"),
            (["data", "trust", "AAAA\nBBBB", "--db", live], "eki: AAAA\\nBBBB is not a usable key: neither a key file nor a base64 key\n"),
            (["data", "trust", "--db", live, "--", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----"],
             "eki: -----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY----- is not a usable key: not an Ed25519 public key (`openssl pkey -in KEY -pubout` writes one)\n"),
            (["data", "update", "--from", publications.path("signed"), "--trust", "nonsense key", "--db", live],
             "eki: nonsense key is not a usable key: neither a key file nor a base64 key\n"),
        ]
        for (arguments, message) in cases {
            let result = try EkiProcess.run(arguments)
            Self.expectOneLine(result)
            #expect(result.stderr == message)
        }
        #expect(!FileManager.default.fileExists(atPath: publications.live.deletingLastPathComponent().path))

        for arguments in [["data", "update", "--from", publications.path("signed"), "--allow-unsinged", "--db", live],
                          ["data", "trust", Self.trusted, "--force", "--db", live],
                          ["data", "rollback", "--yes", "--db", live],
                          ["data", "update", "--db", live]] {
            let result = try EkiProcess.run(arguments)
            Self.expectOneLine(result, status: 64)
            #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasSuffix("(see `eki data \(arguments[1]) --help`)\n"), "\(arguments): \(result.stderr)")
        }
        let mistyped = try EkiProcess.run(["data", "update", "--from", publications.path("signed"), "--allow-unsinged", "--db", live])
        #expect(mistyped.stderr == "Error: Unknown option '--allow-unsinged'. Did you mean '--allow-unsigned'? (see `eki data update --help`)\n")
        // A PEM given inline, as "$(cat publisher.pub)" gives it (after `--`: it starts with dashes), is a key like any other.
        let pem = "-----BEGIN PUBLIC KEY-----\n\(Self.trusted)\n-----END PUBLIC KEY-----\n"
        let inline = try EkiProcess.run(["data", "trust", "--db", live, "--", pem])
        #expect(inline.status == 0, "\(inline.stderr)")
    }

    @Test func theHelpSaysSignedByDefault() throws {
        let (status, text) = try EkiProcess.help(["data", "update"])
        #expect(status == 0)
        #expect(text.contains("Signed by default: only a dataset whose manifest carries the publisher's Ed25519 signature is installed."), "\(text)")
        #expect(text.contains("Configure the publisher's public key once with `eki data trust PUBKEY`"))
        #expect(text.contains("--allow-unsigned"))
        #expect(text.contains("--allow-downgrade"))
        #expect(text.contains("also after `eki data rollback` (which does not lower it)"))
        let trust = try EkiProcess.run(["data", "trust", "--help"])
        #expect(trust.status == 0)
        #expect(trust.stdout.contains("USAGE: eki data trust [<pubkey>] [--db <path>]"), "\(trust.stdout)")
    }
}
