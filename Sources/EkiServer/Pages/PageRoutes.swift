import EkiCore
import EkiRouting
import EkiStore
import Foundation
import Hummingbird

/// The web app's pages and assets. Pages read the timetable directly (no HTTP round trip to our
/// own API); bad input gets a readable HTML page with a 4xx status, never a stack trace.
public enum WebPages {
    /// `networks`: each day's fastest-route network, shared with the API (one is made when nil).
    public static func register<Router: RouterMethods>(on router: Router, timetable: Timetable, networks: RouteNetworks? = nil) {
        let places = PagePlaces(timetable: timetable)
        registerRoutePages(on: router, timetable: timetable, networks: networks ?? RouteNetworks(timetable: timetable))
        router.get("/") { request, _ in
            html(HomePage(lang: language(request)).render())
        }
        router.get("/assets/app.css") { _, _ in asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/assets/app.js") { _, _ in asset(Assets.js, type: "text/javascript; charset=utf-8") }
        // At the root so its scope covers every page; browsers check it for updates themselves.
        router.get("/sw.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: ServiceWorker.script)))
        }
        router.get("/assets/icon.svg") { _, _ in asset(Assets.icon, type: "image/svg+xml") }
        registerRidePage(on: router)
        router.get("/search") { request, _ in
            let lang = language(request)
            let query = String(request.uri.queryParameters["q"] ?? "")
            var page = SearchPage(query: query, results: [], error: nil, lang: lang, reference: timetable.reference)
            do { page.results = try timetable.search(query, limit: 20) } catch { page.error = "\(error)" }
            let fragment = request.uri.queryParameters["fragment"] != nil
            return html(fragment ? page.fragment() : page.render(), status: page.error == nil ? .ok : .badRequest)
        }
        router.get("/nearby") { request, _ in
            try answer(request) { lang in
                let page = try NearbyPage(request: request, lang: lang, timetable: timetable)
                return html(request.uri.queryParameters["fragment"] != nil ? page.fragment() : page.render())
            }
        }
        router.get("/station/:station") { request, context in
            try answer(request) { lang in
                let stations = try places.stations(request, context.parameters.require("station"))
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                guard stations.count == 1 else {
                    let name = stations[0].name
                    let results = (try? timetable.search(name.ja, limit: 5)) ?? []
                    return html(SearchPage(query: lang.pick(name), results: results, error: nil, lang: lang, reference: timetable.reference).render())
                }
                let detail = try timetable.stationDetail(stations[0], at: instant)
                return html(StationPage(detail: detail, lang: lang, reference: timetable.reference).render())
            }
        }
        router.get("/timetable/:station") { request, context in
            try answer(request) { lang in
                let date = try PagePlaces.date(request, timeZone: timetable.timeZone)
                switch try places.platform(request, context.parameters.require("station")) {
                case .choice(let choices):
                    return html(ChoicePage(title: lang.pick(choices[0].station.name), choices: choices, base: "/timetable",
                                           keep: PagePlaces.query(request, "date").map { "&date=" + $0 } ?? "",
                                           path: request.uri.string, lang: lang, timetable: timetable).render())
                case .one(let station, let direction):
                    let board = try timetable.stationTimetable(station: station, direction: direction, serviceDate: date)
                    return html(TimetablePage(board: board, directions: try timetable.directions(at: station),
                                              now: try PagePlaces.instant(request, timeZone: timetable.timeZone), lang: lang, reference: timetable.reference).render())
                }
            }
        }
        router.get("/train/:train") { request, context in
            let lang = language(request)
            let id = try context.parameters.require("train")
            guard id.utf8.count <= 200, let parts = try timetable.trainRun(id) else {
                return notFound(lang, lang.t("その列車は見つかりません", "No such train"))
            }
            let from = request.uri.queryParameters["from"].map(String.init)
            return html(TrainPage(parts: parts, highlight: from, lang: lang, reference: timetable.reference).render())
        }
        router.get("/railway/:railway") { request, context in
            let lang = language(request)
            let raw = try context.parameters.require("railway")
            let text = raw.removingPercentEncoding ?? raw
            guard text.utf8.count <= 200, let railway = try? timetable.resolveRailway(text).railway else {
                return notFound(lang, lang.t("その路線は見つかりません", "No such railway"))
            }
            return html(RailwayPage(detail: try timetable.railwayDetail(railway), lang: lang).render())
        }
        router.get("/board/:station") { request, context in
            try answer(request) { lang in
                let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
                switch try places.platform(request, context.parameters.require("station")) {
                case .choice(let choices):
                    return html(ChoicePage(title: lang.pick(choices[0].station.name), choices: choices, base: "/board",
                                           keep: PagePlaces.query(request, "at").map { "&at=" + $0 } ?? "",
                                           path: request.uri.string, lang: lang, timetable: timetable).render())
                case .one(let station, let direction):
                    let board = try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: BoardPage.rows)
                    let pinned = PagePlaces.query(request, "at") != nil ? instant : nil
                    return html(BoardPage(board: board, heading: timetable.heading(of: direction, at: station), lang: lang,
                                          reference: timetable.reference, pinned: pinned).render())
                }
            }
        }
    }

    static func language(_ request: Request) -> PageLanguage {
        request.uri.queryParameters["lang"] == "en" ? .en : .ja
    }

    /// A page, or the rider's mistake as a readable page in their language (database failures
    /// still go on to the problem middleware, as a 500 that is logged).
    static func answer(_ request: Request, _ body: (PageLanguage) throws -> Response) throws -> Response {
        let lang = language(request)
        do {
            return try body(lang)
        } catch let error as ResolveError {
            return failure(PageError(error), lang: lang)
        } catch let error as PageError {
            return failure(error, lang: lang)
        }
    }

    static func failure(_ error: PageError, lang: PageLanguage) -> Response {
        let message = lang.t(error.ja, error.en)
        var body = "<h1>\(HTML.escape(message))</h1>"
        if let detail = error.detail { body += "<p class=\"notice\">\(HTML.escape(detail))</p>" }
        body += "<p><a href=\"\(lang.link("/"))\">\(lang.t("ホームへ", "Home"))</a></p>"
        return html(Page(title: message, lang: lang, path: "/", body: body).render(), status: error.status)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func notFound(_ lang: PageLanguage, _ message: String, status: HTTPResponse.Status = .notFound) -> Response {
        failure(PageError(status, ja: message, en: message), lang: lang)
    }
}
