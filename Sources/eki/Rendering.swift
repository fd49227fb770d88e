import EkiCore
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// JSON shapes shared by the commands (the CLI's `--json` contract; the web API reuses them).
struct NameJSON: Encodable {
    var ja: String, en: String
    init(_ name: LocalizedName) { ja = name.ja; en = name.en }
}

struct DepartureJSON: Encodable {
    var time: String
    var serviceMinute: Int
    var serviceDate: String
    var minutesUntil: Int
    var trainId: String
    var railway: String
    var direction: String
    var trainType: String
    var trainTypeName: NameJSON
    var category: String
    var destination: [String]
    var destinationName: NameJSON
    var names: [NameJSON]

    init(_ row: Board.Row, reference: Reference) {
        let departure = row.departure
        time = departure.time.clock
        serviceMinute = departure.time.value
        serviceDate = row.serviceDate.iso
        minutesUntil = row.minutesUntil
        trainId = departure.trainId
        railway = departure.railway
        direction = departure.direction
        trainType = departure.trainType
        trainTypeName = NameJSON(reference.trainTypes[departure.trainType]?.name ?? .init(ja: departure.trainType, en: departure.trainType))
        category = departure.category.rawValue
        destination = departure.destinations
        destinationName = NameJSON(row.destination)
        names = departure.names.map(NameJSON.init)
    }
}

struct StationBoardJSON: Encodable {
    var station: String
    var stationName: NameJSON
    var railway: String?
    var serviceDate: String
    var schedule: String?
    var scheduleReason: NameJSON
    var lastTrainGone: Bool
    var departures: [DepartureJSON]

    /// One station's boards (one per direction) merged into one list in time order.
    init(_ boards: [Board], reference: Reference) {
        let first = boards[0]
        station = first.station.id
        stationName = NameJSON(first.station.name)
        railway = first.station.railway
        serviceDate = first.serviceDate.iso
        schedule = first.schedule
        scheduleReason = NameJSON(.init(ja: first.day.reasonJa, en: first.day.reasonEn))
        lastTrainGone = boards.allSatisfy(\.lastTrainGone)
        departures = boards.flatMap { board in board.rows.map { DepartureJSON($0, reference: reference) } }
            .sorted { ($0.minutesUntil, $0.direction, $0.trainId) < ($1.minutesUntil, $1.direction, $1.trainId) }
    }
}
