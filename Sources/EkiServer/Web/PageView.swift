import EkiCore
import EkiStore
import EkiRouting
import Foundation
import Hummingbird

/// A value a template reads: plain stored properties, already in the page's language. Templates
/// find them by name (Mustache looks through the values it is inside, innermost first); a property
/// that is nil reads as "nothing" there (TemplateValues).
protocol View: Encodable {}

/// A page's view model: the template it fills (a file in Resources/templates, without .mustache)
/// and the frame around it. Adding a page is one of these, one template and one route.
protocol PageView: View {
    static var template: String { get }
    var frame: Frame { get }
}

/// What the layout shows around every page (layout.mustache).
struct Frame: View {
    var lang: String
    var english: Bool
    /// The search form's `lang` when the page is not in the data's own language.
    var langField: String?
    var title: String
    var bodyClass: String
    var stylesheets: [String]
    var scripts: [String]
    var icon: String
    /// Home in this language.
    var home: String
    /// The header menu's pages in this language: the route, last train, the ride and the ticket.
    var pages: Pages
    struct Pages: View { var route: String; var last: String; var ride: String; var ticket: String }
    /// This page in the other language, for the switch.
    var otherLanguage: String
    var otherLang: String
    /// The data's own language: links in it carry no `lang=` (app.js follows the same rule).
    var defaultLang: String
    /// The timetable's clock for the page's scripts: today's UTC offset in minutes and a tz name.
    var utcOffset: Int
    var timeZone: String
    var attribution: String
    /// The Shinkansen trip's bar and alarm (trip.js, trip.css): app.js loads them only when the
    /// browser keeps a trip, so pages without one weigh what they did.
    var tripScript: String
    /// offline.js, loaded by app.js when the server cannot be reached.
    var offlineScript: String
    var tripCSS: String
    /// Seconds after which the page loads itself again: a page that is not ready yet (a day's
    /// route network still being built) comes back without the rider pressing anything.
    var refreshSeconds: Int? = nil
}

/// A railway's colour chip (chip.mustache).
struct Chip: View {
    var name: String
    /// `line-da0442` (lines.css), nil for a railway without a usable colour.
    var line: String?

    init(_ railway: Reference.Railway, lang: PageLanguage) {
        name = lang.pick(railway.name)
        line = AssetManifest.lineClass(railway.color)
    }
}

/// A train category's badge (badge.mustache): 各 快 準 急 特 in its colour.
struct Badge: View {
    var category: String
    var title: String
    var letter: String
    /// The category's name inside the badge, for English riders (各 alone says nothing to them);
    /// only where the operator's type name is not already beside it (`named`).
    var typeName: String?

    /// Short enough for a phone's two columns; the title keeps the full name.
    static let shortNames: [TrainCategory: String] = [.local: "Local", .rapid: "Rapid", .semiExpress: "Semi-Exp.", .express: "Express", .limited: "Ltd. Exp."]

    init(_ category: TrainCategory, lang: PageLanguage, named: Bool = false) {
        self.category = category.rawValue
        title = lang.t(category.nameJa, category.nameEn)
        letter = category.badge
        typeName = named && lang == .en ? Self.shortNames[category] : nil
    }

    /// A train type's badge: its category where the source gives Japanese train types, else its
    /// line's short name on the line's colour (a GTFS feed's `1`, `SLE`), else none.
    init?(_ type: Reference.TrainType?, category: TrainCategory, railway: Reference.Railway?, lang: PageLanguage, named: Bool = false) {
        guard let badge = TrainBadge(type: type, category: category, railway: railway) else { return nil }
        if let category = badge.category { self.init(category, lang: lang, named: named); return }
        self.init(line: "line" + (AssetManifest.lineClass(badge.color).map { " " + $0 } ?? ""),
                  title: railway.map { lang.pick($0.name) } ?? badge.text, letter: badge.text)
    }

    private init(line: String, title: String, letter: String) {
        category = line
        self.title = title
        self.letter = letter
    }

    /// A departure's badge, as above.
    init?(_ departure: Departure, reference: Reference, lang: PageLanguage, named: Bool = false) {
        self.init(reference.trainType(departure.trainType), category: departure.category,
                  railway: reference.railways[departure.railway], lang: lang, named: named)
    }
}

/// A link with its text.
struct Link: View {
    var href: String
    var name: String
}

/// The from-to form of fastest routes (route-form.mustache), with what was typed.
struct RouteForm: View {
    var from = ""
    var to = ""
    var at = ""
    var pace = PaceField(.standard)
}

/// The change pace select of the route forms (pace-field.mustache): which option is chosen.
/// app.js keeps the rider's choice in the browser with the bookmarks and fills it in.
struct PaceField: View {
    var hurry: Bool, standard: Bool, relaxed: Bool
    init(_ pace: Pace) { (hurry, standard, relaxed) = (pace == .hurry, pace == .standard, pace == .relaxed) }
    var pace: Pace { hurry ? .hurry : relaxed ? .relaxed : .standard }
    /// `&pace=…` for a link that keeps it (nothing at the standard pace).
    var query: String { standard ? "" : "&pace=" + pace.rawValue }
}

/// What every page of one request shares: its language, the words of that language and the parts
/// of the frame that come from the server (asset URLs, the timetable's clock and attribution).
struct PageScope: Sendable {
    let lang: PageLanguage
    let site: Site

    /// The pages' share of the router: the web files, the asset manifest, the timetable's zone and
    /// attribution. One per database (the router is rebuilt when the database changes).
    struct Site: Sendable {
        let web: WebFiles
        let assets: AssetManifest
        let timeZone: TimeZone
        /// The database's attribution when it is not Mini Tokyo 3D's (a GTFS feed's agencies).
        let attribution: String?
        /// The language the data's riders read (Japanese for Tokyo, a feed's feed_lang): pages
        /// speak it unless the rider switched (`?lang=`).
        var language: PageLanguage = .ja
        /// Tokyo's data (Mini Tokyo 3D): the station page may call 7–10 and 16–20 the rush hours.
        var rushHours = true
        /// Example stations of the data for the search and route forms, where its riders would not
        /// know Tokyo's (a GTFS feed): nil keeps words.json's 馬車道 and 銀座.
        var examples: (from: LocalizedName, to: LocalizedName)?
        /// words.json as templates read it (`t`), per language, with the data's own examples.
        var words: [PageLanguage: TemplateValues.Fields] {
            guard let examples else { return web.templateWords }
            var words = web.templateWords
            for lang in [PageLanguage.ja, .en] {
                words[lang]?.values["fromExample"] = TemplateValues.Text(lang.pick(examples.from))
                words[lang]?.values["toExample"] = TemplateValues.Text(lang.pick(examples.to))
                words[lang]?.values["searchPlaceholder"] = TemplateValues.Text(lang.t("駅名 (\(examples.from.ja))", "Station (\(examples.from.en))"))
            }
            return words
        }
    }

    /// The frame of a page. `path`: this page's path and query (for the language switch);
    /// `scripts` and `stylesheets` beyond app.js and app.css, by their plain names.
    func frame(title: String, path: String, bodyClass: String = "", scripts: [String] = [], stylesheets: [String] = []) -> Frame {
        let other: PageLanguage = lang == .ja ? .en : .ja
        var plain = path
        for text in ["?lang=en", "&lang=en", "?lang=ja", "&lang=ja"] { plain = plain.replacingOccurrences(of: text, with: "") }
        let zone = site.timeZone
        return Frame(lang: lang.rawValue, english: lang == .en, langField: lang == site.language ? nil : lang.rawValue, title: title, bodyClass: bodyClass,
                     // A page with routes (it loads route.js) has their styles too.
                     stylesheets: (["app.css", "lines.css"] + (scripts.contains("route.js") ? ["route.css"] : []) + stylesheets).map(site.assets.url),
                     scripts: (["app.js"] + scripts).map(site.assets.url), icon: site.assets.url("icon.svg"),
                     home: link("/"), pages: Frame.Pages(route: link("/route"), last: link("/route/last"), ride: link("/ride"), ticket: link("/ticket")),
                     otherLanguage: other.link(plain, default: site.language), otherLang: other.rawValue,
                     defaultLang: site.language.rawValue,
                     utcOffset: zone.secondsFromGMT() / 60,
                     timeZone: zone.identifier.contains("/") ? zone.identifier : TokyoTime.identifier,
                     attribution: site.attribution ?? lang.t("時刻表データ: 公共交通オープンデータセンター (ODPT) / Mini Tokyo 3D",
                                                              "Timetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D"),
                     tripScript: site.assets.url("trip.js"), offlineScript: site.assets.url("offline.js"), tripCSS: site.assets.url("trip.css"))
    }

    /// A link to `path` in this page's language.
    func link(_ path: String) -> String { lang.link(path, default: site.language) }

    /// A page as HTML.
    func html(_ view: some PageView, status: HTTPResponse.Status = .ok) -> Response {
        WebPages.html(render(view, template: type(of: view).template), status: status)
    }

    /// Any template over a view, with the words of this language as `t` (words.json).
    func render(_ view: some View, template: String) -> String {
        guard var values = (try? TemplateValues.make(view)) as? TemplateValues.Fields else { return "" }
        values.values["t"] = site.words[lang] ?? TemplateValues.Fields(values: [:])
        return site.web.templates.render(values, withTemplate: template) ?? ""
    }
}

extension Language {
    func t(_ ja: String, _ en: String) -> String { self == .ja ? ja : en }
    /// A link to `path` in this language: `lang=` only when it is not the data's own (`fallback`:
    /// Japanese for Tokyo, so its English pages carry `lang=en`; English for a US feed).
    func link(_ path: String, default fallback: Language) -> String {
        guard self != fallback else { return path }
        return path + (path.contains("?") ? "&" : "?") + "lang=" + rawValue
    }
}

/// The language of a page: the data's own unless the rider switched (`?lang=en`, `?lang=ja`, kept in links).
public typealias PageLanguage = Language
