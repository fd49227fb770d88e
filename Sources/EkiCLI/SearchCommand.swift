import ArgumentParser
import EkiCore
import EkiJSON
import EkiStore
import Foundation

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find stations and railways by name, in romaji, hiragana, katakana or kanji.",
        discussion: "Partial names work (shinj, しぶ), and long vowels any way (oosaki, ohsaki, おおさき).")

    @Argument(help: ArgumentHelp("What to look for: 渋谷, しぶや, シブヤ, shibuya, 東横, \"yamanote line\".", valueName: "query"))
    var query: String

    @Option(name: .long, help: "How many results (1–100).")
    var limit = 10

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
    }

    func run() throws {
        let timetable = try database.open()
        let lang = language.language(timetable)
        let results: [SearchResult]
        do {
            results = try timetable.search(query, limit: limit)
        } catch let error as SearchError {
            throw failure(error.description, code: 2)
        }
        if output.json {
            print(try Render.json(SearchJSON(results, reference: timetable.reference)))
            return
        }
        guard !results.isEmpty else {
            print(lang == .ja ? "「\(query)」に一致する駅はありません" : "no station matches \"\(query)\"")
            return
        }
        let text = PlaceText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference)
        let titles = results.map { result -> String in
            switch result {
            case .station(let station): text.title(station.title.name)
            case .railway(let railway): text.title(railway.railway.name)
            }
        }
        let width = titles.map(Render.width).max() ?? 0
        for (result, title) in zip(results, titles) {
            switch result {
            case .station(let station):
                print(Render.pad(title, to: width) + "  " + text.railways(of: station.stations))
            case .railway(let railway):
                let kind = lang == .ja ? "路線" : "railway"
                let owner = railway.railway.operatorName.map { " · " + lang.pick($0) } ?? ""
                print(Render.pad(title, to: width) + "  " + text.chip(railway.railway) + " \(kind)\(owner)  \(railway.railway.id)")
            }
        }
    }
}

/// Places in words: names in both scripts, railways as colored chips.
struct PlaceText {
    var lang: Language
    var color: Bool
    var reference: Reference

    /// "渋谷 Shibuya" in Japanese mode, "Shibuya 渋谷" in English; once when a feed has one name.
    func title(_ name: LocalizedName) -> String {
        if name.ja == name.en { return name.en }
        return lang == .ja ? "\(name.ja)  \(name.en)" : "\(name.en)  \(name.ja)"
    }

    /// The railway's color as a small square (a colored block on a terminal).
    func chip(_ railway: Reference.Railway) -> String {
        guard color, let rgb = railway.color.flatMap(Render.rgb) else { return "■" }
        return "\u{1B}[38;2;\(rgb.0);\(rgb.1);\(rgb.2)m■\u{1B}[0m"
    }

    func railways(of stations: [Reference.Station]) -> String {
        var seen = Set<String>()
        return stations.compactMap { $0.railway.flatMap { reference.railways[$0] } }
            .filter { seen.insert($0.id).inserted }
            .map { chip($0) + lang.pick($0.name) }
            .joined(separator: " ")
    }
}


