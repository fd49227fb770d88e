import ArgumentParser
import EkiJSON
import EkiStore
import Foundation
import Synchronization

/// `--db`, shared by every command that reads or writes the timetable database.
package struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The timetable database file.",
        discussion: "Defaults to $EKI_DB, else $XDG_DATA_HOME/eki/timetable.sqlite (~/.local/share/eki/timetable.sqlite).",
        valueName: "path"))
    package var db: String?

    package init() {}

    /// Every database a command opens stays open until the process ends: freeing the reference
    /// tables (2,600 stations and their names) at the end of a command cost 0.6 ms of a 10 ms board
    /// started fresh, for nothing (docs/PERFORMANCE.md).
    private static let kept = Mutex<[Timetable]>([])

    package var url: URL { DatabaseLocation.resolve(explicit: db) }

    /// Opens the database read-only, with a message a person can act on when that fails.
    /// `whole`: every station read at open (`Timetable(url:whole:)`), for `eki serve`.
    package func open(whole: Bool = false) throws -> Timetable {
        do {
            let timetable = try Timetable(url: url, whole: whole)
            // A fresh process reads search's index where an earlier one left it (~2.5 ms less).
            timetable.keepSearchIndex(in: DatabaseLocation.cacheFolder())
            Self.kept.withLock { $0.append(timetable) }
            return timetable
        } catch let error as StoreError {
            throw failure(error.description)
        }
    }
}
