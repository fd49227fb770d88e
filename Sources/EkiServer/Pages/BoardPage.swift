import EkiCore
import EkiStore
import Foundation

/// Board mode: one platform, full screen, huge type, minutes to go; app.js refreshes it every
/// 30 seconds from the API (or the kept timetable offline) and keeps the last board on screen
/// while neither answers. A board for a given `at` is a snapshot (`pinned`) and is not refreshed.
/// The header names the railway and where the direction goes: 渋谷 has ten platforms, and a
/// board on a wall must say which one it is.
struct BoardPage {
    /// Rows on a board: what fits a wall display's height in type read from across a room.
    static let rows = 6

    var board: Board
    /// Where the direction goes (`Timetable.heading`): the terminal, or a loop's next major stations.
    var heading: [Reference.Station]
    var lang: PageLanguage
    var reference: Reference
    /// Set for a board asked for a given time: it is shown as a snapshot, its clock at that time.
    var pinned: ServiceInstant?

    func render() -> String {
        let station = board.station
        let railway = station.railway.flatMap { reference.railways[$0] }
        var body = "<section class=\"board\" data-station=\"\(HTML.escape(station.id))\" data-direction=\"\(HTML.escape(board.direction.id))\"\(pinned != nil ? " data-pinned" : "") style=\"--line:\(HTML.escape(railway?.color ?? "#888"))\">"
        body += "<header><h1>\(HTML.escape(lang.pick(station.name)))</h1>"
        body += "<p class=\"where\">" + (railway.map { Markup.chip($0, lang: lang) } ?? "")
        body += "<span>" + Markup.direction(board.direction, heading: heading, lang: lang)
        body += "</span></p><span class=\"clock\">\(pinned?.minute.clock ?? "")</span></header>"
        body += "<ol class=\"rows\">"
        for row in board.rows {
            let destination = lang.pick(row.destination)
            body += "<li><time>\(row.departure.time.clock)</time>\(Markup.badge(row.departure.category, lang: lang))"
            body += "<span class=\"dest\(Self.isLong(destination) ? " long" : "")\">\(HTML.escape(destination))</span>"
            body += "<span class=\"until\">\(Markup.until(row.minutesUntil, lang: lang))</span></li>"
        }
        body += "</ol><p class=\"status dim\" aria-live=\"polite\"></p></section>"
        let path = "/board/" + Markup.path(station.id) + "?direction=" + Markup.path(board.direction.id)
        return Page(title: lang.pick(station.name), lang: lang, path: path, body: body, bodyClass: "board-mode").render()
    }

    /// A destination drawn in smaller type so it fits whole ("Motomachi-Chukagai", "押上〈スカイツリー前〉"):
    /// wider than 12 half-width columns. app.js applies the same rule when it refreshes the rows.
    static func isLong(_ text: String) -> Bool { text.unicodeScalars.reduce(0) { $0 + $1.columns } > 12 }
}
