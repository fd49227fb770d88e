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
    struct TypeName: View { var badge: Badge; var name: String }
    struct Part: View {
        var chip: Chip?
        var railway: String
        var badge: Badge?
        var type: String
        var number: String
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
    var boarding: Boarding?
    var type: TypeName?
    var bound: String?
    var trainName: String?
    var parts: [Part]

    /// `highlight`: the rider's station (`?from=`), nil when the train is looked at from nowhere.
    init?(parts: [TrainPart], highlight: String?, reference: Reference, scope: PageScope) {
        guard let first = parts.first else { return nil }
        let lang = scope.lang
        let boarding = Self.boardingStop(parts, highlight: highlight, reference: reference)
        let here = boarding.map { parts[$0.part] } ?? first
        let type = reference.trainTypes[here.trainType]
        var path = "/train/" + Phrases.path(first.id)
        if let highlight { path += "?from=" + Phrases.path(highlight) }
        frame = scope.frame(title: type.map { lang.pick($0.name) } ?? first.id, path: path, scripts: ["route.js"])
        // Riding from the rider's stop: every later stop can be where they get off (route.js adds
        // the train to their route). Without one, any stop can be where they get on.
        self.boarding = boarding.map { Boarding(train: parts[$0.part].id, station: parts[$0.part].stops[$0.stop].station) }
        self.type = type.map { TypeName(badge: Badge($0.category, lang: lang), name: lang.pick($0.name)) }
        bound = parts.last?.stops.last.flatMap { reference.stations[$0.station] }.map { lang.t("\($0.name.ja)行", "for \($0.name.en)") }
        trainName = (here.names + first.names).first.map(lang.pick)
        let highlightComplex = highlight.flatMap { reference.stations[$0]?.complex }
        self.parts = parts.enumerated().map { index, part in
            let railway = reference.railways[part.railway]
            let partType = reference.trainTypes[part.trainType]
            return Part(chip: railway.map { Chip($0, lang: lang) }, railway: part.railway,
                        badge: partType.map { Badge($0.category, lang: lang) }, type: partType.map { lang.pick($0.name) } ?? "",
                        number: part.number, line: AssetManifest.lineClass(railway?.color),
                        stops: part.stops.enumerated().map { stopIndex, stop in
                            let station = reference.stations[stop.station]
                            let mine = highlight.map { $0 == stop.station || station?.complex == highlightComplex } ?? false
                            // The station may show twice (arriving on one railway, leaving on the next): both
                            // are marked, the one the rider boards at is the anchor scrolled to.
                            let anchor = boarding.map { $0 == (index, stopIndex) } ?? false
                            let later = boarding.map { (index, stopIndex) > ($0.part, $0.stop) } ?? false
                            return Stop(mine: mine, anchor: anchor, arrival: stop.arrival?.clock ?? "", departure: stop.departure?.clock ?? "",
                                        href: lang.link("/station/" + Phrases.path(stop.station)),
                                        name: station.map { lang.pick($0.name) } ?? stop.station,
                                        alight: later && stop.arrival != nil ? stop.station : nil,
                                        boardHref: boarding == nil && stop.departure != nil
                                            ? lang.link("/train/" + Phrases.path(first.id) + "?from=" + Phrases.path(stop.station)) : nil)
                        })
        }
    }

    /// Where the rider gets on: the first stop at the asked station (or another of its complex)
    /// that the train leaves from, else the first stop there at all.
    static func boardingStop(_ parts: [TrainPart], highlight: String?, reference: Reference) -> (part: Int, stop: Int)? {
        guard let highlight else { return nil }
        let complex = reference.stations[highlight]?.complex
        var arrivalOnly: (part: Int, stop: Int)?
        for (index, part) in parts.enumerated() {
            for (stopIndex, stop) in part.stops.enumerated()
            where stop.station == highlight || (complex != nil && reference.stations[stop.station]?.complex == complex) {
                if stop.departure != nil { return (index, stopIndex) }
                arrivalOnly = arrivalOnly ?? (index, stopIndex)
            }
        }
        return arrivalOnly
    }
}
