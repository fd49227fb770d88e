/// Where the image came from and its language, from the brand and the words printed.
struct SourceParser {
    func source(_ lines: [TextLine]) -> Ticket.Source {
        for line in lines {
            let compact = line.text.replacingOccurrences(of: " ", with: "")
            let latin = TicketText.latinKey(line.text)
            if Fuzzy.bestWindow(of: "えきねっと", in: Array(compact)).map({ $0.similarity >= 0.79 }) == true
                || latin.contains("ekinet") { return .ekinet }
            if latin.contains("smartex") || Fuzzy.bestWindow(of: "smartex", in: Array(latin)).map({ $0.similarity >= 0.71 }) == true { return .smartex }
        }
        return .photo
    }

    /// Japanese when the Japanese anchors (号車, 番, 席, 月, 日, 発, 着) are printed.
    func language(_ japaneseLines: [TextLine]) -> Ticket.Language {
        let text = japaneseLines.map(\.text).joined()
        let anchors = ["号車", "番", "席", "月", "発", "着", "号"].filter { text.contains($0) }.count
        return anchors >= 3 ? .ja : .en
    }
}
