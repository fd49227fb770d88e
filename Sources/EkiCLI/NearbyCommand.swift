import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct NearbyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Stations near a point, nearest first, with the next train each way.",
        // Written out: the position is taken "all unrecognized" (see `position`), which the
        // generated usage would show as a list.
        usage: "eki nearby <lat,lon> [--radius <radius>] [--limit <limit>] [--at <time>] [--no-departures] [--personal] [--lang <lang>] [--json] [--db <path>] [--state <path>]")

    // Taken as "all unrecognized" so that a position south or west of zero (-35.6,139.7) is read
    // as a position, not as an unknown option; `validate()` still names a mistyped option.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Where you are, as latitude,longitude: 35.4505,139.6337.", valueName: "lat,lon"))
    var position: [String] = []

    /// The position as typed.
    var point: String { position.first ?? "" }

    @Option(name: .long, help: "How far to look, in metres (1–50000).")
    var radius = 1000

    @Option(name: .long, help: "How many stations (1–100).")
    var limit = 10

    @OptionGroup var moment: MomentOption

    @Flag(name: .long, help: "Only the stations, without their next departures.")
    var noDepartures = false

    @Flag(name: .long, help: "Order by distance and by the boards you view most (see `eki history`).")
    var personal = false

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions

    func validate() throws {
        for word in position where word.hasPrefix("-") && !word.dropFirst().hasPrefix(".")
            && !(word.dropFirst().first?.isNumber ?? false) {
            throw ValidationError("Unknown option '\(word)'")
        }
        guard position.count == 1 else {
            throw ValidationError(position.isEmpty ? "Missing expected argument '<lat,lon>'"
                                  : "expected one position (latitude,longitude), got \(position.count): \(position.joined(separator: " ").prefix(80))")
        }
        guard (1...50_000).contains(radius) else { throw ValidationError("--radius must be between 1 and 50000 metres") }
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
    }

    func run() throws {
        let location = try Self.parse(point)
        let timetable = try database.open()
        let lang = language.language(timetable)
        let instant = try moment.instant(timetable)
        var result = try timetable.nearby(location, radius: Double(radius), limit: personal ? .max : limit)
        // Like a board that cannot record history, a history that cannot be read never costs the
        // rider the answer: nearby falls back to distance order.
        if personal, let weights = userState.viewWeights() { result = result.personalized(weights: weights, in: timetable.reference) }
        result.stations = Array(result.stations.prefix(limit))

        let departures = try noDepartures ? [:] : timetable.nextDepartureEachWay(from: result.stations, at: instant)
        if output.json {
            print(try Render.json(NearbyJSON(result, departures: noDepartures ? nil : departures, reference: timetable.reference)))
            return
        }
        if result.outsideArea {
            print(lang == .ja ? "\(point) は時刻表の範囲（東京圏）の外です" : "\(point) is outside the timetable's area (the Tokyo region)")
            return
        }
        if result.stations.isEmpty {
            if let nearest = result.nearestOutside {
                print(Words(lang).nearestOutside(radius: radius, name: lang.pick(nearest.nearest.name),
                                                 meters: Int(nearest.distance.rounded()), walk: nearest.walkMinutes))
            } else {
                print(lang == .ja ? "\(radius) m 以内に駅はありません" : "No station within \(radius) m")
            }
            return
        }
        let text = PlaceText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference)
        let board = BoardText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference)
        var blocks: [String] = []
        for place in result.stations {
            let walk = lang == .ja ? "徒歩\(place.walkMinutes)分" : "\(place.walkMinutes) min walk"
            var lines = ["\(text.title(place.nearest.name))  \(Self.distance(place.distance)) · \(walk)"]
            for station in place.stations {
                let railway = station.railway.flatMap { timetable.reference.railways[$0] }
                var line = "  " + (railway.map { text.chip($0) + lang.pick($0.name) } ?? station.publicId)
                for row in departures[station.id] ?? [] {
                    let direction = timetable.reference.directions[row.departure.direction]
                        .map { lang.pick(timetable.reference.directionName($0, at: station)) } ?? ""
                    line += "   \(direction) \(row.departure.time.clock) \(board.badge(row))"
                    line += " \(board.destination(row)) \(board.until(row.minutesUntil))"
                }
                lines.append(line)
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        print(blocks.joined(separator: "\n\n"))
    }

    static func parse(_ text: String) throws -> GeoPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { decimal(trimmed($0)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], latitude.isFinite, longitude.isFinite,
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw failure("expected a position as latitude,longitude (e.g. 35.4505,139.6337), got \"\(text.prefix(80))\"", code: 2)
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// Without the spaces and tabs around it, as Foundation's `.whitespaces` trims (tab, the Unicode
    /// space separators and, on Linux, the zero-width space: checked over every scalar), without
    /// Foundation's CharacterSet, whose first use was ~0.2 ms of a fresh nearby.
    static func trimmed(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, isSpace(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, isSpace(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }

    /// A plain decimal number (-35.6, 139, +.5): `Double("0x23")` would read hex, "1e2" an
    /// exponent, "inf" infinity — no one means a place that way.
    static func decimal(_ text: String) -> Double? {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !digits.isEmpty, digits != ".", parts.count <= 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        return Double(text)
    }

    static func distance(_ meters: Double) -> String {
        meters < 1000 ? "\(Int(meters.rounded())) m" : String(format: "%.1f km", meters / 1000)
    }
}

