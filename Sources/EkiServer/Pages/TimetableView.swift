import EkiCore
import EkiStore
import Foundation

/// A station's whole service day in one direction (timetable.mustache), hour by hour, with the
/// current time marked; the other directions are one tap (or a swipe) away.
struct TimetableView: PageView {
    static let template = "timetable"

    struct Tab: View { var href: String; var name: String; var current: Bool }
    /// One departure; `hour` heads the first row of each hour.
    struct Row: View {
        var hour: String?
        var now: Bool
        var href: String
        var time: String
        var category: String
        var letter: String
        /// The train type's name, only where the badge does not already say it.
        var type: String?
        var destination: String
    }

    var frame: Frame
    var station: String
    var stationHref: String
    var name: String
    var railway: Chip?
    var schedule: String
    var tabs: [Tab]
    var noTrains: Bool
    var rows: [Row]

    /// `now`: the moment to mark, when the page shows today's service day.
    init(board: Board, directions: [Reference.Direction], now: ServiceInstant?, reference: Reference, scope: PageScope) {
        let lang = scope.lang
        let station = board.station
        func page(_ direction: Reference.Direction) -> String {
            Phrases.station("/timetable", station, reference: reference,
                            query: "direction=" + Phrases.direction(direction) + "&date=" + board.serviceDate.iso)
        }
        frame = scope.frame(title: lang.pick(station.name) + " " + lang.pick(reference.directionName(board.direction, at: station)),
                            path: page(board.direction))
        self.station = station.publicId
        stationHref = scope.link(Phrases.station("/station", station, reference: reference))
        name = lang.pick(station.name)
        railway = station.railway.flatMap { reference.railways[$0] }.map { Chip($0, lang: lang) }
        schedule = Phrases.schedule(board.serviceDate, board.schedule, board.day, reference: reference, lang: lang)
        tabs = directions.map { direction in
            Tab(href: scope.link(page(direction)),
                name: lang.pick(reference.directionName(direction, at: station)), current: direction.id == board.direction.id)
        }
        noTrains = board.rows.isEmpty
        let nowIndex = now.flatMap { now in
            now.serviceDate == board.serviceDate ? board.rows.firstIndex { $0.departure.time.value >= now.minute.value } : nil
        }
        var hour = -1
        rows = board.rows.enumerated().map { index, row in
            let departure = row.departure
            var heading: String?
            if departure.time.value / 60 != hour {
                hour = departure.time.value / 60
                heading = "\(hour % 24)" + lang.t("時", ":00")
            }
            let category = departure.category
            let badge = Badge(departure, reference: reference, lang: lang)
            // 通勤特急 under 特, not 急行 under 急, nor 普通 under 各: both mean the train stops everywhere.
            // A feed's type (Commuter rail) is said once, in the page's schedule line's place: not per row.
            let type = departure.classified ? reference.trainTypes[departure.trainType].map { lang.pick($0.name) }
                .flatMap { $0 != lang.t(category.nameJa, category.nameEn) && !(category == .local && $0 == "普通") ? $0 : nil } : nil
            return Row(hour: heading, now: index == nowIndex,
                       href: scope.link(Phrases.train(departure, serviceDate: row.serviceDate, from: nil, reference: reference)),
                       time: departure.time.clock, category: badge?.category ?? "none", letter: badge?.letter ?? "", type: type,
                       destination: Phrases.destination(row, lang: lang))
        }
    }
}
