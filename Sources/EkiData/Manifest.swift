import Foundation

/// What a published dataset says about itself: `manifest.json` beside the compressed database, and
/// the same record kept beside a live database (`timetable.sqlite.manifest.json`) once installed.
///
/// `version` is the publication time in UTC written as the digits `YYYYMMDDhhmmss` (e.g.
/// 20261123084500): it only grows, compares as a plain integer, and a person can read it. Two
/// publications in one second into the same folder get the next integer, so it stays strictly monotonic.
public struct DatasetManifest: Codable, Sendable, Equatable {
    public var version: Int64
    /// When it was published, ISO 8601 in UTC.
    public var created: String
    /// The database schema it was built with (`Schema.version` of the eki that imported it).
    public var schemaVersion: Int
    /// The compressed database's file name, in the same folder as the manifest.
    public var file: String
    /// SHA-512 (hex) and size in bytes of `file`, the compressed database as downloaded.
    public var sha512: String
    public var size: Int64
    /// Size of the database once decompressed: what the update needs free beside the live file.
    public var databaseSize: Int64
    /// The database's source format and snapshot date, from its `meta` table.
    public var source: String
    public var snapshot: String
    /// The database's own marks (`meta`: snapshot digest and import time): what tells, beside a live
    /// database, whether it is still the one installed from this manifest.
    public var snapshotDigest: String
    public var imported: String
    public var description: String

    public init(version: Int64, created: String, schemaVersion: Int, file: String, sha512: String, size: Int64,
                databaseSize: Int64, source: String, snapshot: String, snapshotDigest: String, imported: String,
                description: String) {
        self.version = version
        self.created = created
        self.schemaVersion = schemaVersion
        self.file = file
        self.sha512 = sha512
        self.size = size
        self.databaseSize = databaseSize
        self.source = source
        self.snapshot = snapshot
        self.snapshotDigest = snapshotDigest
        self.imported = imported
        self.description = description
    }

    public static let fileName = "manifest.json"

    /// The version for a dataset published at `date`, strictly above `previous` when there is one.
    public static func version(at date: Date, after previous: Int64? = nil) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stamped = [c.year, c.month, c.day, c.hour, c.minute, c.second]
            .reduce(Int64(0)) { $0 * 100 + Int64($1 ?? 0) }   // year first: 2026 → 20261123084500
        guard let previous, previous >= stamped else { return stamped }
        return previous + 1
    }

    /// Versions are publication times from 2000 on (`version(at:)`).
    static let earliestVersion: Int64 = 2000_01_01_00_00_00

    /// Reads a manifest; says what is wrong in one line when it is not one. A version must be a
    /// publication time no later than a day after `now` (clocks drift): a manifest claiming the far
    /// future, once installed, would make every real update "already up to date" (review of issue 20, 5).
    public static func decode(_ data: Data, from place: String, now: Date = Date()) throws -> DatasetManifest {
        do {
            let manifest = try JSONDecoder().decode(DatasetManifest.self, from: data)
            guard manifest.version > 0, manifest.size >= 0, manifest.sha512.count == 128,
                  !manifest.file.isEmpty, !manifest.file.contains("/"), !manifest.file.hasPrefix(".") else {
                throw UpdateError.badManifest(place, "a field is out of range")
            }
            let latest = version(at: now.addingTimeInterval(86_400))
            guard manifest.version >= earliestVersion, manifest.version <= latest else {
                throw UpdateError.badManifest(place, "version \(manifest.version) is not a publication time up to now (YYYYMMDDhhmmss, at most \(latest))")
            }
            return manifest
        } catch let error as UpdateError {
            throw error
        } catch DecodingError.keyNotFound(let key, _) {
            throw UpdateError.badManifest(place, "no \"\(key.stringValue)\"")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw UpdateError.badManifest(place, "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type")
        } catch DecodingError.dataCorrupted where outOfRangeField(data) != nil {
            // A number too large for its field (1e300 bytes, a version past Int64) is JSON all the
            // same; Foundation's decoder calls it "not valid JSON" without naming the field.
            throw UpdateError.badManifest(place, "\"\(outOfRangeField(data) ?? "")\" is out of range")
        } catch {
            throw UpdateError.badManifest(place, "not JSON")
        }
    }

    /// The whole-number field whose JSON number does not fit an Int64, if any.
    static func outOfRangeField(_ data: Data) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        return ["version", "schemaVersion", "size", "databaseSize"].first { key in
            guard let number = object[key] as? NSNumber else { return false }
            let value = number.doubleValue
            return !(value.isFinite && value.rounded() == value && abs(value) < 9.2e18)
        }
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// One line for people: "version 20261123084500 (minitokyo3d snapshot 2026-11-20)".
    public var summary: String { "version \(version) (\(source) snapshot \(snapshot))" }
}
