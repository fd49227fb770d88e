import EkiCore
import EkiStore
import Foundation

/// Home: bookmarks with their next departures, nearby stations from the browser's position,
/// then search. Bookmarks and history live in the browser (localStorage); app.js fills the
/// sections from the JSON API.
struct HomePage {
    var lang: PageLanguage

    func render() -> String {
        let body = """
        <section id="bookmarks" class="home-section">
        <h2>\(lang.t("ブックマーク", "Bookmarks"))</h2>
        <div class="list" data-empty="\(lang.t("駅のページの ☆ で追加できます。", "Add one with ☆ on a station page."))"></div>
        </section>
        <section id="nearby" class="home-section">
        <h2>\(lang.t("近くの駅", "Nearby"))</h2>
        <button type="button" id="locate">\(lang.t("現在地から探す", "Use my location"))</button>
        <div class="list"></div>
        </section>
        <section id="suggestions" class="home-section" hidden>
        <h2>\(lang.t("いつものルート", "Your usual routes"))</h2>
        <div class="list"></div>
        </section>
        <section class="home-section">
        <h2>\(lang.t("経路を探す", "Find a route"))</h2>
        \(RouteLinks.form(from: "", to: "", at: "", lang: lang))
        </section>
        <section class="home-section">
        <h2>\(lang.t("検索", "Search"))</h2>
        <p class="dim">\(lang.t("ローマ字・ひらがな・カタカナ・漢字で駅名や路線名を入力してください。", "Type a station or line in romaji, hiragana, katakana or kanji."))</p>
        <div id="results" class="list"></div>
        <p class="tools"><button type="button" id="export">\(lang.t("データを書き出す", "Export my data"))</button>
        <button type="button" id="import-button">\(lang.t("読み込む", "Import"))</button><input type="file" id="import" accept="application/json" hidden tabindex="-1"></p>
        <p id="import-status" class="notice" role="status"></p>
        </section>
        """
        return Page(title: lang.t("次の電車", "Next trains"), lang: lang, path: "/", body: body, bodyClass: "home",
                    scripts: ["/assets/route.js"]).render()
    }
}

/// Search results as station complexes with their railways' color chips (the page works without
/// JavaScript; with it, results follow typing).
struct SearchPage {
    var query: String
    var results: [SearchResult]
    var error: String?
    var lang: PageLanguage
    var reference: Reference

    /// Only the results, for search as you type.
    func fragment() -> String {
        var body = ""
        if let error {
            body += "<p class=\"notice\">\(HTML.escape(error))</p>"
        } else if results.isEmpty {
            body += "<p class=\"notice\">\(lang.t("一致する駅はありません", "No station matches"))</p>"
        }
        return body + results.map(Self.item(lang: lang, reference: reference)).joined()
    }

    func render() -> String {
        let body = "<h1>\(lang.t("検索", "Search")): \(HTML.escape(query))</h1><div id=\"results\" class=\"list\">" + fragment() + "</div>"
        return Page(title: query, lang: lang, path: "/search?q=" + (query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""),
                    body: body).render()
    }

    static func item(lang: PageLanguage, reference: Reference) -> (SearchResult) -> String {
        { result in
            switch result {
            case .station(let station):
                let title = "<span class=\"title\">\(HTML.escape(lang.pick(station.title.name)))</span> <small>\(HTML.escape(lang == .ja ? station.title.name.en : station.title.name.ja))</small>"
                let chips = station.stations.compactMap { member -> String? in
                    guard let railway = member.railway.flatMap({ reference.railways[$0] }) else { return nil }
                    return "<a href=\"\(lang.link("/station/" + Markup.path(member.id)))\">\(Markup.chip(railway, lang: lang))</a>"
                }
                return "<div class=\"result\">\(title)<div class=\"chips\">\(chips.joined())</div></div>"
            case .railway(let railway):
                return "<div class=\"result\"><a href=\"\(lang.link("/railway/" + Markup.path(railway.railway.id)))\">\(Markup.chip(railway.railway, lang: lang))</a></div>"
            }
        }
    }
}
