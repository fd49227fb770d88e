@testable import EkiData
import EkiTestSupport
import Foundation
import Testing

/// The check every fetched file passes before it is kept: JSON syntax streamed byte by byte.
@Suite struct FetchJSONCheckTests {
    static func problem(_ text: String, _ shape: JSONShape = .array) -> String? {
        do { try JSONCheck.validate(Data(text.utf8), as: shape); return nil } catch { return "\(error)" }
    }

    @Test func theCheckSaysWhatAndWhere() {
        #expect(Self.problem("[1, 2]") == nil)
        #expect(Self.problem(#"{"railways": []}"#, .object) == nil)
        #expect(Self.problem("[1, 2] x") == "not JSON at byte 7")
        #expect(Self.problem("[1, 2") == "not JSON: it ends early, at byte 5")
        #expect(Self.problem(#"[{"id": "a"}, {"id": "b""#) == "not JSON: it ends early, at byte 24")
        #expect(Self.problem("  \n") == "empty, not JSON")
        #expect(Self.problem(#"{"error": "Invalid acl:consumerKey"}"#) == "JSON, but an object where an array was expected")
        #expect(Self.problem("42") == "JSON, but a single value where an array was expected")
        #expect(Self.problem("<html><head><title>502 Bad Gateway</title></head></html>") ==
                "not JSON at byte 0 (it starts like an HTML page: <html>…)")
    }

    /// The scanner agrees with Foundation's parser on valid and broken documents alike.
    @Test(arguments: [
        "[]", "{}", " [ ] ", "12", "-0", "\"s\"", "true", "null", "[0]", "[-0.5e+3, 1E9, 2.25]",
        #"[1, "a\u00e9\n\"\\\/", true, false, null, {"k": [{}], "l": {"m": []}}]"#, "[\"東京\", \"渋谷\"]",
        "[01]", "[1.]", "[.5]", "[1,]", "[,1]", "{\"a\"}", "{\"a\":1,}", "{1:2}", "[\"\u{01}\"]", "[\"\\x\"]",
        "[\"\\u12G4\"]", "[tru]", "[1 2]", "]", "[}", "{\"a\":1]", "[-]", "[1e]", "[1e+]", "nul", "[1]]",
        "{\"a\" 1}", "[\"unterminated]", "[1,\n2,\n3", "{\"a\":}", "[+1]", "[NaN]",
    ])
    func theScannerAgreesWithFoundation(_ text: String) {
        var scanner = JSONSyntaxScanner()
        scanner.feed(Data(text.utf8))
        let valid = if case .valid = scanner.finish() { true } else { false }
        let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
        #expect(valid == foundation, "\(text)")
        // Fed one byte at a time, the verdict is the same: chunk borders do not matter.
        var byByte = JSONSyntaxScanner()
        for byte in Data(text.utf8) { byByte.feed([byte]) }
        var whole = JSONSyntaxScanner()
        whole.feed(Data(text.utf8))
        #expect(byByte.finish() == whole.finish(), "\(text)")
    }
}
