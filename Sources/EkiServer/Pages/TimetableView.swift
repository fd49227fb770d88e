import EkiCore
import EkiStore
import Foundation

/// A station's whole service day in one direction (timetable.mustache), hour by hour, with the
/// current time marked; the other directions are one tap (or a swipe) away.
struct TimetableView: PageView {
    static let template = "timetable"

    /// A direction's tab: its name and where it goes ("下り" 元町・中華街方面), as the station page's
    /// side says it (issue 32, 11: 下り/上り alone told a rider nothing).
    struct Tab: View { var href: String; var name: String; var toward: String?; var current: Bool }
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

    /// Another day: the next weekday, Saturday and Sunday/holiday from the day shown (today's
    /// kind marked), and any date by the form; `grid` is the classic hour × minutes view.
    struct Day: View { var href: String; var name: String; var current: Bool; var today: Bool }
    struct GridHour: View { var hour: String; var minutes: [GridMinute] }
    /// A minute of the grid: `mark` is its destination's letter where it is not the day's usual one
    /// (as printed timetables mark 和 for 和光市), `now` the next train, `gone` one already left.
    struct GridMinute: View {
        var href: String; var minute: String; var category: String; var title: String
        var mark: String?; var now: Bool; var gone: Bool
    }
    /// The grid's destination key: "無印 池袋 · 和 和光市 · 森 森林公園".
    struct Mark: View { var mark: String?; var name: String }
    /// What a colour in the grid (and a badge in the list) means: each category the day has, its
    /// badge and name, and the operator's own type names in it where they differ (通勤特急 under 特急).
    struct Key: View { var category: String; var letter: String; var name: String; var types: String? }

    var frame: Frame
    var days: [Day]
    var date: String
    var direction: String
    var grid: Bool
    var listHref: String
    var gridHref: String
    var hours: [GridHour]
    var marks: [Mark]
    var hasMarks: Bool
    var legend: [Key]
    var hasLegend: Bool
    var station: String
    var stationHref: String
    var name: String
    var railway: Chip?
    var schedule: String
    var tabs: [Tab]
    var noTrains: Bool
    var rows: [Row]

    /// `now`: the moment to mark, when the page shows today's service day.
    /// `sides`: each direction's side of the rail diagram (`Timetable.placedSide`), by direction id.
    init(board: Board, directions: [Reference.Direction], sides: [String: StationDetail.Side], now: ServiceInstant?, grid: Bool = false,
         reference: Reference, scope: PageScope) {
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
            let name = lang.pick(reference.directionName(direction, at: station))
            return Tab(href: scope.link(page(direction)), name: name,
                       toward: sides[direction.id].flatMap { StationView.toward(of: $0, beyond: name, lang: lang) },
                       current: direction.id == board.direction.id)
        }
        noTrains = board.rows.isEmpty
        date = board.serviceDate.iso
        direction = Phrases.direction(board.direction)
        self.grid = grid
        func here(_ date: CivilDate, grid: Bool) -> String {
            scope.link(Phrases.station("/timetable", station, reference: reference,
                                       query: "direction=" + Phrases.direction(board.direction) + "&date=" + date.iso + (grid ? "&view=grid" : "")))
        }
        listHref = here(board.serviceDate, grid: false)
        gridHref = here(board.serviceDate, grid: true)
        let today = now?.serviceDate
        let kinds: [(DayKind, String, String)] = [(.weekday, "平日", "Weekday"), (.saturday, "土曜", "Saturday"), (.holiday, "日曜・祝日", "Sunday/holiday")]
        days = kinds.compactMap { kind, ja, en in
            // The first day of this kind from the day shown on (a week covers every kind but a
            // rare holiday; the next Sunday is always within it).
            guard let day = (0..<7).map({ board.serviceDate.adding(days: $0) }).first(where: { ScheduleDay($0).kind == kind }) else { return nil as Day? }
            return Day(href: here(day, grid: grid), name: lang.t(ja, en),
                       current: ScheduleDay(board.serviceDate).kind == kind, today: today.map { ScheduleDay($0).kind == kind } ?? false)
        }
        let nowIndex = now.flatMap { now in
            now.serviceDate == board.serviceDate ? board.rows.firstIndex { $0.departure.time.value >= now.minute.value } : nil
        }
        var byHour: [GridHour] = []
        let destinationMarks = grid ? Self.destinationMarks(board.rows.map { lang.pick($0.destination) }) : []
        let markOf = Dictionary(uniqueKeysWithValues: destinationMarks.compactMap { mark in mark.mark.map { (mark.name, $0) } })
        for (index, row) in board.rows.enumerated() where grid {
            let value = row.departure.time.value, label = "\((value / 60) % 24)"
            if byHour.last?.hour != label { byHour.append(GridHour(hour: label, minutes: [])) }
            let category = row.departure.category, destination = lang.pick(row.destination)
            byHour[byHour.count - 1].minutes.append(GridMinute(
                href: scope.link(Phrases.train(row.departure, serviceDate: row.serviceDate, from: station, reference: reference)),
                minute: String(format: "%02d", value % 60), category: category.rawValue,
                title: lang.t(category.nameJa, category.nameEn) + " " + destination,
                mark: markOf[destination], now: index == nowIndex, gone: nowIndex.map { index < $0 } ?? false))
        }
        hours = byHour
        marks = destinationMarks.count > 1 ? destinationMarks : []
        hasMarks = !marks.isEmpty
        // Only classified trains have a category's colour; a feed without train types has no key.
        var typesIn: [TrainCategory: [String]] = [:]
        for row in board.rows where row.departure.classified {
            let name = reference.trainType(row.departure.trainType).map { lang.pick($0.name) } ?? ""
            if !(typesIn[row.departure.category]?.contains(name) ?? false) { typesIn[row.departure.category, default: []].append(name) }
        }
        legend = typesIn.keys.sorted().map { category in
            let name = lang.t(category.nameJa, category.nameEn)
            let others = typesIn[category]!.filter { $0 != name && !(category == .local && $0 == "普通") }
            return Key(category: category.rawValue, letter: category.badge, name: name,
                       types: others.isEmpty ? nil : others.joined(separator: lang.t("・", ", ")))
        }
        hasLegend = !legend.isEmpty
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
            let type = departure.classified ? reference.trainType(departure.trainType).map { lang.pick($0.name) }
                .flatMap { $0 != lang.t(category.nameJa, category.nameEn) && !(category == .local && $0 == "普通") ? $0 : nil } : nil
            // An English rider does not read 各 or 急: a row without its own type name gets its
            // category's from app.css (:lang(en) .day b + span::before), not 400 rows of markup.
            return Row(hour: heading, now: index == nowIndex,
                       href: scope.link(Phrases.train(departure, serviceDate: row.serviceDate, from: nil, reference: reference)),
                       time: departure.time.clock, category: badge?.category ?? "none", letter: badge?.letter ?? "", type: type,
                       destination: Phrases.destination(row, lang: lang))
        }
    }

    /// Each destination of the day, the most frequent first and unmarked, the others with the
    /// start of their name, one letter or two, that no other destination's starts with: 和 for 和光市,
    /// 新宿 and 新木 where 新宿三丁目 and 新木場 share 新; where two letters are not enough (Shinjuku-
    /// sanchome, Shinrin-koen, Shiki in English), the first with a number: S1, S2.
    static func destinationMarks(_ destinations: [String]) -> [Mark] {
        var counts: [String: Int] = [:]
        for name in destinations { counts[name, default: 0] += 1 }
        let names = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
        let letters = names.map { Array($0.filter { $0.isLetter || $0.isNumber }) }
        var numbered: [String: Int] = [:]
        return names.indices.map { index in
            guard index > 0 else { return Mark(mark: nil, name: names[index]) }
            let own = letters[index]
            func unique(_ length: Int) -> Bool {
                own.count >= length && !letters.indices.contains { $0 != index && Array(letters[$0].prefix(length)) == Array(own.prefix(length)) }
            }
            func written(_ characters: ArraySlice<Character>) -> String { String(characters).prefix(1).uppercased() + String(characters).dropFirst() }
            if let length = [1, 2].first(where: unique) { return Mark(mark: written(own.prefix(length)), name: names[index]) }
            let first = own.first.map { String($0).uppercased() } ?? ""
            numbered[first, default: 0] += 1
            return Mark(mark: first + "\(numbered[first]!)", name: names[index])
        }
    }
}
