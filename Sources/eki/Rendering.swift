import EkiCore
import EkiJSON
import EkiStore
import Foundation

/// The two languages every human-readable output comes in.
enum Language: String, CaseIterable {
    case ja, en
    func pick(_ name: LocalizedName) -> String { self == .ja ? name.ja : name.en }
}

enum Render {
    /// Columns a string takes on a terminal: CJK and full-width characters take two.
    static func width(_ text: String) -> Int {
        var inEscape = false   // ANSI colour sequences (ESC [ … m) take no columns
        var total = 0
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape { if scalar == "m" { inEscape = false }; continue }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6: total += 2
            case 0x0300...0x036F, 0x3099...0x309A: break
            default: total += 1
            }
        }
        return total
    }

    static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// A category badge: its character on its color when stdout is a terminal.
    static func badge(_ category: TrainCategory, color: Bool) -> String {
        guard color, let rgb = rgb(category.color) else { return category.badge }
        return "\u{1B}[1;38;2;255;255;255;48;2;\(rgb.0);\(rgb.1);\(rgb.2)m\(category.badge)\u{1B}[0m"
    }

    static func rgb(_ hex: String) -> (Int, Int, Int)? {
        guard hex.hasPrefix("#"), hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static func json<T: Encodable>(_ value: T) throws -> String {
        try JSONOutput.string(value)
    }
}



