import EkiCore
import EkiStore
import Foundation

/// Home (home.mustache): bookmarks with their next departures, nearby stations from the browser's
/// position, usual routes, route search and station search. Bookmarks and history live in the
/// browser (localStorage); app.js and route.js fill the sections from the JSON API.
struct HomeView: PageView {
    static let template = "home"
    var frame: Frame
    var routeForm = RouteForm()

    init(scope: PageScope) {
        frame = scope.frame(title: scope.lang.t("次の電車", "Next trains"), path: "/", bodyClass: "home", scripts: ["route.js"])
    }
}

/// Search results as station complexes with their railways' chips (search.mustache; the page works
/// without JavaScript, and search-results.mustache alone follows typing).
struct SearchView: PageView {
    static let template = "search"
    /// The fragment app.js asks for as the rider types.
    static let resultsTemplate = "search-results"

    struct Result: View {
        var station: Station?
        var railway: RailwayLink?
    }
    struct Station: View { var title: String; var other: String; var railways: [RailwayLink] }
    struct RailwayLink: View { var href: String; var chip: Chip }

    var frame: Frame
    var query: String
    var error: String?
    var nothingFound: Bool
    var results: [Result]

    init(query: String, results: [SearchResult], error: String?, reference: Reference, scope: PageScope) {
        let lang = scope.lang
        frame = scope.frame(title: query, path: "/search?q=" + (query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""))
        self.query = query
        self.error = error
        nothingFound = error == nil && results.isEmpty
        self.results = results.map { result in
            switch result {
            case .station(let station):
                return Result(station: Station(
                    title: lang.pick(station.title.name), other: lang == .ja ? station.title.name.en : station.title.name.ja,
                    railways: station.stations.compactMap { member in
                        member.railway.flatMap { reference.railways[$0] }.map {
                            RailwayLink(href: scope.link(Phrases.station("/station", member, reference: reference)), chip: Chip($0, lang: lang))
                        }
                    }))
            case .railway(let railway):
                return Result(railway: RailwayLink(href: scope.link("/railway/" + Phrases.path(railway.railway.id)),
                                                   chip: Chip(railway.railway, lang: lang)))
            }
        }
    }
}

/// Where a name covers several platforms (choice.mustache): each railway and direction as a link,
/// so the rider picks (`/timetable/shibuya?direction=Outbound`: the Toyoko, Inokashira,
/// Den-en-toshi… lines).
struct ChoiceView: PageView {
    static let template = "choice"
    struct Choice: View { var href: String; var chip: Chip?; var direction: String }

    var frame: Frame
    var name: String
    var choices: [Choice]

    /// `base`: the page each choice leads to ("/timetable", "/board"); `keep`: kept on the links
    /// (`&date=` of a timetable, `&at=` of a board); `path`: this page's own, for the language switch.
    init(choices: [(station: Reference.Station, direction: Reference.Direction)], base: String, keep: String, path: String,
         timetable: Timetable, scope: PageScope) {
        let lang = scope.lang
        name = choices.first.map { lang.pick($0.station.name) } ?? ""
        frame = scope.frame(title: name, path: path)
        self.choices = choices.map { station, direction in
            Choice(href: scope.link(Phrases.station(base, station, reference: timetable.reference,
                                                    query: "direction=" + Phrases.direction(direction) + keep)),
                   chip: station.railway.flatMap { timetable.reference.railways[$0] }.map { Chip($0, lang: lang) },
                   direction: Phrases.direction(direction, at: station, heading: timetable.heading(of: direction, at: station),
                                                reference: timetable.reference, lang: lang))
        }
    }
}

/// A rider's mistake or a page that is not there (error.mustache): a heading in the page's
/// language, the detail, and a way on — search, prefilled with what the address named, and home.
struct ErrorView: PageView {
    static let template = "error"
    var frame: Frame
    var message: String
    var detail: String?
    var query: String

    init(_ error: PageError, query: String = "", scope: PageScope) {
        message = scope.lang.t(error.ja, error.en)
        frame = scope.frame(title: message, path: "/")
        detail = error.detail
        self.query = query
    }
}
