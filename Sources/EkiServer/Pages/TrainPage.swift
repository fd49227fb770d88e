import EkiCore
import EkiStore
import Foundation

/// One train across every railway it runs on, the rider's station highlighted. A through train
/// often changes type on the way (各停 on the Minatomirai Line, 急行 on the Toyoko Line): each
/// railway's part has its own header with its type, and the page is headed with the type the
/// train has where the rider gets on.
struct TrainPage {
    var parts: [TrainPart]
    var highlight: String?
    var lang: PageLanguage
    var reference: Reference

    func render() -> String {
        guard let first = parts.first else { return "" }
        let boarding = boardingStop()
        let here = boarding.map { parts[$0.part] } ?? first
        let type = reference.trainTypes[here.trainType]
        let destination = parts.last?.stops.last.flatMap { reference.stations[$0.station] }
        // Riding from the rider's stop: every later stop can be where they get off (route.js adds
        // the train to their route). Without one, any stop can be where they get on.
        let board = boarding.map { parts[$0.part].stops[$0.stop].station }
        var body = "<section class=\"train\"" + (boarding.map { " data-train=\"\(HTML.escape(parts[$0.part].id))\" data-board=\"\(HTML.escape(board ?? ""))\"" } ?? "") + "><h1>"
        if let type { body += Markup.badge(type.category, lang: lang) + " " + HTML.escape(lang.pick(type.name)) }
        if let destination { body += " " + HTML.escape(lang.t("\(destination.name.ja)行", "for \(destination.name.en)")) }
        body += "</h1>"
        if let name = (here.names + first.names).first { body += "<p class=\"meta\">\(HTML.escape(lang.pick(name)))</p>" }
        for (index, part) in parts.enumerated() {
            body += header(part)
            let railway = reference.railways[part.railway]
            body += "<ol class=\"stops\" style=\"--line:\(HTML.escape(railway?.color ?? "#888"))\">"
            for (stopIndex, stop) in part.stops.enumerated() {
                let station = reference.stations[stop.station]
                let mine = highlight.map { $0 == stop.station || reference.stations[$0]?.complex == station?.complex } ?? false
                // The station may show twice (arriving on one railway, leaving on the next): both
                // are marked, the one the rider boards at is the anchor scrolled to.
                let anchor = boarding.map { $0 == (index, stopIndex) } ?? false
                body += mine ? "<li class=\"mine\"\(anchor ? " id=\"mine\"" : "")>" : "<li>"
                body += "<time class=\"arr\">\(stop.arrival?.clock ?? "")</time><time class=\"dep\">\(stop.departure?.clock ?? "")</time>"
                let name = HTML.escape(station.map { lang.pick($0.name) } ?? stop.station)
                body += "<a href=\"\(lang.link("/station/" + Markup.path(stop.station)))\">\(name)</a>"
                if let boarding, (index, stopIndex) > (boarding.part, boarding.stop), stop.arrival != nil {
                    body += "<button type=\"button\" class=\"alight\" data-alight=\"\(HTML.escape(stop.station))\">\(lang.t("降りる", "Get off"))</button>"
                } else if boarding == nil, stop.departure != nil {
                    body += "<a class=\"button alight\" href=\"\(lang.link("/train/" + Markup.path(first.id) + "?from=" + Markup.path(stop.station)))\">\(lang.t("乗る", "Board"))</a>"
                }
                body += "</li>"
            }
            body += "</ol>"
        }
        body += "<p id=\"route-status\" class=\"notice\" role=\"status\"></p></section>"
        var path = "/train/" + Markup.path(first.id)
        if let highlight { path += "?from=" + Markup.path(highlight) }
        return Page(title: type.map { lang.pick($0.name) } ?? first.id, lang: lang, path: path, body: body,
                    scripts: ["/assets/route.js"]).render()
    }

    /// A part's railway, and its own type and number: 東横線 急 急行 057151.
    func header(_ part: TrainPart) -> String {
        var html = "<h2 class=\"part\">" + (reference.railways[part.railway].map { Markup.chip($0, lang: lang) } ?? HTML.escape(part.railway))
        if let type = reference.trainTypes[part.trainType] {
            html += Markup.badge(type.category, lang: lang) + HTML.escape(lang.pick(type.name))
        }
        return html + " <small>\(HTML.escape(part.number))</small></h2>"
    }

    /// Where the rider gets on: the first stop at the asked station (or another of its complex)
    /// that the train leaves from, else the first stop there at all.
    func boardingStop() -> (part: Int, stop: Int)? {
        guard let highlight else { return nil }
        let complex = reference.stations[highlight]?.complex
        var arrivalOnly: (part: Int, stop: Int)?
        for (index, part) in parts.enumerated() {
            for (stopIndex, stop) in part.stops.enumerated()
            where stop.station == highlight || (complex != nil && reference.stations[stop.station]?.complex == complex) {
                if stop.departure != nil { return (index, stopIndex) }
                arrivalOnly = arrivalOnly ?? (index, stopIndex)
            }
        }
        return arrivalOnly
    }
}
