import EkiCore
import EkiStore
import Foundation

/// The station detail page (station.mustache): the rail diagram, both directions side by side,
/// last trains, frequencies, train types, connections and a bookmark button per direction.
struct StationView: PageView {
    static let template = "station"

    struct Departure: View {
        /// The line over the next day's first train (翌日 / Next day), drawn before it.
        var nextDay: String?
        var href: String
        var time: String
        var badge: Badge?
        var destination: String
        /// Minutes to go; nil in the compact lists (last trains).
        var until: String?
        /// When it leaves (Phrases.due), for the live countdown; nil where there is no countdown.
        var due: String?
    }

    /// One piece of the diagram: a station (this one, a neighbour, a far one) or a line between.
    struct DiagramPart: View {
        var here: String?
        var stop: Link?
        var far: String?
        var link: Line?
        struct Line: View { var style: String; var title: String? }
    }

    struct Side: View {
        var direction: String
        var station: String
        /// Which way the side's trains leave, as an arrow toward the next station.
        var compass: Compass?
        /// Where the line turns, the terminal's own arrow after the heading ("荻窪 ←").
        var terminalCompass: Compass?
        var heading: String
        var toward: String?
        var bookmark: String
        var bookmarked = false
        var timetableHref: String
        var boardHref: String
        var noTrainsThisDay: Bool
        var lastTrainGone: Bool
        var next: [Departure]
        var lastTrains: [Departure]
        var lastByDestination: [Departure]
        var frequency: [Frequency]
        var destinations: [Destination]
        struct Frequency: View { var period: String; var perHour: String; var trains: String }
        struct Destination: View { var name: String; var trains: Int }
    }

    struct TrainType: View { var badge: Badge?; var name: String; var trains: Int }

    /// ↗ and its words ("北東へ" / "heading north-east"): a rider on a platform knows which way is
    /// which by the map, not by 上り/下り (issue 32, 15).
    struct Compass: View {
        var arrow: String
        var label: String
        /// 0 north, 1 north-east … 7 north-west.
        var point: Int
        /// The place the arrow points to, where the page names it beside the arrow.
        var name: String?

        static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]
        static let ja = ["北", "北東", "東", "南東", "南", "南西", "西", "北西"]
        static let en = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]

        /// From `from` toward `to`, to the nearest of eight points; nil when either place is
        /// unknown or the two are too close to say (a complex's own stations).
        init?(from: GeoPoint?, to: GeoPoint?, lang: PageLanguage) {
            guard let from, let to, from.distance(to: to) > 50 else { return nil }
            let (φ1, φ2) = (from.latitude * .pi / 180, to.latitude * .pi / 180)
            let Δλ = (to.longitude - from.longitude) * .pi / 180
            let bearing = atan2(sin(Δλ) * cos(φ2), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)) * 180 / .pi
            let point = Int(((bearing + 360).truncatingRemainder(dividingBy: 360) + 22.5) / 45) % 8
            self.point = point
            arrow = Self.arrows[point]
            label = lang.t(Self.ja[point] + "へ", "heading " + Self.en[point])
        }
    }
    /// `how` the change's words; `across` the quicker change some directions have, its own phrase
    /// (`.phrase`: never broken inside on a phone), after `acrossJoin`.
    struct Connection: View { var href: String; var chip: Chip?; var station: String; var otherName: String?; var how: String
                              var across: String?; var acrossJoin: String }

    var frame: Frame
    var line: String?
    var name: String
    var otherName: String
    var railway: RailwayLink?
    var schedule: String
    /// The moment shown: "07:30", or "08:18 の時点" when one was asked for; kept on one line with
    /// the switch after it.
    var clock: String
    /// When the page was asked for another moment (`at=`: a train's arrival, a route's change):
    /// the same station now.
    var now: Link?
    var loop: Bool
    var diagramLabel: String
    var diagram: [DiagramPart]
    var sides: [Side]
    var trainTypes: [TrainType]
    var connections: [Connection]

    struct RailwayLink: View { var chip: Chip; var href: String }

    /// `asked`: the moment asked for (`at=`, as it goes in an address), which the board and
    /// timetable links keep and the schedule line names ("08:18 の時点").
    init(detail: StationDetail, reference: Reference, scope: PageScope, asked: String? = nil) {
        let lang = scope.lang
        let station = detail.station
        frame = scope.frame(title: lang.pick(station.name), path: Phrases.station("/station", station, reference: reference), scripts: ["station.js"])
        line = AssetManifest.lineClass(detail.railway?.color)
        name = lang.pick(station.name)
        otherName = lang == .ja ? station.name.en : station.name.ja
        railway = detail.railway.map { RailwayLink(chip: Chip($0, lang: lang), href: scope.link("/railway/" + Phrases.path($0.id))) }
        let clock = detail.instant.minute.serviceClock
        schedule = Phrases.schedule(detail.instant.serviceDate, detail.schedule, detail.day, reference: reference, lang: lang)
        self.clock = asked == nil ? clock : lang.t("\(clock) の時点", "as of \(clock)")
        loop = detail.isLoop
        diagramLabel = detail.isLoop ? lang.t("環状線", "loop line") : lang.t("路線図", "rail diagram")
        diagram = Self.diagram(detail, reference: reference, scope: scope)
        sides = detail.sides.map { Self.side($0, detail: detail, reference: reference, scope: scope, asked: asked) }
        trainTypes = detail.trainTypes.map {
            TrainType(badge: Badge($0.type, category: $0.type.category, railway: detail.railway, lang: lang),
                      name: lang.pick($0.type.name), trains: $0.trains)
        }
        connections = detail.connections.map { connection in
            Connection(href: scope.link(Phrases.station("/station", connection.station, reference: reference)),
                       chip: connection.railway.map { Chip($0, lang: lang) }, station: connection.station.id,
                       otherName: connection.station.name == station.name ? nil : lang.pick(connection.station.name),
                       how: lang.pick(connection.walkWords), across: connection.acrossWords.map { lang.pick($0) },
                       acrossJoin: lang.t("・", "; "))
        }
    }

    /// 横浜 ┄ みなとみらい ━ ● 馬車道 ━ 日本大通り ━ 元町・中華街, as boxes on a line in the railway's colour.
    static func diagram(_ detail: StationDetail, reference: Reference, scope: PageScope) -> [DiagramPart] {
        let lang = scope.lang
        func stop(_ station: Reference.Station) -> DiagramPart {
            DiagramPart(stop: Link(href: scope.link(Phrases.station("/station", station, reference: reference)), name: lang.pick(station.name)))
        }
        func line(_ style: String, title: String? = nil) -> DiagramPart { DiagramPart(link: .init(style: style, title: title)) }
        func half(_ side: StationDetail.Side) -> [DiagramPart] {
            // A side no train runs on that day is not drawn, link and all.
            guard !side.noTrainsThisDay else { return [] }
            var parts: [DiagramPart] = []
            if let neighbour = side.neighbour { parts.append(stop(neighbour)) }
            if let terminal = side.terminal, terminal.id != side.neighbour?.id {
                parts.append(line(side.stationsBetween > 0 ? "dotted" : "solid", title: "\(side.stationsBetween) \(lang.t("駅", "stations"))"))
                parts.append(stop(terminal))
            } else if let through = side.throughRailway {
                parts.append(line("dotted"))
                parts.append(DiagramPart(far: lang.t(through.name.ja + "直通", "to " + through.name.en)))
            } else if !side.toward.isEmpty {
                parts.append(line("dotted"))
                let names = side.toward.map { lang.pick($0.name) }
                parts.append(DiagramPart(far: lang.t(names.joined(separator: "・") + "方面", "for " + names.joined(separator: " & "))))
            }
            return parts
        }
        func linked(_ side: StationDetail.Side) -> [DiagramPart] {
            let parts = half(side)
            return parts.isEmpty ? [] : [line("solid")] + parts
        }
        let here = DiagramPart(here: lang.pick(detail.station.name))
        switch detail.sides.count {
        case 2: return linked(detail.sides[0]).reversed() + [here] + linked(detail.sides[1])
        case 1: return [here] + linked(detail.sides[0])
        default: return [here]
        }
    }

    static func side(_ side: StationDetail.Side, detail: StationDetail, reference: Reference, scope: PageScope,
                     asked: String? = nil) -> Side {
        let lang = scope.lang
        let station = detail.station
        let query = "direction=" + Phrases.direction(side.direction)
        func departure(_ rows: [Board.Row], _ index: Int, countdown: Bool) -> Departure {
            let row = rows[index]
            return Departure(nextDay: countdown ? Phrases.nextDay(rows, at: index, lang: lang) : nil,
                             href: scope.link(Phrases.train(row.departure, serviceDate: row.serviceDate, from: station, reference: reference)),
                             time: row.departure.time.clock, badge: Badge(row.departure, reference: reference, lang: lang, named: true),
                             destination: Phrases.destination(row, lang: lang),
                             until: countdown ? Phrases.until(row.minutesUntil, lang: lang) : nil,
                             due: countdown ? Phrases.due(row) : nil)
        }
        func list(_ rows: [Board.Row], countdown: Bool) -> [Departure] {
            rows.indices.map { departure(rows, $0, countdown: countdown) }
        }
        let named = reference.directionName(side.direction, at: station), heading = lang.pick(named)
        func place(_ station: Reference.Station) -> GeoPoint? { station.coordinate ?? reference.complexes[station.complex]?.coordinate }
        let next = (side.neighbour ?? side.terminal).flatMap { Compass(from: place(station), to: place($0), lang: lang) }
        let end = side.terminal.flatMap { Compass(from: place(station), to: place($0), lang: lang) }
        // Where the line turns, the next station and the terminal lie different ways (the 丸ノ内線
        // leaves 池袋 east for 荻窪, far to the west): one arrow would be confidently wrong for one of
        // them, so each gets its own, said as what it is — the next station's, and the terminal's
        // named beside the heading ("→ 荻窪方面 荻窪 ←").
        var compass = next, terminalCompass: Compass?
        if var next, var end, min(abs(next.point - end.point), 8 - abs(next.point - end.point)) > 2, let terminal = side.terminal {
            let name = lang.pick(terminal.name)
            next.label = lang.t("次の駅は\(Compass.ja[next.point])へ", "next stop to the \(Compass.en[next.point])")
            end.label = lang.t("\(name)は\(Compass.ja[end.point])", "\(name) lies \(Compass.en[end.point])")
            end.name = name
            compass = next
            terminalCompass = end
        }
        return Side(direction: side.direction.id, station: station.id, compass: compass, terminalCompass: terminalCompass, heading: heading,
                    toward: Self.toward(of: side, beyond: heading, lang: lang),
                    bookmark: bookmark(side, detail: detail),
                    timetableHref: scope.link(Phrases.station("/timetable", station, reference: reference,
                                                              query: query + (asked == nil ? "" : "&date=" + detail.instant.serviceDate.iso))),
                    boardHref: scope.link(Phrases.station("/board", station, reference: reference, query: query + (asked.map { "&at=" + $0 } ?? ""))),
                    noTrainsThisDay: side.noTrainsThisDay, lastTrainGone: !side.noTrainsThisDay && side.lastTrainGone,
                    next: list(side.next, countdown: true),
                    lastTrains: list(side.lastTrains, countdown: false),
                    lastByDestination: list(side.lastByDestination, countdown: false),
                    frequency: side.frequency.map {
                        // 7–10 and 16–20 are Tokyo's rush hours; a feed elsewhere gets the hours alone.
                        .init(period: scope.site.rushHours ? lang.pick($0.period.name) : lang.pick($0.period.name).replacing(/（.*）| \(.*\)/, with: ""), perHour: String(format: "%.1f", $0.perHour), trains: "\($0.trains)" + lang.t("本", ""))
                    },
                    destinations: side.frequency.isEmpty ? [] : side.destinations.map { .init(name: lang.pick($0.name), trains: $0.trains) })
    }

    /// What a side's heading says beside its direction's name: where its trains go, unless the
    /// direction is already named after where it goes (a feed's headsign) or says those places.
    static func toward(of side: StationDetail.Side, beyond heading: String, lang: PageLanguage) -> String? {
        guard side.direction.toward == nil, let toward = toward(side).map(lang.pick), says(toward, beyond: heading) else { return nil }
        return toward
    }

    /// Whether "浅草方面" / "toward Asakusa" adds anything to a heading: not when the heading already
    /// names those terminals ("浅草方面", "For Asakusa" at 渋谷's 銀座線 said it twice, issue 32, 8).
    static func says(_ toward: String, beyond heading: String) -> Bool {
        let places = toward.hasPrefix("toward ") ? String(toward.dropFirst("toward ".count)) : toward.replacing("方面", with: "")
        return !heading.localizedCaseInsensitiveContains(places)
    }

    /// Where a side's trains go, in both languages: 元町・中華街方面, 渋谷・新宿方面 (a loop),
    /// 副都心線直通 (leaving only by through service).
    static func toward(_ side: StationDetail.Side) -> LocalizedName? {
        if let terminal = side.terminal { return .init(ja: "\(terminal.name.ja)方面", en: "toward \(terminal.name.en)") }
        if !side.toward.isEmpty {
            return .init(ja: side.toward.map(\.name.ja).joined(separator: "・") + "方面",
                         en: "toward " + side.toward.map(\.name.en).joined(separator: " & "))
        }
        if let through = side.throughRailway { return .init(ja: "\(through.name.ja)直通", en: "through to \(through.name.en)") }
        return nil
    }

    /// What the bookmark button stores: ids, and every name in both languages, so the home page
    /// shows a bookmark in the language of the page it is on (and offline, without asking).
    static func bookmark(_ side: StationDetail.Side, detail: StationDetail) -> String {
        func name(_ name: LocalizedName?) -> [String: String]? { name.map { ["ja": $0.ja, "en": $0.en] } }
        var names: [String: [String: String]] = ["station": ["ja": detail.station.name.ja, "en": detail.station.name.en],
                                                 "direction": ["ja": side.direction.name.ja, "en": side.direction.name.en]]
        names["railway"] = name(detail.railway?.name)
        // "押上方面" already says where it goes (see Phrases.direction).
        names["toward"] = side.direction.name.ja.hasSuffix("方面") ? nil : name(toward(side))
        var object: [String: Any] = ["station": detail.station.id, "direction": side.direction.id, "names": names]
        object["railway"] = detail.railway?.id
        object["color"] = detail.railway?.color
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
