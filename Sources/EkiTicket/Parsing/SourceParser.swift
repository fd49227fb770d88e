/// Where the image came from and its language.
///
/// The source, by the strongest cue read: the app's or its company's name (えきねっと, JR東日本, smartEX,
/// EX予約, JR東海 …); then the train, since each app sells its own company's trains (smartEX the
/// Tokaido, Sanyo and Kyushu lines, Eki-net JR East's and the Hokuriku line); then the hue of the
/// app bar. A photo is known by what a screen shows and a photo cannot: areas of one exact colour, or a
/// phone's shape, twice as tall as wide.
struct SourceParser {
    let dictionary: ShinkansenDictionary

    static let ekinetNames = ["えきねっと", "JR東日本", "新幹線eチケット"]
    static let ekinetLatin = ["ekinet", "jreast"]
    static let smartexNames = ["スマートEX", "EX予約", "JR東海", "JR西日本", "JR九州"]
    static let smartexLatin = ["smartex", "expressreservation", "exreservation", "jrcentral", "jrwest"]
    /// The lines whose trains smartEX sells.
    static let smartexLines: Set<String> = ["Tokaido", "Sanyo", "Kyushu"]

    func source(_ lines: [TextLine], train: Ticket.Train?, screen: Bool, topColor: Preprocessing.TopColor? = nil) -> Ticket.Source {
        var ekinet = 0.0, smartex = 0.0
        for line in lines {
            let compact = Array(TicketText.normalize(line.text).replacingOccurrences(of: " ", with: "").unicodeScalars)
            let latin = Array(TicketText.latinKey(line.text).unicodeScalars)
            for name in Self.ekinetNames where name.unicodeScalars.count <= compact.count + 1 {
                ekinet = max(ekinet, Fuzzy.bestWindow(of: TicketText.normalize(name), in: compact)?.similarity ?? 0)
            }
            for name in Self.ekinetLatin { ekinet = max(ekinet, Fuzzy.bestWindow(of: name, in: latin)?.similarity ?? 0) }
            for name in Self.smartexNames where name.unicodeScalars.count <= compact.count + 1 {
                smartex = max(smartex, Fuzzy.bestWindow(of: TicketText.normalize(name), in: compact)?.similarity ?? 0)
            }
            for name in Self.smartexLatin { smartex = max(smartex, Fuzzy.bestWindow(of: name, in: latin)?.similarity ?? 0) }
        }
        let brand: Ticket.Source? = max(ekinet, smartex) >= 0.8 && abs(ekinet - smartex) > 0.05 ? (smartex > ekinet ? .smartex : .ekinet) : nil
        // A photo of a ticket never shows an app's name; a screen can be a wide tablet.
        guard screen || brand != nil else { return .photo }
        if let brand { return brand }
        if let train, let lines = dictionary.train(ja: train.name)?.lines {
            return Set(lines).isSubset(of: Self.smartexLines) ? .smartex : .ekinet
        }
        if let topColor { return topColor == .blue ? .smartex : .ekinet }
        return .ekinet
    }

    /// English when the English anchors are read (Car, Seat, a month word, Dep/Arr, Ordinary,
    /// Reserved) — an English ticket may carry the Japanese beside them; else Japanese when its anchors
    /// (号車, 番, 席, 月, 日, 発, 着) are printed; else English.
    func language(_ japaneseLines: [TextLine], _ englishLines: [TextLine]) -> Ticket.Language {
        let words = Set(englishLines.flatMap { $0.text.lowercased().split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init) })
        let anchors: Set<String> = ["car", "seat", "dep", "arr", "departure", "arrival", "ordinary", "reserved", "nonreserved"]
        let english = words.intersection(anchors).count + (words.contains { DateParser.month($0)?.loose == false && $0.count >= 3 } ? 1 : 0)
        if english >= 2 { return .en }
        let text = japaneseLines.map(\.text).joined()
        let japanese = ["号車", "番", "席", "月", "発", "着", "号"].filter { text.contains($0) }.count
        return japanese >= 3 || english == 0 && text.unicodeScalars.filter(TicketText.isJapanese).count > 8 ? .ja : .en
    }
}
