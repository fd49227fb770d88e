import EkiCore
import EkiStore
import Foundation

/// The station detail page: the rail diagram drawn, both directions side by side, last trains,
/// frequencies, train types, connections and a bookmark button per direction.
struct StationPage {
    var detail: StationDetail
    var lang: PageLanguage
    var reference: Reference

    func render() -> String {
        let station = detail.station
        let color = detail.railway?.color ?? "#888"
        var body = "<section class=\"station\" style=\"--line:\(HTML.escape(color))\">"
        body += "<h1>\(HTML.escape(lang.pick(station.name))) <small>\(HTML.escape(lang == .ja ? station.name.en : station.name.ja))</small></h1>"
        if let railway = detail.railway {
            body += "<p class=\"meta\">\(Markup.chip(railway, lang: lang)) "
            body += "<a href=\"\(lang.link("/railway/" + Markup.path(railway.id)))\">\(lang.t("路線図", "Line map"))</a></p>"
        }
        let reason = lang == .ja ? detail.day.reasonJa : detail.day.reasonEn
        body += "<p class=\"meta\">\(detail.instant.serviceDate.iso) \(HTML.escape(Markup.scheduleName(detail.schedule, lang: lang)))"
        body += lang.t("ダイヤ（\(HTML.escape(reason))）", " timetable (\(HTML.escape(reason)))") + " · \(detail.instant.minute.serviceClock)</p>"
        body += diagram()
        body += "<div class=\"sides\">" + detail.sides.map(side).joined() + "</div>"
        body += extras()
        body += "</section>"
        return Page(title: lang.pick(station.name), lang: lang, path: "/station/" + Markup.path(station.id), body: body).render()
    }

    /// 横浜 ┄ みなとみらい ━ ● 馬車道 ━ 日本大通り ━ 元町・中華街, as boxes on a line in the railway's color.
    func diagram() -> String {
        func stop(_ station: Reference.Station, here: Bool = false) -> String {
            let name = HTML.escape(lang.pick(station.name))
            if here { return "<span class=\"stop here\">\(name)</span>" }
            return "<a class=\"stop\" href=\"\(lang.link("/station/" + Markup.path(station.id)))\">\(name)</a>"
        }
        func half(_ side: StationDetail.Side) -> [String] {
            // A side no train runs on that day is not drawn, link and all.
            guard !side.noTrainsThisDay else { return [] }
            var parts: [String] = []
            if let neighbour = side.neighbour { parts.append(stop(neighbour)) }
            if let terminal = side.terminal, terminal.id != side.neighbour?.id {
                parts.append("<span class=\"link \(side.stationsBetween > 0 ? "dotted" : "solid")\" title=\"\(side.stationsBetween) \(lang.t("駅", "stations"))\"></span>")
                parts.append(stop(terminal))
            } else if let through = side.throughRailway {
                parts.append("<span class=\"link dotted\"></span>")
                parts.append("<span class=\"stop far\">\(HTML.escape(lang.t(through.name.ja + "直通", "to " + through.name.en)))</span>")
            } else if !side.toward.isEmpty {
                parts.append("<span class=\"link dotted\"></span>")
                let names = side.toward.map { lang.pick($0.name) }
                parts.append("<span class=\"stop far\">\(HTML.escape(lang.t(names.joined(separator: "・") + "方面", "for " + names.joined(separator: " & "))))</span>")
            }
            return parts
        }
        let here = stop(detail.station, here: true)
        let solid = "<span class=\"link solid\"></span>"
        func linked(_ side: StationDetail.Side) -> [String] {
            let parts = half(side)
            return parts.isEmpty ? [] : [solid] + parts
        }
        var parts: [String]
        switch detail.sides.count {
        case 2: parts = linked(detail.sides[0]).reversed() + [here] + linked(detail.sides[1])
        case 1: parts = [here] + linked(detail.sides[0])
        default: parts = [here]
        }
        let label = detail.isLoop ? lang.t("環状線", "loop line") : lang.t("路線図", "rail diagram")
        return "<nav class=\"diagram\(detail.isLoop ? " loop" : "")\" aria-label=\"\(label)\">" + parts.joined() + "</nav>"
    }

    func side(_ side: StationDetail.Side) -> String {
        let station = detail.station
        var heading = HTML.escape(lang.pick(side.direction.name))
        if let toward = Self.toward(side) { heading += " <small>" + HTML.escape(lang.pick(toward)) + "</small>" }
        var html = "<article class=\"side\" id=\"dir-\(HTML.escape(side.direction.id))\">"
        html += "<h2>\(heading)</h2>"
        html += "<p class=\"actions\"><button class=\"bookmark\" type=\"button\" data-station=\"\(HTML.escape(station.id))\" data-direction=\"\(HTML.escape(side.direction.id))\" data-bookmark=\"\(HTML.escape(bookmark(side)))\" aria-pressed=\"false\">☆ \(lang.t("ブックマーク", "Bookmark"))</button> "
        let query = "?direction=" + Markup.path(side.direction.id)
        html += "<a href=\"\(lang.link("/timetable/" + Markup.path(station.id) + query))\">\(lang.t("時刻表", "Timetable"))</a> "
        html += "<a href=\"\(lang.link("/board/" + Markup.path(station.id) + query))\">\(lang.t("ボード", "Board"))</a></p>"
        if side.noTrainsThisDay {
            html += "<p class=\"notice\">\(lang.t("この日はこの方面の列車はありません。", "No trains this way on this day."))"
            html += side.next.isEmpty ? "</p>" : " \(lang.t("翌日の始発:", "First trains the next day:"))</p>"
        } else if side.lastTrainGone {
            html += "<p class=\"notice\">\(lang.t("本日の運転は終了しました。", "No more trains today."))"
            html += side.next.isEmpty ? "</p>" : " \(lang.t("次の始発:", "First trains:"))</p>"
        }
        html += "<ol class=\"departures\">" + side.next.map { row($0) }.joined() + "</ol>"
        if !side.lastTrains.isEmpty {
            html += "<h3>\(lang.t("終電", "Last trains"))</h3><ol class=\"departures compact\">" + side.lastTrains.map { row($0, countdown: false) }.joined() + "</ol>"
        }
        if !side.lastByDestination.isEmpty {
            html += "<details><summary>\(lang.t("行先別の終電", "Last train to each destination"))</summary><ol class=\"departures compact\">"
            html += side.lastByDestination.map { row($0, countdown: false) }.joined() + "</ol></details>"
        }
        if !side.frequency.isEmpty {
            html += "<h3>\(lang.t("1時間あたりの本数", "Trains per hour"))</h3><table class=\"frequency\">"
            for period in side.frequency {
                html += "<tr><th>\(HTML.escape(lang.pick(period.period.name)))</th><td>\(String(format: "%.1f", period.perHour))</td><td class=\"dim\">\(period.trains)\(lang.t("本", ""))</td></tr>"
            }
            html += "</table>"
            html += "<details><summary>\(lang.t("行先", "Destinations"))</summary><ul class=\"plain\">"
            html += side.destinations.map { "<li>\(HTML.escape(lang.pick($0.name))) <span class=\"dim\">\($0.trains)</span></li>" }.joined()
            html += "</ul></details>"
        }
        return html + "</article>"
    }

    /// Where a side's trains go, in both languages: 元町・中華街方面, 渋谷・新宿方面 (a loop),
    /// 副都心線直通 (leaving only by through service).
    static func toward(_ side: StationDetail.Side) -> LocalizedName? {
        if let terminal = side.terminal { return .init(ja: "\(terminal.name.ja)方面", en: "toward \(terminal.name.en)") }
        if !side.toward.isEmpty {
            return .init(ja: side.toward.map(\.name.ja).joined(separator: "・") + "方面",
                         en: "toward " + side.toward.map(\.name.en).joined(separator: " & "))
        }
        if let through = side.throughRailway { return .init(ja: "\(through.name.ja)直通", en: "through to \(through.name.en)") }
        return nil
    }

    /// What the bookmark button stores: ids, and every name in both languages, so the home page
    /// shows a bookmark in the language of the page it is on (and offline, without asking).
    func bookmark(_ side: StationDetail.Side) -> String {
        func name(_ name: LocalizedName?) -> [String: String]? { name.map { ["ja": $0.ja, "en": $0.en] } }
        var names: [String: [String: String]] = ["station": name(detail.station.name)!, "direction": name(side.direction.name)!]
        names["railway"] = name(detail.railway?.name)
        // "押上方面" already says where it goes (see Markup.direction).
        names["toward"] = side.direction.name.ja.hasSuffix("方面") ? nil : name(Self.toward(side))
        var object: [String: Any] = ["station": detail.station.id, "direction": side.direction.id, "names": names]
        object["railway"] = detail.railway?.id
        object["color"] = detail.railway?.color
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    func row(_ row: Board.Row, countdown: Bool = true) -> String {
        let departure = row.departure
        let link = lang.link("/train/" + Markup.path(departure.trainId) + "?from=" + Markup.path(detail.station.id))
        var html = "<li><a href=\"\(link)\"><time>\(departure.time.clock)</time>\(Markup.badge(departure.category, lang: lang))"
        html += "<span class=\"dest\">\(HTML.escape(lang.pick(row.destination)))</span>"
        if countdown { html += "<span class=\"until\">\(Markup.until(row.minutesUntil, lang: lang))</span>" }
        return html + "</a></li>"
    }

    func extras() -> String {
        var html = ""
        if !detail.trainTypes.isEmpty {
            html += "<h2>\(lang.t("停車する種別", "Train types stopping here"))</h2><p class=\"types\">"
            html += detail.trainTypes.map { "\(Markup.badge($0.type.category, lang: lang)) \(HTML.escape(lang.pick($0.type.name))) <span class=\"dim\">\($0.trains)</span>" }.joined(separator: " · ")
            html += "</p>"
        }
        if !detail.connections.isEmpty {
            html += "<h2>\(lang.t("乗換", "Connections"))</h2><ul class=\"connections\">"
            for connection in detail.connections {
                let name = connection.railway.map { Markup.chip($0, lang: lang) } ?? HTML.escape(connection.station.id)
                let other = connection.station.name == detail.station.name ? "" : " " + HTML.escape(lang.pick(connection.station.name))
                let how = connection.samePlatform ? lang.t("構内", "in station") : lang.t("徒歩", "walk")
                html += "<li><a href=\"\(lang.link("/station/" + Markup.path(connection.station.id)))\">\(name)\(other)</a> <span class=\"dim\">\(how)</span></li>"
            }
            html += "</ul>"
        }
        return html
    }
}
