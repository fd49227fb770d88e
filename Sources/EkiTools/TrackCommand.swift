import ArgumentParser
import EkiCLI
import EkiCore
import EkiStore
import EkiTracking
import Foundation

/// `eki track`: ride tracking from GPS fixes (issue 9).
///
/// `eki track --replay FILE` is the hidden default subcommand `TrackReplayCommand`: ArgumentParser
/// parses a parent command's options out of its subcommands' arguments too, so a `--json` or `--db`
/// declared here would be taken from `eki track evaluate DIR --json`.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: Commands.toolAbstract("track"),
        usage: "eki track --replay <file> [--json] [--lang <lang>] [--db <path>]\neki track <subcommand>",
        discussion: """
            --replay <file>  a ride as JSON Lines (one fix a line: t, lat, lon, accuracy, speed, course; \
            t as ISO 8601 or epoch seconds) or GPX 1.1, replayed fix by fix.
            --json           the state after every fix as JSON Lines (t, railway, direction, previousStation, \
            nextStation, focusStation, phase, reducedAccuracy, offTrain, confidence, candidates); else a log of changes \
            ("おそらく" / "probably" before a line the tracker is not yet sure of).
            --lang ja|en     language of the log (default ja).
            """,
        subcommands: [TrackReplayCommand.self, TrackSimulateCommand.self, TrackEvaluateCommand.self],
        defaultSubcommand: TrackReplayCommand.self)
}

/// `eki track --replay FILE [--json]`: the state after every fix of a recorded or simulated ride.
struct TrackReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a ride file and print what the tracker believes after each fix.",
        usage: "eki track --replay <file> [--json] [--lang <lang>] [--db <path>]",
        shouldDisplay: false)

    @Option(name: .long, help: ArgumentHelp(
        "A ride to replay: JSON Lines (one fix a line: t, lat, lon, accuracy, speed, course) or GPX 1.1.",
        valueName: "file"))
    var replay: String

    @Flag(name: .long, help: "Print the state after every fix as JSON Lines.")
    var json = false

    @OptionGroup var language: LanguageOption

    @OptionGroup var database: DatabaseOptions
}

extension TrackReplayCommand {
    func run() async throws {
        let fixes: [Fix]
        do {
            fixes = try RideFileReader.read(URL(fileURLWithPath: replay))
        } catch let error as RideFileError {
            throw failure(error.line > 0 ? "\(replay): \(error)" : error.message)
        }
        // The ride API's rule, so a replay takes what a live ride would.
        for index in fixes.indices.dropFirst() {
            if let refusal = FixOrder.check(fixes[index].time, after: fixes[index - 1].time) {
                throw failure("\(replay): fix \(index + 1): \(refusal.rule)")
            }
        }
        let timetable = try database.open()
        let lang = language.language(timetable)
        let network = try TrackingNetwork(timetable: timetable)
        let tracker = RideTracker(network: network)
        let words = TrackWords(lang: lang, reference: timetable.reference)
        var lastLine: String?
        var out = ""
        for fix in fixes {
            let state = tracker.update(fix)
            if json {
                out += try TrackStateJSON(state).line() + "\n"
            } else if let line = words.change(state), line != lastLine {
                out += "\(TrackWords.clock(state.time))  \(line)\n"
                lastLine = line
            }
            if out.utf8.count > 64 * 1024 { print(out, terminator: ""); out = "" }
        }
        print(out, terminator: "")
        if tracker.skippedCount > 0 {
            let reasons = tracker.skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            Terminal.error("eki: skipped \(tracker.skippedCount) of \(fixes.count) fixes (\(reasons))")
        }
    }
}

/// One state as a JSON line with stable field names: absent values are null, never left out.
struct TrackStateJSON: Encodable {
    var state: TrackingState
    init(_ state: TrackingState) { self.state = state }

    enum Keys: String, CodingKey {
        case t, railway, direction, previousStation, nextStation, focusStation, phase, reducedAccuracy, offTrain, confidence, candidates
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(TrackWords.iso(state.time), forKey: .t)
        try c.encode(state.railway, forKey: .railway)
        try c.encode(state.direction, forKey: .direction)
        try c.encode(state.previousStation, forKey: .previousStation)
        try c.encode(state.nextStation, forKey: .nextStation)
        try c.encode(state.focusStation, forKey: .focusStation)
        try c.encode(state.phase, forKey: .phase)
        try c.encode(state.reducedAccuracy, forKey: .reducedAccuracy)
        try c.encode(state.offTrain, forKey: .offTrain)
        try c.encode(state.confidence, forKey: .confidence)
        try c.encode(state.candidates, forKey: .candidates)
    }

    func line() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// The human log: railway, direction and the focus station in the rider's language.
struct TrackWords {
    var lang: Language
    var reference: Reference

    /// "東急東横線 渋谷方面  次は 菊名 (approaching)", or nil before there is any answer.
    func change(_ state: TrackingState) -> String? {
        var parts: [String] = []
        if let id = state.railway, let railway = reference.railways[id: id] {
            if !state.isSure { parts.append(lang == .ja ? "おそらく" : "probably") }
            parts.append(lang.pick(railway.name))
            if let direction = state.direction { parts.append(self.direction(direction, of: railway)) }
        } else {
            parts.append(lang == .ja ? "路線を判定中" : "finding the line")
        }
        var line = parts.joined(separator: " ")
        if let focus = state.focusStation, let phase = state.phase {
            line += "  " + stationWords(phase, station(focus)) + " (\(phase.rawValue))"
        }
        if state.reducedAccuracy { line += lang == .ja ? "  [測位精度低下]" : "  [reduced accuracy]" }
        if state.offTrain { line += lang == .ja ? "  [降車?]" : "  [off the train?]" }
        return line
    }

    private func station(_ id: String) -> String { reference.stations[id: id].map { lang.pick($0.name) } ?? id }

    private func stationWords(_ phase: TrackingState.Phase, _ name: String) -> String {
        switch (phase, lang) {
        case (.approaching, .ja): "次は \(name)"
        case (.approaching, .en): "next: \(name)"
        case (.at, .ja): "\(name) に停車中"
        case (.at, .en): "at \(name)"
        case (.departed, .ja): "\(name) を発車"
        case (.departed, .en): "left \(name)"
        case (.passing, .ja): "\(name) を通過"
        case (.passing, .en): "passing \(name)"
        case (.nearby, .ja): "\(name) 付近"
        case (.nearby, .en): "near \(name)"
        }
    }

    /// 渋谷方面 / for Shibuya: the direction's own name when it says where, else the terminal it runs
    /// to; a loop's 内回り / 外回り as they are.
    func direction(_ id: String, of railway: Reference.Railway) -> String {
        guard let direction = reference.directions[id: id] else { return id }
        if direction.name.ja.hasSuffix("方面") || railway.isLoop { return lang.pick(direction.name) }
        let terminal = direction.handle == railway.ascending ? railway.stations.last : railway.stations.first
        guard let name = terminal.flatMap({ reference.stations[$0] })?.name else { return lang.pick(direction.name) }
        return lang == .ja ? "\(name.ja)方面" : "for \(name.en)"
    }

    static func iso(_ time: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TokyoTime.zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }

    static func clock(_ time: Double) -> String {
        let seconds = Int(time.rounded(.down)) + TokyoTime.zone.secondsFromGMT()
        let second = ((seconds % 86_400) + 86_400) % 86_400
        return String(format: "%02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60)
    }
}
