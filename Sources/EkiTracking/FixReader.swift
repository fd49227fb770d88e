import EkiCore
import Foundation

/// One fix from a JSON object: the one reader for a ride file's lines (`eki track --replay`) and
/// the ride API's bodies, so the two never disagree on what a fix says (review of issue 20, 7: the
/// API divided any `t` over 1e11 by 1000, the file reader did not).
///
/// `t` is ISO 8601 text (`time(_:)`) or a number of epoch seconds — epoch milliseconds, as browsers
/// count, when over 1e11 (no second of 1970–2099 is); `lat`, `lon` numbers; `accuracy` (metres),
/// `speed` (m/s), `course` (degrees) numbers, -1, null or absent when unknown. A boolean is not a
/// number. Values that parse but make no sense (a latitude of 200) are the caller's to judge.
public enum FixReader {
    /// What is wrong with a fix, in words for people (the caller says which fix or line).
    public struct Failure: Error, Equatable {
        public var message: String
    }

    public static let timeRule = "t must be an ISO 8601 time or epoch seconds between \(Fix.supportedYears)"
    public static let positionRule = "lat and lon must be numbers within -90…90 and -180…180"
    public static let accuracyRule = "accuracy must be a number of metres, 0 or more"
    public static let speedRule = "speed must be a number of m/s, -1 or null when unknown"
    public static let courseRule = "course must be a number of degrees, -1 or null when unknown"
    /// Accuracy when none is given: a phone's usual figure in the open.
    public static let defaultAccuracy = 20.0

    public static func fix(_ object: [String: Any]) throws(Failure) -> Fix {
        func number(_ key: String, _ rule: String) throws(Failure) -> Double? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let number = JSONNumber.double(value), number.isFinite else { throw Failure(message: rule) }
            return number
        }
        let time: Double
        if let text = object["t"] as? String {
            // The pattern's years keep it near the range (an offset may carry it a day past the
            // ends, as openapi.json allows: the tracker then skips the fix).
            guard let seconds = Self.time(text) else { throw Failure(message: timeRule) }
            time = seconds
        } else {
            guard let seconds = try number("t", timeRule) else { throw Failure(message: timeRule) }
            time = seconds > 100_000_000_000 ? seconds / 1000 : seconds
            // Checked before anything turns it into a service day: -1e19 s has none.
            guard Fix.supportedTimes.contains(time) else { throw Failure(message: timeRule) }
        }
        guard let latitude = try number("lat", positionRule), let longitude = try number("lon", positionRule) else {
            throw Failure(message: positionRule)
        }
        return Fix(time: time, latitude: latitude, longitude: longitude,
                   accuracy: try number("accuracy", accuracyRule) ?? defaultAccuracy,
                   speed: try number("speed", speedRule) ?? -1, course: try number("course", courseRule) ?? -1)
    }

    /// `t` as text, exactly as the API's openapi.json pattern has it: YYYY-MM-DDTHH:MM:SS, a real
    /// date of 1970–2099, fractions of a second, then Z, ±HH:MM or nothing (Tokyo time).
    public static func time(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))?/.asciiOnlyDigits()),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
              let date = CivilDate(year: year, month: month, day: day), (1970...2099).contains(date.year),
              let hour = Int(match.4), hour < 24, let minute = Int(match.5), minute < 60, let second = Int(match.6), second < 60 else { return nil }
        var offset = 9 * 3600
        if match.8 == "Z" { offset = 0 }
        if let sign = match.9, let hours = Int(match.10 ?? ""), hours < 24, let minutes = Int(match.11 ?? ""), minutes < 60 {
            offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else if match.9 != nil {
            return nil
        }
        let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
        return Double(date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }
}
