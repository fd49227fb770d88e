import ArgumentParser
import EkiCLI
import EkiCore
import EkiTicket
import Foundation

/// `eki ticket evaluate`: the scanner against rendered tickets with their ground truth.
struct TicketEvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Scan every rendered ticket in a folder and score the fields against the ground truth.",
        discussion: """
            The folder holds NAME.png/.jpg beside NAME.json as scripts/ticket_render.py writes them. Prints, by \
            input kind (screenshot, clean photo, hard photo), then by kind and language, then for the harder \
            renders (--layouts) by layout and by layout and language: per-field accuracy, whole-ticket accuracy, \
            the share of fields that were wrong while claiming confidence ≥ 0.8, the fields left null without \
            being listed unsure, the share of right fields marked unsure, and how often the source and the \
            language were told right.
            """)

    @Argument(help: ArgumentHelp("The folder of rendered tickets.", valueName: "dir"))
    var folder: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @Flag(name: .long, help: "List each ticket's wrong fields.")
    var verbose = false
}

extension TicketEvaluateCommand {
    func run() throws {
        let samples: [TicketEvaluation.Sample]
        do {
            samples = try TicketEvaluation.samples(in: URL(fileURLWithPath: folder))
        } catch {
            throw failure("\(folder): \(error.localizedDescription)")
        }
        guard !samples.isEmpty else { throw failure("\(folder) holds no rendered tickets (NAME.png or NAME.jpg beside NAME.json)") }
        CalmOpenMP.restartIfNeeded()
        let scanner: TicketScanner
        do { scanner = try TicketScanner() } catch { throw failure(error.description) }
        var outcomes: [TicketEvaluation.Outcome] = []
        for sample in samples {
            let start = Date()
            let bytes = try TicketScanCommand.read(sample.image.path)
            let scan = try? scanner.scanReadingWords(bytes, name: sample.image.lastPathComponent, today: sample.today)
            let result = scan?.result
            let seconds = Date().timeIntervalSince(start)
            let parse = scan.map { TicketEvaluation.parseTime($0.read, today: sample.today) } ?? 0
            let outcome = TicketEvaluation.Outcome(sample: sample, result: result, seconds: seconds, parseMilliseconds: parse)
            outcomes.append(outcome)
            if verbose {
                let wrong = TicketEvaluation.wrongFields(result, sample.truth)
                let detail = wrong.map { "\($0.rawValue)=\(result?.ticket.value($0) ?? "nil")(\(String(format: "%.2f", result?.confidence[$0] ?? 0))) want \(sample.truth.value($0) ?? "nil")" }
                let unsure = TicketField.scored.filter { !wrong.contains($0) && result?.ticket.has($0) == true && result?.isUnsure($0) == true }
                var notes = wrong.isEmpty ? ["ok"] : detail
                if let result, result.ticket.source != sample.truth.source { notes.append("source=\(result.ticket.source.rawValue)") }
                if let result, result.ticket.language != sample.truth.language { notes.append("language=\(result.ticket.language.rawValue)") }
                if !unsure.isEmpty { notes.append("right but unsure: " + unsure.map(\.rawValue).joined(separator: ",")) }
                let gaps = result.map(TicketEvaluation.nullOutsideUnsure) ?? []
                if !gaps.isEmpty { notes.append("null not unsure: " + gaps.map(\.rawValue).joined(separator: ",")) }
                Terminal.error("\(sample.image.lastPathComponent) \(String(format: "%.2f", outcome.seconds))s " + notes.joined(separator: "; "))
            }
        }
        let groups = TicketEvaluation.score(outcomes)
        if json { print(try Render.json(groups)); return }
        print(Self.table(groups))
    }

    static func table(_ groups: [TicketEvaluation.Group]) -> String {
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
        func share(_ count: Int, _ of: Int) -> String { percent(Double(count) / Double(max(1, of))) }
        // Layout groups ("layout ekinet-stacked ja") are wider than the kinds'.
        let width = max(16, (groups.map(\.kind.count).max() ?? 0) + 2)
        var lines = [Render.pad("kind", to: width) + "tickets  fields exact  tickets exact  confidently wrong  null not unsure  right but unsure  source  language  s/ticket  parse ms (median)"]
        for g in groups {
            lines.append(Render.pad(g.kind, to: width) + Render.pad(String(g.tickets), to: 9) + Render.pad(percent(g.fieldAccuracy), to: 14)
                         + Render.pad(percent(g.ticketAccuracy), to: 15) + Render.pad(percent(g.confidentlyWrongShare), to: 19)
                         + Render.pad("\(g.nullOutsideUnsure) (\(percent(g.nullOutsideUnsureShare)))", to: 17)
                         + Render.pad(percent(g.unsureShareOfExact), to: 18) + Render.pad(share(g.sourceRight, g.tickets), to: 8)
                         + Render.pad(share(g.languageRight, g.tickets), to: 10)
                         + Render.pad(String(format: "%.2f", g.seconds / Double(max(1, g.tickets))), to: 10) + String(format: "%.2f", g.parseMedian))
        }
        lines.append("")
        lines.append("per field (exact):")
        for g in groups {
            let cells = TicketField.scored.map { "\($0.rawValue) " + percent(Double(g.perField[$0.rawValue] ?? 0) / Double(max(1, g.tickets))) }
            lines.append("  " + Render.pad(g.kind, to: width) + cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }
}
