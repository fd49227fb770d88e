import EkiData
import EkiTestSupport
import Foundation
import PropertyBased
import Testing

/// Every field of a manifest with every extreme JSON value: a manifest or a one-line refusal.
@Suite struct HostileManifestTests {
    static let manifest = """
        {"version": 20261123084500, "created": "2026-11-23T08:45:00Z", "schemaVersion": 3, "file": "timetable-20261123084500.sqlite.zip",
         "sha512": "\(String(repeating: "ab", count: 64))", "size": 14500000, "databaseSize": 51000000, "source": "minitokyo3d",
         "snapshot": "2026-11-20", "snapshotDigest": "x", "imported": "2026-11-23T17:00:00+09:00", "description": "d"}
        """

    @Test func everyFieldSurvivesExtremeValues() async {
        let fields = ["version", "created", "schemaVersion", "file", "sha512", "size", "databaseSize", "source", "description"]
        await propertyCheck(count: 300, input: Gen.element(of: fields), Gen.element(of: HostileValues.jsonTokens)) { field, token in
            guard let field, let token else { return }
            let text = Self.manifest.replacingOccurrences(of: #""\#(field)": "#, with: #""\#(field)": \#(token), "x\#(field)": "#)
            do {
                let manifest = try DatasetManifest.decode(Data(text.utf8), from: "test")
                #expect(manifest.version > 0 && manifest.size >= 0)
            } catch let error as UpdateError {
                #expect(!error.description.contains("\n"))
            } catch {
                Issue.record("\(field)=\(token.prefix(40)): \(error)")
            }
        }
    }

    @Test func sourcesOfAnyTextAreReadOrRefused() async {
        await propertyCheck(count: 200, input: Gen.element(of: HostileValues.texts)) { text in
            guard let text else { return }
            do {
                _ = try UpdateSource(text)
            } catch let error as UpdateError {
                #expect(!error.description.contains("\n"))
            } catch {
                Issue.record("\(text.prefix(40)): \(error)")
            }
        }
    }
}

/// Review of issue 20, 5 and 10: a manifest claiming version 9223372036854775807 installed, and
/// every real update after it said "already up to date"; a number too large read as "not JSON".
@Suite struct ManifestVersionTests {
    static func decode(version: String, size: String = "14500000") throws -> DatasetManifest {
        let text = HostileManifestTests.manifest
            .replacingOccurrences(of: #""version": 20261123084500"#, with: #""version": \#(version)"#)
            .replacingOccurrences(of: #""size": 14500000"#, with: #""size": \#(size)"#)
        return try DatasetManifest.decode(Data(text.utf8), from: "test", now: Date(timeIntervalSince1970: 1_796_000_000))
    }

    @Test func aVersionMustBeAPublicationTimeUpToNow() throws {
        #expect(try Self.decode(version: "20261123084500").version == 20261123084500)
        for version in ["9223372036854775807", "20991231235959", "42"] {
            #expect(throws: UpdateError.self) { try Self.decode(version: version) }
            do { _ = try Self.decode(version: version) } catch {
                #expect("\(error)".contains("version \(version) is not a publication time up to now"), "\(error)")
            }
        }
    }

    @Test func numbersTooLargeForTheirFieldAreSaidSo() throws {
        for (version, size, field) in [("1e19", "14500000", "version"), ("20261123084500", "1e300", "size")] {
            do {
                _ = try Self.decode(version: version, size: size)
                Issue.record("\(field) accepted")
            } catch {
                #expect("\(error)" == "test is not a dataset manifest: \"\(field)\" is out of range")
            }
        }
    }
}
