import ArgumentParser
import EkiCore
import EkiStore

/// `eki next`: the next train as one line, for a status bar (tmux, waybar, i3blocks) or a prompt.
/// Run every few seconds, so it records no history and always prints a line, even after the last train.
struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "The next train from a station as one line, for a status bar or a prompt.",
        discussion: """
            The template's fields: {station} {time} {badge} {type} {destination} {minutes} {direction}. \
            After the last train the line says so and gives the first train: "終電後 · 始発 05:12" \
            (the station first when the template names it); the exit status is 0 either way.
            """)

    @Argument(help: ArgumentHelp("A station id or name: 馬車道, ばしゃみち, bashamichi.", valueName: "station"))
    var station: String

    @Option(name: .long, help: ArgumentHelp("Only this direction (Inbound, Outbound, …); default: the soonest train any way.", valueName: "id"))
    var direction: String?

    @Option(name: .long, help: ArgumentHelp("Only the station on this railway, when a name covers several.", valueName: "railway"))
    var railway: String?

    @Option(name: .long, help: ArgumentHelp("The line's template.", valueName: "template"))
    var format = NextLine.defaultTemplate

    @OptionGroup var moment: MomentOption

    @OptionGroup var language: LanguageOption

    @OptionGroup var database: DatabaseOptions
}

extension NextCommand {
    func run() throws {
        let timetable = try database.open()
        let instant = try moment.instant(timetable)
        let stations = try Resolve.narrow(try Resolve.stations(station, in: timetable), toRailway: railway, in: timetable)
        var boards: [Board] = []
        for (station, directions) in try Resolve.directions(direction, at: stations, named: station, in: timetable) {
            for direction in directions {
                boards.append(try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: 1))
            }
        }
        // The soonest train of every platform and direction asked for; a board with trains left
        // today beats one whose only row is tomorrow's first train.
        let soonest = boards.filter { !$0.rows.isEmpty }.min { $0.rows[0].minutesUntil < $1.rows[0].minutesUntil }
        let line = NextLine(lang: language.language(timetable), reference: timetable.reference, template: format)
        print(soonest.map(line.render) ?? line.nothing(station: stations.first))
    }
}

/// One status-bar line from a board's first row.
struct NextLine {
    static let defaultTemplate = "{station} {time} {badge} {destination} {minutes}"

    var lang: Language
    var reference: Reference
    var template: String

    func render(_ board: Board) -> String {
        let row = board.rows[0]
        let fields: [String: String] = [
            "station": lang.pick(board.station.name),
            "time": row.departure.time.clock,
            "badge": TrainBadge(row.departure, reference: reference)?.text ?? "",
            "type": reference.trainType(row.departure.trainType).map { lang.pick($0.name) } ?? "",
            "destination": lang.pick(row.destination),
            "minutes": minutes(row.minutesUntil),
            "direction": lang.pick(board.direction.name),
        ]
        guard board.lastTrainGone else { return fill(template, fields) }
        // After the last train (or on a day with none this way): say so, then the first train.
        let gone = board.noTrainsThisDay ? (lang == .ja ? "本日の列車なし" : "no trains today")
                                         : (lang == .ja ? "終電後" : "last train gone")
        return withoutTrain(gone + (lang == .ja ? " · 始発 " : " · first ") + row.departure.time.clock, fields: fields)
    }

    /// No train at all, today or on the next service day.
    func nothing(station: Reference.Station?) -> String {
        withoutTrain(lang == .ja ? "列車なし" : "no trains", fields: ["station": station.map { lang.pick($0.name) } ?? "\u{0}"])
    }

    /// The fields of one train.
    static let trainFields = ["time", "badge", "type", "destination", "minutes"]

    /// The template with `words` where its first train field stands and its other train fields left
    /// out, each with a space beside it, so the rider's own text around them stays (`🚃 {time} {badge}
    /// {destination} {minutes}` → `🚃 終電後 · 始発 05:00`); after the template when it has no train field.
    func withoutTrain(_ words: String, fields: [String: String]) -> String {
        let empty = "\u{0}"
        let first = Self.trainFields.compactMap { field in template.range(of: "{\(field)}").map { (field, $0.lowerBound) } }
            .min { $0.1 < $1.1 }?.0
        var fields = fields
        for field in Self.trainFields { fields[field] = field == first ? words : empty }
        var line = fill(first == nil ? template + " " + words : template, fields)
        for gap in [" " + empty, empty + " ", empty] { line = line.replacing(gap, with: "") }
        return line
    }

    func minutes(_ value: Int) -> String {
        // Under a minute the one countdown rule's word ("0分" reads as a mistake in a status bar too).
        if value < 1 { return Words(lang).until(value) }
        if lang == .ja { return value < 60 ? "\(value)分" : "\(value / 60)時間\(value % 60)分" }
        return value < 60 ? "\(value) min" : "\(value / 60) h \(value % 60) min"
    }

    /// Replaces each {field}; an unknown {name} stays as typed, so a typo shows in the bar.
    func fill(_ template: String, _ fields: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += fields[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
