import EkiCore
import EkiDrawing
import EkiStore

/// The railway page: the line drawn on its real shape, then its stations in order (each a link to
/// its detail), where each direction goes, the train types, trains per day and through service.
struct RailwayPage {
    var detail: RailwayDetail
    var lang: PageLanguage

    func render() -> String {
        let railway = detail.railway
        var body = "<section class=\"railway\" style=\"--line:\(HTML.escape(railway.color ?? "#888"))\">"
        body += "<h1>\(Markup.chip(railway, lang: lang)) <small>\(HTML.escape(lang == .ja ? railway.name.en : railway.name.ja))</small></h1>"
        if let owner = railway.operatorName { body += "<p class=\"meta\">\(HTML.escape(lang.pick(owner)))</p>" }
        body += "<ul class=\"directions\">" + detail.directions.map(direction).joined() + "</ul>"
        // The picture is drawn for a white page; it keeps its own white background in dark mode.
        let picture = RailwaySVG(detail: detail, lang: lang, width: 560, minHeight: 360, maxHeight: 900).render()
        body += "<figure class=\"map\">\(picture.drop(while: { $0 != "\n" }))</figure>"
        body += "<h2>\(lang.t("駅", "Stations")) <small>\(detail.stations.count)\(detail.isLoop ? lang.t("（環状）", " (loop)") : "")</small></h2>"
        body += "<ol class=\"stations\">" + detail.stations.map { station in
            "<li><a href=\"\(lang.link("/station/" + Markup.path(station.id)))\">\(HTML.escape(lang.pick(station.name)))</a>"
                + " <small class=\"dim\">\(HTML.escape(lang == .ja ? station.name.en : station.name.ja))</small></li>"
        }.joined() + "</ol>"
        if !detail.trainTypes.isEmpty {
            body += "<h2>\(lang.t("種別", "Train types"))</h2><p class=\"types\">" + detail.trainTypes.map {
                "<span class=\"type\">\(Markup.badge($0.category, lang: lang)) \(HTML.escape(lang.pick($0.name)))</span>"
            }.joined(separator: " ") + "</p>"
        }
        if !detail.calendars.isEmpty {
            body += "<h2>\(lang.t("本数", "Trains a day"))</h2><p>" + detail.calendars.map {
                "\(HTML.escape(Markup.scheduleName($0.service, lang: lang))) <b>\($0.trains)</b>"
            }.joined(separator: " · ") + "</p>"
        }
        if !detail.throughService.isEmpty {
            body += "<h2>\(lang.t("直通運転", "Through service"))</h2><p class=\"chips\">" + detail.throughService.map {
                "<a href=\"\(lang.link("/railway/" + Markup.path($0.railway.id)))\">\(Markup.chip($0.railway, lang: lang))</a>"
            }.joined() + "</p>"
        }
        body += "</section>"
        return Page(title: lang.pick(railway.name), lang: lang, path: "/railway/" + Markup.path(railway.id), body: body).render()
    }

    /// "上り → 横浜", or "外回り (clockwise)" on a loop.
    private func direction(_ direction: RailwayDetail.Direction) -> String {
        var text = "<b>\(HTML.escape(lang.pick(direction.direction.name)))</b> "
        if let terminal = direction.terminal {
            text += "→ <a href=\"\(lang.link("/station/" + Markup.path(terminal.id)))\">\(HTML.escape(lang.pick(terminal.name)))</a>"
        } else if let clockwise = direction.clockwise {
            text += HTML.escape(clockwise ? lang.t("時計回り", "clockwise") : lang.t("反時計回り", "counter-clockwise"))
        }
        return "<li>\(text)</li>"
    }
}
