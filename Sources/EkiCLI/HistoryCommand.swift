import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The boards you have viewed (they order `eki nearby --personal`).")

    @Flag(name: .long, help: "Forget them all.")
    var clear = false

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions

    func run() throws {
        let store = try userState.open()
        // Names come from the timetable when there is one; history alone still shows ids.
        let timetable = try? Timetable(url: database.url)
        let reference = timetable?.reference
        let lang = language.language(timetable)
        if clear {
            let count = try store.clearHistory()
            if output.json {
                print(try Render.json(HistoryClearedJSON(cleared: count)))
            } else {
                print(lang == .ja ? "履歴を\(count)件消去しました" : "cleared \(count) history entries")
            }
            return
        }
        let entries = try store.history()
        if output.json {
            print(try Render.json(HistoryJSON(entries: entries, reference: reference)))
            return
        }
        guard !entries.isEmpty else {
            print(lang == .ja ? "履歴はありません" : "no history yet")
            return
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = TokyoTime.zone
        let groups = Self.grouped(entries, reference: reference)
        let names = groups.map { group -> String in
            let first = group[0]
            let station = reference?.stations[id: first.station].map { lang.pick($0.name) } ?? first.station
            let direction = first.direction.map { id in reference?.directions[id: id].map { lang.pick($0.name) } ?? id }
            return direction.map { "\(station) · \($0)" } ?? station
        }
        let text = reference.map { PlaceText(lang: lang, color: Render.stdoutIsTerminal, reference: $0) }
        let width = names.map(Render.width).max() ?? 0
        for (group, name) in zip(groups, names) {
            let entry = group[0]
            let views = lang == .ja ? "\(entry.views)回" : "\(entry.views) \(entry.views == 1 ? "view" : "views")"
            let stations = group.compactMap { reference?.stations[id: $0.station] }.sorted { $0.handle < $1.handle }
            let railways = text?.railways(of: stations) ?? ""
            print("\(Render.pad(name, to: width))  \(views)  \(formatter.string(from: entry.lastViewed))  \(railways)"
                .trimmingCharacters(in: .whitespaces))
        }
    }

    /// History is kept per station and a station is one railway's platform, so one look at the
    /// board of 渋谷 (every railway) records ten stations. Shown one line per place: the stations
    /// of one complex with the same name, direction and number of views, their railways listed —
    /// a railway viewed more often keeps a line of its own. Most recent first.
    static func grouped(_ entries: [HistoryEntry], reference: Reference?) -> [[HistoryEntry]] {
        struct Key: Hashable {
            var place: String
            var direction: String?
            var views: Int
        }
        var groups: [[HistoryEntry]] = []
        var position: [Key: Int] = [:]
        for entry in entries {
            let station = reference?.stations[id: entry.station]
            let place = station.map { "\($0.complex)|\($0.name.ja)" } ?? entry.station
            let key = Key(place: place, direction: entry.direction, views: entry.views)
            if let index = position[key] {
                groups[index].append(entry)
            } else {
                position[key] = groups.count
                groups.append([entry])
            }
        }
        // The group's latest view is its first entry's (entries come most recent first).
        return groups
    }
}
