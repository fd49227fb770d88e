import EkiCore
import EkiJSON
import EkiStore
import Foundation

package enum Render {
    /// Columns a string takes on a terminal: CJK and full-width characters take two.
    package static func width(_ text: String) -> Int {
        var inEscape = false   // ANSI colour sequences (ESC [ … m) take no columns
        var total = 0
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape { if scalar == "m" { inEscape = false }; continue }
            total += scalar.columns
        }
        return total
    }

    package static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// A category badge (a legend's): its character on its color when stdout is a terminal.
    package static func badge(_ category: TrainCategory, color: Bool) -> String {
        badge(TrainBadge(classified: true, category: category, railway: nil), color: color)
    }

    /// A train's badge as `TrainBadge` decides it, on its colour when stdout is a terminal; "" for none.
    package static func badge(_ badge: TrainBadge?, color: Bool) -> String {
        guard let badge else { return "" }
        guard color, let rgb = badge.color.flatMap(rgb) else { return badge.text }
        return "\u{1B}[1;38;2;255;255;255;48;2;\(rgb.0);\(rgb.1);\(rgb.2)m\(badge.text)\u{1B}[0m"
    }

    package static func badge(type: Reference.TrainType?, category: TrainCategory, railway: Reference.Railway?, color: Bool) -> String {
        badge(TrainBadge(type: type, category: category, railway: railway), color: color)
    }

    package static func rgb(_ hex: String) -> (Int, Int, Int)? {
        guard hex.hasPrefix("#"), hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }

    package static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    package static func json<T: Encodable>(_ value: T) throws -> String {
        try JSONOutput.string(value)
    }

    /// Boards and timelines write their own JSON: the same bytes, without JSONEncoder.
    package static func json<T: CompactJSON>(_ value: T) -> String {
        JSONOutput.string(value)
    }
}



