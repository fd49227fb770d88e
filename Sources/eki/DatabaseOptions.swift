import ArgumentParser
import EkiJSON
import EkiStore
import Foundation

/// `--db`, shared by every command that reads or writes the timetable database.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The timetable database file.",
        discussion: "Defaults to $EKI_DB, else $XDG_DATA_HOME/eki/timetable.sqlite (~/.local/share/eki/timetable.sqlite).",
        valueName: "path"))
    var db: String?

    var url: URL { DatabaseLocation.resolve(explicit: db) }

    /// Opens the database read-only, with a message a person can act on when that fails.
    func open() throws -> Timetable {
        do {
            return try Timetable(url: url)
        } catch let error as StoreError {
            throw failure(error.description)
        }
    }
}
