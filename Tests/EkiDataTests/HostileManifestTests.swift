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
