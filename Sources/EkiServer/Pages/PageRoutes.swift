import EkiCore
import EkiDrawing
import EkiJSON
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// The web app's pages and assets. Each page is a route that builds one view model (Pages/*View)
/// and renders its template (Resources/templates); pages read the timetable directly (no HTTP
/// round trip to our own API). Bad input gets the error page with a 4xx status, never a trace.
public enum WebPages {
    /// `networks`: each day's fastest-route network, shared with the API (one is made when nil).
    public static func register<Router: RouterMethods>(on router: Router, timetable: Timetable, networks: RouteNetworks? = nil) throws {
        try register(on: router, timetable: timetable, networks: networks ?? RouteNetworks(timetable: timetable), site: PageScope.Site(timetable: timetable))
    }

    static func register<Router: RouterMethods>(on router: Router, timetable: Timetable, networks: RouteNetworks, site: PageScope.Site) {
        let places = PagePlaces(timetable: timetable)
        let reference = timetable.reference
        registerAssets(on: router, site: site)
        registerRoutePages(on: router, timetable: timetable, networks: networks, site: site)
        registerTicketPages(on: router, timetable: timetable, networks: networks, site: site)
        registerBookmarkPage(on: router, timetable: timetable, site: site)
        router.get("/") { request, _ in
            try answer(request, site: site) { scope in
                let bookmarks = CookieBookmarks(request)
                guard !bookmarks.pairs.isEmpty else { return scope.html(HomeView(scope: scope)) }
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                return scope.html(try HomeView(bookmarks: bookmarks, at: instant, timetable: timetable, scope: scope))
            }
        }
        router.get("/ride") { request, _ in
            try answer(request, site: site) { scope in
                _ = try pageQuery(request, allowed: ["lang"])
                return scope.html(RideView(scope: scope))
            }
        }
        router.get("/search") { request, _ in
            try answer(request, site: site) { scope in
                let query = String(request.uri.queryParameters["q"] ?? "")
                var results: [SearchResult] = [], error: String?
                do { results = try timetable.search(query, limit: 20) } catch let problem as SearchError {
                    error = scope.lang == .en ? problem.description : problem.ja
                }
                let view = SearchView(query: query, results: results, error: error, reference: reference, scope: scope)
                let status: HTTPResponse.Status = error == nil ? .ok : .badRequest
                guard request.uri.queryParameters["fragment"] == nil else {
                    return html(scope.render(view, template: SearchView.resultsTemplate), status: status)
                }
                return scope.html(view, status: status)
            }
        }
        router.get("/nearby") { request, _ in
            try answer(request, site: site) { scope in
                let view = try NearbyView(request: request, timetable: timetable, scope: scope)
                guard request.uri.queryParameters["fragment"] == nil else { return html(scope.render(view, template: NearbyView.cardsTemplate)) }
                return scope.html(view)
            }
        }
        router.get("/station/:station") { request, context in
            try answer(request, site: site) { scope in
                let stations = try places.stations(request, context.parameters.require("station"))
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                guard stations.count == 1 else {
                    // A name several stations share: its search results, each railway a link.
                    let name = stations[0].name
                    let results = (try? timetable.search(name.ja, limit: 5)) ?? []
                    return scope.html(SearchView(query: scope.lang.pick(name), results: results, error: nil, reference: reference, scope: scope))
                }
                let asked = PagePlaces.query(request, "at").map(Phrases.queryValue)
                var view = StationView(detail: try timetable.stationDetail(stations[0], at: instant), reference: reference, scope: scope,
                                       asked: asked)
                // Asked for a moment (a train's arrival, a route's change: issue 32, 16): the same
                // station now, and from there back to that moment; the board and timetable keep it.
                if let asked {
                    view.now = .init(href: scope.link(Phrases.station("/station", stations[0], reference: reference, query: "was=" + asked)),
                                     name: scope.lang.t("今の時刻で見る", "show now"))
                } else if let was = PagePlaces.query(request, "was"), let then = ServiceInstant(parsing: was) {
                    view.now = .init(href: scope.link(Phrases.station("/station", stations[0], reference: reference, query: "at=" + Phrases.queryValue(was))),
                                     name: scope.lang.t("\(then.minute.serviceClock) の時刻で見る", "show at \(then.minute.serviceClock)"))
                }
                // Bookmarked without JavaScript (the cookie): the button shows ★ (app.js repaints from localStorage).
                let bookmarks = CookieBookmarks(request)
                for index in view.sides.indices {
                    view.sides[index].bookmarked = bookmarks.contains(station: view.sides[index].station, direction: view.sides[index].direction)
                }
                return scope.html(view)
            }
        }
        router.get("/timetable/:station") { request, context in
            try answer(request, site: site) { scope in
                let date = try PagePlaces.date(request, timeZone: timetable.timeZone)
                switch try places.platform(request, context.parameters.require("station")) {
                case .choice(let choices):
                    return scope.html(ChoiceView(choices: choices, base: "/timetable", keep: PagePlaces.query(request, "date").map { "&date=" + $0 } ?? "",
                                                 path: request.uri.string, timetable: timetable, scope: scope))
                case .one(let station, let direction):
                    let board = try timetable.stationTimetable(station: station, direction: direction, serviceDate: date)
                    let directions = try timetable.directions(at: station)
                    // Each tab says where it goes; only at a railway's end is another day read (its through service).
                    let sides = try Dictionary(uniqueKeysWithValues: directions.map { other in
                        (other.id, try timetable.placedSide(of: other, at: station, serviceDate: date,
                                                            day: other.id == direction.id ? board.rows : nil))
                    })
                    return scope.html(TimetableView(board: board, directions: directions, sides: sides,
                                                    now: try PagePlaces.instant(request, timeZone: timetable.timeZone),
                                                    grid: PagePlaces.query(request, "view") == "grid",
                                                    reference: reference, scope: scope))
                }
            }
        }
        router.get("/train/:train") { request, context in
            try answer(request, site: site) { scope in
                let raw = try context.parameters.require("train")
                let id = raw.removingPercentEncoding ?? raw
                // A feed's trip_id may have a copy per calendar: the one running on `date` (default today).
                let date = try PagePlaces.date(request, timeZone: timetable.timeZone)
                guard id.utf8.count <= 200, let train = try timetable.resolveTrain(id, on: date), let parts = try timetable.trainRun(train),
                      let view = TrainView(parts: parts, highlight: PagePlaces.query(request, "from"), date: date,
                                           dated: PagePlaces.query(request, "date") != nil, reference: reference, scope: scope) else {
                    throw PageError(.notFound, ja: "その列車は見つかりません", en: "No such train")
                }
                return scope.html(view)
            }
        }
        // The railway's picture alone, for the ride page to draw the rider's position on (its root
        // carries the projection): 560 wide, as on the railway page.
        // The railway a path names (its id or name), or the page's 404.
        @Sendable func railway(_ context: some RequestContext) throws -> Reference.Railway {
            let raw = try context.parameters.require("railway")
            let text = raw.removingPercentEncoding ?? raw
            guard text.utf8.count <= 200, let railway = try? timetable.resolveRailway(text).railway else {
                throw PageError(.notFound, ja: "その路線は見つかりません", en: "No such railway")
            }
            return railway
        }
        router.get("/railway/:railway/map.svg") { request, context in
            try answer(request, site: site) { scope in
                let svg = RailwaySVG(detail: try timetable.railwayDetail(try railway(context)), lang: scope.lang == .en ? .en : .ja,
                                     width: 560, minHeight: 360, maxHeight: 900).render()
                return Response(status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=3600"],
                                body: .init(byteBuffer: ByteBuffer(string: svg)))
            }
        }
        router.get("/railway/:railway") { request, context in
            try answer(request, site: site) { scope in
                scope.html(RailwayView(detail: try timetable.railwayDetail(try railway(context)), reference: reference, scope: scope))
            }
        }
        router.get("/board/:station") { request, context in
            try answer(request, site: site) { scope in
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                switch try places.platform(request, context.parameters.require("station")) {
                case .choice(let choices):
                    return scope.html(ChoiceView(choices: choices, base: "/board", keep: PagePlaces.query(request, "at").map { "&at=" + $0 } ?? "",
                                                 path: request.uri.string, timetable: timetable, scope: scope))
                case .one(let station, let direction):
                    let board = try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: BoardView.rows)
                    return scope.html(BoardView(board: board, heading: timetable.heading(of: direction, at: station),
                                                pinned: PagePlaces.query(request, "at") != nil ? instant : nil, reference: reference, scope: scope))
                }
            }
        }
    }

    /// /assets/… by hashed or plain name, and the service worker at the root so that its scope
    /// covers every page (browsers check it for updates themselves).
    static func registerAssets<Router: RouterMethods>(on router: Router, site: PageScope.Site) {
        router.get("/assets/:file") { request, context in
            guard let response = site.assets.response(for: context.parameters.get("file") ?? "", request: request) else {
                throw Problem.notFound("no asset \(request.uri.path.prefix(200))")
            }
            return response
        }
        router.get("/sw.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: site.assets.serviceWorker))
        }
    }

    /// `lang=en` or `lang=ja` when the rider switched, else the data's own language.
    static func language(_ request: Request, default fallback: PageLanguage = .ja) -> PageLanguage {
        switch request.uri.queryParameters["lang"] {
        case "en": .en
        case "ja": .ja
        default: fallback
        }
    }

    /// A page, or the rider's mistake as the error page in their language (database failures
    /// still go on to the problem middleware, as a 500 that is logged).
    static func answer(_ request: Request, site: PageScope.Site, _ body: (PageScope) throws -> Response) throws -> Response {
        let scope = PageScope(lang: language(request, default: site.language), site: site)
        do {
            return try body(scope)
        } catch let error as ResolveError {
            return scope.html(ErrorView(PageError(error), query: ErrorView.subject(request), scope: scope), status: PageError(error).status)
        } catch let error as PageError {
            return scope.html(ErrorView(error, query: ErrorView.subject(request), scope: scope), status: error.status)
        }
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

extension PageScope.Site {
    /// The pages' share of a router over `timetable`: the web files (read once per process), the
    /// asset manifest with this database's railway colours, and its clock and attribution.
    init(timetable: Timetable) throws {
        let web = try WebFiles.shared.get()
        let info = try timetable.info()
        self.init(web: web, assets: try AssetManifest(web: web, railways: timetable.reference.railways.values, language: timetable.language),
                  timeZone: timetable.timeZone, attribution: info.source == "minitokyo3d" ? nil : info.attribution,
                  language: timetable.language, rushHours: info.source == "minitokyo3d",
                  examples: info.source == "gtfs" ? Self.examples(timetable.reference) : nil)
    }

    /// The ends of the railway with the most stations: names the data's riders know.
    static func examples(_ reference: Reference) -> (from: LocalizedName, to: LocalizedName)? {
        let longest = reference.railways.values.max { ($0.stations.count, $1.id) < ($1.stations.count, $0.id) }
        guard let stations = longest?.stations.compactMap({ reference.stations[$0] }),
              let first = stations.first, let last = stations.last else { return nil }
        return (first.name, last.name)
    }
}

extension ErrorView {
    /// What a page's address names, to search for instead: the station, railway or unknown path's
    /// last segment (`/station/shinjukku`), decoded; empty for pages that name nothing.
    static func subject(_ request: Request) -> String {
        let parts = request.uri.path.split(separator: "/")
        guard let first = parts.first, let last = parts.last, !["train", "route", "search", "nearby", "ride", "bookmark"].contains(first) else { return "" }
        let text = String(last).removingPercentEncoding ?? String(last)
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(64)))
    }
}
