import EkiCore
import EkiStore
import Foundation

/// A station's whole service day in one direction, hour by hour, with the current time marked
/// and scrolled into view; the other directions are one tap (or a swipe) away.
struct TimetablePage {
    var board: Board
    var directions: [Reference.Direction]
    /// The moment to mark, when the page shows today's service day.
    var now: ServiceInstant?
    var lang: PageLanguage
    var reference: Reference

    func render() -> String {
        let station = board.station
        let stationPath = "/timetable/" + Markup.path(station.id)
        var body = "<section class=\"timetable\">"
        body += "<h1><a href=\"\(lang.link("/station/" + Markup.path(station.id)))\">\(HTML.escape(lang.pick(station.name)))</a>"
        if let railway = station.railway.flatMap({ reference.railways[$0] }) { body += " " + Markup.chip(railway, lang: lang) }
        body += "</h1>"
        let reason = lang == .ja ? board.day.reasonJa : board.day.reasonEn
        body += "<p class=\"meta\">\(board.serviceDate.iso) \(HTML.escape(Markup.scheduleName(board.schedule, lang: lang)))"
        body += lang.t("ダイヤ（\(HTML.escape(reason))）", " timetable (\(HTML.escape(reason)))") + "</p>"

        body += "<nav class=\"tabs\" data-swipe>"
        for direction in directions {
            let href = lang.link(stationPath + "?direction=" + Markup.path(direction.id) + "&date=" + board.serviceDate.iso)
            let current = direction.id == board.direction.id
            body += "<a href=\"\(href)\"\(current ? " aria-current=\"page\" class=\"current\"" : "")>\(HTML.escape(lang.pick(direction.name)))</a>"
        }
        body += "</nav>"

        if board.rows.isEmpty { body += "<p class=\"notice\">\(lang.t("この日の列車はありません", "No trains on this day"))</p>" }
        let nowIndex = now.flatMap { now in
            now.serviceDate == board.serviceDate ? board.rows.firstIndex { $0.departure.time.value >= now.minute.value } : nil
        }
        var hour = -1
        body += "<ol class=\"day\" data-from=\"\(HTML.escape(station.id))\">"
        for (index, row) in board.rows.enumerated() {
            let departure = row.departure
            if departure.time.value / 60 != hour {
                hour = departure.time.value / 60
                body += "<li class=\"hour\" aria-hidden=\"true\">\(hour % 24)\(lang.t("時", ":00"))</li>"
            }
            let isNow = index == nowIndex
            let link = lang.link("/train/" + Markup.path(departure.trainId))   // app.js adds ?from= on the way
            body += "<li\(isNow ? " id=\"now\" class=\"now\"" : "")><a href=\"\(link)\"><time>\(departure.time.clock)</time>"
            // Rows are kept lean (a busy day has 400+): a bare <b> badge, and the train type's
            // name only where the badge does not already say it (通勤特急 under 特, not 急行 under 急,
            // nor 普通 under 各: both mean the train stops everywhere).
            let category = departure.category
            body += "<b class=\"c-\(category.rawValue)\">\(category.badge)</b>"
            if let type = reference.trainTypes[departure.trainType].map({ lang.pick($0.name) }),
               type != lang.t(category.nameJa, category.nameEn), !(category == .local && type == "普通") {
                body += "<i>\(HTML.escape(type))</i>"
            }
            body += "<span>\(HTML.escape(lang.pick(row.destination)))</span></a></li>"
        }
        body += "</ol></section>"
        let path = stationPath + "?direction=" + Markup.path(board.direction.id) + "&date=" + board.serviceDate.iso
        return Page(title: lang.pick(station.name) + " " + lang.pick(board.direction.name), lang: lang, path: path, body: body).render()
    }
}
