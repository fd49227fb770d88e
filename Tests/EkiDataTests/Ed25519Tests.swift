@testable import EkiData
import EkiTestSupport
import Foundation
import Testing

/// The system OpenSSL behind dataset signatures and digests gives the published answers: RFC 8032's
/// Ed25519 test vectors (section 7.1, tests 1 and 2) and FIPS 180's SHA-512 of "abc".
struct Ed25519Tests {
    static func bytes(_ hex: String) -> Data {
        Data(stride(from: 0, to: hex.count, by: 2).map { i in
            UInt8(hex[hex.index(hex.startIndex, offsetBy: i) ..< hex.index(hex.startIndex, offsetBy: i + 2)], radix: 16)!
        })
    }

    @Test(arguments: [
        ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "",
         "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
         "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb", "72",
         "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
         "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ])
    func theRFCVectorsSignAndVerify(seed: String, message: String, publicKey: String, signature: String) throws {
        let key = try Ed25519.PrivateKey(rawRepresentation: Self.bytes(seed))
        #expect(key.publicKey.rawRepresentation == Self.bytes(publicKey))
        let signed = try key.signature(for: Self.bytes(message))
        #expect(signed == Self.bytes(signature))
        #expect(key.publicKey.isValidSignature(signed, for: Self.bytes(message)))
        // One bit off in the message or the signature, or another key: refused.
        #expect(!key.publicKey.isValidSignature(signed, for: Self.bytes(message) + Data([0])))
        var flipped = signed
        flipped[10] ^= 0x01
        #expect(!key.publicKey.isValidSignature(flipped, for: Self.bytes(message)))
        #expect(!Ed25519.PrivateKey().publicKey.isValidSignature(signed, for: Self.bytes(message)))
        #expect(!key.publicKey.isValidSignature(signed.prefix(63), for: Self.bytes(message)))
    }

    @Test func keysOfTheWrongSizeAreRefused() {
        #expect(throws: Ed25519.KeyError.self) { try Ed25519.PrivateKey(rawRepresentation: Data(count: 31)) }
        #expect(throws: Ed25519.KeyError.self) { try Ed25519.PublicKey(rawRepresentation: Data(count: 33)) }
        #expect(Ed25519.PrivateKey().rawRepresentation != Ed25519.PrivateKey().rawRepresentation)
    }

    @Test func aFilesSHA512IsTheStandardOne() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("abc")
        try Data("abc".utf8).write(to: file)
        #expect(try FileDigest.sha512(of: file) == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        // More than one read's worth (the file is hashed a megabyte at a time).
        let big = scratch.url.appendingPathComponent("big")
        try Data(repeating: 0x61, count: 3 << 20).write(to: big)
        #expect(try FileDigest.sha512(of: big) == "477c01d8f28d9bd805222d9aaa27fd71a037eb3527621dabfe2481e65f4612c8"
                + "066b452871bbe0fa712baebae22417be27b5c2325d9a4e08f52ac54b35716d1f")
    }
}
