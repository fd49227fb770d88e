import EkiTestSupport
import Foundation
import Testing

/// Issue 20 at the command line: input that trapped (exit 132) or misled, now a one-line error
/// with a non-zero exit, or a warning; the state file private; data updates that can be trusted.
/// On the hand-written Tokyo (`TokyoFixtureFile`): what is refused does not depend on the data; its
/// 港町 (35.45, 139.64) stands where the rides below start, its 表参 is a station to route to.
@Suite struct HostileCLITests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> EkiProcess.Result {
        try EkiProcess.run(arguments + ["--db", TokyoFixtureFile.url().path], environment: environment)
    }

    /// `eki track --replay` on a file with t = -1e19 (or 9.3e21 after a good fix) died with exit
    /// 132, "Double value cannot be converted to Int".
    @Test(arguments: [(-1e19, 1), (9.3e21, 2)])
    func aRideFileWithAnImpossibleTimeIsALineNumberedError(time: Double, line: Int) throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let bad = #"{"t": \#(time), "lat": 35.4506, "lon": 139.6338}"#
        let good = #"{"t": 1796085000, "lat": 35.4505, "lon": 139.6337}"#
        try scratch.write("ride.jsonl", (line == 1 ? [bad, good] : [good, bad]).joined(separator: "\n"))
        let result = try Self.run(["track", "--replay", scratch.file("ride.jsonl").path])
        #expect(result.status == 1)
        #expect(result.stderr == "eki: \(scratch.file("ride.jsonl").path): line \(line): t must be an ISO 8601 time or epoch seconds between 1970–2099\n")
    }

    /// Review of issue 20, 9: `eki track --replay` took fixes 0.01 s apart (or backwards) that the
    /// ride API refuses. One rule for both now, said with the fix's number.
    @Test func aReplayHoldsFixesToTheAPIsRule() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        for (second, rule) in [("1796085000.01", "t is 0.01 s after the previous fix; fixes must be at least 0.5 s apart"),
                               ("1796084999", "t is 1 s before the previous fix; send fixes in time order")] {
            let lines = [#"{"t": 1796085000, "lat": 35.4505, "lon": 139.6337}"#, #"{"t": \#(second), "lat": 35.4505, "lon": 139.6337}"#]
            try scratch.write("ride.jsonl", lines.joined(separator: "\n"))
            let result = try Self.run(["track", "--replay", scratch.file("ride.jsonl").path])
            #expect(result.status == 1)
            #expect(result.stderr == "eki: \(scratch.file("ride.jsonl").path): fix 2: \(rule)\n")
        }
    }

    /// Extreme numbers on the command line: a usage error, never a trap.
    @Test func extremeNumbersOnTheCommandLine() throws {
        let cases: [[String]] = [
            ["nearby", "1e300,1e300"], ["nearby", "nan,nan"], ["nearby", "35.45,139.63", "--radius", "9223372036854775808"],
            ["nearby", "-9223372036854775809,0"], ["departures", "港町", "--limit", "-9223372036854775808"],
            ["calendar", "9223372036854775807"], ["schedule", "99999-01-01"], ["departures", "港町", "--at", "9999-12-31T23:59"],
            ["route", "fastest", "港町", "表参", "--pace", "9223372036854775807"],
            ["route", "swap", "1", "-9223372036854775808"],
        ]
        let state = ScratchFolder()
        defer { state.remove() }
        for arguments in cases {
            let result = try Self.run(arguments, environment: ["EKI_STATE": state.file("state.sqlite").path])
            #expect(result.status == 1 || result.status == 2 || result.status == 64, "\(arguments): \(result.status) \(result.stderr.prefix(200))")
            // One line of ours ("eki: …"), or ArgumentParser's usage error with its help lines.
            let first = result.stderr.split(separator: "\n").first ?? ""
            #expect(first.hasPrefix("eki: ") || first.hasPrefix("Error: "), "\(arguments): \(result.stderr.prefix(300))")
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Program crashed"), "\(arguments)")
        }
    }

    /// Issue 20, 9: the state file (bookmarks, history, routes) was created 0644.
    @Test func theStateFileIsPrivate() throws {
        let home = ScratchFolder()
        defer { home.remove() }
        let result = try Self.run(["bookmark", "add", "港町", "--direction", "Inbound"],
                                  environment: ["EKI_STATE": "", "XDG_STATE_HOME": home.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let file = home.url.appendingPathComponent("eki/state.sqlite")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    /// Issue 20, 7, through `eki import`: a duplicated id stopped the import with SQLite's words and
    /// its SQL; a looping link was "not a timetable feed"; a dropped record went unsaid; a killed
    /// import's work file stayed for ever.
    @Test func importsSayWhatIsWrong() throws {
        let folder = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]}]
            """, stationsExtra: #", {"id": "Op.A.A2", "railway": "Op.A", "coord": [139.9, 35.9], "title": {"ja": "偽", "en": "Fake"}}, {"id": "Op.X.X1", "railway": "Op.X", "coord": [999, 999], "title": {"ja": "変", "en": "Odd"}}"#)
        defer { folder.remove() }
        let database = folder.scratch.file("out/timetable.sqlite")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let stale = database.deletingLastPathComponent().appendingPathComponent(".timetable.sqlite.importing.\(finished.processIdentifier)-0a0b0c")
        try Data(count: 1 << 20).write(to: stale)

        let imported = try EkiProcess.run(["import", folder.url.path, "--db", database.path, "--report", folder.scratch.file("report.json").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try String(contentsOf: folder.scratch.file("report.json"), encoding: .utf8)
        #expect(report.contains("stations.json: station Op.A.A2 appears twice; the second is ignored"))
        #expect(report.contains("station Op.X.X1 has coordinates [999.0, 999.0]"))
        #expect(report.contains("names railway Op.X, which is not in railways.json"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))

        let stations = folder.scratch.file("stations.json")
        try FileManager.default.removeItem(at: stations)
        try FileManager.default.createSymbolicLink(atPath: stations.path, withDestinationPath: stations.path)
        let loop = try EkiProcess.run(["import", folder.url.path, "--db", database.path])
        #expect(loop.status == 1)
        #expect(loop.stderr == "eki: cannot read stations.json: a symbolic link that loops (it points back to itself)\n")
    }

    /// `eki data publish --sign` and `eki data update --trust`: only the trusted key's datasets.
    @Test func signedPublishingAndTrustedUpdates() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        // RFC 8032's first test key, as `openssl genpkey -algorithm ed25519` writes keys.
        try scratch.write("publisher.pem", "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n-----END PRIVATE KEY-----\n")
        let trusted = "MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="
        let other = "MCowBQYDK2VwAyEAxNOBzh8PtPwVql5fS+0ZG6JV7vhEFgo7gFWOTXA4N4M="
        let source = try MiniFolder(trains: """
            [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
              "tt": [{"s": "Op.A.A1", "d": "06:00"}, {"s": "Op.A.A2", "d": "06:03"}, {"s": "Op.A.A3", "a": "06:06"}]}]
            """)
        defer { source.remove() }
        let built = scratch.file("built.sqlite")
        #expect(try EkiProcess.run(["import", source.url.path, "--db", built.path]).status == 0)
        let unsigned = scratch.file("unsigned")
        #expect(try EkiProcess.run(["data", "publish", "--db", built.path, "--out", unsigned.path]).status == 0)
        let signed = scratch.file("signed")
        let published = try EkiProcess.run(["data", "publish", "--db", built.path, "--out", signed.path, "--sign", scratch.file("publisher.pem").path])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout.contains("signed: \(signed.path)/manifest-"))

        let live = scratch.file("live/timetable.sqlite")
        let refusedUnsigned = try EkiProcess.run(["data", "update", "--from", unsigned.path, "--trust", trusted, "--db", live.path])
        #expect(refusedUnsigned.status == 1)
        #expect(refusedUnsigned.stderr.hasSuffix("is not signed, and the trusted publisher key asks for a signature (--allow-unsigned installs it anyway); nothing installed\n"))
        let refusedOther = try EkiProcess.run(["data", "update", "--from", signed.path, "--trust", other, "--db", live.path])
        #expect(refusedOther.status == 1)
        #expect(refusedOther.stderr.contains("is not signed by the trusted key"))
        #expect(!FileManager.default.fileExists(atPath: live.path))
        let installed = try EkiProcess.run(["data", "update", "--from", signed.path, "--trust", trusted, "--db", live.path])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(FileManager.default.fileExists(atPath: live.path))
    }
}
