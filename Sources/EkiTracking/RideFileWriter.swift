import EkiCore
import Foundation

/// Writes a ride as files: its fixes as JSON Lines (`{"t", "lat", "lon", "accuracy", "speed",
/// "course"}`, `t` in ISO 8601 UTC) and, for a simulated ride, its truth as JSON beside it
/// (`ride-0001.jsonl` + `ride-0001.truth.json`; that `write` is EkiTrackingLab's). Each file is
/// written to a temporary name and renamed, so a failure never leaves half a ride behind.
public enum RideFileWriter {
    public static func fixLines(_ fixes: [Fix]) -> String {
        var text = ""
        for fix in fixes {
            text += "{\"t\":\"\(iso8601(fix.time))\",\"lat\":\(number(fix.latitude)),\"lon\":\(number(fix.longitude)),"
            text += "\"accuracy\":\(number(fix.accuracy)),\"speed\":\(number(fix.speed)),\"course\":\(number(fix.course))}\n"
        }
        return text
    }

    package static func replace(_ url: URL, with data: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            // rename(2) replaces a file there whole. (Foundation's replaceItemAt on Linux failed
            // with "The file doesn't exist" and deleted the ride it was to replace.)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                               NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// "2026-11-24T08:12:03Z" (whole seconds, UTC); fractions are kept when there are any.
    public static func iso8601(_ time: Double) -> String {
        let whole = Int(time.rounded(.down))
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let second = whole - days * 86_400
        var date = CivilDate(daysSinceEpoch: days).iso
            + String(format: "T%02d:%02d:%02d", second / 3600, second % 3600 / 60, second % 60)
        let fraction = time - Double(whole)
        if fraction >= 0.0005 { date += String(format: ".%03d", Int((fraction * 1000).rounded())) }
        return date + "Z"
    }

    /// Parses what `iso8601` writes, and offsets such as "+09:00"; nil for anything else.
    public static func parseISO8601(_ text: String) -> Double? {
        let c = Array(text.utf8)
        guard c.count >= 20, c[4] == UInt8(ascii: "-"), c[7] == UInt8(ascii: "-"), c[10] == UInt8(ascii: "T"),
              c[13] == UInt8(ascii: ":"), c[16] == UInt8(ascii: ":") else { return nil }
        func int(_ range: Range<Int>) -> Int? {
            var n = 0
            for i in range { guard c[i] >= 48, c[i] <= 57 else { return nil }; n = n * 10 + Int(c[i] - 48) }
            return n
        }
        guard let y = int(0..<4), let mo = int(5..<7), let d = int(8..<10), let h = int(11..<13),
              let mi = int(14..<16), let s = int(17..<19), let date = CivilDate(year: y, month: mo, day: d),
              h < 24, mi < 60, s < 61 else { return nil }
        var i = 19
        var fraction = 0.0
        if c[i] == UInt8(ascii: ".") {
            var scale = 0.1
            i += 1
            while i < c.count, c[i] >= 48, c[i] <= 57 { fraction += Double(c[i] - 48) * scale; scale /= 10; i += 1 }
        }
        var offset = 0
        if i < c.count, c[i] == UInt8(ascii: "Z"), i == c.count - 1 {
            offset = 0
        } else if i + 6 == c.count, c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-"), c[i + 3] == UInt8(ascii: ":"),
                  let oh = int((i + 1)..<(i + 3)), let om = int((i + 4)..<(i + 6)) {
            offset = (oh * 3600 + om * 60) * (c[i] == UInt8(ascii: "+") ? 1 : -1)
        } else {
            return nil
        }
        return Double(date.daysSinceEpoch * 86_400 + h * 3600 + mi * 60 + s - offset) + fraction
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
