/// Where the image came from and its language, from the brand and the words printed.
struct SourceParser {
    /// `aspect` is the image's height over width: a phone screen is twice as tall as wide, a photo
    /// at most 4:3 — a screenshot whose brand was not read is still a screenshot.
    /// `topColor`, the colour of the app bar, decides when no brand or heading word was read.
    func source(_ lines: [TextLine], aspect: Double? = nil, topColor: Preprocessing.TopColor? = nil) -> Ticket.Source {
        var ekinet = 0.0, smartex = 0.0
        for line in lines {
            let compact = Array(line.text.replacingOccurrences(of: " ", with: "").unicodeScalars)
            let latin = Array(TicketText.latinKey(line.text).unicodeScalars)
            ekinet = max(ekinet, Fuzzy.bestWindow(of: "えきねっと", in: compact)?.similarity ?? 0, Fuzzy.bestWindow(of: "ekinet", in: latin)?.similarity ?? 0,
                         Fuzzy.bestWindow(of: "予約内容", in: compact)?.similarity ?? 0)
            smartex = max(smartex, Fuzzy.bestWindow(of: "smartex", in: latin)?.similarity ?? 0, Fuzzy.bestWindow(of: "予約詳細", in: compact)?.similarity ?? 0)
        }
        if let aspect, aspect > 1.6 {
            if max(smartex, ekinet) >= 0.75, smartex != ekinet { return smartex > ekinet ? .smartex : .ekinet }
            if let topColor { return topColor == .blue ? .smartex : .ekinet }
            return smartex > ekinet ? .smartex : .ekinet
        }
        for line in lines {
            let compact = line.text.replacingOccurrences(of: " ", with: "")
            let latin = TicketText.latinKey(line.text)
            if Fuzzy.bestWindow(of: "えきねっと", in: compact).map({ $0.similarity >= 0.79 }) == true
                || latin.contains("ekinet") { return .ekinet }
            if latin.contains("smartex") || Fuzzy.bestWindow(of: "smartex", in: latin).map({ $0.similarity >= 0.71 }) == true { return .smartex }
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
