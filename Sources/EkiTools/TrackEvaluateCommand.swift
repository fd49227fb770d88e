import ArgumentParser
import EkiCLI
import EkiCore
import EkiStore
import EkiTracking
import EkiTrackingLab
import Foundation

/// `eki track evaluate`: replays simulated rides through the tracker and scores it (issue 9).
struct TrackEvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Replay simulated rides through the tracker and report how well it does.",
        discussion: """
            Reads every ride-NNNN.jsonl with its ride-NNNN.truth.json from the folder (as written by \
            `eki track simulate`) and reports: the share of rides whose railway and direction are right \
            at the end (lines with the same track and stops count as right), the median and 90th \
            percentile time from departure to the first answer that stays right, flips per ride, and \
            next-station and phase accuracy once the railway is right — for all rides, above-ground \
            rides (the targets), and each parallel corridor.
            """)

    @Argument(help: ArgumentHelp("The folder of simulated rides.", valueName: "dir"))
    var folder: String

    @Flag(name: .long, help: "Print JSON (summaries and every ride's result).")
    var json = false

    @OptionGroup var database: DatabaseOptions
}

extension TrackEvaluateCommand {
    func run() throws {
        let rides: [RideEvaluation.StoredRide]
        do {
            rides = try RideEvaluation.rides(in: URL(fileURLWithPath: folder))
        } catch let error as EvaluationError {
            throw failure(error.description)
        }
        let timetable = try database.open()
        let network = try TrackingNetwork(timetable: timetable)
        let report = RideEvaluation.report(RideEvaluation.replay(rides, network: network))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(Self.table(report, fixes: rides.reduce(0) { $0 + $1.fixes.count }))
        }
    }

    static func table(_ report: RideEvaluation.Report, fixes: Int) -> String {
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f%%", $0 * 100) } ?? "–" }
        func seconds(_ value: Double?) -> String { value.map { String(format: "%.0f s", $0) } ?? "never" }
        func width(_ text: String) -> Int { text.unicodeScalars.reduce(0) { $0 + $1.columns } }
        func stations(_ median: Int?, _ p90: Int?) -> String { "\(median.map(String.init) ?? "never") / \(p90.map(String.init) ?? "never")" }
        let header = ["", "rides", "right at end", "median to stable", "p90 to stable", "stations to stable", "never stable",
                      "flips/ride", "next station", "phase", "sure+wrong", "sure right", "train at end"]
        var rows = [header]
        for summary in [report.all, report.aboveGround] + report.corridors {
            rows.append([summary.name, "\(summary.rides)", percent(summary.rightAtEnd), seconds(summary.medianSecondsToStable),
                         seconds(summary.p90SecondsToStable), stations(summary.medianStationsToStable, summary.p90StationsToStable),
                         "\(summary.neverStable)", String(format: "%.2f", summary.flipsPerRide),
                         percent(summary.nextStationAccuracy), percent(summary.phaseAccuracy),
                         percent(summary.sureAndWrong), percent(summary.sureRight), percent(summary.trainAtEnd)])
        }
        let widths = header.indices.map { column in rows.map { width($0[column]) }.max() ?? 0 }
        let lines = rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - width(cell))
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return (["Replayed \(report.all.rides) rides (\(Terminal.number(fixes)) fixes)."] + lines + [
            "right at end: railway and direction at the last fix aboard (same track and stops counts as right);",
            "to stable: from the train's departure to the first answer that stays right until alighting, per train ridden;",
            "stations to stable (median / p90): stations the train had gone by after boarding at that moment;",
            "next station and phase: share of fixes aboard that agree with the truth, once the railway is right;",
            "sure+wrong: states aboard sure of their line (confidence ≥ 0.8) and wrong, of all states aboard; sure right: of the sure ones, right;",
            "train at end: the timetable's train named at the last fix aboard is the one ridden (rides whose line no other shares).",
        ]).joined(separator: "\n")
    }
}
