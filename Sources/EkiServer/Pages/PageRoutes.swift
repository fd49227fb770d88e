import EkiCore
import EkiStore
import Foundation
import Hummingbird

/// The web app's pages and assets. Pages read the timetable directly (no HTTP round trip to our
/// own API); bad input gets a readable HTML page with a 4xx status, never a stack trace.
public enum WebPages {
    public static func register<Router: RouterMethods>(on router: Router, timetable: Timetable) {
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
        router.get("/search") { request, _ in
            let lang = language(request)
            let query = String(request.uri.queryParameters["q"] ?? "")
            var page = SearchPage(query: query, results: [], error: nil, lang: lang, reference: timetable.reference)
            do { page.results = try timetable.search(query, limit: 20) } catch { page.error = "\(error)" }
            let fragment = request.uri.queryParameters["fragment"] != nil
            return html(fragment ? page.fragment() : page.render(), status: page.error == nil ? .ok : .badRequest)
        }
        router.get("/station/:station") { request, context in
            let lang = language(request)
            let stations = try resolve(context.parameters.require("station"), in: timetable)
            guard let instant = try instant(request) else { return notFound(lang, lang.t("時刻は YYYY-MM-DDTHH:MM で指定してください", "Give the time as YYYY-MM-DDTHH:MM"), status: .badRequest) }
            guard !stations.isEmpty else { return notFound(lang, lang.t("その駅は見つかりません", "No such station")) }
            guard stations.count == 1 else {
                let name = stations[0].name
                let results = (try? timetable.search(name.ja, limit: 5)) ?? []
                return html(SearchPage(query: lang.pick(name), results: results, error: nil, lang: lang, reference: timetable.reference).render())
            }
            let detail = try timetable.stationDetail(stations[0], at: instant)
            return html(StationPage(detail: detail, lang: lang, reference: timetable.reference).render())
        }
        router.get("/timetable/:station") { request, context in
            let lang = language(request)
            guard let station = try resolve(context.parameters.require("station"), in: timetable).first else {
                return notFound(lang, lang.t("その駅は見つかりません", "No such station"))
            }
            let directions = try timetable.directions(at: station)
            let asked = request.uri.queryParameters["direction"].map(String.init)
            guard let direction = asked.map({ id in directions.first { $0.id == id } }) ?? directions.first else {
                return notFound(lang, lang.t("その方向の列車はありません", "No trains leave in that direction"))
            }
            let now = ServiceInstant(Date())
            var date = now.serviceDate
            if let text = request.uri.queryParameters["date"] {
                guard let parsed = CivilDate(iso: String(text)) else {
                    return notFound(lang, lang.t("日付は YYYY-MM-DD で指定してください", "Give the date as YYYY-MM-DD"), status: .badRequest)
                }
                date = parsed
            }
            let board = try timetable.stationTimetable(station: station, direction: direction, serviceDate: date)
            return html(TimetablePage(board: board, directions: directions, now: try instant(request) ?? now, lang: lang,
                                      reference: timetable.reference).render())
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
            let lang = language(request)
            guard let station = try resolve(context.parameters.require("station"), in: timetable).first else {
                return notFound(lang, lang.t("その駅は見つかりません", "No such station"))
            }
            let directions = try timetable.directions(at: station)
            let asked = request.uri.queryParameters["direction"].map(String.init)
            guard let direction = asked.map({ id in directions.first { $0.id == id } }) ?? directions.first,
                  let instant = try instant(request) else {
                return notFound(lang, lang.t("方向か時刻が正しくありません", "Unknown direction or malformed time"), status: .badRequest)
            }
            let board = try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: 6)
            let pinned = request.uri.queryParameters["at"] != nil ? instant : nil
            return html(BoardPage(board: board, lang: lang, reference: timetable.reference, pinned: pinned).render())
        }
    }

    static func language(_ request: Request) -> PageLanguage {
        request.uri.queryParameters["lang"] == "en" ? .en : .ja
    }

    /// `at=YYYY-MM-DDTHH:MM` when given (nil when malformed), else now.
    static func instant(_ request: Request) throws -> ServiceInstant? {
        guard let text = request.uri.queryParameters["at"] else { return ServiceInstant(Date()) }
        return ServiceInstant(parsing: String(text))
    }

    /// A station id, or every station with departures whose name matches in any script.
    static func resolve(_ raw: String, in timetable: Timetable) throws -> [Reference.Station] {
        let text = raw.removingPercentEncoding ?? raw   // path parameters arrive still encoded (/station/%E6%B8%8B…)
        // Scalars, as search counts them: one Character can hide thousands of combining marks.
        guard text.unicodeScalars.count <= SearchError.maximumLength * 4,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return [] }
        return timetable.stations(matching: text).filter { $0.departures > 0 }
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
        let body = "<h1>\(HTML.escape(message))</h1><p><a href=\"\(lang.link("/"))\">\(lang.t("ホームへ", "Home"))</a></p>"
        return html(Page(title: message, lang: lang, path: "/", body: body).render(), status: status)
    }
}
