/// The two stations. Anchors, tightest first: the sides of the arrow on the route line ("東　京 → 軽井沢",
/// "Tokyo 08:41 → Karuizawa 09:43"), each side matched whole against the dictionary by edit distance;
/// then, with no arrow read, a line holding two station names, the left one leaving. A side that is
/// like no station (or like two equally) stays nil. The train, when read, settles names that two
/// lines share (Sendai: 仙台 on the Tohoku line, 川内 in Kyushu).
struct StationParser {
    let dictionary: ShinkansenDictionary

    struct Stations { var from: Reading<Ticket.Station>?; var to: Reading<Ticket.Station>? }

    /// Characters OCR makes of the printed arrow when it stands alone between the names.
    static let arrows: Set<String> = ["→", "⇒", "->", "=>", "一", "ー", "-", "—", "–", ">", "+", "=", "―", "-->", "—>", "→>", "=>>", "っ", "つ", "ッ", "ツ", "ゝ", "〜", "~"]

    func read(_ lines: [TextLine], train: Ticket.Train?) -> Stations {
        let served = train.flatMap { dictionary.train(ja: $0.name) }
        var best: (stations: Stations, score: Double)?
        for line in lines {
            guard let sides = Self.split(line) else { continue }
            let from = match(sides.left, line, served, level: sides.level)
            let to = match(sides.right, line, served, level: sides.level)
            guard let from, let to, from.value != to.value else { continue }
            let score = from.confidence + to.confidence
            if best == nil || score > best!.score { best = (Stations(from: from, to: to), score) }
        }
        return best?.stations ?? Stations()
    }

    /// The line cut at its arrow (level 0), else at the widest gap between two runs of letters (level 1).
    static func split(_ line: TextLine) -> (left: String, right: String, level: Int)? {
        // The arrow read as a word of its own: the words either side are the names, however OCR cut them.
        if let arrow = line.words.firstIndex(where: { arrows.contains(TicketText.normalize($0.text)) }), arrow > 0, arrow < line.words.count - 1 {
            return (TextLine(words: Array(line.words[..<arrow])).text, TextLine(words: Array(line.words[(arrow + 1)...])).text, 0)
        }
        // Glued to a name or a time: "東京→", "17:10発一宇都宮".
        if let m = line.text.firstMatch(of: StationParserPatterns.p0) { return (String(m.1), String(m.2), 0) }
        if let m = line.text.firstMatch(of: StationParserPatterns.p1) { return (String(m.1), String(m.2), 0) }
        // A dash-like arrow glued between two names ("小松一糸魚川"): every cut at one is a candidate;
        // `read` keeps the cut whose sides are most like stations (一ノ関 keeps its 一).
        let characters = Array(line.text)
        let cuts = characters.indices.filter { "一ー―—-〜っつ".contains(characters[$0]) && $0 > 0 && $0 < characters.count - 1 }
        if !cuts.isEmpty {
            let scored = cuts.prefix(6).map { cut -> (String, String, Double) in
                let left = String(characters[..<cut]), right = String(characters[(cut + 1)...])
                return (left, right, sideScore(left) + sideScore(right))
            }
            if let best = scored.max(by: { $0.2 < $1.2 }) { return (best.0, best.1, 1) }
        }
        // The arrow lost, two times read: the names stand before them ("新 鳥栖 13:15 っ 出水 15:03").
        if let m = line.text.firstMatch(of: StationParserPatterns.p2),
           TicketText.japaneseKey(String(m.1)).count + TicketText.latinKey(String(m.1)).count >= 2 {
            return (String(m.1), String(m.2), 1)
        }
        // No arrow read: two name runs with something between them (a time, a gap).
        let tokens = line.text.split(separator: " ").map(String.init)
        let runs = tokens.filter { token in
            token.filter { $0 != "発" && $0 != "着" }.unicodeScalars.contains { TicketText.isJapanese($0) || $0.properties.isAlphabetic }
        }
        guard runs.count == 2 else { return nil }
        return (runs[0], runs[1], 1)
    }

    /// How much a piece of text looks like some station (best similarity of its Japanese letters).
    static func sideScore(_ side: String) -> Double {
        let key = Array(TicketText.japaneseKey(side).unicodeScalars)
        guard key.count >= 2 else { return 0 }
        return ShinkansenDictionary.shared.jaKeys.map { Fuzzy.similarity(key, $0) }.max() ?? 0
    }

    /// The station a side names, or nil when nothing is close enough or two are equally close.
    func match(_ side: String, _ line: TextLine, _ train: ShinkansenDictionary.Train?, level: Int) -> Reading<Ticket.Station>? {
        let cleaned = side.replacingOccurrences(of: "発", with: "").replacingOccurrences(of: "着", with: "")
        let japanese = Array(TicketText.japaneseKey(cleaned).unicodeScalars), latin = Array(TicketText.latinKey(cleaned).unicodeScalars)
        var scored: [(ShinkansenDictionary.Station, Double)] = []
        for (index, station) in dictionary.stations.enumerated() {
            var similarity = 0.0
            if japanese.count >= 2 { similarity = Fuzzy.similarity(japanese, dictionary.jaKeys[index]) }
            if latin.count >= 3 { similarity = max(similarity, Fuzzy.similarity(latin, station.enKey)) }
            if similarity >= 0.5 { scored.append((station, similarity)) }
        }
        scored.sort { $0.1 > $1.1 }
        guard let top = scored.first else { return nil }
        // Half the characters wrong (冨山 for 富山) is only good enough when the train settles it.
        if top.1 < 0.6 {
            let served = scored.filter { candidate in
                candidate.1 >= top.1 - 0.001 && (train.map { dictionary.serves($0, candidate.0) } ?? false)
            }
            guard served.count == 1 else { return nil }
        }
        // Equally close names: the one the train serves, else none.
        let tied = scored.filter { $0.1 >= top.1 - 0.001 }
        var chosen = top.0, confidence = top.1
        if tied.count > 1 {
            let served = tied.filter { candidate in train.map { dictionary.serves($0, candidate.0) } ?? false }
            guard served.count == 1 else { return nil }
            chosen = served[0].0
        } else if let runnerUp = scored.dropFirst().first, runnerUp.1 > top.1 - 0.15 {
            confidence *= 0.9
        }
        if let train, !dictionary.serves(train, chosen) { confidence *= 0.6 }
        let strict = confidence >= 0.999 ? 0 : 1
        return Reading(value: Ticket.Station(name: chosen.ja, nameEn: chosen.en),
                       confidence: Reading<Ticket.Station>.score(level: max(level, strict == 0 ? 0 : level + 1) , ocr: line.confidence, match: confidence),
                       model: line.model)
    }
}

/// The patterns, compiled once: a regular expression literal inside a function is parsed again at
/// every call, which was most of the time parsing a ticket took.
enum StationParserPatterns {
    nonisolated(unsafe) static let p0 = /^(.+?)\s*(?:→|⇒|->|=>)\s*(.+)$/
    nonisolated(unsafe) static let p1 = /^(.*?[発0-9)])\s*[一ー―—\-]\s*(.+)$/
    nonisolated(unsafe) static let p2 = /^(.*?)[0-9]{1,2}\s*[:.;]\s*[0-9]{2}\s*発?\s*(.*?)[0-9]{1,2}\s*[:.;]\s*[0-9]{2}/
}
