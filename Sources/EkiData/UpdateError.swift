import Foundation

/// Why publishing, updating or rolling back did nothing: one line a person can act on. In every case
/// the live database and its previous copy are as they were.
public enum UpdateError: Error, CustomStringConvertible, Equatable {
    case notADatabase(String)
    case badManifest(String, String)
    case unreachable(String, String)
    case schemaTooNew(reads: Int, needs: Int)
    case schemaTooOld(reads: Int, has: Int)
    case sizeMismatch(file: String, got: Int64, expected: Int64)
    case hashMismatch(file: String)
    case badArchive(String, String)
    case diskFull(folder: String, needed: Int64, free: Int64)
    case writeFailed(String, String)
    case noPrevious(String)
    case swapFailed(String)
    /// A key file or `--trust` value that is not an Ed25519 key.
    case badKey(String, String)
    /// A publisher key is trusted and the dataset has no signature (without --allow-unsigned), or
    /// one that is not the trusted key's (always: a signature present and wrong is worse than none).
    case unsigned(String)
    case badSignature(String)
    /// No publisher key is trusted for this database, and --allow-unsigned was not given.
    case noTrustedKey(database: String)
    /// The source offers an older version than the newest installed here (without --allow-downgrade).
    case downgrade(String, offered: Int64, newest: Int64)
    /// One of eki's own files beside the live database (the trusted key, the newest version) that
    /// cannot be used as it is.
    case badState(String, String)
    /// The whole update took longer than allowed (a server trickling bytes defeats a stall timeout).
    case deadline(seconds: Int)

    public var description: String {
        switch self {
        case .notADatabase(let why): why
        case .badManifest(let place, let why): "\(place) is not a dataset manifest: \(why)"
        case .unreachable(let place, let why): "cannot read \(place): \(why)"
        case .schemaTooNew(let reads, let needs): "this eki reads schema \(reads), the dataset needs \(needs): update eki"
        case .schemaTooOld(let reads, let has):
            "the dataset has schema \(has), this eki reads \(reads): publish it again from a database imported by this eki"
        case .sizeMismatch(let file, let got, let expected):
            "\(file) is \(got) bytes, the manifest says \(expected): \(got < expected ? "truncated download" : "not the published file"); nothing installed"
        case .hashMismatch(let file): "\(file) does not match the manifest's SHA-512 (corrupted or changed); nothing installed"
        case .badArchive(let file, let why): "\(file) is not a usable dataset archive: \(why); nothing installed"
        case .diskFull(let folder, let needed, let free):
            "not enough free space in \(folder): the update needs \(Self.megabytes(needed)), \(Self.megabytes(free)) free; nothing installed"
        case .writeFailed(let file, let why): "cannot write \(file): \(why); nothing installed"
        case .noPrevious(let path): "no previous database to roll back to (\(path) does not exist)"
        case .swapFailed(let why): "cannot swap the database in: \(why)"
        case .badKey(let place, let why): "\(place) is not a usable key: \(why)"
        case .unsigned(let place):
            "\(place) is not signed, and the trusted publisher key asks for a signature (--allow-unsigned installs it anyway); nothing installed"
        case .badSignature(let place):
            "\(place) is not signed by the trusted key (signed by another key, or changed since); nothing installed"
        case .noTrustedKey(let database):
            "no publisher key is trusted for \(database): run `eki data trust PUBKEY` once with the publisher's public key (or pass --trust PUBKEY), or --allow-unsigned to install an unsigned dataset; nothing installed"
        case .downgrade(let place, let offered, let newest):
            "\(place) offers version \(offered), older than version \(newest) already installed here (--allow-downgrade installs it anyway); nothing installed"
        case .badState(let file, let why): "cannot use \(file): \(why)"
        case .deadline(let seconds): "the update took longer than \(seconds) s and was stopped; nothing installed"
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
