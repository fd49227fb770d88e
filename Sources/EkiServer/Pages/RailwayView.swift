import EkiCore
import EkiDrawing
import EkiStore

/// The railway page (railway.mustache): the line drawn on its real shape, then its stations in
/// order (each a link to its detail), where each direction goes, the train types, trains per day
/// and through service.
struct RailwayView: PageView {
    static let template = "railway"

    struct Direction: View { var name: String; var terminal: Link?; var turn: String? }
    struct Station: View { var href: String; var name: String; var otherName: String }
    struct TrainType: View { var badge: Badge?; var name: String }
    struct Calendar: View { var name: String; var trains: Int }
    struct Through: View { var href: String; var chip: Chip }

    var frame: Frame
    var line: String?
    var chip: Chip
    var otherName: String
    var owner: String?
    var directions: [Direction]
    /// The map as SVG, drawn by EkiDrawing (which escapes its own text); inserted as it is.
    var map: String
    var stationCount: String
    var stations: [Station]
    var trainTypes: [TrainType]
    var calendars: [Calendar]
    var throughService: [Through]

    init(detail: RailwayDetail, reference: Reference, scope: PageScope) {
        let lang = scope.lang
        let railway = detail.railway
        frame = scope.frame(title: lang.pick(railway.name), path: "/railway/" + Phrases.path(railway.id))
        line = AssetManifest.lineClass(railway.color)
        chip = Chip(railway, lang: lang)
        otherName = lang == .ja ? railway.name.en : railway.name.ja
        owner = railway.operatorName.map(lang.pick)
        directions = detail.directions.map { direction in
            Direction(name: lang.pick(direction.direction.name),
                      terminal: direction.terminal.map { Link(href: scope.link(Phrases.station("/station", $0, reference: reference)), name: lang.pick($0.name)) },
                      turn: direction.terminal != nil ? nil : direction.clockwise.map { $0 ? lang.t("時計回り", "clockwise") : lang.t("反時計回り", "counter-clockwise") })
        }
        // The picture is drawn for a white page; it keeps its own white background in dark mode.
        // Its first line, the XML declaration, has no place inside HTML.
        let picture = RailwaySVG(detail: detail, lang: lang, width: 560, minHeight: 360, maxHeight: 900).render()
        map = String(picture.drop(while: { $0 != "\n" }))
        stationCount = "\(detail.stations.count)" + (detail.isLoop ? lang.t("（環状）", " (loop)") : "")
        stations = detail.stations.map { Station(href: scope.link(Phrases.station("/station", $0, reference: reference)), name: lang.pick($0.name),
                                                 otherName: lang == .ja ? $0.name.en : $0.name.ja) }
        trainTypes = detail.trainTypes.map { TrainType(badge: Badge($0, category: $0.category, railway: railway, lang: lang), name: lang.pick($0.name)) }
        calendars = detail.calendars.map {
            // A feed's calendar by what riders call it, its service_id beside: "Weekday service (WKD)".
            let service = $0.service
            let named = reference.followsFeedCalendar ? reference.serviceNames[service].map { lang.pick($0) + " (\(service))" } : nil
            return Calendar(name: named ?? Phrases.scheduleName(service, lang: lang), trains: $0.trains)
        }
        throughService = detail.throughService.map { Through(href: scope.link("/railway/" + Phrases.path($0.railway.id)), chip: Chip($0.railway, lang: lang)) }
    }
}
