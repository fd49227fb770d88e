import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A ride file that cannot be read: what is wrong and on which line (1-based).
public struct RideFileError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Reads a ride as fixes, from JSON Lines (one fix a line, read by `FixReader` exactly as the ride
/// API reads one: `{"t", "lat", "lon", "accuracy", "speed", "course"}`)
/// or GPX 1.1 (`trkpt` with `lat`/`lon` and `<time>`; accuracy, speed and course from the point or
/// its extensions: `<accuracy>`, `<hdop>`, `<speed>`, `<course>`, with any namespace prefix).
///
/// Only a file that cannot be understood is an error, and so is a time outside 1970–2099 (no
/// service day to put it on). Values that parse but make no sense (a latitude of 200, a negative
/// accuracy, time going backwards) are returned as they are: the tracker skips and counts them.
public enum RideFileReader {
    /// Accuracy when a file gives none: a phone's usual figure in the open.
    public static let defaultAccuracy = FixReader.defaultAccuracy
    /// Metres of horizontal error per unit of HDOP (a common rule of thumb for phone receivers).
    public static let metresPerHDOP = 5.0

    public static func read(_ url: URL) throws -> [Fix] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw RideFileError(line: 0, message: "cannot read \(url.path)")
        }
        return try read(data)
    }

    public static func read(_ data: Data) throws -> [Fix] {
        // The first byte that is not white space nor a UTF-8 byte order mark.
        let start = data.first { !(" \t\r\n".utf8.contains($0)) && ![0xEF, 0xBB, 0xBF].contains($0) }
        if start == UInt8(ascii: "<") { return try GPXRideReader.read(data) }
        return try readJSONLines(data)
    }

    // MARK: JSON Lines

    static func readJSONLines(_ data: Data) throws -> [Fix] {
        var fixes: [Fix] = []
        var number = 0
        for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            guard line.contains(where: { !(" \t".utf8.contains($0)) }) else { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])) as? [String: Any] else {
                throw RideFileError(line: number, message: "not a JSON object")
            }
            fixes.append(try fix(object, line: number))
        }
        if fixes.isEmpty { throw RideFileError(line: number, message: "no fixes in the file") }
        return fixes
    }

    private static func fix(_ object: [String: Any], line: Int) throws -> Fix {
        do {
            return try FixReader.fix(object)
        } catch {
            throw RideFileError(line: line, message: error.message)
        }
    }

    /// ISO 8601 as `FixReader` reads it (the API's pattern); a time without an offset is Tokyo time.
    public static func parseTime(_ text: String) -> Double? {
        FixReader.time(text)
    }
}

/// GPX 1.1 track points, read with the streaming XML parser.
final class GPXRideReader: NSObject, XMLParserDelegate {
    private var fixes: [Fix] = []
    private var point: (lat: Double, lon: Double, line: Int)?
    private var fields: [String: String] = [:]
    private var text = ""
    private var failure: RideFileError?
    private var parser: XMLParser?

    static func read(_ data: Data) throws -> [Fix] {
        let reader = GPXRideReader()
        let parser = XMLParser(data: data)
        reader.parser = parser
        parser.delegate = reader
        let parsed = parser.parse()
        if let failure = reader.failure { throw failure }
        if !parsed {
            throw RideFileError(line: parser.lineNumber, message: "not well-formed GPX (\(parser.parserError.map { "\($0.localizedDescription)" } ?? "XML error"))")
        }
        if reader.fixes.isEmpty { throw RideFileError(line: parser.lineNumber, message: "no track points (trkpt) in the GPX file") }
        return reader.fixes
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = RideFileError(line: parser?.lineNumber ?? 0, message: message)
        parser?.abortParsing()
    }

    private static func local(_ name: String) -> String {
        String(name.split(separator: ":").last ?? Substring(name)).lowercased()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        text = ""
        guard Self.local(elementName) == "trkpt" else { return }
        guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init) else {
            return fail("trkpt without a numeric lat and lon")
        }
        point = (lat, lon, parser.lineNumber)
        fields = [:]
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        let name = Self.local(elementName)
        guard let current = point else { return }
        if name == "trkpt" {
            point = nil
            guard let time = fields["time"] else { return fail("trkpt without <time>") }
            guard let seconds = RideFileReader.parseTime(time), Fix.supportedTimes.contains(seconds) else {
                return fail("<time> is not an ISO 8601 time between \(Fix.supportedYears): \(time.prefix(40))")
            }
            func value(_ key: String) -> Double? {
                guard let raw = fields[key] else { return nil }
                guard let number = Double(raw) else { fail("<\(key)> is not a number: \(raw.prefix(20))"); return nil }
                return number
            }
            let accuracy = value("accuracy") ?? value("hacc") ?? value("hdop").map { $0 * RideFileReader.metresPerHDOP }
            fixes.append(Fix(time: seconds, latitude: current.lat, longitude: current.lon,
                             accuracy: accuracy ?? RideFileReader.defaultAccuracy,
                             speed: value("speed") ?? -1, course: value("course") ?? -1))
        } else {
            fields[name] = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        text = ""
    }
}
