import ArgumentParser
import EkiJSON
import EkiStore
import Foundation
import Synchronization

/// `--state`, for the commands that read or write the rider's own data (history, bookmarks).
package struct StateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The rider's own state file (history, bookmarks).",
        discussion: "Defaults to $EKI_STATE, else $XDG_STATE_HOME/eki/state.sqlite (~/.local/state/eki/state.sqlite).",
        valueName: "path"))
    package var state: String?

    package init() {}

    package func open() throws -> UserState {
        do {
            return try UserState(url: UserState.location(explicit: state))
        } catch let error as StoreError {
            throw failure(error.description)
        }
    }

    /// Each viewed station's weight for `eki nearby --personal`, or nil — after a warning — when
    /// the state file cannot be read (not a database, not ours): the rider still gets nearby.
    package func viewWeights() -> [String: Double]? {
        do {
            return try UserState(url: UserState.location(explicit: state)).viewWeights()
        } catch {
            Terminal.error("eki: history not used, nearest first: \(error)")
            return nil
        }
    }

    /// The state file a board counted its views in, open until the process ends: closing it would
    /// checkpoint the write-ahead log into the file, an fsync the board does not need (SQLite does it
    /// when the log passes 1,000 pages, or when a command that reads the history closes the file).
    private static let kept = Mutex<[UserState]>([])

    /// Counts a look at boards; a state file that cannot be written never costs the rider the board.
    package func recordViews(_ views: [(station: String, direction: String?)]) {
        do {
            let store = try UserState(url: UserState.location(explicit: state))
            Self.kept.withLock { $0.append(store) }
            for view in views { try store.recordView(station: view.station, direction: view.direction) }
        } catch {
            Terminal.error("eki: history not recorded: \(error)")
        }
    }
}
