import ArgumentParser
import EkiJSON
import EkiStore
import Foundation

/// `--db`, shared by every command that reads or writes the timetable database.
package struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The timetable database file.",
        discussion: "Defaults to $EKI_DB, else $XDG_DATA_HOME/eki/timetable.sqlite (~/.local/share/eki/timetable.sqlite).",
        valueName: "path"))
    package var db: String?

    package init() {}

    package var url: URL { DatabaseLocation.resolve(explicit: db) }

    /// Opens the database read-only, with a message a person can act on when that fails.
    package func open() throws -> Timetable {
        do {
            return try Timetable(url: url)
        } catch let error as StoreError {
            throw failure(error.description)
        }
    }
}
