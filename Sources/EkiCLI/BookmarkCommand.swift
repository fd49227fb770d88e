import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct BookmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmark",
        abstract: "Keep the platforms you use: a station and a direction.",
        subcommands: [Add.self, Remove.self, List.self],
        defaultSubcommand: List.self)

    /// The platform a rider names: one station (narrowed by railway when a name covers several)
    /// and one direction from it.
    struct Platform: ParsableArguments {
        @Argument(help: ArgumentHelp("A station id or name.", valueName: "station"))
        var station: String

        @Option(name: .long, help: ArgumentHelp("The direction (Inbound, Outbound, InnerLoop, 上り, …).", valueName: "id"))
        var direction: String

        @Option(name: .long, help: ArgumentHelp("The railway, when the name covers several (渋谷).", valueName: "railway"))
        var railway: String?

        func resolve(in timetable: Timetable) throws -> (Reference.Station, Reference.Direction) {
            let stations = try Resolve.narrow(try Resolve.stations(station, in: timetable), toRailway: railway, in: timetable)
            let found = try Resolve.directions(direction, at: stations, in: timetable)
            guard found.count == 1, let pair = found.first, let direction = pair.1.first else {
                let candidates = found.map { $0.0.railway.flatMap { timetable.reference.railways.id(of: $0) } ?? $0.0.id }.joined(separator: ", ")
                throw failure("\"\(station)\" has \(direction) on several railways (\(candidates)): add --railway", code: 2)
            }
            return (pair.0, direction)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Keep a platform.")
        @OptionGroup var platform: Platform
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var userState: StateOptions

        func run() throws {
            let timetable = try database.open()
            let (station, direction) = try platform.resolve(in: timetable)
            let added = try userState.open().addBookmark(Bookmark(station: station.id, direction: direction.id))
            print("\(added ? "★" : "☆") \(station.name.ja) \(station.name.en) · \(direction.name.ja) \(direction.name.en)\(added ? "" : " (already kept)")")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Drop a platform.")
        @OptionGroup var platform: Platform
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var userState: StateOptions

        func run() throws {
            let timetable = try database.open()
            let (station, direction) = try platform.resolve(in: timetable)
            let removed = try userState.open().removeBookmark(Bookmark(station: station.id, direction: direction.id))
            guard removed else { throw failure("\(station.publicId) \(direction.id) is not bookmarked", code: 1) }
            print("removed \(station.name.ja) \(station.name.en) · \(direction.name.ja) \(direction.name.en)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Your platforms with their next departures.")

        @OptionGroup var moment: MomentOption

        @Option(name: .long, help: "Departures per platform (1–20).")
        var limit = 2

        @OptionGroup var language: LanguageOption

        @OptionGroup var output: JSONOption

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var userState: StateOptions

        func validate() throws {
            guard (1...20).contains(limit) else { throw ValidationError("--limit must be between 1 and 20") }
        }

        func run() throws {
            let bookmarks = try userState.open().bookmarks()
            let timetable = try database.open()
            let lang = language.language(timetable)
            let instant = try moment.instant(timetable)
            // A bookmark whose station or direction left the data stays listed, without trains.
            let boards = try bookmarks.map { bookmark -> (Bookmark, Board?) in
                guard let station = timetable.reference.stations[id: bookmark.station],
                      let direction = timetable.reference.directions[id: bookmark.direction] else { return (bookmark, nil) }
                return (bookmark, try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: limit))
            }
            if output.json {
                print(try Render.json(BookmarksJSON(boards, reference: timetable.reference)))
                return
            }
            guard !boards.isEmpty else {
                print(lang == .ja ? "ブックマークはありません（eki bookmark add <駅> --direction <方向>）"
                                  : "no bookmarks yet (eki bookmark add <station> --direction <id>)")
                return
            }
            let text = BoardText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference)
            print(boards.map { bookmark, board -> String in
                guard let board else { return "\(bookmark.station) \(bookmark.direction): " + (lang == .ja ? "データにありません" : "not in the data") }
                return text.render(station: board.station, boards: [board], at: instant)
            }.joined(separator: "\n\n"))
        }
    }
}

