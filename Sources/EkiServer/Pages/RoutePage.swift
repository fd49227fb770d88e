import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// A DIY route on a page: the trip at a glance, what to do next (route.js counts down), each train
/// with its stops and the trains just before and after it — one tap takes another, and a change
/// that no longer works shows the train to take instead. The route itself lives in the browser;
/// the page is drawn from the route in its URL, so it can be bookmarked or sent as it is.
struct RoutePage {
    var plan: RoutePlan
    var alternatives: [SegmentAlternatives]
    var proposals: [SwapProposal]
    /// The route's answer as the API gives it, for route.js (kept in the browser, counted down offline).
    var json: String
    /// Keep this route as the rider's own as soon as the page opens: "edit" after a swap (it stays
    /// the same route), anything else for a route taken up anew (a fastest route, a suggestion).
    var use: String?
    var lang: PageLanguage
    var reference: Reference

    func render() -> String {
        let route = plan.route
        let segments = RouteLinks.segments(route)
        var body = "<section class=\"route\" data-date=\"\(route.serviceDate.iso)\" data-segments=\"\(HTML.escape(segments))\"\(use.map { " data-use=\"\(HTML.escape($0))\"" } ?? "")>"
        body += "<h1>\(HTML.escape(RouteLinks.title(plan, lang: lang)))</h1>"
        body += "<p class=\"meta\">\(HTML.escape(RouteLinks.summary(plan, lang: lang)))</p>"
        body += "<p class=\"next\" id=\"next-action\" aria-live=\"polite\"></p>"
        body += "<p class=\"actions\"><button type=\"button\" id=\"use-route\">\(lang.t("このルートにする", "Use this route"))</button>"
        body += "<span id=\"in-use\" class=\"dim\" hidden>✓ \(lang.t("使用中のルート", "Your route"))</span>"
        body += "<button type=\"button\" id=\"notify\" hidden>\(lang.t("通知", "Notify me"))</button>"
        body += "<button type=\"button\" id=\"share-png\">\(lang.t("画像で共有", "Share as picture"))</button>"
        body += "<a class=\"button\" href=\"\(HTML.escape(lang.link(RouteLinks.card(route))))\">SVG</a>"
        body += "<button type=\"button\" id=\"clear-route\">\(lang.t("ルートを消す", "Clear route"))</button></p>"
        if !plan.isFeasible {
            body += "<p class=\"notice warn\">⚠ \(lang.t("間に合わない乗換があります。下の候補から選び直してください。", "A change cannot be made: pick another train below."))</p>"
        }
        body += "<ol class=\"legs\">"
        for (index, segment) in plan.segments.enumerated() {
            body += leg(segment, index: index)
            if index < plan.transfers.count { body += transfer(plan.transfers[index], index: index) }
        }
        body += "</ol>"
        if let last = plan.segments.last {
            // The next train: where to, and route.js asks for the one that gets there first; or
            // picked on the board where the last one gets off, from its arrival on.
            let at = ServiceInstant(serviceDate: route.serviceDate, minute: last.arrival)
            let href = lang.link("/station/" + Markup.path(last.alight.id) + "?at=" + at.description)
            body += "<form class=\"route-form route-next\" data-arrived=\"\(HTML.escape(last.alight.id))\" data-at=\"\(at.description)\">"
            body += "<label>\(HTML.escape(lang.t("\(last.alight.name.ja)から次の行き先", "Next, from \(last.alight.name.en) to")))"
            body += " <input name=\"to\" required maxlength=\"64\" placeholder=\"\(lang.t("駅名", "Station"))\"></label>"
            body += "<button type=\"submit\">\(lang.t("追加", "Add"))</button>"
            body += "<a href=\"\(HTML.escape(href))\">\(lang.t("時刻表から選ぶ", "Pick on the board"))</a></form>"
            body += "<p id=\"route-status\" class=\"notice\" role=\"status\"></p>"
        }
        body += "<script type=\"application/json\" id=\"route-data\">\(json.replacingOccurrences(of: "</", with: "<\\/"))</script>"
        body += "</section>"
        let path = "/route?date=\(route.serviceDate.iso)&segments=" + RouteLinks.query(segments)
        return Page(title: RouteLinks.title(plan, lang: lang), lang: lang, path: path, body: body, scripts: ["/assets/route.js"]).render()
    }

    private func leg(_ segment: RoutePlan.Segment, index: Int) -> String {
        let railway = segment.board.railway.flatMap { reference.railways[$0] }
        var html = "<li class=\"leg\" style=\"--line:\(HTML.escape(railway?.color ?? "#888"))\">"
        html += "<p class=\"end\"><time>\(segment.departure.clock)</time> <b>\(HTML.escape(lang.pick(segment.board.name)))</b> "
        html += (railway.map { Markup.chip($0, lang: lang) } ?? "") + "<small>\(HTML.escape(lang.pick(segment.direction.name)))</small></p>"
        let type = segment.trainType.map { lang.pick($0.name) } ?? ""
        let stops = segment.stopsToRide
        html += "<p class=\"ride\">\(Markup.badge(segment.category, lang: lang))\(HTML.escape(type)) "
        html += HTML.escape(lang.pick(RouteWords.bound(segment.destination)))
        html += " · \(lang.t("\(stops)駅", "\(stops) stop\(stops == 1 ? "" : "s")")) · \(RouteLinks.duration(segment.minutes, lang: lang))"
        let train = lang.link("/train/" + Markup.path(segment.choice.train) + "?from=" + Markup.path(segment.board.id))
        html += " <a href=\"\(HTML.escape(train))\">\(lang.t("列車", "Train"))</a></p>"
        html += "<details><summary>\(lang.t("停車駅", "Stops"))</summary><ol class=\"stops\">"
        for stop in segment.stops {
            html += "<li><time class=\"arr\">\(stop.arrival?.clock ?? "")</time><time class=\"dep\">\(stop.departure?.clock ?? "")</time>\(HTML.escape(lang.pick(stop.station.name)))</li>"
        }
        html += "</ol></details>"
        html += "<p class=\"end\"><time>\(segment.arrival.clock)</time> <b>\(HTML.escape(lang.pick(segment.alight.name)))</b></p>"
        if index < alternatives.count {
            let around = alternatives[index]
            if !(around.earlier.isEmpty && around.later.isEmpty) {
                html += "<details class=\"alternatives\"><summary>\(lang.t("前後の列車", "Trains just before and after"))</summary><ul class=\"plain\">"
                for alternative in around.earlier + around.later {
                    html += "<li>" + choice(alternative.segment, at: index,
                                            note: lang.t("発\(Self.signed(alternative.departsBy))分・着\(Self.signed(alternative.arrivesBy))分",
                                                         "leaves \(Self.signed(alternative.departsBy)), arrives \(Self.signed(alternative.arrivesBy)) min")) + "</li>"
                }
                html += "</ul></details>"
            }
        }
        return html + "</li>"
    }

    private func transfer(_ transfer: RoutePlan.Transfer, index: Int) -> String {
        let state = transfer.impossible ? "impossible" : transfer.tight ? "tight" : "ok"
        var html = "<li class=\"transfer \(state)\">" + HTML.escape(lang.pick(RouteWords.transfer(transfer)))
        if let flag = RouteWords.flag(transfer) { html += " <b>⚠ \(HTML.escape(lang.pick(flag)))</b>" }
        for proposal in proposals where proposal.index == index + 1 {
            let why = proposal.reason == .missed ? lang.t("代わりに", "Take instead") : lang.t("より早く", "Sooner")
            html += "<div class=\"proposal\">\(HTML.escape(why)): " + choice(proposal.segment, at: proposal.index, note: nil) + "</div>"
        }
        return html + "</li>"
    }

    /// One train to take for segment `index` instead: its times and a link to the swapped route.
    private func choice(_ segment: RoutePlan.Segment, at index: Int, note: String?) -> String {
        var route = plan.route
        route.segments[index] = segment.choice
        let href = lang.link(RouteLinks.page(route, use: "edit"))
        var html = "<a href=\"\(HTML.escape(href))\"><time>\(segment.departure.clock)</time>\(Markup.badge(segment.category, lang: lang))"
        html += HTML.escape(lang.pick(RouteWords.bound(segment.destination)))
        html += " → \(segment.arrival.clock)"
        if let note { html += " <small class=\"dim\">(\(HTML.escape(note)))</small>" }
        return html + "</a>"
    }

    static func signed(_ minutes: Int) -> String { minutes > 0 ? "+\(minutes)" : "\(minutes)" }
}

/// /route/fastest: a from-to form, and the fastest ways with one tap to make one the route.
struct FastestPage {
    var from: String
    var to: String
    var at: String
    var answer: FastestAnswer?
    var error: String?
    var lang: PageLanguage
    var reference: Reference

    func render() -> String {
        var body = "<section class=\"fastest\"><h1>\(lang.t("経路を探す", "Find a route"))</h1>"
        body += RouteLinks.form(from: from, to: to, at: at, lang: lang)
        if let error { body += "<p class=\"notice\">\(HTML.escape(error))</p>" }
        if let answer {
            if answer.nextDay {
                body += "<p class=\"notice\">\(lang.t("本日の列車は終わりました。次の運行日の始発からの経路です。", "No more trains today: these leave with the next service day's first trains."))</p>"
            }
            if answer.options.isEmpty { body += "<p class=\"notice\">\(lang.t("経路が見つかりません", "No route found"))</p>" }
            for option in answer.options {
                let plan = option.plan
                let kind: String
                switch option.kind {
                case .fastest: kind = lang.t("最速", "Fastest")
                case .fewerTransfers: kind = lang.t("乗換が少ない", "Fewer changes")
                case .later: kind = lang.t("後の出発", "Leaves later")
                }
                body += "<div class=\"card option\"><h2><span class=\"kind\">\(HTML.escape(kind))</span> \(HTML.escape(RouteLinks.summary(plan, lang: lang, withDate: false)))</h2><ol class=\"plain\">"
                for segment in plan.segments {
                    let railway = segment.board.railway.flatMap { reference.railways[$0] }
                    body += "<li><time>\(segment.departure.clock)</time> \(HTML.escape(lang.pick(segment.board.name))) "
                    body += (railway.map { Markup.chip($0, lang: lang) } ?? "") + Markup.badge(segment.category, lang: lang)
                    body += "→ <time>\(segment.arrival.clock)</time> \(HTML.escape(lang.pick(segment.alight.name)))</li>"
                }
                body += "</ol><a class=\"button\" href=\"\(HTML.escape(lang.link(RouteLinks.page(plan.route, use: "new"))))\">\(lang.t("このルートにする", "Use this route"))</a></div>"
            }
        }
        body += "</section>"
        let path = "/route/fastest?from=\(RouteLinks.query(from))&to=\(RouteLinks.query(to))" + (at.isEmpty ? "" : "&at=" + at)
        return Page(title: lang.t("経路を探す", "Find a route"), lang: lang, path: path, body: body).render()
    }
}

/// Words and links every route page shares.
enum RouteLinks {
    /// `TRAIN~BOARD~ALIGHT,…`, as the API and the pages take a route.
    static func segments(_ route: Route) -> String {
        route.segments.map { "\($0.train)~\($0.board)~\($0.alight)" }.joined(separator: ",")
    }

    static func page(_ route: Route, use: String?) -> String {
        "/route?date=\(route.serviceDate.iso)&segments=" + query(segments(route)) + (use.map { "&use=" + $0 } ?? "")
    }

    static func card(_ route: Route) -> String {
        "/route/card.svg?date=\(route.serviceDate.iso)&segments=" + query(segments(route))
    }

    /// A query value, percent-encoded (ids need none; names typed by riders do).
    static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~,"))) ?? text
    }

    static func title(_ plan: RoutePlan, lang: PageLanguage) -> String {
        guard let first = plan.segments.first, let last = plan.segments.last else { return lang.t("ルート", "Route") }
        return "\(lang.pick(first.board.name)) → \(lang.pick(last.alight.name))"
    }

    static func summary(_ plan: RoutePlan, lang: PageLanguage, withDate: Bool = true) -> String {
        guard let first = plan.segments.first, let last = plan.segments.last else { return "" }
        let day = ScheduleDay(plan.route.serviceDate)
        let changes = plan.segments.count - 1
        let minutes = duration(last.arrival.value - first.departure.value, lang: lang)
        let date = withDate ? "\(plan.route.serviceDate.iso)" + lang.t("（\(day.reasonJa)） ", " (\(day.reasonEn)) · ") : ""
        return date + lang.t("\(first.departure.clock) 発 → \(last.arrival.clock) 着 · \(minutes) · 乗換\(changes)回",
                             "\(first.departure.clock) → \(last.arrival.clock) · \(minutes) · \(changes) change\(changes == 1 ? "" : "s")")
    }

    static func duration(_ minutes: Int, lang: PageLanguage) -> String { lang.pick(RouteWords.duration(minutes)) }

    /// The from-to form of /route/fastest (also on the home page).
    static func form(from: String, to: String, at: String, lang: PageLanguage) -> String {
        var html = "<form class=\"route-form\" action=\"/route/fastest\" method=\"get\">"
        html += "<label>\(lang.t("出発", "From")) <input name=\"from\" required maxlength=\"64\" value=\"\(HTML.escape(from))\" placeholder=\"\(lang.t("馬車道", "Bashamichi"))\"></label>"
        html += "<label>\(lang.t("到着", "To")) <input name=\"to\" required maxlength=\"64\" value=\"\(HTML.escape(to))\" placeholder=\"\(lang.t("銀座", "Ginza"))\"></label>"
        html += "<label>\(lang.t("日時", "When")) <input type=\"datetime-local\" name=\"at\" value=\"\(HTML.escape(at))\"></label>"
        if lang == .en { html += "<input type=\"hidden\" name=\"lang\" value=\"en\">" }
        return html + "<button type=\"submit\">\(lang.t("検索", "Search"))</button></form>"
    }
}
