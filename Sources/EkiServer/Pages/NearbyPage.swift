import EkiCore
import EkiStore
import Foundation
import Hummingbird

/// Home's "Nearby", drawn here so a phone gets it readable in one piece: each station complex
/// near the rider, then each of its railways (color chip and name), then the next train each way.
/// Only a railway's own trains are listed under it: where lines run through (東横線 ⇄ 副都心線 at
/// 渋谷) the platform boards of both railways list the same train, and the rider would read it
/// twice; it is shown once, under the railway it runs on from here.
struct NearbyPage {
    /// How far and how many: a walk of about 20 minutes, a phone screen or two of stations.
    static let radius = 1500.0, limit = 6
    /// Rows looked at per direction to find the railway's own next train past through trains.
    static let lookAhead = 4

    struct Way { var station: Reference.Station; var direction: Reference.Direction; var row: Board.Row }
    struct Line { var railway: Reference.Railway?; var ways: [Way] }
    struct Place { var nearby: NearbyStation; var lines: [Line] }

    var places: [Place] = []
    var outsideArea = false
    var point: GeoPoint
    var lang: PageLanguage

    init(request: Request, lang: PageLanguage, timetable: Timetable) throws {
        guard let lat = PagePlaces.query(request, "lat").flatMap(Double.init), (-90...90).contains(lat),
              let lon = PagePlaces.query(request, "lon").flatMap(Double.init), (-180...180).contains(lon) else {
            throw PageError(.badRequest, ja: "位置は lat と lon の数値で指定してください", en: "Give the position as numbers lat and lon")
        }
        self.lang = lang
        point = GeoPoint(latitude: lat, longitude: lon)
        let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
        let found = try timetable.nearby(point, radius: Self.radius, limit: Self.limit)
        outsideArea = found.outsideArea
        for nearby in found.stations {
            var lines: [Line] = []
            for station in nearby.stations {
                var ways: [Way] = []
                for direction in try timetable.directions(at: station) {
                    let board = try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: Self.lookAhead)
                    if let own = board.rows.first(where: { $0.departure.railway == station.railway }) {
                        ways.append(Way(station: station, direction: direction, row: own))
                    }
                }
                guard !ways.isEmpty else { continue }
                let railway = station.railway.flatMap { timetable.reference.railways[$0] }
                // One railway can have two station records in a complex: they share its line.
                if let index = lines.firstIndex(where: { $0.railway != nil && $0.railway == railway }) {
                    lines[index].ways += ways
                } else {
                    lines.append(Line(railway: railway, ways: ways))
                }
            }
            if !lines.isEmpty { places.append(Place(nearby: nearby, lines: lines)) }
        }
    }

    /// The cards only, for the home page's script.
    func fragment() -> String {
        if outsideArea { return "<p class=\"notice\">\(lang.t("時刻表の範囲（東京圏）の外です", "Outside the timetable's area (Tokyo region)"))</p>" }
        if places.isEmpty { return "<p class=\"notice\">\(lang.t("近くに駅はありません", "No station nearby"))</p>" }
        return places.map(card).joined()
    }

    func render() -> String {
        let body = "<h1>\(lang.t("近くの駅", "Nearby"))</h1><div class=\"list\">" + fragment() + "</div>"
        let path = "/nearby?lat=\(point.latitude)&lon=\(point.longitude)"
        return Page(title: lang.t("近くの駅", "Nearby"), lang: lang, path: path, body: body).render()
    }

    /// One complex: its name and walk, then a block per railway. `data-stations` lets app.js put
    /// the stations the rider opens often first.
    func card(_ place: Place) -> String {
        let ids = place.nearby.stations.map(\.id).joined(separator: " ")
        let distance = Int(place.nearby.distance.rounded())
        var html = "<article class=\"card near\" data-distance=\"\(distance)\" data-stations=\"\(HTML.escape(ids))\">"
        html += "<h3>\(HTML.escape(lang.pick(place.nearby.nearest.name))) <small class=\"dim\">\(distance) m · "
        html += lang.t("徒歩\(place.nearby.walkMinutes)分", "\(place.nearby.walkMinutes) min walk") + "</small></h3>"
        for line in place.lines {
            let station = line.ways[0].station
            html += "<div class=\"line\" style=\"--line:\(HTML.escape(line.railway?.color ?? "#888"))\">"
            html += "<a href=\"\(lang.link("/station/" + Markup.path(station.id)))\">"
            html += (line.railway.map { Markup.chip($0, lang: lang) } ?? HTML.escape(station.id)) + "</a><ol class=\"ways\">"
            for way in line.ways { html += row(way) }
            html += "</ol></div>"
        }
        return html + "</article>"
    }

    /// 内回り 07:31 各 品川・東京方面 1分後: the direction small, the train's destination whole.
    func row(_ way: Way) -> String {
        let departure = way.row.departure
        let href = lang.link("/timetable/" + Markup.path(way.station.id) + "?direction=" + Markup.path(way.direction.id))
        var html = "<li><a href=\"\(href)\"><span class=\"way\">\(HTML.escape(lang.pick(way.direction.name)))</span>"
        html += "<time>\(departure.time.clock)</time>\(Markup.badge(departure.category, lang: lang))"
        html += "<span class=\"dest\">\(HTML.escape(lang.pick(way.row.destination)))</span>"
        return html + "<span class=\"until\">\(Markup.until(way.row.minutesUntil, lang: lang))</span></a></li>"
    }
}
