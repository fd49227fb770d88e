import EkiCore
import EkiStore
import Foundation

/// The language of a page: Japanese unless the rider switched (`?lang=en`, kept in links).
/// Pages speak the riders' two languages, Japanese by default.
public typealias PageLanguage = Language

extension Language {
    func t(_ ja: String, _ en: String) -> String { self == .ja ? ja : en }
    /// A link to `path` in this language (English carries `lang=en`; Japanese is the default).
    func link(_ path: String) -> String {
        guard self == .en else { return path }
        return path + (path.contains("?") ? "&" : "?") + "lang=en"
    }
}

/// One HTML page: the shared frame (header with search and language switch, footer with the
/// data attribution) around a page's own body.
struct Page {
    var title: String
    var lang: PageLanguage
    /// The same page in the other language, for the switch.
    var path: String
    var body: String
    var bodyClass = ""
    /// Scripts only some pages need (route.js), after app.js.
    var scripts: [String] = []

    func render() -> String {
        let other: PageLanguage = lang == .ja ? .en : .ja
        let switchPath = other.link(path.replacingOccurrences(of: "?lang=en", with: "").replacingOccurrences(of: "&lang=en", with: ""))
        return """
        <!doctype html>
        <html lang="\(lang.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(HTML.escape(title)) · Eki</title>
        <link rel="stylesheet" href="/assets/app.css">
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
        <script src="/assets/app.js" defer></script>
        \(scripts.map { "<script src=\"\($0)\" defer></script>" }.joined())
        </head>
        <body class="\(bodyClass)" data-lang="\(lang.rawValue)" \(Page.timeZoneAttributes)>
        <header class="top">
        <a class="logo" href="\(lang.link("/"))">駅 Eki</a>
        <form class="search" action="/search" method="get" role="search">
        <input type="search" name="q" placeholder="\(lang.t("駅名 (しぶや, shibuya, 渋谷)", "Station (shibuya, しぶや, 渋谷)"))" aria-label="\(lang.t("駅を検索", "Search stations"))" autocomplete="off" maxlength="64">
        \(lang == .en ? "<input type=\"hidden\" name=\"lang\" value=\"en\">" : "")
        </form>
        <a class="lang" href="\(HTML.escape(switchPath))" hreflang="\(other.rawValue)">\(lang.t("English", "日本語"))</a>
        </header>
        <main>
        \(body)
        </main>
        <footer>\(Page.attribution(lang))</footer>
        </body>
        </html>
        """
    }
}

/// Small shared pieces of markup.
enum Markup {
    static func badge(_ category: TrainCategory, lang: PageLanguage) -> String {
        "<span class=\"badge c-\(category.rawValue)\" title=\"\(lang.t(category.nameJa, category.nameEn))\">\(category.badge)</span>"
    }

    static func chip(_ railway: Reference.Railway, lang: PageLanguage) -> String {
        "<span class=\"chip\" style=\"--line:\(HTML.escape(railway.color ?? "#888"))\">\(HTML.escape(lang.pick(railway.name)))</span>"
    }

    /// A direction as a platform sign reads: its name, then where it goes (`Timetable.heading`)
    /// unless the name already says so (23 of the data's 31 directions are "押上方面 / For Oshiage";
    /// 上り, 外回り and the like need the terminal beside them). Escaped.
    static func direction(_ direction: Reference.Direction, heading: [Reference.Station], lang: PageLanguage) -> String {
        var text = lang.pick(direction.name)
        let names = heading.map { lang.pick($0.name) }
        if !names.isEmpty, !direction.name.ja.hasSuffix("方面") {
            text += " " + lang.t(names.joined(separator: "・") + "方面", "toward " + names.joined(separator: " & "))
        }
        return HTML.escape(text)
    }

    static func until(_ minutes: Int, lang: PageLanguage) -> String {
        if minutes < 60 { return lang.t("\(minutes)分後", "in \(minutes) min") }
        return lang.t("\(minutes / 60)時間\(minutes % 60)分後", "in \(minutes / 60) h \(minutes % 60) min")
    }

    /// A calendar id as a timetable's name is written: 土休日 / "Saturday/holiday" for
    /// `SaturdayHoliday`, never the raw id (an unknown id is shown as it is).
    static func scheduleName(_ calendar: String?, lang: PageLanguage) -> String {
        guard let calendar else { return lang.t("運休", "No service") }
        let names = ["Weekday": ("平日", "Weekday"), "Saturday": ("土曜", "Saturday"), "Holiday": ("休日", "Sunday/holiday"),
                     "SaturdayHoliday": ("土休日", "Saturday/holiday")]
        return names[calendar].map { lang.t($0.0, $0.1) } ?? calendar
    }

    /// The query-string form of a station id or train id (ids hold only letters, digits, . - _).
    static func path(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id
    }
}
