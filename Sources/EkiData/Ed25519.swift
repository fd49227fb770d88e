import COpenSSL
import Foundation

/// Ed25519 keys and signatures (RFC 8032) from the system's OpenSSL: a private key is its 32-byte
/// seed, a public key its 32 bytes, a signature 64 bytes — the same raw forms `openssl genpkey
/// -algorithm ed25519` keys carry inside their PEM files, and the ones swift-crypto's
/// `Curve25519.Signing` used before (the signatures are deterministic: the same key signs the same
/// manifest with the same bytes).
public enum Ed25519 {
    public struct KeyError: Error, Equatable {
        public var reason: String
    }

    public struct PrivateKey: Sendable {
        /// The 32-byte seed.
        public let rawRepresentation: Data

        /// A new key from the system's random source.
        public init() {
            var seed = [UInt8](repeating: 0, count: 32)
            // RAND_bytes fails only when OpenSSL cannot seed itself; a key must not be made then.
            precondition(RAND_bytes(&seed, 32) == 1, "OpenSSL's random source is not available")
            rawRepresentation = Data(seed)
        }

        public init(rawRepresentation: some DataProtocol) throws {
            let seed = Data(rawRepresentation)
            guard seed.count == 32, OwnedKey(privateSeed: seed) != nil else { throw KeyError(reason: "an Ed25519 private key is 32 bytes") }
            self.rawRepresentation = seed
        }

        public var publicKey: PublicKey {
            guard let key = OwnedKey(privateSeed: rawRepresentation), let raw = key.rawPublic,
                  let publicKey = try? PublicKey(rawRepresentation: raw) else {
                preconditionFailure("OpenSSL refused an Ed25519 seed it accepted before")
            }
            return publicKey
        }

        /// The 64-byte signature of `message`.
        public func signature(for message: Data) throws -> Data {
            guard let key = OwnedKey(privateSeed: rawRepresentation), let context = EVP_MD_CTX_new() else {
                throw KeyError(reason: "OpenSSL could not load the key")
            }
            defer { EVP_MD_CTX_free(context) }
            var signature = [UInt8](repeating: 0, count: 64)
            var length = 64
            let signed = message.withUnsafeBytes { bytes in
                EVP_DigestSignInit(context, nil, nil, nil, key.pointer) == 1
                    && EVP_DigestSign(context, &signature, &length, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) == 1
            }
            guard signed, length == 64 else { throw KeyError(reason: "OpenSSL could not sign") }
            return Data(signature)
        }
    }

    public struct PublicKey: Sendable, Equatable {
        /// The key's 32 bytes.
        public let rawRepresentation: Data

        public init(rawRepresentation: some DataProtocol) throws {
            let raw = Data(rawRepresentation)
            guard raw.count == 32, OwnedKey(publicRaw: raw) != nil else { throw KeyError(reason: "an Ed25519 public key is 32 bytes") }
            self.rawRepresentation = raw
        }

        /// Whether `signature` is this key's over exactly `message`.
        public func isValidSignature(_ signature: Data, for message: Data) -> Bool {
            guard signature.count == 64, let key = OwnedKey(publicRaw: rawRepresentation), let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, nil, nil, key.pointer) == 1 else { return false }
            return signature.withUnsafeBytes { signatureBytes in
                message.withUnsafeBytes { bytes in
                    EVP_DigestVerify(context, signatureBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 64,
                                     bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) == 1
                }
            }
        }
    }

    /// An OpenSSL key object for one operation, freed with it.
    private final class OwnedKey {
        let pointer: OpaquePointer

        init?(privateSeed seed: Data) {
            guard let key = seed.withUnsafeBytes({ EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }) else { return nil }
            pointer = key
        }

        init?(publicRaw raw: Data) {
            guard let key = raw.withUnsafeBytes({ EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }) else { return nil }
            pointer = key
        }

        var rawPublic: Data? {
            var raw = [UInt8](repeating: 0, count: 32)
            var length = 32
            guard EVP_PKEY_get_raw_public_key(pointer, &raw, &length) == 1, length == 32 else { return nil }
            return Data(raw)
        }

        deinit { EVP_PKEY_free(pointer) }
    }
}

/// SHA-512 over bytes given in pieces (a 40 MB database read a megabyte at a time).
struct SHA512Hasher: ~Copyable {
    private let context: OpaquePointer

    init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha512(), nil) == 1 else {
            preconditionFailure("OpenSSL has no SHA-512")
        }
        self.context = context
    }

    mutating func update(data: Data) {
        let updated = data.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        precondition(updated == 1, "OpenSSL's SHA-512 update failed")
    }

    /// The 64-byte digest; the hasher is used up.
    consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context, &digest, &length) == 1 && length == 64, "OpenSSL's SHA-512 failed")
        return digest
    }

    deinit { EVP_MD_CTX_free(context) }
}
