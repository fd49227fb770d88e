import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct StationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "A station at a glance: which side is which direction, the next trains both ways, last trains, what runs here.")

    @Argument(help: ArgumentHelp("A station id or name: 馬車道, shibuya, おおさき.", valueName: "station"))
    var station: String

    @Option(name: .long, help: ArgumentHelp("Only the station on this railway (id or name: Tokyu.Toyoko, 東横線).", valueName: "railway"))
    var railway: String?

    @OptionGroup var moment: MomentOption

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions

    func run() throws {
        let timetable = try database.open()
        let lang = language.language(timetable)
        let instant = try moment.instant(timetable)
        let stations = try Resolve.narrow(try Resolve.stations(station, in: timetable), toRailway: railway, in: timetable)
        let details = try stations.map { try timetable.stationDetail($0, at: instant) }
        let bookmarks = Set((try? userState.open().bookmarks()) ?? [])
        userState.recordViews(stations.map { ($0.id, nil) })
        if output.json {
            let objects = details.map { StationDetailJSON($0, bookmarks: bookmarks, reference: timetable.reference) }
            print(objects.count == 1 ? try Render.json(objects[0]) : try Render.json(objects))
            return
        }
        let text = StationText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference)
        print(details.map { text.render($0, bookmarks: bookmarks) }.joined(separator: "\n\n"))
    }
}

/// The station detail in words, the rail diagram drawn in text.
struct StationText {
    var lang: Language
    var color: Bool
    var reference: Reference

    func render(_ detail: StationDetail, bookmarks: Set<Bookmark>) -> String {
        let board = BoardText(lang: lang, color: color, reference: reference)
        let place = PlaceText(lang: lang, color: color, reference: reference)
        var lines: [String] = []
        let railwayName = detail.railway.map { place.chip($0) + lang.pick($0.name) } ?? ""
        lines.append("\(place.title(detail.station.name))  \(railwayName)  (\(detail.station.publicId))")
        // The service day's own clock: after midnight 24:30 goes with the day the date names.
        let clock = detail.instant.minute.serviceClock
        let schedule = Words(lang).scheduleLine(
            date: detail.instant.serviceDate, name: detail.schedule.map { reference.serviceNames[$0] ?? LocalizedName(ja: $0, en: $0) },
            detail: lang.pick(reference.scheduleReason(detail.day, schedule: detail.schedule)))
        lines.append(schedule + (lang == .ja ? " \(clock) から" : " from \(clock)"))
        lines.append("")
        lines.append(diagram(detail))

        // Both directions side by side: left is toward the railway's first station.
        let columns = detail.sides.map { column($0, detail: detail, board: board, bookmarks: bookmarks) }
        lines.append("")
        if columns.count == 2 {
            let width = (columns[0].map(Render.width).max() ?? 0) + 4
            for index in 0..<max(columns[0].count, columns[1].count) {
                let left = index < columns[0].count ? columns[0][index] : ""
                let right = index < columns[1].count ? columns[1][index] : ""
                lines.append(Render.pad(left, to: width) + right)
            }
        } else {
            lines += columns.flatMap { $0 }
        }

        if !detail.trainTypes.isEmpty {
            lines.append("")
            let types = detail.trainTypes.map {
                ($0.type.classified ? Render.badge($0.type.category, color: color) + " " : "") + "\(lang.pick($0.type.name)) \($0.trains)"
            }
            lines.append((lang == .ja ? "種別: " : "Train types: ") + types.joined(separator: "  "))
        }
        if !detail.connections.isEmpty {
            let connections = detail.connections.map { connection -> String in
                let name = connection.railway.map { place.chip($0) + lang.pick($0.name) } ?? connection.station.id
                let how = lang.pick(connection.words)
                let station = connection.station.name == detail.station.name ? "" : " " + lang.pick(connection.station.name)
                return "\(name)\(station) (\(how))"
            }
            lines.append((lang == .ja ? "乗換: " : "Connections: ") + connections.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// 横浜 ┄┄ みなとみらい ━━ ◉ 馬車道 ━━ 日本大通り ━━ 元町・中華街: ━━ joins adjacent stations,
    /// ┄┄ hides stations between; a loop ends each side with the major stations ahead. A side no
    /// train runs on that day is left out, link and all.
    func diagram(_ detail: StationDetail) -> String {
        func half(_ side: StationDetail.Side) -> [String] {
            guard !side.noTrainsThisDay else { return [] }
            var parts: [String] = []
            if let neighbour = side.neighbour { parts.append(lang.pick(neighbour.name)) }
            if let terminal = side.terminal, terminal.id != side.neighbour?.id {
                parts.append(side.stationsBetween > 0 ? "┄┄" : "━━")
                parts.append(lang.pick(terminal.name))
            } else if let through = side.throughRailway {
                parts.append("┄┄")
                parts.append(lang == .ja ? "\(through.name.ja)直通" : "through to the \(through.name.en)")
            } else if !side.toward.isEmpty {
                parts.append("┄┄")
                let names = side.toward.map { lang.pick($0.name) }
                parts.append(lang == .ja ? names.joined(separator: "・") + "方面" : "for " + names.joined(separator: " & "))
            }
            return parts
        }
        let here = "◉ " + lang.pick(detail.station.name)
        let loop = detail.isLoop ? (lang == .ja ? "  （環状線）" : "  (loop line)") : ""
        func linked(_ side: StationDetail.Side) -> [String] {
            let parts = half(side)
            return parts.isEmpty ? [] : ["━━"] + parts
        }
        switch detail.sides.count {
        case 2: return (linked(detail.sides[0]).reversed() + [here] + linked(detail.sides[1])).joined(separator: " ") + loop
        case 1: return ([here] + linked(detail.sides[0])).joined(separator: " ") + (lang == .ja ? "  （終点）" : "  (terminus)")
        default: return here
        }
    }

    /// One direction's column: where it goes, next trains, last trains, destinations, frequency.
    func column(_ side: StationDetail.Side, detail: StationDetail, board: BoardText, bookmarks: Set<Bookmark>) -> [String] {
        let leftSide = detail.sides.count == 2 && detail.sides[0].direction.id == side.direction.id
        let star = bookmarks.contains(Bookmark(station: detail.station.id, direction: side.direction.id)) ? " ★" : ""
        let arrow = leftSide ? "← " : ""
        var heading = lang.pick(reference.directionName(side.direction, at: detail.station))
        if side.direction.toward == nil, let terminal = side.terminal {
            heading += lang == .ja ? "（\(terminal.name.ja)方面）" : " (toward \(terminal.name.en))"
        } else if let through = side.throughRailway {
            heading += lang == .ja ? "（\(through.name.ja)直通）" : " (through to the \(through.name.en))"
        }
        var lines = [arrow + heading + (leftSide || detail.sides.count == 1 ? "" : " →") + star]
        if side.noTrainsThisDay {
            lines.append(Words(lang).noTrainsThisWay)
        } else if side.lastTrainGone {
            lines.append(Words(lang).noMoreTrainsToday)
        }
        var day = detail.instant.serviceDate
        for row in side.next {
            if row.day > day {
                day = row.day
                lines.append(Words(lang).nextDay(row.day))
            }
            lines.append("\(row.departure.time.clock) \(board.badge(row)) \(board.destination(row))  \(board.until(row.minutesUntil))")
        }
        if !side.lastTrains.isEmpty {
            lines.append("")
            lines.append(lang == .ja ? "終電（種別）" : "Last trains by type")
            for row in side.lastTrains {
                lines.append("\(row.departure.time.clock) \(board.badge(row)) \(board.destination(row))")
            }
        }
        if !side.lastByDestination.isEmpty {
            lines.append(lang == .ja ? "終電（行先）" : "Last trains by destination")
            // The latest few; the JSON has them all (the 19:31 to Hannō matters to someone going there).
            let shown = side.lastByDestination.suffix(8)
            if shown.count < side.lastByDestination.count {
                lines.append(lang == .ja ? "（ほか\(side.lastByDestination.count - shown.count)行先はそれ以前）"
                                         : "(\(side.lastByDestination.count - shown.count) more, earlier)")
            }
            for row in shown {
                lines.append("\(row.departure.time.clock) \(board.badge(row)) \(board.destination(row))")
            }
        }
        if !side.destinations.isEmpty {
            lines.append("")
            lines.append(lang == .ja ? "行先（本数）" : "Destinations (trains)")
            for destination in side.destinations.prefix(6) {
                lines.append("\(lang.pick(destination.name)) \(destination.trains)")
            }
            if side.destinations.count > 6 { lines.append(lang == .ja ? "ほか\(side.destinations.count - 6)" : "+\(side.destinations.count - 6) more") }
            lines.append("")
            lines.append(lang == .ja ? "1時間あたり" : "Trains per hour")
            for period in side.frequency {
                lines.append("\(lang.pick(period.period.name)) \(String(format: "%.1f", period.perHour))")
            }
        }
        return lines
    }
}



