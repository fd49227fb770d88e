import EkiCore
import EkiStore
import Foundation

/// Home (home.mustache): bookmarks with their next departures, nearby stations from the browser's
/// position, usual routes, route search and station search. Bookmarks and history live in the
/// browser (localStorage); home.js and route.js fill the sections from the JSON API.
struct HomeView: PageView {
    static let template = "home"
    var frame: Frame
    var routeForm = RouteForm()
    /// The bookmarks kept in the cookie (CookieBookmarks) with their next departures, drawn by
    /// the server so that home shows them without JavaScript; home.js redraws the list from
    /// localStorage when it runs.
    var saved: [Saved] = []
    struct Saved: View {
        var href: String
        var chip: Chip?
        var name: String
        var way: String
        var station: String
        var direction: String
        var next: [StationView.Departure]
    }

    init(scope: PageScope) {
        frame = scope.frame(title: scope.lang.t("次の電車", "Next trains"), path: "/", bodyClass: "home", scripts: ["home.js", "route.js"])
    }

    /// Home with the cookie's bookmarks at `instant`; a bookmark the timetable no longer has is left out.
    init(bookmarks: CookieBookmarks, at instant: ServiceInstant, timetable: Timetable, scope: PageScope) throws {
        self.init(scope: scope)
        let reference = timetable.reference, lang = scope.lang
        for pair in bookmarks.pairs {
            guard let station = reference.stations[id: pair.station],
                  let direction = try timetable.directions(at: station).first(where: { $0.id == pair.direction }) else { continue }
            let board = try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: 3)
            let rows = board.rows
            saved.append(Saved(
                href: scope.link(Phrases.station("/station", station, reference: reference)),
                chip: station.railway.flatMap { reference.railways[$0] }.map { Chip($0, lang: lang) },
                name: lang.pick(station.name),
                way: Phrases.direction(direction, at: station, heading: timetable.heading(of: direction, at: station), reference: reference, lang: lang),
                station: station.id, direction: direction.id,
                next: rows.indices.map { index in
                    let row = rows[index]
                    return StationView.Departure(
                        nextDay: Phrases.nextDay(rows, at: index, lang: lang),
                        href: scope.link(Phrases.train(row.departure, serviceDate: row.serviceDate, from: station, reference: reference)),
                        time: row.departure.time.clock, badge: Badge(row.departure, reference: reference, lang: lang, named: true),
                        destination: Phrases.destination(row, lang: lang), until: Phrases.until(row.minutesUntil, lang: lang), due: Phrases.due(row))
                }))
        }
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
    /// `href`: the whole row leads to the busiest of its stations; each chip to its own.
    struct Station: View { var href: String; var title: String; var other: String; var railways: [RailwayLink] }
    /// `operator`: beside a railway's name, so 新宿線 (都営) and 新宿線 (西武) are told apart.
    struct RailwayLink: View { var href: String; var chip: Chip; var operatorName: String? }

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
                let busiest = station.stations.max { $0.trains < $1.trains } ?? station.title
                return Result(station: Station(
                    href: scope.link(Phrases.station("/station", busiest, reference: reference)), title: lang.pick(station.title.name), other: lang == .ja ? station.title.name.en : station.title.name.ja,
                    railways: station.stations.compactMap { member in
                        member.railway.flatMap { reference.railways[$0] }.map {
                            RailwayLink(href: scope.link(Phrases.station("/station", member, reference: reference)), chip: Chip($0, lang: lang), operatorName: nil)
                        }
                    }))
            case .railway(let railway):
                return Result(railway: RailwayLink(href: scope.link("/railway/" + Phrases.path(railway.railway.id)),
                                                   chip: Chip(railway.railway, lang: lang),
                                                   operatorName: railway.railway.operatorName.map(lang.pick)))
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
        // The detail is the store's or the parser's own words, in English: a Japanese page keeps
        // to its heading, which says the same for a rider.
        detail = scope.lang == .en ? error.detail : nil
        self.query = query
    }
}
