import ArgumentParser
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
            input kind (screenshot, clean photo, hard photo): per-field accuracy, whole-ticket accuracy, and \
            the share of fields that were wrong while claiming confidence ≥ 0.8.
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
        CalmOpenMP.restartIfNeeded()
        let samples: [TicketEvaluation.Sample]
        do {
            samples = try TicketEvaluation.samples(in: URL(fileURLWithPath: folder))
        } catch {
            throw failure("\(folder): \(error.localizedDescription)")
        }
        guard !samples.isEmpty else { throw failure("\(folder) holds no rendered tickets (NAME.png or NAME.jpg beside NAME.json)") }
        let scanner: TicketScanner
        do { scanner = try TicketScanner() } catch { throw failure(error.description) }
        var outcomes: [TicketEvaluation.Outcome] = []
        for sample in samples {
            let start = Date()
            let bytes = try TicketScanCommand.read(sample.image.path)
            let result = try? scanner.scan(bytes, name: sample.image.lastPathComponent, today: sample.today)
            let seconds = Date().timeIntervalSince(start)
            let parse = result.map { TicketEvaluation.parseTime($0.words, today: sample.today) } ?? 0
            let outcome = TicketEvaluation.Outcome(sample: sample, result: result, seconds: seconds, parseMilliseconds: parse)
            outcomes.append(outcome)
            if verbose {
                let wrong = TicketEvaluation.wrongFields(result, sample.truth)
                let detail = wrong.map { "\($0.rawValue)=\(result?.ticket.value($0) ?? "nil")(\(String(format: "%.2f", result?.confidence[$0] ?? 0))) want \(sample.truth.value($0) ?? "nil")" }
                Terminal.error("\(sample.image.lastPathComponent) \(String(format: "%.2f", outcome.seconds))s " + (wrong.isEmpty ? "ok" : detail.joined(separator: "; ")))
            }
        }
        let groups = TicketEvaluation.score(outcomes)
        if json { print(try Render.json(groups)); return }
        print(Self.table(groups))
    }

    static func table(_ groups: [TicketEvaluation.Group]) -> String {
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
        var lines = ["kind          tickets  fields exact  tickets exact  confidently wrong  s/ticket  parse ms (median)"]
        for g in groups {
            lines.append(Render.pad(g.kind, to: 14) + Render.pad(String(g.tickets), to: 9) + Render.pad(percent(g.fieldAccuracy), to: 14)
                         + Render.pad(percent(g.ticketAccuracy), to: 15) + Render.pad(percent(g.confidentlyWrongShare), to: 19)
                         + Render.pad(String(format: "%.2f", g.seconds / Double(max(1, g.tickets))), to: 10) + String(format: "%.2f", g.parseMedian))
        }
        lines.append("")
        lines.append("per field (exact):")
        for g in groups {
            let cells = TicketField.scored.map { "\($0.rawValue) " + percent(Double(g.perField[$0.rawValue] ?? 0) / Double(max(1, g.tickets))) }
            lines.append("  " + Render.pad(g.kind, to: 12) + cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }
}
