import EkiCore
import EkiStore
import Foundation
import Hummingbird

/// Home's "Nearby" (nearby-cards.mustache), drawn here so a phone gets it readable in one piece:
/// each station complex near the rider, then each of its railways (colour chip and name), then the
/// next train each way. Only a railway's own trains are listed under it: where lines run through
/// (東横線 ⇄ 副都心線 at 渋谷) the platform boards of both railways list the same train, and the rider
/// would read it twice; it is shown once, under the railway it runs on from here.
struct NearbyView: PageView {
    static let template = "nearby"
    /// The cards alone, for the home page's script.
    static let cardsTemplate = "nearby-cards"
    /// How far and how many: a walk of about 20 minutes, a phone screen or two of stations.
    static let radius = 1500.0, limit = 6
    /// Rows looked at per direction to find the railway's own next train past through trains
    /// and past the trains that leave before the rider can walk there.
    static let lookAhead = 8

    struct Place: View {
        var name: String
        var distance: Int
        var walk: String
        /// The complex's station ids, for home.js to weigh by the rider's history.
        var stations: String
        var lines: [Line]
    }
    struct Line: View { var line: String?; var href: String; var chip: Chip?; var station: String; var ways: [Way] }
    /// 内回り 07:31 各 品川・東京方面 1分後: the direction small, the train's destination whole.
    /// `late`: it leaves before the rider can walk there (only when no later train is listed).
    struct Way: View {
        var href: String; var direction: String; var time: String; var badge: Badge?; var destination: String; var until: String
        var due: String; var walkMinutes: Int; var late: Bool
        var minutesUntil: Int

        /// One the rider can walk to beats one they cannot; of two they can, the sooner; of two they
        /// cannot, the later (the nearer to reachable).
        func isBetter(than other: Way) -> Bool {
            if late != other.late { return !late }
            return late ? minutesUntil > other.minutesUntil : minutesUntil < other.minutesUntil
        }
    }

    var frame: Frame
    var outsideArea: Bool
    var nothingNear: Bool
    /// With nothing within the radius: the nearest station all the same, and how far
    /// ("No station within 1500 m; the nearest is …").
    var nearest: Link?
    var places: [Place] = []
    /// Each place's heading, so that headings never skip a level: an h2 under the page's h1 on
    /// /nearby (and in the cards that page's script draws again, fragment=page), an h3 under home's
    /// h2 "Nearby" (fragment=1).
    var heading: String

    init(request: Request, timetable: Timetable, scope: PageScope) throws {
        let lang = scope.lang
        let reference = timetable.reference
        guard let lat = PagePlaces.query(request, "lat").flatMap(Double.init), (-90...90).contains(lat),
              let lon = PagePlaces.query(request, "lon").flatMap(Double.init), (-180...180).contains(lon) else {
            throw PageError(.badRequest, ja: "位置は lat と lon の数値で指定してください", en: "Give the position as numbers lat and lon")
        }
        let point = GeoPoint(latitude: lat, longitude: lon)
        heading = [nil, "page"].contains(PagePlaces.query(request, "fragment")) ? "h2" : "h3"
        frame = scope.frame(title: lang.t("近くの駅", "Nearby"), path: "/nearby?lat=\(point.latitude)&lon=\(point.longitude)")
        let instant = try PagePlaces.instant(request, timeZone: timetable.timeZone)
        let found = try timetable.nearby(point, radius: Self.radius, limit: Self.limit)
        outsideArea = found.outsideArea
        for nearby in found.stations {
            var lines: [Line] = []
            var railways: [Reference.Railway?] = []
            for station in nearby.stations {
                var ways: [Way] = []
                for direction in try timetable.directions(at: station) {
                    let board = try timetable.nextDepartures(station: station, direction: direction, at: instant, limit: Self.lookAhead)
                    // The first of the railway's own trains the rider can still walk to; a sooner one is
                    // no use to them ("413 m · 6 min walk" over a train "in 1 min").
                    let mine = board.rows.filter { $0.departure.railway == station.railway }
                    if let own = mine.first(where: { $0.minutesUntil >= nearby.walkMinutes }) ?? mine.first {
                        ways.append(Way(href: scope.link(Phrases.station("/timetable", station, reference: reference,
                                                                         query: "direction=" + Phrases.direction(direction))),
                                        direction: lang.pick(reference.directionName(direction, at: station)), time: own.departure.time.clock,
                                        badge: Badge(own.departure, reference: reference, lang: lang, named: true),
                                        destination: (own.isNextDay ? Words(lang).nextDayName(own.day) + " " : "") + Phrases.destination(own, lang: lang),
                                        until: Phrases.until(own.minutesUntil, lang: lang), due: Phrases.due(own),
                                        walkMinutes: nearby.walkMinutes, late: own.minutesUntil < nearby.walkMinutes,
                                        minutesUntil: own.minutesUntil))
                    }
                }
                guard !ways.isEmpty else { continue }
                let railway = station.railway.flatMap { timetable.reference.railways[$0] }
                // One railway can have two station records in a complex: they share its line.
                if let index = railways.firstIndex(where: { $0 != nil && $0 == railway }) {
                    // Its two records name the same directions (大江戸線 at 新宿 and 都庁前, where the loop
                    // meets the line to 光が丘, listed 外回り and 内回り twice): one row each way, the
                    // train the rider can walk to first (issue 32, 8).
                    for way in ways {
                        if let same = lines[index].ways.firstIndex(where: { $0.direction == way.direction }) {
                            if way.isBetter(than: lines[index].ways[same]) { lines[index].ways[same] = way }
                        } else {
                            lines[index].ways.append(way)
                        }
                    }
                } else {
                    railways.append(railway)
                    lines.append(Line(line: AssetManifest.lineClass(railway?.color), href: scope.link(Phrases.station("/station", station, reference: reference)),
                                      chip: railway.map { Chip($0, lang: lang) }, station: station.id, ways: ways))
                }
            }
            guard !lines.isEmpty else { continue }
            let distance = Int(nearby.distance.rounded())
            places.append(Place(name: lang.pick(nearby.nearest.name), distance: distance,
                                walk: lang.t("徒歩\(nearby.walkMinutes)分", "\(nearby.walkMinutes) min walk"),
                                stations: nearby.stations.map(\.id).joined(separator: " "), lines: lines))
        }
        nothingNear = !outsideArea && places.isEmpty
        if nothingNear, found.stations.isEmpty, let near = found.nearestOutside, let station = near.stations.first {
            nearest = Link(href: scope.link(Phrases.station("/station", station, reference: reference)),
                           name: Words(lang).nearestOutside(radius: Int(Self.radius), name: lang.pick(near.nearest.name),
                                                            meters: Int(near.distance.rounded()), walk: near.walkMinutes))
        }
    }
}
