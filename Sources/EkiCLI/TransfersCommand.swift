import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

/// The change times between the platforms of a station, or of every station complex: what every
/// route plan counts (at the standard pace), and where each figure comes from.
struct TransfersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfers",
        abstract: "How long each change of trains takes at a station (every station without one), and why.",
        discussion: """
            Standard-pace minutes from getting off one railway to standing on another's platform: the \
            reviewed table of the big interchanges for the Tokyo data, a feed's transfers.txt, else \
            the rule (docs/TRANSFERS.md). 推定 / estimate marks a figure reasoned from the layout.
            """)

    @Argument(help: ArgumentHelp("A station id or name; all complexes when left out.", valueName: "station"))
    var station: String?

    @OptionGroup var language: LanguageOption
    @OptionGroup var output: JSONOption
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let timetable = try database.open()
        let reference = timetable.reference
        let lang = language.language(timetable)
        let complexes = try station.map { Array(Set(try Resolve.stations($0, in: timetable).map(\.complex))).sorted() }
        let changes = try timetable.complexChanges(complexes)
        if output.json {
            print(try Render.json(ChangeJSON.list(changes, reference: reference)))
            return
        }
        if changes.isEmpty {
            print(lang == .ja ? "乗換のある駅ではありません" : "no change of railways there")
            return
        }
        func line(_ station: Reference.Station) -> String {
            station.railway.flatMap { reference.railways[$0] }.map { lang.pick($0.name) } ?? lang.pick(station.name)
        }
        var lines: [String] = []
        var complex: ComplexHandle?
        for change in changes {
            if change.from.complex != complex {
                complex = change.from.complex
                if !lines.isEmpty { lines.append("") }
                lines.append(lang.pick(reference.complexes[change.from.complex]?.name ?? change.from.name))
            }
            let minutes = change.change.minutes.map { lang == .ja ? "\($0)分" : "\($0) min" } ?? "—"
            let estimate = StationChange.isEstimate(basis: change.basis) ? (lang == .ja ? "  推定" : "  estimate") : ""
            let source = change.change.source == .rule ? (lang == .ja ? "  規則" : "  rule") : ""
            let directions = change.directions.map { "（\(lang.pick($0.arriving.name))→\(lang.pick($0.departing.name))）" } ?? ""
            lines.append("  \(line(change.from)) → \(line(change.to))\(directions)  \(minutes)  "
                         + lang.pick(change.change.kind.words(minutes: change.change.minutes)) + source + estimate)
        }
        print(lines.joined(separator: "\n"))
    }
}
