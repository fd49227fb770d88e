@testable import EkiCLI
import EkiCore
import Foundation
import Testing

/// `eki nearby`'s position: spaces and tabs around each number are dropped as Foundation's
/// `.whitespaces` drops them (the ideographic space of a Japanese keyboard too); anything else
/// that is not a plain decimal is refused.
@Suite struct NearbyPositionTests {
    @Test func spacesAroundTheNumbersAreDropped() throws {
        for text in ["35.4505,139.6337", " 35.4505 , 139.6337 ", "\t35.4505,\t139.6337\t", "\u{3000}35.4505,139.6337\u{3000}",
                     "35.4505,\u{00A0}139.6337"] {
            #expect(try NearbyCommand.parse(text) == GeoPoint(latitude: 35.4505, longitude: 139.6337), "\(text.debugDescription)")
        }
        // The same as Foundation's trimming around every Unicode scalar there is.
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(Character(scalar))1\(Character(scalar))"
            if NearbyCommand.trimmed(Substring(text)) != text.trimmingCharacters(in: .whitespaces) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func anythingElseIsRefused() {
        for text in ["35.4505", "35.4505,139.6337,1", "0x23,139", "1e2,139", "inf,139", "35.45 139.63", "91,139", "35,181", ",", ""] {
            #expect(throws: (any Error).self, "\(text.debugDescription)") { try NearbyCommand.parse(text) }
        }
    }
}
