import ArgumentParser
import EkiJSON
import EkiStore
import Foundation

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what the timetable database holds: source, snapshot, counts, schema, size.")

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var output: JSONOption
}

extension InfoCommand {
    func run() throws {
        let timetable = try database.open()
        let info: DatabaseInfo
        do {
            info = try timetable.info()
        } catch {
            throw failure("cannot read \(database.url.path): \(error)")
        }
        if output.json {
            print(try Render.json(info))
            return
        }
        let c = info.counts
        print("""
            Database   \(info.path) (\(Terminal.byteCount(info.sizeBytes)), schema \(info.schemaVersion))
            Source     \(info.source), snapshot \(info.snapshotDate) (\(info.snapshotDigest)), imported \(info.importedAt)
            Time zone  \(info.timeZone), language \(info.language)
            Railways   \(Terminal.number(c.railways))
            Stations   \(Terminal.number(c.stations)) in \(Terminal.number(c.stationComplexes)) complexes
            Trains     \(Terminal.number(c.trains)) (\(Terminal.number(c.trainTypes)) train types, \(Terminal.number(c.services)) calendars)
            Stops      \(Terminal.number(c.stopEvents)) stop events, \(Terminal.number(c.departures)) departures
            \(info.attribution)
            """)
    }
}
