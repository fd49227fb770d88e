import Foundation

/// Ed25519 signatures of published manifests. The manifest names the archive by size and SHA-512,
/// so signing its exact bytes vouches for the whole dataset; a machine that trusts the publisher's
/// public key (`eki data trust KEY` once, or `eki data update --trust KEY`) refuses anything unsigned
/// or signed by another key, even over plain http from a server that is not the publisher's.
///
/// Keys are the usual PEM files, as `openssl genpkey -algorithm ed25519` writes them (PKCS #8) and
/// `openssl pkey -pubout` derives the public one from (SubjectPublicKeyInfo). A public key may also
/// be given inline: the base64 line of that PEM file, or of the 32-byte raw key.
public enum DatasetSignature {
    /// The signature of manifest version V: `manifest-V.sig` beside manifest.json, base64 text. A
    /// name per version, written before the manifest that names it, so a reader never pairs a
    /// manifest with another version's signature.
    public static func fileName(version: Int64) -> String { "manifest-\(version).sig" }

    /// DER prefixes of an Ed25519 key: PKCS #8 private (then the 32-byte seed), SPKI public (then the key).
    static let privatePrefix: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
    static let publicPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

    public static func sign(_ manifest: Data, with key: Ed25519.PrivateKey) throws -> Data {
        Data((try key.signature(for: manifest).base64EncodedString() + "\n").utf8)
    }

    /// Whether `signature` (the .sig file's text) is `key`'s over exactly `manifest`.
    public static func verify(_ manifest: Data, signature: Data, key: Ed25519.PublicKey) -> Bool {
        let text = String(decoding: signature, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: text), raw.count == 64 else { return false }
        return key.isValidSignature(raw, for: manifest)
    }

    /// The private key in a PEM file (`-----BEGIN PRIVATE KEY-----`, Ed25519).
    public static func privateKey(file: URL) throws -> Ed25519.PrivateKey {
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw UpdateError.badKey(file.path, "cannot read it")
        }
        guard let der = pemBody(text, label: "PRIVATE KEY"), der.count == privatePrefix.count + 32,
              Array(der.prefix(privatePrefix.count)) == privatePrefix,
              let key = try? Ed25519.PrivateKey(rawRepresentation: der.suffix(32)) else {
            throw UpdateError.badKey(file.path, "not an Ed25519 private key in PEM (make one with `openssl genpkey -algorithm ed25519`)")
        }
        return key
    }

    /// A public key from `--trust`: a PEM file's path, or the key inline in base64 (SPKI or raw).
    public static func publicKey(_ given: String) throws -> Ed25519.PublicKey {
        let trimmed = given.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw UpdateError.badKey("an empty key", "give a PEM file or its base64 line") }
        let der: Data?
        if trimmed.hasPrefix("-----BEGIN ") {
            der = pemBody(trimmed, label: "PUBLIC KEY")   // the PEM text itself, "$(cat publisher.pub)"
        } else if !trimmed.contains("\n"), FileManager.default.fileExists(atPath: trimmed) {
            guard let text = try? String(contentsOf: URL(fileURLWithPath: trimmed), encoding: .utf8) else {
                throw UpdateError.badKey(trimmed, "cannot read it")
            }
            der = pemBody(text, label: "PUBLIC KEY")
        } else if let inline = Data(base64Encoded: trimmed) {
            der = inline
        } else {
            throw UpdateError.badKey(shown(trimmed), "neither a key file nor a base64 key")
        }
        guard let key = der.flatMap(publicKey(der:)) else {
            throw UpdateError.badKey(shown(trimmed), "not an Ed25519 public key (`openssl pkey -in KEY -pubout` writes one)")
        }
        return key
    }

    /// What was given, as a message names it: 80 characters at most, on one line.
    static func shown(_ given: String) -> String {
        let head = given.count > 80 ? String(given.prefix(77)) + "..." : given
        return String(String.UnicodeScalarView(head.unicodeScalars.flatMap { scalar in
            scalar.properties.generalCategory == .control ? Array(scalar.escaped(asASCII: true).unicodeScalars) : [scalar]
        }))
    }

    /// An Ed25519 public key from its SubjectPublicKeyInfo DER, or its 32 raw bytes.
    static func publicKey(der: Data) -> Ed25519.PublicKey? {
        let raw: Data
        if der.count == 32 {
            raw = der
        } else if der.count == publicPrefix.count + 32, Array(der.prefix(publicPrefix.count)) == publicPrefix {
            raw = der.suffix(32)
        } else {
            return nil
        }
        return try? Ed25519.PublicKey(rawRepresentation: raw)
    }

    /// The key as one line of base64 (its SubjectPublicKeyInfo, the body of its PEM file): what
    /// `eki data trust` prints and `--trust` takes back.
    public static func line(_ key: Ed25519.PublicKey) -> String {
        (Data(publicPrefix) + key.rawRepresentation).base64EncodedString()
    }

    /// PEM text of a key, as openssl writes it (for tests and for people without openssl).
    public static func pem(_ key: Ed25519.PrivateKey) -> String {
        pem(Data(privatePrefix) + key.rawRepresentation, label: "PRIVATE KEY")
    }

    public static func pem(_ key: Ed25519.PublicKey) -> String {
        pem(Data(publicPrefix) + key.rawRepresentation, label: "PUBLIC KEY")
    }

    static func pem(_ der: Data, label: String) -> String {
        "-----BEGIN \(label)-----\n\(der.base64EncodedString(options: .lineLength64Characters))\n-----END \(label)-----\n"
    }

    /// The DER inside the first PEM block with `label`.
    static func pemBody(_ text: String, label: String) -> Data? {
        guard let begin = text.range(of: "-----BEGIN \(label)-----"),
              let end = text.range(of: "-----END \(label)-----", range: begin.upperBound..<text.endIndex) else { return nil }
        let body = text[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        return Data(base64Encoded: String(body))
    }
}
