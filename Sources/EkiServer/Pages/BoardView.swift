import EkiCore
import EkiStore
import Foundation

/// Board mode (board.mustache): one platform, full screen, huge type, minutes to go; board.js
/// refreshes it every 30 seconds from the API (or the kept timetable offline) and keeps the last
/// board on screen while neither answers. A board for a given `at` is a snapshot (`pinned`) and
/// is not refreshed. The header names the railway and where the direction goes: 渋谷 has ten
/// platforms, and a board on a wall must say which one it is.
struct BoardView: PageView {
    static let template = "board"
    /// Rows on a board: what fits a wall display's height in type read from across a room.
    static let rows = 6

    /// `nextDay`: the line over the next day's first train (翌日 / Next day), drawn before it.
    struct Row: View { var nextDay: String?; var time: String; var badge: Badge?; var destination: String; var long: Bool; var until: String; var due: String }

    var frame: Frame
    var station: String
    var direction: String
    var pinned: Bool
    var line: String?
    var name: String
    var railway: Chip?
    var heading: String
    /// The station page, for a phone's way back (issue 32, 4); small, and gone in full screen.
    var stationHref: String
    var clock: String
    var rows: [Row]

    /// `heading`: where the direction goes (`Timetable.heading`); `pinned`: the time a board was
    /// asked for, shown as a snapshot with its clock at that time.
    init(board: Board, heading: [Reference.Station], pinned: ServiceInstant?, reference: Reference, scope: PageScope) {
        let lang = scope.lang
        let station = board.station
        let railway = station.railway.flatMap { reference.railways[$0] }
        frame = scope.frame(title: lang.pick(station.name),
                            path: Phrases.station("/board", station, reference: reference, query: "direction=" + Phrases.direction(board.direction)),
                            bodyClass: "board-mode", scripts: ["board.js"], stylesheets: ["board.css"])
        self.station = station.id
        direction = board.direction.id
        self.pinned = pinned != nil
        line = AssetManifest.lineClass(railway?.color)
        name = lang.pick(station.name)
        self.railway = railway.map { Chip($0, lang: lang) }
        self.heading = Phrases.direction(board.direction, at: station, heading: heading, reference: reference, lang: lang)
        stationHref = scope.link(Phrases.station("/station", station, reference: reference))
        clock = pinned?.minute.clock ?? ""
        rows = board.rows.indices.map { index in
            let row = board.rows[index]
            let destination = Phrases.destination(row, lang: lang)
            return Row(nextDay: Phrases.nextDay(board.rows, at: index, lang: lang), time: row.departure.time.clock,
                       badge: Badge(row.departure, reference: reference, lang: lang, named: true), destination: destination,
                       long: Self.isLong(destination), until: Phrases.until(row.minutesUntil, lang: lang), due: Phrases.due(row))
        }
    }

    /// A destination drawn in smaller type so it fits whole ("Motomachi-Chukagai", "押上〈スカイツリー前〉"):
    /// wider than 12 half-width columns. board.js applies the same rule when it refreshes the rows.
    static func isLong(_ text: String) -> Bool { text.unicodeScalars.reduce(0) { $0 + $1.columns } > 12 }
}
