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
        body += "<ol class=\"day\">"
        for (index, row) in board.rows.enumerated() {
            let departure = row.departure
            if departure.time.value / 60 != hour {
                hour = departure.time.value / 60
                body += "<li class=\"hour\" aria-hidden=\"true\">\(hour % 24)\(lang.t("時", ":00"))</li>"
            }
            let isNow = index == nowIndex
            let link = lang.link("/train/" + Markup.path(departure.trainId) + "?from=" + Markup.path(station.id))
            body += "<li\(isNow ? " id=\"now\" class=\"now\"" : "")><a href=\"\(link)\"><time>\(departure.time.clock)</time>"
            // Rows are kept lean (a busy day has 400+): a bare <b> badge, and the train type's
            // name only where the badge does not already say it (通勤特急 under 特, not 急行 under 急).
            let category = departure.category
            body += "<b class=\"c-\(category.rawValue)\">\(category.badge)</b>"
            if let type = reference.trainTypes[departure.trainType].map({ lang.pick($0.name) }),
               type != lang.t(category.nameJa, category.nameEn) {
                body += "<i>\(HTML.escape(type))</i>"
            }
            body += "<span>\(HTML.escape(lang.pick(row.destination)))</span></a></li>"
        }
        body += "</ol></section>"
        let path = stationPath + "?direction=" + Markup.path(board.direction.id) + "&date=" + board.serviceDate.iso
        return Page(title: lang.pick(station.name) + " " + lang.pick(board.direction.name), lang: lang, path: path, body: body).render()
    }
}

/// One train across every railway it runs on, the rider's station highlighted.
struct TrainPage {
    var parts: [TrainPart]
    var highlight: String?
    var lang: PageLanguage
    var reference: Reference

    func render() -> String {
        guard let first = parts.first else { return "" }
        let type = reference.trainTypes[first.trainType]
        let destination = parts.last?.stops.last.flatMap { reference.stations[$0.station] }
        var body = "<section class=\"train\"><h1>"
        if let type { body += Markup.badge(type.category, lang: lang) + " " + HTML.escape(lang.pick(type.name)) }
        if let destination { body += " " + HTML.escape(lang.t("\(destination.name.ja)行", "for \(destination.name.en)")) }
        body += "</h1>"
        if let name = first.names.first { body += "<p class=\"meta\">\(HTML.escape(lang.pick(name)))</p>" }
        for part in parts {
            let railway = reference.railways[part.railway]
            body += "<h2>" + (railway.map { Markup.chip($0, lang: lang) } ?? HTML.escape(part.railway))
            body += " <small>\(HTML.escape(part.number))</small></h2><ol class=\"stops\" style=\"--line:\(HTML.escape(railway?.color ?? "#888"))\">"
            for stop in part.stops {
                let station = reference.stations[stop.station]
                let mine = highlight.map { $0 == stop.station || reference.stations[$0]?.complex == station?.complex } ?? false
                body += "<li\(mine ? " class=\"mine\" id=\"mine\"" : "")>"
                body += "<time class=\"arr\">\(stop.arrival?.clock ?? "")</time><time class=\"dep\">\(stop.departure?.clock ?? "")</time>"
                let name = HTML.escape(station.map { lang.pick($0.name) } ?? stop.station)
                body += "<a href=\"\(lang.link("/station/" + Markup.path(stop.station)))\">\(name)</a></li>"
            }
            body += "</ol>"
        }
        body += "</section>"
        var path = "/train/" + Markup.path(first.id)
        if let highlight { path += "?from=" + Markup.path(highlight) }
        return Page(title: type.map { lang.pick($0.name) } ?? first.id, lang: lang, path: path, body: body).render()
    }
}
