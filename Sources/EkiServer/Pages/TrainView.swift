import EkiCore
import EkiStore
import Foundation

/// One train across every railway it runs on (train.mustache), the rider's station highlighted.
/// A through train often changes type on the way (各停 on the Minatomirai Line, 急行 on the Toyoko
/// Line): each railway's part has its own header with its type, and the page is headed with the
/// type the train has where the rider gets on.
struct TrainView: PageView {
    static let template = "train"

    struct Boarding: View { var train: String; var station: String }
    struct TypeName: View { var badge: Badge?; var name: String }
    struct Part: View {
        var chip: Chip?
        var railway: String
        var badge: Badge?
        var type: String
        var number: String
        /// What riders call its calendar, with the calendar's id: "Weekday service (WKD)".
        var schedule: String?
        var line: String?
        var stops: [Stop]
    }
    struct Stop: View {
        var mine: Bool
        var anchor: Bool
        var arrival: String
        var departure: String
        var href: String
        var name: String
        /// The station id to get off at (降りる), after the rider's stop.
        var alight: String?
        /// Without a stop of the rider's: where to get on here (乗る).
        var boardHref: String?
    }

    var frame: Frame
    /// The day shown, for a feed's trip (it runs on its calendar's days, and a trip_id can have a
    /// copy per calendar) or a day asked for; nil for a Tokyo train looked at today, whose id names its calendar.
    var day: String?
    var runs: Bool
    var boarding: Boarding?
    var type: TypeName?
    var bound: String?
    var trainName: String?
    var parts: [Part]

    /// `highlight`: the rider's station (`?from=`), nil when the train is looked at from nowhere.
    /// `highlight`: the rider's station (`?from=`: a station id or the one riders use, a feed's
    /// stop_id); `date`: the service day shown, `dated`: whether the address gave it.
    init?(parts: [TrainPart], highlight asked: String?, date: CivilDate, dated: Bool, reference: Reference, scope: PageScope) {
        guard let first = parts.first else { return nil }
        let lang = scope.lang
        // The rider's station: of the stations an id names, the one among the train's stops.
        let highlight = asked.flatMap { id in reference.station(id, amongStops: parts.flatMap { $0.stops.map(\.station) }) }
        let boarding = Self.boardingStop(parts, highlight: highlight, reference: reference)
        let here = boarding.map { parts[$0.part] } ?? first
        let type = reference.trainType(here.trainType)
        let feedTrip = reference.followsFeedCalendar || first.ids.publicId != first.ids.id
        var items = (dated || feedTrip ? ["date=" + date.iso] : []) + (asked.map { ["from=" + Phrases.path($0)] } ?? [])
        let path = "/train/" + Phrases.path(first.ids.publicId) + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        frame = scope.frame(title: type.map { lang.pick($0.name) } ?? first.ids.publicId, path: path, scripts: ["route.js"])
        runs = reference.runs(first, on: date)
        day = feedTrip || dated ? Words(lang).trainDay(date, runs: runs) : nil
        // A station's moment is carried only on a day the train is known to run: the address's
        // day, or today when its calendar runs today (a weekday train looked at on a Sunday has no
        // time at 馬車道 today).
        let carriesTime = dated || feedTrip || runs
        items = feedTrip ? ["date=" + date.iso] : []
        // Riding from the rider's stop: every later stop can be where they get off (route.js adds
        // the train to their route). Without one, any stop can be where they get on.
        self.boarding = boarding.map {
            Boarding(train: parts[$0.part].ids.id, station: reference.stations.id(of: parts[$0.part].stops[$0.stop].station) ?? "")
        }
        self.type = type.map { TypeName(badge: Badge($0, category: $0.category, railway: reference.railways[here.railway], lang: lang),
                                        name: lang.pick($0.name)) }
        // Where the train says it goes (a GTFS trip_headsign), else its last stop.
        bound = here.headsign.map { Words(lang).toward(lang.pick($0)) }
            ?? parts.last?.stops.last.flatMap { reference.stations[$0.station] }.map { lang.t("\($0.name.ja)行", "for \($0.name.en)") }
        trainName = (here.names + first.names).first.map(lang.pick)
        let highlightComplex = highlight?.complex
        self.parts = parts.enumerated().map { index, part in
            let railway = reference.railways[part.railway]
            let partType = reference.trainType(part.trainType)
            // A feed's train number reads as one ("Train 3629"); Tokyo's numbers are shown small as they are.
            let number = partType?.classified == false && !part.number.isEmpty ? Words(lang).trainNumber(part.number) : part.number
            let service = reference.serviceCode(part.service) ?? ""
            return Part(chip: railway.map { Chip($0, lang: lang) }, railway: railway?.id ?? "",
                        badge: partType.flatMap { Badge($0, category: $0.category, railway: railway, lang: lang) },
                        type: partType.map { lang.pick($0.name) } ?? "",
                        number: number,
                        schedule: reference.followsFeedCalendar ? reference.serviceNames[service].map { lang.pick($0) + " (\(service))" } : nil,
                        line: AssetManifest.lineClass(railway?.color),
                        stops: part.stops.enumerated().map { stopIndex, stop in
                            let station = reference.stations[stop.station]
                            let mine = highlight.map { $0.handle == stop.station || station?.complex == highlightComplex } ?? false
                            // The station may show twice (arriving on one railway, leaving on the next): both
                            // are marked, the one the rider boards at is the anchor scrolled to.
                            let anchor = boarding.map { $0 == (index, stopIndex) } ?? false
                            let later = boarding.map { (index, stopIndex) > ($0.part, $0.stop) } ?? false
                            // The station as it is when this train gets there (issue 32, 16): its page opens
                            // at the train's time, with a way back to now.
                            let when = carriesTime ? (stop.arrival ?? stop.departure).map { "at=" + ServiceInstant(serviceDate: date, minute: $0).description } ?? "" : ""
                            return Stop(mine: mine, anchor: anchor, arrival: stop.arrival?.clock ?? "", departure: stop.departure?.clock ?? "",
                                        href: scope.link(station.map { Phrases.station("/station", $0, reference: reference, query: when) } ?? ""),
                                        name: station.map { lang.pick($0.name) } ?? "",
                                        // Every later stop: most stops in the data give only a departure (the train's arrival
                                        // there is its departure), and a route may end at any of them (issue 32, 1).
                                        alight: later ? station?.id : nil,
                                        boardHref: boarding == nil && stop.departure != nil
                                            ? scope.link("/train/" + Phrases.path(first.ids.publicId) + "?"
                                                         + (items + ["from=" + Phrases.path(station?.publicId ?? "")]).joined(separator: "&"))
                                            : nil)
                        })
        }
    }

    /// Where the rider gets on: the first stop at the asked station (or another of its complex)
    /// that the train leaves from, else the first stop there at all.
    static func boardingStop(_ parts: [TrainPart], highlight: Reference.Station?, reference: Reference) -> (part: Int, stop: Int)? {
        guard let highlight else { return nil }
        var arrivalOnly: (part: Int, stop: Int)?
        for (index, part) in parts.enumerated() {
            for (stopIndex, stop) in part.stops.enumerated()
            where stop.station == highlight.handle || reference.stations[stop.station]?.complex == highlight.complex {
                if stop.departure != nil { return (index, stopIndex) }
                arrivalOnly = arrivalOnly ?? (index, stopIndex)
            }
        }
        return arrivalOnly
    }
}
