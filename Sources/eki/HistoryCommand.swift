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

    @Option(name: .long, help: "Language: ja or en.")
    var lang: Language = .ja

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var userState: StateOptions

    func run() throws {
        let store = try userState.open()
        if clear {
            let count = try store.clearHistory()
            print(lang == .ja ? "履歴を\(count)件消去しました" : "cleared \(count) history entries")
            return
        }
        let entries = try store.history()
        // Names come from the timetable when there is one; history alone still shows ids.
        let reference = try? Timetable(url: database.url).reference
        if json {
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
        let names = entries.map { entry -> String in
            let station = reference?.stations[entry.station].map { lang.pick($0.name) } ?? entry.station
            let direction = entry.direction.map { id in reference?.directions[id].map { lang.pick($0.name) } ?? id }
            return direction.map { "\(station) · \($0)" } ?? station
        }
        let width = names.map(Render.width).max() ?? 0
        for (entry, name) in zip(entries, names) {
            let views = lang == .ja ? "\(entry.views)回" : "\(entry.views) \(entry.views == 1 ? "view" : "views")"
            print("\(Render.pad(name, to: width))  \(views)  \(formatter.string(from: entry.lastViewed))")
        }
    }
}

