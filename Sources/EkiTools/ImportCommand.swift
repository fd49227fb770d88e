import ArgumentParser
import EkiCLI
import EkiImport
import EkiJSON
import EkiStore
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: Commands.toolAbstract("import"),
        discussion: """
            Reads a Mini Tokyo 3D data folder (railways.json, stations.json, train-timetables/, …) or a GTFS / \
            GTFS-JP feed (a folder or .zip; its rail routes) and writes one SQLite database. The new database \
            replaces the old one only when complete.
            """)

    @Argument(help: ArgumentHelp("The data folder or GTFS .zip, e.g. ../shared/data/minitokyo3d.", valueName: "data-dir"))
    var dataDirectory: String

    @OptionGroup var database: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Also write every warning to this file as JSON.", valueName: "file"))
    var report: String?
}

extension ImportCommand {
    func run() throws {
        let target = database.url
        let folder = URL(fileURLWithPath: dataDirectory)
        let writer = TimetableWriter(target: target)
        let interruption = InterruptCleanup(removing: writer.temporaryURL)
        defer { interruption.cancel() }

        let showProgress = Terminal.stderrIsTerminal
        let importer = Importer()
        let result: Importer.Report
        do {
            result = try importer.run(folder: folder, database: target) { event in
                guard showProgress else { return }
                Terminal.error(Self.describe(event))
            }
        } catch let error as ImportError {
            throw failure(error.description)
        } catch let error as StoreError {
            throw failure(error.description)
        }

        if let report {
            do {
                try Data(Render.json(result).utf8).write(to: URL(fileURLWithPath: report), options: .atomic)
            } catch {
                throw failure("the database was imported, but the report could not be written to \(report): \(error.localizedDescription)")
            }
        }
        print(Self.summary(result, reportPath: report))
    }

    static func describe(_ event: Importer.Event) -> String {
        switch event {
        case .recognised(let format):
            "Recognised \(format) data"
        case .loading(.reading(let what)):
            "Reading \(what)…"
        case .loading(let .read(railways, stations, trains, stopEvents)):
            "Read \(Terminal.number(railways)) railways, \(Terminal.number(stations)) stations, \(Terminal.number(trains)) trains, \(Terminal.number(stopEvents)) stop events"
        case .validated(let warnings):
            "Validated: \(Terminal.number(warnings)) warnings"
        case .writing(.reference, _):
            "Writing railways, stations, train types…"
        case .writing(.trains, let summary):
            "Writing trains (\(Terminal.number(summary.stations)) stations in \(Terminal.number(summary.complexes)) complexes written)…"
        case .writing(.departures, let summary):
            "Writing departures (\(Terminal.number(summary.trains)) trains, \(Terminal.number(summary.stopEvents)) stop events written)…"
        case .writing(.finishing, let summary):
            "Finishing (\(Terminal.number(summary.departures)) departures written)…"
        }
    }

    static func summary(_ report: Importer.Report, reportPath: String?) -> String {
        var lines = [
            "Imported \(report.source) snapshot \(report.snapshotDate) into \(report.database)",
            "  railways \(Terminal.number(report.counts.railways)), stations \(Terminal.number(report.counts.stations)) in \(Terminal.number(report.counts.stationComplexes)) complexes",
            "  trains \(Terminal.number(report.counts.trains)), stop events \(Terminal.number(report.counts.stopEvents)), departures \(Terminal.number(report.counts.departures)) (\(Terminal.number(report.counts.throughDepartures)) by through service)",
            "  database \(Terminal.byteCount(report.databaseBytes)), \(String(format: "%.1f", report.elapsedSeconds)) s",
        ]
        if report.warnings.isEmpty {
            lines.append("  no warnings")
        } else {
            lines.append("  \(Terminal.number(report.warnings.count)) warnings:")
            let byKind = Dictionary(grouping: report.warnings, by: \.kind)
            for kind in ImportWarning.Kind.allCases {
                guard let warnings = byKind[kind] else { continue }
                lines.append("    \(kind.rawValue): \(Terminal.number(warnings.count)), e.g. \(warnings[0].message)")
            }
            if reportPath == nil { lines.append("  (--report FILE writes them all as JSON)") }
        }
        if let reportPath { lines.append("  report written to \(reportPath)") }
        return lines.joined(separator: "\n")
    }
}

/// Removes the half-written database if the import is interrupted (Ctrl-C, kill), then exits.
final class InterruptCleanup {
    private let sources: [any DispatchSourceSignal]

    init(removing temporary: URL) {
        let path = temporary.path
        sources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                unlink(path)
                Terminal.error("eki: import interrupted; the existing database was left as it was")
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
